import SplitsRoutes

/// The route the ride on screen rides, when its name has one: the segments ended by `l` (a
/// split) or `s` (a skip), the attempt complete at the last split, ended unfinished (a reset)
/// by `r` asked twice, and the route's records as they stood before this attempt.
///
/// The ride's marks (`Ride.marks`) are the attempt: the first as many as the route has
/// segments. Laps after a complete attempt are the ride's own. Every figure of the attempt is
/// worked out from the moving time as shown (truncated to the precision), so it changes only
/// when the shown moving time does.
public struct RouteFeature: Equatable, Sendable {
  /// The route between attempts: fixed, its comparisons generated, the comparison chosen;
  /// nil when the ride on screen rides no route.
  public var timer: RouteTimer? { didSet { isTimed = timer != nil } }
  /// Whether there is a `timer`, kept beside it: asked at every tick, key and frame (first,
  /// before anything that reads the timer), where `timer != nil` copies the whole timer first.
  public private(set) var isTimed = false
  /// `r` was pressed once on an attempt with segments left: the next input, if it is `r`,
  /// ends the attempt unfinished.
  public var askingReset = false

  /// The route's timer, on `comparison` when the route has a comparison of that name.
  public init(route: Route? = nil, comparison: String? = nil) {
    timer = route.flatMap { RouteTimer(route: $0) }
    if let comparison { _ = try? timer?.setCurrentComparison(comparison) }
    isTimed = timer != nil
  }

  public var route: Route? { timer?.route }

  /// The comparison the attempt is measured against (a name of the route's comparisons).
  public var comparisonName: String { timer?.currentComparison ?? RouteSegment.personalBest }

  /// How many segments `ride` has ended (split or skipped), up to the route's count.
  public func segmentsEnded(_ ride: Ride) -> Int {
    guard let route else { return 0 }
    return min(ride.marks.count, route.segments.count)
  }

  /// Whether `ride` has split the route's last segment (LiveSplit's "ended").
  public func isComplete(_ ride: Ride) -> Bool {
    guard let route, !route.segments.isEmpty else { return false }
    return ride.marks.count >= route.segments.count
  }

  /// The attempt under way: the route's timer started with the ride and given its marks; nil
  /// for a ride that rides no route or has not started.
  public func attempt(_ ride: Ride) -> RouteTimer? {
    guard var timer, ride.firstStart != nil, (try? timer.start()) != nil else { return nil }
    var lap = 0
    for mark in ride.marks.prefix(timer.route.segments.count) {
      switch mark {
      case .lap:
        guard lap < ride.splits.count, (try? timer.split(at: ride.splits[lap])) != nil else { return timer }
        lap += 1
      case .skip:
        guard (try? timer.skipSplit()) != nil else { return timer }
      }
    }
    return timer
  }

  /// The figures of the attempt at the moving time `moving`, shown at `precision`.
  public func analysis(_ ride: Ride, moving: Duration, precision: Precision) -> RouteAnalysis? {
    guard let attempt = attempt(ride) else { return timer.map { RouteAnalysis($0) } }
    return RouteAnalysis(attempt, at: RouteTime(real: TimeFormat.truncated(moving, to: precision)))
  }

  /// Whether `s` skips now: a segment under way that is not the last.
  public func canSkip(_ ride: Ride) -> Bool {
    guard let route else { return false }
    return ride.phase == .running && segmentsEnded(ride) + 1 < route.segments.count
  }

  /// Whether `l` is the route's: a split while segments are left.
  func takesSplit(_ ride: Ride) -> Bool { timer != nil && !isComplete(ride) }

  /// Whether `r` on a paused `ride` must be asked twice: an attempt under way with segments
  /// left ends unfinished.
  func asksBeforeReset(_ ride: Ride) -> Bool {
    timer != nil && ride.phase == .paused && !isComplete(ride)
  }

  /// An input arrived: the reset question goes; returns whether it had been asked.
  mutating func inputArrived() -> Bool {
    defer { askingReset = false }
    return askingReset
  }

  /// How `ride`, finished now, ends its attempt; nil when it rides no route.
  func result(_ ride: Ride) -> RouteResult? {
    guard timer != nil else { return nil }
    guard isComplete(ride), let attempt = attempt(ride) else { return .reset }
    return .complete(personalBest: attempt.hasNewPersonalBest(.real))
  }

  /// The ride on screen ended as an attempt: the route's records take it, as the journal's do.
  mutating func finished(_ ride: Ride, startedWall: Int64?, finishedWall: Int64?, paused: Duration) {
    guard let route else { return }
    let log = RouteAttemptLog(
      ride: ride, segments: route.segments.count, startedWall: startedWall, finishedWall: finishedWall, paused: paused)
    let comparison = comparisonName
    timer = RouteTimer(route: RouteTimer.apply([log], to: route))
    _ = try? timer?.setCurrentComparison(comparison)
  }

  /// The instant after `now` at which the segment under way's live delta appears, or, once
  /// shown, its colour (and mark) turns: the first moving time, on the precision's lattice,
  /// at which `RouteAnalysis.checkLiveDelta` gives one, or its colour differs. Each only
  /// changes once in a direction as the moving time grows (the delta grows with it), so the
  /// first such lattice point is found by halving. Nil when the ride is not running on a
  /// route, or when nothing changes within a day.
  func nextCandidate(_ ride: Ride, precision: Precision, now: Instant) -> Instant? {
    guard timer != nil, ride.phase == .running, let attempt = attempt(ride), attempt.phase == .running,
      let index = attempt.currentSplitIndex
    else { return nil }
    let name = comparisonName
    func look(_ time: Duration) -> RouteSplitColor? {
      let analysis = RouteAnalysis(attempt, at: RouteTime(real: TimeFormat.truncated(time, to: precision)))
      guard let delta = analysis.checkLiveDelta(splitDelta: true, name, .real) else { return nil }
      return analysis.splitColor(delta, index, showBestSegments: false, name, .real)
    }
    let moving = ride.moving(at: now)
    let shown = look(moving)
    let unit = Duration.nanoseconds(precision.unitNanoseconds)
    let first = TimeFormat.truncated(moving, to: precision) + unit
    var low = 0  // steps after `first`: the look is the one shown before `low`
    var high = Int((Duration.seconds(86_400) / unit).rounded(.up))
    guard look(first + unit * high) != shown else { return nil }
    while low < high {
      let middle = low + (high - low) / 2
      if look(first + unit * middle) != shown { high = middle } else { low = middle + 1 }
    }
    return now + (first + unit * low - moving)
  }
}
