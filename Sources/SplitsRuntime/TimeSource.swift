import Foundation
import SplitsCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the two clocks for the core, and turns the core's instants back into instants of the
/// clock the ticker sleeps on. Production runs on `ContinuousClock` (CLOCK_BOOTTIME on Linux);
/// tests run on a test clock in virtual time.
public struct TimeSource<C: Clock>: Sendable where C.Duration == Duration {
  public let clock: C
  let origin: C.Instant
  let originInstant: Instant
  let wallClock: @Sendable () -> Int64

  /// `origin` on `clock` is the same moment as `originInstant` on the boot clock.
  public init(clock: C, origin: C.Instant, originInstant: Instant, wallClock: @escaping @Sendable () -> Int64) {
    self.clock = clock
    self.origin = origin
    self.originInstant = originInstant
    self.wallClock = wallClock
  }

  public func now() -> Now {
    Now(monotonic: originInstant + origin.duration(to: clock.now), wallMilliseconds: wallClock())
  }

  /// The instant of `clock` at which the boot clock reads `instant`.
  public func clockInstant(_ instant: Instant) -> C.Instant {
    origin.advanced(by: instant - originInstant)
  }
}

extension TimeSource where C == ContinuousClock {
  /// The real clocks.
  public static func system() -> TimeSource<ContinuousClock> {
    let clock = ContinuousClock()
    let origin = clock.now
    return TimeSource(
      clock: clock, origin: origin, originInstant: SystemClocks.boot(), wallClock: SystemClocks.wallMilliseconds)
  }
}

/// Direct reads of the kernel's clocks, for the runtime and the journal.
public enum SystemClocks {
  /// CLOCK_BOOTTIME: monotonic, counts while stopped and while the machine sleeps.
  public static func boot() -> Instant {
    var ts = timespec()
    clock_gettime(CLOCK_BOOTTIME, &ts)
    return Instant(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
  }

  /// CLOCK_REALTIME in milliseconds since 1970 UTC.
  @Sendable public static func wallMilliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }

  /// Both clocks, read together.
  public static func now() -> Now { Now(monotonic: boot(), wallMilliseconds: wallMilliseconds()) }
}
