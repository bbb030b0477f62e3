import SplitsCore

/// Shorthands for the tests: an action at a monotonic instant (wall clock 0) or at both clocks.
extension Action {
  public static func key(_ key: Key, at instant: Instant) -> Action { Action(.key(key), at: Now(monotonic: instant, wallMilliseconds: 0)) }
  public static func tick(at instant: Instant) -> Action { Action(.tick, at: Now(monotonic: instant, wallMilliseconds: 0)) }
  public static func redraw(at instant: Instant) -> Action { Action(.redraw, at: Now(monotonic: instant, wallMilliseconds: 0)) }
  public static func signal(_ signal: SignalKind, at instant: Instant) -> Action {
    Action(.signal(signal), at: Now(monotonic: instant, wallMilliseconds: 0))
  }
  public static func inputClosed(at instant: Instant) -> Action { Action(.inputClosed, at: Now(monotonic: instant, wallMilliseconds: 0)) }
  public static func key(_ key: Key, at now: Now) -> Action { Action(.key(key), at: now) }
  public static func tick(at now: Now) -> Action { Action(.tick, at: now) }
  public static func redraw(at now: Now) -> Action { Action(.redraw, at: now) }
  public static func signal(_ signal: SignalKind, at now: Now) -> Action { Action(.signal(signal), at: now) }
  public static func inputClosed(at now: Now) -> Action { Action(.inputClosed, at: now) }
}

/// Milliseconds as an instant of the boot clock.
public func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }
