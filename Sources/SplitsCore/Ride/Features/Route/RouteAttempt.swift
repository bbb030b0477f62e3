import SplitsRoutes

extension RouteAttemptLog {
  /// A ride as an attempt at a route of `segments` segments: its first `segments` marks, a lap
  /// giving its split (the moving time then), a skip none. Complete when the last segment was
  /// split; otherwise the ride was reset, and the stretch after its last mark is no segment.
  /// `startedWall` and `finishedWall` are the ride's wall times (ms since 1970), `paused` its
  /// time paused.
  public init(ride: Ride, segments: Int, startedWall: Int64?, finishedWall: Int64?, paused: Duration) {
    var splits: [RouteTime?] = []
    var lap = 0
    for mark in ride.marks.prefix(max(0, segments)) {
      switch mark {
      case .lap:
        splits.append(lap < ride.splits.count ? RouteTime(real: ride.splits[lap]) : nil)
        lap += 1
      case .skip:
        splits.append(nil)
      }
    }
    let complete = segments > 0 && splits.count == segments && splits.last.map { $0 != nil } == true
    func date(_ wall: Int64?) -> AttemptDate? {
      wall.map { AttemptDate(secondsSince1970: $0 >= 0 ? $0 / 1000 : ($0 - 999) / 1000, isSynced: false) }
    }
    self.init(
      splits: splits, isComplete: complete, started: date(startedWall), ended: date(finishedWall),
      pauseTime: paused > .zero ? paused : nil)
  }
}
