/// A reading of the monotonic boot clock (CLOCK_BOOTTIME, which is what Swift's
/// `ContinuousClock` reads on Linux): nanoseconds since the machine booted. It keeps
/// counting while the process is stopped and while the machine sleeps, and never jumps
/// when the wall clock is changed.
///
/// The core never reads a clock: every instant arrives from outside, inside an action.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var nanoseconds: Int64

  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }
  public static func - (a: Instant, b: Instant) -> Duration { .nanoseconds(a.nanoseconds - b.nanoseconds) }
  public static func + (a: Instant, d: Duration) -> Instant { Instant(nanoseconds: a.nanoseconds + d.nanoseconds) }
  public static func - (a: Instant, d: Duration) -> Instant { Instant(nanoseconds: a.nanoseconds - d.nanoseconds) }

  public var description: String { "Instant(\(nanoseconds)ns)" }
}

extension Duration {
  /// The whole nanoseconds in this duration (sub-nanosecond parts are dropped).
  public var nanoseconds: Int64 {
    let (s, atto) = components
    return s &* 1_000_000_000 &+ atto / 1_000_000_000
  }

  /// Whole milliseconds, rounded towards zero.
  public var milliseconds: Int64 { nanoseconds / 1_000_000 }

  /// The duration, or zero when it is negative.
  public var clampedToZero: Duration { self < .zero ? .zero : self }
}

/// An instant of the boot clock is a clock instant of its own, so the real ticker's clock
/// can sleep on it directly.
extension Instant: InstantProtocol {
  public func advanced(by duration: Duration) -> Instant { self + duration }
  public func duration(to other: Instant) -> Duration { other - self }
}
