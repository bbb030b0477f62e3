import SplitsCore
import SplitsWorkout

/// A workout ride in `history` and `show` (and the JSON export): its steps in place of a
/// best lap, against the last finished ride of the same workout.
enum WorkoutSteps {
  /// `{"steps": 10, "steps_done": 2, "steps_skipped": 1, "steps_left": 7, "kinds_ms":
  /// {"warmup": 600000, "active": 154000, …}, "after_workout_ms": 0}`, or `null` for a plain
  /// ride: the kinds the plan has, in the model's order, each with its moving time.
  static func json(_ figures: WorkoutFigures?) -> String {
    guard let figures else { return "null" }
    return JSONText.object([
      ("steps", String(figures.steps)),
      ("steps_done", String(figures.done)),
      ("steps_skipped", String(figures.skipped)),
      ("steps_left", String(figures.left)),
      ("kinds_ms", JSONText.object(figures.kinds.map { ($0.kind.rawValue, String($0.time.milliseconds)) })),
      ("after_workout_ms", String(figures.afterWorkout.milliseconds)),
    ])
  }

  /// `show`'s lines for a workout ride, as the screen's summary after `r` gives them; the
  /// comparison with `before` (the last finished ride of the same workout) only for a
  /// finished ride.
  static func showLines(_ ride: RideFigures, _ figures: WorkoutFigures, before: RideFigures?, strings: HistoryStrings)
    -> [String]
  {
    let earlier = before.flatMap { before in
      before.workout.map {
        WorkoutRideBefore(number: before.number, moving: .milliseconds(before.movingMilliseconds), figures: $0)
      }
    }
    return strings.workout.summaryLines(
      WorkoutRideSummary(figures: figures, before: earlier), moving: .milliseconds(ride.movingMilliseconds),
      precision: .cs, compared: ride.state == .finished)
  }
}
