/// Everything that reaches a screen from outside, for every screen (the ride, the countdown):
/// one input type, no translation between parallel enums.
public enum Input: Equatable, Sendable {
  case key(Key)
  /// The ticker woke at the deadline the screen asked for (or later): only time passed.
  case tick
  /// The size changed, or the process came back from a stop: draw again, recomputed.
  case redraw
  case signal(SignalKind)
  /// Standard input reached its end: nobody can type any more.
  case inputClosed
  /// What became of the journal's writes (screens without a journal ignore it).
  case journal(JournalReport)
  /// The `--cue-cmd` command failed, for this reason (a workout shows the first failure).
  case cueFailed(String)
  /// A remote command (`splits lap` from another shell) for the ride screen, with the name
  /// and sport `splits start` gives the ride it starts.
  case remote(RemoteCommand, RemoteRideDetails = RemoteRideDetails())
  /// A Bluetooth sensor connected, measured, sent what cannot be read, or was lost.
  case sensor(SensorInput)
}

/// What the runtime learnt from the journal after writing (or retrying) events.
public enum JournalReport: Equatable, Sendable {
  /// Writes fail for now; `unwritten` events are kept, in order, and retried.
  case failing(message: String, unwritten: Int)
  /// The journal refused an event for good (trying again cannot help): it was dropped.
  case refused(message: String)
  /// The choice of comparison could not be kept (why); the ride and its events are not
  /// concerned, and the choice holds until the screen closes.
  case choiceNotSaved(message: String)
  /// Every kept event is written.
  case caughtUp
}

/// One input with both clocks, read once at the moment it happened. Reducers take nothing
/// else: an event they record carries the wall-clock time read with its instant.
public struct Action: Equatable, Sendable {
  public var input: Input
  public var now: Now

  public init(_ input: Input, at now: Now) {
    self.input = input
    self.now = now
  }

  /// The monotonic instant of the action.
  public var at: Instant { now.monotonic }
}
