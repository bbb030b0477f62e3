/// Something that happened to a ride, at an instant of the monotonic clock. A ride's state
/// is a pure fold of its events (`Ride.apply`), which is what the journal stores and what a
/// restart replays.
public struct RideEvent: Equatable, Hashable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    /// A pre-start countdown of `countdownSteps` seconds began; the ride starts at its end.
    case countdownStart = "countdown_start"
    /// The pre-start countdown was cancelled.
    case countdownCancel = "countdown_cancel"
    case start, pause, resume, lap, finish
    /// The last lap taken back (`u`): recorded, never erased, so the journal keeps it.
    case undoLap = "undo_lap"
  }

  public var kind: Kind
  public var at: Instant
  /// Only for `countdownStart`: how many one-second steps the countdown shows.
  public var countdownSteps: Int

  public init(_ kind: Kind, at: Instant, countdownSteps: Int = 0) {
    self.kind = kind
    self.at = at
    self.countdownSteps = countdownSteps
  }
}
