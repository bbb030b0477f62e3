import SplitsCore
import SplitsWorkout

/// What the summary after `r` says of a workout ride, after its moving, elapsed and paused
/// time (`WorkoutStrings.summaryLines`), with their styles: that no earlier ride of the
/// workout was finished is dim.
enum WorkoutSummaryLines {
  static func lines(
    _ summary: WorkoutRideSummary, moving: Duration, precision: Precision, options: ViewOptions
  ) -> [(String, Style)] {
    let w = options.workoutStrings
    return w.summaryLines(summary, moving: moving, precision: precision).map {
      ($0, $0 == w.summaryFirstRide ? .dim : .plain)
    }
  }
}
