extension RideReducer {
  /// `l` on a route with segments left: a split (the lap, as the clock records it). The last
  /// segment's split completes the attempt: the clock stops there (a pause at the same
  /// instant), and `r` then finishes it, or space rides on outside the route.
  static func routeSplit(_ state: inout RideScreenState, wall: Int64) -> [Effect] {
    var effects = clock(.lap, &state, wall: wall)
    if state.route.isComplete(state.clock.ride), state.phase == .running {
      effects += state.record(RideEvent(.pause, at: state.now), wall: wall)
    }
    return effects
  }

  /// `s`: the segment under way is skipped (it has no split time and folds into the next);
  /// never the last, which only `l` ends.
  static func routeSkip(_ state: inout RideScreenState, wall: Int64) -> [Effect] {
    guard let route = state.route.route else {
      state.showHint(.skipNoRoute)
      return []
    }
    guard state.phase == .running else {
      state.showHint(state.phase == .paused ? .lapPaused : state.phase == .countdown ? .countdownWait : .lapReady)
      return []
    }
    guard state.route.segmentsEnded(state.clock.ride) + 1 < route.segments.count else {
      state.showHint(.skipLast)
      return []
    }
    return state.record(RideEvent(.skip, at: state.now), wall: wall)
  }
}
