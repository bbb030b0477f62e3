import SplitsSensors

/// What a screen's reducer asks the runtime to do, as data. Effects run in order before the
/// screen is drawn, so an event is in the journal before the screen shows it.
public enum Effect: Equatable, Sendable {
  /// Write the event of ride number `ride` to the journal, with the wall-clock time read
  /// together with the event's instant.
  case record(RideEvent, ride: Int, wallMilliseconds: Int64)
  /// Write one second of ride `ride`'s moving time as its sensors measured it (the journal's
  /// `samples`), with an event's guarantees: kept and retried while the journal fails.
  case recordSample(SensorSample, ride: Int)
  /// Ring the terminal bell once.
  case bell
  /// A workout's step change or cue: run the `--cue-cmd` command, if there is one.
  case cue(WorkoutCue)
  /// Keep `kind` as the comparison chosen for rides named `name` (in the journal; a failure
  /// comes back as `JournalReport.choiceNotSaved` and loses nothing else).
  case rememberComparison(ComparisonKind, name: String)
  /// Keep `comparison` (one of the route's comparisons, by name) as the one chosen for the
  /// route `route`; a failure comes back as `choiceNotSaved`, as for a plain ride's choice.
  case rememberRouteComparison(String, route: String)
  /// Write `request` to the control point of the trainer at `address` (ERG).
  case trainer(ControlPointRequest, address: String)
  /// Restore the terminal and stop the process until SIGCONT.
  case suspend
  /// Answer the remote command being applied with what it did (after the events before it
  /// were written), and what the ride is (a running ride's line says run).
  case reply(RemoteOutcome, sport: Sport = .biking)
  /// Leave the screen with this status.
  case quit(ExitStatus)
}

extension Effect {
  /// Whether the effect leaves the screen.
  public var isQuit: Bool {
    if case .quit = self { return true }
    return false
  }

  /// Whether the screen must wake up for it at its instant. A sensor sample waits for the next
  /// action (a notification, a tick, a key): while a sensor sends, one comes at least every
  /// notification, so samples add no wake-up.
  public var wakes: Bool {
    if case .recordSample = self { return false }
    return true
  }
}

/// The two clocks an action can carry: the monotonic boot clock, which times everything, and
/// the wall clock (milliseconds since 1970 UTC), which only labels rides and times countdowns
/// to a date.
public struct Now: Equatable, Hashable, Sendable {
  public var monotonic: Instant
  public var wallMilliseconds: Int64

  public init(monotonic: Instant, wallMilliseconds: Int64) {
    self.monotonic = monotonic
    self.wallMilliseconds = wallMilliseconds
  }
}
