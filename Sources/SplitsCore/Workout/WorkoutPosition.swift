import SplitsWorkout

/// Where a workout stands at a moving time. Computed, never counted: the ends recorded by a
/// key (or already recorded at their time) fix where each past step ended, and from the last
/// of them the planned lengths give every step boundary that has passed since. A late tick
/// therefore lands in the right step with the right time left, and a boundary found late is
/// found exactly once, at its own moving time.
public struct WorkoutPosition: Equatable, Sendable {
  /// The step under way (0-based); `workout.steps.count` once the last step has ended.
  public var step: Int
  /// The moving time at which that step began (for a finished workout: when it finished).
  public var stepStart: Duration
  /// The moving time the position was read at.
  public var moving: Duration
  /// Steps that ran out of planned time after the last recorded end, as the moving time of
  /// each end, oldest first. They are ends owed to the journal.
  public var dueEnds: [Duration]

  public var isComplete: Bool { step >= stepCount }
  /// The workout's number of steps.
  public private(set) var stepCount: Int

  /// Reads `workout` at `moving`, given the moving times at which its first steps ended
  /// (`recordedEnds`, oldest first; extra entries past the last step are ignored).
  public init(_ workout: Workout, recordedEnds: ArraySlice<Duration>, moving: Duration) {
    stepCount = workout.steps.count
    var step = min(recordedEnds.count, workout.steps.count)
    var start = step > 0 ? recordedEnds[recordedEnds.startIndex + step - 1] : .zero
    var due: [Duration] = []
    while step < workout.steps.count, let seconds = workout.steps[step].length.seconds {
      let end = start + .seconds(seconds)
      guard end <= moving else { break }
      due.append(end)
      start = end
      step += 1
    }
    self.step = step
    self.stepStart = start
    self.moving = moving
    self.dueEnds = due
  }

  /// The moving time spent in the current step.
  public var intoStep: Duration { (moving - stepStart).clampedToZero }

  /// The time left in the current step; nil for a step that ends on a lap, or after the end.
  public func left(in workout: Workout) -> Duration? {
    guard step < workout.steps.count, let seconds = workout.steps[step].length.seconds else { return nil }
    return (.seconds(seconds) - intoStep).clampedToZero
  }

  /// The cues of the current step shown now: each for `WorkoutPosition.cueShown` from its
  /// offset.
  public func shownCues(in workout: Workout) -> [WorkoutStep.Cue] {
    guard step < workout.steps.count else { return [] }
    let into = intoStep
    return workout.steps[step].cues.filter {
      let from = Duration.seconds($0.offset)
      return into >= from && into < from + Self.cueShown
    }
  }

  /// Whether the current step started less than `flashed` ago (the screen flashes it).
  public var isFlashing: Bool { !isComplete && intoStep < Self.flashed }

  /// How long a cue's text stays on screen.
  public static let cueShown: Duration = .seconds(10)
  /// How long a new step is flashed.
  public static let flashed: Duration = .seconds(2)
  /// The bells before a timed step's end: 3, 2 and 1 s before it.
  public static let bellSeconds = [3, 2, 1]
}
