/// A lap from splits, the one rule for the screen, the workout table, the comparisons and the
/// reports. Pure.
public enum Laps {
  /// Each lap of `splits` (the moving time at each recorded lap, oldest first) with its
  /// split: a lap is the moving time from the split before it (zero for the first) to its
  /// own. A split is never taken before the one before it (a damaged journal), nor, given
  /// `moving`, after the moving time, so no lap is negative and none runs past the ride.
  public static func of(_ splits: some Sequence<Duration>, upTo moving: Duration? = nil) -> [(lap: Duration, split: Duration)] {
    var laps: [(lap: Duration, split: Duration)] = []
    laps.reserveCapacity(splits.underestimatedCount)
    var previous = Duration.zero
    for recorded in splits {
      let split = max(moving.map { min(recorded, $0) } ?? recorded, previous)
      laps.append((split - previous, split))
      previous = split
    }
    return laps
  }

  /// The last lap of `splits` (nil without one); the last two splits are enough to take it.
  public static func last(of splits: some BidirectionalCollection<Duration>) -> Duration? {
    of(splits.suffix(2)).last?.lap
  }
}
