/// One attempt as a journal keeps it: each segment's split time in order (nil: skipped), up to
/// where it ended, whether it completed, when it started and ended, and the time it was paused.
public struct RouteAttemptLog: Equatable, Sendable {
  public var splits: [RouteTime?]
  /// Complete: the last segment was split (LiveSplit's Ended). Otherwise the attempt was reset:
  /// a time given for the last segment is dropped, as a reset's final stretch is never a segment.
  public var isComplete: Bool
  public var started: AttemptDate?
  public var ended: AttemptDate?
  public var pauseTime: Duration?

  public init(
    splits: [RouteTime?], isComplete: Bool, started: AttemptDate? = nil, ended: AttemptDate? = nil,
    pauseTime: Duration? = nil
  ) {
    self.splits = splits
    self.isComplete = isComplete
    self.started = started
    self.ended = ended
    self.pauseTime = pauseTime
  }

  /// An attempt in real times only.
  public static func real(
    _ splits: [Duration?], complete: Bool, started: AttemptDate? = nil, ended: AttemptDate? = nil,
    pauseTime: Duration? = nil
  ) -> RouteAttemptLog {
    RouteAttemptLog(
      splits: splits.map { $0.map { RouteTime(real: $0) } }, isComplete: complete, started: started, ended: ended,
      pauseTime: pauseTime)
  }
}

extension RouteTimer {
  /// Rides each attempt in order and records it, as a timer would have (start, a split or skip
  /// per entry, reset). A skip of the last segment or a split the timer refuses (a negative
  /// time) ends the attempt there; an attempt under way is reset first, recorded.
  public mutating func apply(attempts: [RouteAttemptLog]) {
    if phase != .notRunning { _ = try? reset(updateSplits: true, at: nil, regenerate: false) }
    for attempt in attempts { apply(attempt) }
    comparisons = RouteComparisons(route: route)
  }

  /// The route with the attempts recorded into it, fixed.
  public static func apply(_ attempts: [RouteAttemptLog], to route: Route, timingMethod: TimingMethod = .real) -> Route {
    guard var timer = RouteTimer(route: route, timingMethod: timingMethod) else { return route }
    timer.apply(attempts: attempts)
    return timer.route
  }

  private mutating func apply(_ attempt: RouteAttemptLog) {
    guard (try? start(at: attempt.started)) != nil else { return }
    let last = route.segments.count - 1
    for (index, split) in attempt.splits.prefix(route.segments.count).enumerated() {
      if index == last && !attempt.isComplete { break }
      let done: Bool
      if let split, !split.isEmpty {
        done = (try? self.split(at: split, date: attempt.ended)) != nil
      } else {
        done = (try? skipSplit()) != nil
      }
      if !done { break }
    }
    pauseTime = attempt.pauseTime
    _ = try? reset(updateSplits: true, at: attempt.ended, regenerate: false)
  }
}
