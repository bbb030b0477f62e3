/// `splits start | pause | resume | toggle | lap | undo | finish`: a key of the ride screen,
/// pressed from another process (a hotkey, a tmux binding, a script). The open screen applies
/// it through its reducer; with no screen open, the command applies the same reducer itself.
///
/// LiveSplit Server's text commands come the same way (`splits split`, or a line on the
/// `--livesplit-server` listener): `split`, `startorsplit`, `skipsplit`, `unsplit` and
/// `reset` press keys (`RemoteMapping.keys`); the `get…` queries and `ping` change nothing and
/// are answered with LiveSplit's text (`LiveSplitAnswer`).
public enum RemoteCommand: String, CaseIterable, Codable, Sendable {
  case start, pause, resume, toggle, lap, undo, finish
  case split, startorsplit, skipsplit, unsplit, reset
  case getcurrenttime, getdelta, getsplitindex, getcurrentsplitname, getcurrenttimerphase
  case getbestpossibletime, getpossibletimesave, ping

  /// A query: answered from the state, which it never changes.
  public var isQuery: Bool {
    switch self {
    case .getcurrenttime, .getdelta, .getsplitindex, .getcurrentsplitname, .getcurrenttimerphase,
      .getbestpossibletime, .getpossibletimesave, .ping:
      true
    default: false
    }
  }
}

/// What `splits start --name NAME --sport SPORT` gives the ride it starts: applied only to a
/// ride that starts (a screen's ready ride, or with no screen open a new one); nil is "not
/// given", an empty name none.
public struct RemoteRideDetails: Equatable, Sendable {
  public var name: String?
  public var sport: Sport?

  public init(name: String? = nil, sport: Sport? = nil) {
    self.name = name
    self.sport = sport
  }

  public var isEmpty: Bool { name == nil && sport == nil }
}

/// What a remote command did, as data: the screen sends it back, the command prints it in
/// its own language.
public enum RemoteOutcome: Equatable, Codable, Sendable {
  /// Ride `ride` started (at once, or after a pre-start countdown of `countdown` seconds).
  case started(ride: Int, countdown: Int)
  /// Paused, with the moving time at the pause.
  case paused(ride: Int, moving: Duration)
  case resumed(ride: Int, moving: Duration)
  /// Lap `number` recorded: its time, and the moving time at its end. `workoutComplete`: it
  /// ended the workout's last step, which paused the ride.
  case lap(ride: Int, number: Int, lap: Duration, moving: Duration, workoutComplete: Bool)
  /// Lap `number` taken back: its laps join the running one.
  case undone(ride: Int, number: Int)
  case finished(ride: Int, moving: Duration, laps: Int)
  /// Segment `number` (named `name`) of the route skipped.
  case skipped(ride: Int, number: Int, name: String)
  /// The skip of the route's segment `number` taken back.
  case unskipped(ride: Int, number: Int)
  /// The route's attempt ended unfinished (a reset) after `ended` of its `segments` segments.
  case reset(ride: Int, ended: Int, segments: Int)
  /// A query's answer, as LiveSplit Server words it.
  case value(String)
  /// A workout ride finished: its steps done (on their time or on `l`), skipped and left,
  /// of `steps`.
  case finishedWorkout(ride: Int, moving: Duration, steps: Int, done: Int, skipped: Int)
  /// Nothing changed, for this reason.
  case refused(RemoteRefusal)

  public var isRefusal: Bool {
    if case .refused = self { return true }
    return false
  }
}

/// Why a remote command changes nothing: the command makes no sense in the ride's state.
public enum RemoteRefusal: String, Error, Equatable, Codable, Sendable {
  /// No ride is open (pause, resume, lap, undo and finish need one).
  case noRide
  /// The pre-start countdown is on: the ride has not started.
  case countingDown
  /// `start` or `resume` while running.
  case alreadyRunning
  /// `start` or `pause` while paused.
  case alreadyPaused
  /// `lap` while paused: laps are taken while running.
  case lapWhilePaused
  /// `lap` while a workout ride is paused with a step to come: it ends or skips the step,
  /// but only while riding.
  case stepWhilePaused
  /// `finish` while running: pause first.
  case finishWhileRunning
  /// `undo` with no lap to take back.
  case nothingToUndo
  /// `undo` of a workout's step: steps stay as they ended.
  case stepsStay
  /// `lap` within the split guard of the lap before (or of the start): a double press.
  case lapTooSoon
  /// `skipsplit` on a ride that rides no route.
  case noRoute
  /// `skipsplit` on the route's last segment, which only a split ends.
  case lastSegment
  /// `split`, `startorsplit` or `skipsplit` once the route's attempt is complete.
  case attemptComplete
}

