import SplitsWorkout

/// A workout step's target power in watts, and whether the 3 s power holds it.
public enum SensorTarget {
  /// How far from the target the 3 s average may be and still be on it: 5 % either side of
  /// the step's watts (of each end of a range).
  public static let tolerancePercent = 5

  /// Whether the power holds the target.
  public enum Compliance: Equatable, Sendable {
    case low
    case on
    case high
  }

  /// The step's target in watts at `into` (a ramp's at the step's whole second, so it moves
  /// once a second with the step's time); nil without a target or an FTP.
  public static func watts(_ step: WorkoutStep, into: Duration, ftp: Int?) -> ClosedRange<Int>? {
    guard let ftp, let target = step.target else { return nil }
    func watts(_ percent: Double) -> Int {
      let value = (percent * Double(ftp) / 100).rounded()
      return value.isFinite && value >= 0 && value <= 100_000 ? Int(value) : 0
    }
    switch target {
    case .steady(let low, let high):
      let (a, b) = (watts(low), watts(high))
      return min(a, b)...max(a, b)
    case .ramp(let from, let to):
      guard let seconds = step.length.seconds, seconds > 0 else { return watts(from)...watts(from) }
      let into = min(Double(into.components.seconds), Double(seconds))
      let value = watts(from + (to - from) * into / Double(seconds))
      return value...value
    }
  }

  /// `average` against `target`, with `tolerancePercent` either side.
  public static func compliance(average: Int, target: ClosedRange<Int>) -> Compliance {
    if average * 100 < target.lowerBound * (100 - tolerancePercent) { return .low }
    if average * 100 > target.upperBound * (100 + tolerancePercent) { return .high }
    return .on
  }
}
