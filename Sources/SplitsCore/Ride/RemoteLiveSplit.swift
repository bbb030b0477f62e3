/// LiveSplit Server's commands on the ride screen: which keys each presses, in order, or why
/// it is refused. Their meaning follows LiveSplit's `CommandServer` (a split while running, a
/// start when nothing runs, a skip of a segment other than the last, an undone split, and a
/// reset that ends the attempt from any phase), mapped onto the screen's keys.
extension RemoteMapping {
  /// The keys `command` presses in `state`, or why it is refused. A query presses none.
  ///
  /// - `split` is `l` (a route's split, a plain ride's lap); `startorsplit` is space when no
  ///   ride is under way and `l` while one runs (LiveSplit starts only when nothing runs).
  /// - `skipsplit` is `s`; `unsplit` is `u`.
  /// - `reset` ends the ride: `r` on a paused ride, space then `r` on a running one. On a route
  ///   with segments left the attempt ends unfinished without being asked twice: the command is
  ///   explicit, as `finish` is. On a complete attempt it records it complete, as LiveSplit's
  ///   reset of an ended attempt does.
  public static func keys(for command: RemoteCommand, state: RideScreenState) -> Result<[Command], RemoteRefusal> {
    if command.isQuery { return .success([]) }
    let phase = state.phase
    if phase == .countdown { return .failure(.countingDown) }
    let complete = state.route.timer != nil && state.route.isComplete(state.clock.ride)
    switch command {
    case .split:
      if phase == .paused && complete { return .failure(.attemptComplete) }
      return Self.command(for: .lap, state: state).map { [$0] }
    case .startorsplit:
      switch phase {
      case .ready, .countdown: return .success([.startPause])
      case .running: return keys(for: .split, state: state)
      case .paused: return .failure(complete ? .attemptComplete : .alreadyPaused)
      }
    case .skipsplit:
      guard phase != .ready else { return .failure(.noRide) }
      guard state.route.timer != nil else { return .failure(.noRoute) }
      if complete { return .failure(.attemptComplete) }
      guard phase == .running else { return .failure(.lapWhilePaused) }
      return state.route.canSkip(state.clock.ride) ? .success([.skip]) : .failure(.lastSegment)
    case .unsplit:
      return Self.command(for: .undo, state: state).map { [$0] }
    case .reset:
      switch phase {
      case .ready, .countdown: return .failure(.noRide)
      case .running: return .success([.startPause, .finish])
      case .paused: return .success([.finish])
      }
    default:
      return Self.command(for: command, state: state).map { [$0] }
    }
  }
}
