import SplitsWorkout

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
    /// The last lap or skip taken back (`u`): recorded, never erased, so the journal keeps it.
    case undoLap = "undo_lap"
    /// A route's segment skipped (`s`): it has no split time and folds into the next.
    case skip
  }

  public var kind: Kind
  public var at: Instant
  /// Only for `countdownStart`: how many one-second steps the countdown shows.
  public var countdownSteps: Int
  /// Only for a `lap` that ends a workout step: how the step ended.
  public var stepEnd: StepEnd?
  /// Only for the `start` or `countdownStart` of a workout ride: the workout it follows,
  /// which the journal keeps with the ride.
  public var workout: WorkoutSource?
  /// Only for the `start` or `countdownStart` of a ride: what the ride is, which the journal
  /// keeps with it.
  public var sport: Sport?
  /// Only for the `start` or `countdownStart` of a ride: its name, if it has one.
  public var name: String?
  /// Only for the `start` or `countdownStart` of a ride: its lap distance, if it has one.
  public var lapDistance: LapDistance?

  public init(
    _ kind: Kind, at: Instant, countdownSteps: Int = 0, stepEnd: StepEnd? = nil, workout: WorkoutSource? = nil,
    sport: Sport? = nil, name: String? = nil, lapDistance: LapDistance? = nil
  ) {
    self.lapDistance = lapDistance
    self.sport = sport
    self.name = name
    self.kind = kind
    self.at = at
    self.countdownSteps = countdownSteps
    self.stepEnd = stepEnd
    self.workout = workout
  }
}

/// How a workout step ended.
public enum StepEnd: String, CaseIterable, Sendable {
  /// Its planned time ran out.
  case time
  /// `l` ended a step that ends on a lap.
  case lap
  /// `l` ended a timed step before its time.
  case skip
}

/// What a ride is: biking by default. It names the activity in the exports.
public enum Sport: String, CaseIterable, Codable, Sendable {
  case biking, running, other
}
