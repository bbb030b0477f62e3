import SplitsClock
import SplitsCore

/// Reads the two clocks for the core, and turns the core's instants back into instants of the
/// clock the ticker sleeps on. Production runs on `LoopClock` (the boot clock, sleeping on
/// the event loop's timer); tests run on a test clock in virtual time.
///
/// A class: the runtime, generic over the clock and not specialised across modules, reads the
/// clocks through it on every tick; a generic struct would make each tick look its type up in
/// the runtime's metadata cache first (a cache miss after a sleep), a class carries its own.
public final class TimeSource<C: Clock>: Sendable where C.Duration == Duration {
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

extension TimeSource where C == LoopClock {
  /// The real clocks, the ticker sleeping on the event loop's timer (`EventLoop.clock`).
  public static func system(_ clock: LoopClock) -> TimeSource<LoopClock> {
    let origin = clock.now
    return TimeSource(clock: clock, origin: origin, originInstant: origin, wallClock: SystemClocks.wallMilliseconds)
  }
}