/// Which key a remote command is in the ride's current state, or why it is refused; and what
/// pressing it did. Pure, so the screen and the headless command agree by construction.
public enum RemoteMapping {
  public static func command(
    for command: RemoteCommand, state: RideScreenState
  ) -> Result<Command, RemoteRefusal> {
    switch command {
    case .start, .pause, .resume, .toggle, .lap, .undo, .finish: break
    default:
      // LiveSplit Server's commands (`keys`): the last key each presses.
      return keys(for: command, state: state).flatMap { $0.last.map { .success($0) } ?? .failure(.noRide) }
    }
    let phase = state.phase
    if phase == .countdown { return .failure(.countingDown) }
    switch (command, phase) {
    case (.start, .ready), (.toggle, .ready): return .success(.startPause)
    case (.start, .running), (.resume, .running): return .failure(.alreadyRunning)
    case (.start, .paused), (.pause, .paused): return .failure(.alreadyPaused)
    case (.pause, .running), (.toggle, .running), (.resume, .paused), (.toggle, .paused): return .success(.startPause)
    case (.lap, .running): return .success(.lap)
    case (.lap, .paused):
      return .failure(RideReducer.workoutStepWaiting(state) != nil ? .stepWhilePaused : .lapWhilePaused)
    case (.undo, .running), (.undo, .paused):
      guard state.canUndo else { return .failure(state.isFollowingWorkout ? .stepsStay : .nothingToUndo) }
      return .success(.undo)
    case (.finish, .paused): return .success(.finish)
    case (.finish, .running): return .failure(.finishWhileRunning)
    case (_, .ready), (_, .countdown): return .failure(.noRide)
    default:
      // LiveSplit Server's commands and the queries, taken above.
      return .failure(.noRide)
    }
  }

  /// What pressing `key` did to the ride that was `before` and is now `state.clock.ride`.
  static func outcome(of key: Command, before: Ride, state: RideScreenState) -> RemoteOutcome {
    let ride = state.clock.ride
    switch key {
    case .startPause:
      switch (before.phase, ride.phase) {
      case (.ready, _):
        return .started(ride: ride.number, countdown: ride.phase == .countdown ? state.clock.countdownSteps : 0)
      case (.running, _): return .paused(ride: ride.number, moving: state.moving)
      default: return .resumed(ride: ride.number, moving: state.moving)
      }
    case .lap:
      // No lap taken: the split guard refused it (`RideReducer.press`).
      guard ride.splits.count > before.splits.count else { return .refused(.lapTooSoon) }
      // The exact lap: the command prints it at its own precision, truncated as the lap
      // table truncates it.
      let number = min(ride.splits.count, before.splits.count + 1)
      let lap = Laps.last(of: ride.splits.prefix(number)) ?? .zero
      return .lap(
        ride: ride.number, number: number, lap: lap, moving: state.moving,
        workoutComplete: ride.phase == .paused && before.phase == .running)
    case .undo:
      // On a route, `u` takes back a skip as it takes back a split.
      if before.marks.last == .skip { return .unskipped(ride: ride.number, number: before.marks.count) }
      return .undone(ride: ride.number, number: before.splits.count)
    case .finish:
      if state.chrome.lastFinished?.route == .reset, let count = state.route.route?.segments.count {
        return .reset(ride: before.number, ended: min(before.marks.count, count), segments: count)
      }
      let moving = state.chrome.lastFinished?.moving ?? state.moving
      if let steps = state.chrome.lastFinished?.workout?.figures {
        return .finishedWorkout(
          ride: before.number, moving: moving, steps: steps.steps, done: steps.done, skipped: steps.skipped)
      }
      return .finished(ride: before.number, moving: moving, laps: before.splits.count)
    case .skip:
      let index = before.marks.count
      guard ride.marks.count > index, let segments = state.route.route?.segments, index < segments.count else {
        return .refused(.lastSegment)
      }
      return .skipped(ride: ride.number, number: index + 1, name: segments[index].name)
    case .compare, .help, .back, .quit:
      // No remote command maps to these keys (`RemoteMapping.command`).
      return .refused(.noRide)
    }
  }
}

/// What a remote command did on the screen. `unwritten`: the journal has not taken its event
/// yet (the screen keeps it and retries), for this reason. `dropped`: the journal refused it
/// for good (trying again cannot help), for this reason.
public struct RemoteAnswer: Equatable, Codable, Sendable {
  public var outcome: RemoteOutcome
  public var unwritten: String?
  public var dropped: String?
  /// What the ride is, for the line's words (`run 3 paused at …`); nil for an answer found in
  /// a receipt, which keeps the outcome only.
  public var sport: Sport?

  public init(outcome: RemoteOutcome, unwritten: String? = nil, dropped: String? = nil, sport: Sport? = nil) {
    self.outcome = outcome
    self.unwritten = unwritten
    self.dropped = dropped
    self.sport = sport
  }
}

extension RideScreenState {
  /// `splits start --name NAME --sport SPORT` on a ready screen: the ride about to start takes
  /// them, as `splits --name NAME --sport SPORT` would have given them. A route of another
  /// name is no longer ridden; comparisons are those the screen has for the name (none when
  /// it opened for another).
  mutating func takeForNextRide(_ details: RemoteRideDetails) {
    if let sport = details.sport { self.clock.sport = sport }
    guard let given = details.name else { return }
    let name = given.isEmpty ? nil : given
    self.clock.name = name
    comparison.rideName = name
    if let riding = route.route?.name, riding != name { route = RouteFeature() }
  }
}
