/// The engine of every countdown over a duration on the monotonic clock: `splits countdown
/// 25m` and the ride's pre-start countdown (`--countdown N`, N…1) both show the remaining
/// time rounded up to whole seconds, and next change when it crosses the next whole second.
public enum CountdownMath {
  /// The remaining time rounded up to whole seconds: a countdown shows `1` (or `00:00:01`)
  /// until the very end and `0` exactly at it.
  public static func shownSeconds(remaining: Duration) -> Int64 {
    let ns = remaining.nanoseconds
    return ns <= 0 ? 0 : (ns - 1) / 1_000_000_000 + 1
  }

  /// The instant after `now` at which the value shown next changes; `now` when nothing
  /// remains.
  public static func nextChange(remaining: Duration, at now: Instant) -> Instant {
    let left = remaining.nanoseconds
    guard left > 0 else { return now }
    let shown = (left - 1) / 1_000_000_000 + 1
    return now + .nanoseconds(left - (shown - 1) * 1_000_000_000)
  }
}
