import SplitsWorkout

extension WorkoutStep {
  /// The one power a trainer is held to `into` the step, in watts of `ftp`: the middle of the
  /// step's target (`SensorTarget.watts`: a range's ends, a ramp's value at the whole second
  /// under way), rounded up at a half. Nil for a step without a target or an FTP that is not
  /// positive.
  public func targetWatts(into: Duration, ftp: Int) -> Int? {
    guard ftp > 0, let range = SensorTarget.watts(self, into: into, ftp: ftp) else { return nil }
    return (range.lowerBound + range.upperBound + 1) / 2
  }
}
