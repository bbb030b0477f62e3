import SplitsWorkout

extension WorkoutStep {
  /// The power the step asks for `into` it, in watts of `ftp`: a range's middle; a ramp's
  /// value at the whole second under way (so a trainer held to it changes once a second), from
  /// its start to its end over the step's planned length. Nil for a step without a target, a
  /// ramp that ends on a lap (no length to ramp over: its start), or an FTP that is not
  /// positive.
  public func targetWatts(into: Duration, ftp: Int) -> Int? {
    guard let target, ftp > 0 else { return nil }
    let percent: Double
    switch target {
    case .steady(let low, let high):
      percent = (low + high) / 2
    case .ramp(let from, let to):
      guard let seconds = length.seconds, seconds > 0 else {
        percent = from
        break
      }
      let second = min(max(0, into.components.seconds), Int64(seconds))
      percent = from + (to - from) * Double(second) / Double(seconds)
    }
    let watts = (percent * Double(ftp) / 100).rounded()
    return watts.isFinite ? Int(clamping: Int64(max(min(watts, 1e9), -1e9))) : nil
  }
}
