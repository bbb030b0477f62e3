import SplitsCore
import SplitsStore
import SplitsWorkout

/// The plans of the workouts rides followed, for the reports: `status`, `show` and `export`
/// read a ride's workout from the text the journal keeps with it. Each command takes the
/// reading as a parameter (`WorkoutPlans.Read`), so what it prints for a workout ride can
/// be checked with any plan.
enum WorkoutPlans {
  /// A workout's plan from the text the journal keeps; nil when it cannot be read.
  typealias Read = (WorkoutSource) -> Workout?

  /// The plan of a workout kept with a ride; nil when its text cannot be read (then the
  /// reports treat the ride as a plain one, except that the exports still say how each step
  /// ended, which the journal itself holds).
  static func plan(for source: WorkoutSource) -> Workout? {
    try? WorkoutReader.parse(source).workout
  }

  /// The plan of the workout `ride` follows; nil for a plain ride.
  static func plan(of ride: RestoredRide?, read: Read) -> Workout? {
    ride?.workout.flatMap(read)
  }

  /// The figures `show` and the exports print for `ride`, with its workout's steps.
  /// An open workout ride is read as its screen would record it now (`settled(by:)`).
  /// `ftp` is the rider's setting (`splits config ftp`), for the IF and TSS of a ride whose
  /// workout names none.
  static func figures(_ ride: RestoredRide, read: Read = plan(for:), ftp: Int? = nil) -> RideFigures {
    var figures: RideFigures
    if let plan = plan(of: ride, read: read) {
      figures = RideFigures(ride.settled(by: plan), plan: plan)
    } else {
      figures = RideFigures(ride, plan: nil)
    }
    figures.ftpSetting = ftp
    return figures
  }

  /// The rider's FTP setting in the journal `reader` reads; nil when it is not set (or cannot
  /// be read: the reports then give no IF or TSS, and say nothing else of it).
  static func ftpSetting(_ reader: JournalReader) -> Int? {
    (try? reader.settings()[.ftp]).flatMap { Int($0) }
  }
}
