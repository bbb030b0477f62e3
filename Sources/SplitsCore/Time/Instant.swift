/// A reading of the monotonic boot clock (CLOCK_BOOTTIME, which is what Swift's
/// `ContinuousClock` reads on Linux): nanoseconds since the machine booted. It keeps
/// counting while the process is stopped and while the machine sleeps, and never jumps
/// when the wall clock is changed.
///
/// The core never reads a clock: every instant arrives from outside, inside an action.
///
/// Instants also come back from the journal, where a damaged or hand-edited row can hold any
/// 64-bit value, so no operation here traps: the difference of two instants is exact (a
/// `Duration` has 128 bits), and an instant moved by a duration stops at `Instant.min` or
/// `Instant.max` (292 years either side of the boot) instead of overflowing.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var nanoseconds: Int64

  public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  /// The earliest and the latest instant; arithmetic saturates here.
  public static let min = Instant(nanoseconds: .min)
  public static let max = Instant(nanoseconds: .max)

  public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

  /// Exact, whatever the two readings: past 64 bits the difference is taken in `Duration`'s
  /// 128 bits.
  public static func - (a: Instant, b: Instant) -> Duration {
    let (difference, overflow) = a.nanoseconds.subtractingReportingOverflow(b.nanoseconds)
    return overflow ? .nanoseconds(a.nanoseconds) - .nanoseconds(b.nanoseconds) : .nanoseconds(difference)
  }

  /// Saturates at `Instant.max` (or `Instant.min` for a negative duration): the sum is taken
  /// exactly in `Duration` and then clamped, so a huge duration and a negative instant still
  /// add up right.
  public static func + (a: Instant, d: Duration) -> Instant {
    Instant(nanoseconds: (Duration.nanoseconds(a.nanoseconds) + d).nanoseconds)
  }

  /// Saturates at `Instant.min` (or `Instant.max` for a negative duration), as `+` does.
  public static func - (a: Instant, d: Duration) -> Instant {
    Instant(nanoseconds: (Duration.nanoseconds(a.nanoseconds) - d).nanoseconds)
  }

  public var description: String { "Instant(\(nanoseconds)ns)" }
}

extension Duration {
  private static let mostNanoseconds = Duration.nanoseconds(Int64.max)
  private static let leastNanoseconds = Duration.nanoseconds(Int64.min)

  /// The whole nanoseconds in this duration (sub-nanosecond parts are dropped), saturating at
  /// `Int64.max` and `Int64.min` (292 years) rather than wrapping or trapping. One 128-bit
  /// division of the attoseconds, where `components` takes two: a frame formats several figures.
  public var nanoseconds: Int64 {
    if self >= Self.mostNanoseconds { return .max }
    if self <= Self.leastNanoseconds { return .min }
    return Int64(truncatingIfNeeded: attoseconds / 1_000_000_000)
  }

  /// Whole milliseconds, rounded towards zero (saturating as `nanoseconds` does).
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

extension Int64 {
  /// `self + other`, stopping at `Int64.max` or `Int64.min` instead of trapping: for sums
  /// with wall-clock milliseconds read from the journal, which may hold any value.
  public func addingSaturating(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other < 0 ? .min : .max) : sum
  }

  /// `self - other`, stopping at `Int64.min` or `Int64.max` instead of trapping.
  public func subtractingSaturating(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }
}
