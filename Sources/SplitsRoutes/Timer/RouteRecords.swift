/// How a recorded attempt updates the route's records, as livesplit-core's
/// `active_attempt.rs` and `set_run_as_pb` do. Pure.
extension Route {
  /// A segment ended by a split faster than its gold becomes the gold. A segment after skipped
  /// ones is timed from the last split before it (a combined time), as livesplit-core does.
  mutating func updateBestSegments() {
    var previous = RouteTime.zero
    for s in segments.indices {
      var best = segments[s].bestSegment
      for method in TimingMethod.allCases {
        guard let split = segments[s].splitTime[method] else { continue }
        let current = previous[method].map { split - $0 }
        previous[method] = split
        if let old = segments[s].bestSegment[method] {
          if let current, current < old { best[method] = current }
        } else {
          best[method] = current
        }
      }
      segments[s].bestSegment = best
    }
  }

  /// A complete attempt faster than the personal best in the timing method becomes it.
  mutating func updatePersonalBestSplits(_ method: TimingMethod) {
    guard let last = segments.last, let final = last.splitTime[method] else { return }
    if last.personalBestSplit[method].map({ final < $0 }) ?? true { setRunAsPersonalBest() }
  }

  /// The attempt's split times become the personal best, the old personal best going into the
  /// segment history first (livesplit-core's `set_run_as_pb`).
  mutating func setRunAsPersonalBest() {
    importPersonalBestIntoSegmentHistory()
    fixSplits()
    for s in segments.indices { segments[s].personalBestSplit = segments[s].splitTime }
  }
}

extension RouteTimer {
  /// The attempt has ended faster than the personal best in this method (or there was none).
  public func hasNewPersonalBest(_ method: TimingMethod) -> Bool {
    guard phase == .ended, let last = route.segments.last, let final = last.splitTime[method] else { return false }
    return last.personalBestSplit[method].map { final < $0 } ?? true
  }

  /// Some segment of the attempt under way is a new gold in this method.
  public func hasNewBestSegments(_ method: TimingMethod) -> Bool {
    guard phase != .notRunning else { return false }
    let analysis = RouteAnalysis(self)
    return route.segments.indices.contains { analysis.checkBestSegment($0, method) }
  }

  /// New golds in either method or a new personal best in the timer's method: what LiveSplit
  /// asks about before a reset discards an attempt.
  public var hasNewBestTimes: Bool {
    hasNewBestSegments(.real) || hasNewBestSegments(.game) || hasNewPersonalBest(timingMethod)
  }
}
