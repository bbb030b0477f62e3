/// The countdown screen as data.
///
/// A duration counts down on the monotonic clock: remaining = duration − time spent running,
/// pausable. A date counts down on the wall clock: remaining = target − wall time of the last
/// action, recomputed at every tick and redraw, so a clock change or DST moves it. The value
/// shown is the remaining time rounded up to whole seconds: it shows `00:00:01` until the very
/// end and reaches `00:00:00` exactly at the target.
public struct CountdownState: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case running, paused, ended
  }

  public enum Hint: Equatable, Sendable {
    case dateCannotPause, ended, nothingToClose, unknownKey
  }

  public let target: CountdownTarget
  /// Ring the bell when the countdown reaches zero (`--no-bell` turns it off).
  public let ringsBell: Bool
  /// Quit with status 0 at zero, and with 1 when quit before (`--exit`).
  public let exitsAtZero: Bool
  /// `DD:HH:MM:SS` (the target was a day or more away at the start) or `HH:MM:SS`; decided
  /// once, so the field keeps its width for the whole countdown.
  public let showsDays: Bool
  /// Digits of the days field (at least two), decided at the start.
  public let dayDigits: Int
  /// The target had passed before the countdown started: no bell.
  public let endedAtStart: Bool

  /// The clocks at the last action: what the screen shows is computed at it.
  public private(set) var now: Now
  /// Duration countdowns: time spent running in the stretches that have ended.
  public private(set) var accumulated: Duration = .zero
  /// Duration countdowns: set while running.
  public private(set) var runningSince: Instant?
  public private(set) var ended = false
  /// A hint about the last key, in place of the key line while it is true.
  public private(set) var hints = ShownHint<Hint, Phase>()
  public var hint: Hint? { hints.hint }
  public var showingHelp = false

  public init(target: CountdownTarget, ringsBell: Bool = true, exitsAtZero: Bool = false, start: Now) {
    self.target = target
    self.ringsBell = ringsBell
    self.exitsAtZero = exitsAtZero
    now = start
    if case .duration = target { runningSince = start.monotonic }
    let initial: Int64
    switch target {
    case .duration(let total): initial = total.milliseconds
    case .date(let wall): initial = wall - start.wallMilliseconds
    }
    showsDays = initial >= 86_400_000
    let days = Self.ceilingSeconds(milliseconds: initial) / 86_400
    dayDigits = max(2, String(days).count)
    endedAtStart = initial <= 0
    if endedAtStart {
      ended = true
      runningSince = nil
    }
  }

  public var phase: Phase {
    if ended { return .ended }
    if case .duration = target, runningSince == nil { return .paused }
    return .running
  }

  public var isDate: Bool {
    if case .date = target { return true }
    return false
  }

  /// Whether space pauses and resumes: durations only, until the end.
  public var canPause: Bool { !isDate && !ended }

  /// Time spent counting down (duration countdowns).
  public var moving: Duration {
    guard let since = runningSince else { return accumulated }
    return accumulated + (now.monotonic - since).clampedToZero
  }

  /// The remaining time, exact, never negative, at the last action.
  public var remaining: Duration {
    guard !ended else { return .zero }
    switch target {
    case .duration(let total):
      return (total - moving).clampedToZero
    case .date(let wall):
      return .milliseconds(max(0, wall - now.wallMilliseconds))
    }
  }

  /// The remaining time rounded up to whole seconds: the value shown.
  public var remainingSeconds: Int64 {
    guard !ended else { return 0 }
    switch target {
    case .duration:
      return CountdownMath.shownSeconds(remaining: remaining)
    case .date(let wall):
      return Self.ceilingSeconds(milliseconds: wall - now.wallMilliseconds)
    }
  }

  /// The value shown: `HH:MM:SS` or `DD:HH:MM:SS` with the days on `dayDigits` digits, fixed
  /// width. Hours take two digits and grow only if the wall clock is set back by days during
  /// a countdown to a date.
  public var display: String {
    TimeFormat.clock(.seconds(remainingSeconds), precision: .s, dayDigits: showsDays ? dayDigits : nil)
  }

  /// The next instant after `now` at which the value can change as far as `shown` shows it
  /// (down to seconds, or coarser when the time is cut at the screen's edge), or the end;
  /// nil when nothing moves (paused, ended): then there is no ticker and no wake-up.
  ///
  /// The value shown is the remaining time rounded up to whole seconds, `v`. Its digits down
  /// to `unit` change when `v` drops below the multiple of `unit` it is in: when the remaining
  /// time reaches `⌊v / unit⌋ × unit − 1` s, or zero.
  ///
  /// For a date, the remaining wall time is turned into a deadline on the monotonic clock from
  /// the last action: `now.monotonic + (remaining − target)`. A wall-clock change while asleep
  /// is seen at that tick, at most a second late.
  ///
  /// An ended countdown with `--exit` asks for a tick at once: the quit it owes is delivered
  /// by whatever action comes next, even if the action that ended it was not handled in full.
  public func nextCandidate(shown: ShownClocks) -> Now? {
    let valueChange = valueCandidate(shown: shown)
    guard let hintUntil = hints.expiry else { return valueChange }
    let expiry = Now(
      monotonic: hintUntil, wallMilliseconds: now.wallMilliseconds + (hintUntil - now.monotonic).milliseconds)
    guard let valueChange else { return expiry }
    return valueChange.monotonic <= expiry.monotonic ? valueChange : expiry
  }

  func valueCandidate(shown: ShownClocks) -> Now? {
    if ended { return exitsAtZero ? now : nil }
    let leftNs: Int64
    switch target {
    case .duration(let total):
      guard runningSince != nil else { return nil }
      leftNs = (total - moving).nanoseconds
    case .date(let wall):
      leftNs = (wall - now.wallMilliseconds).multipliedReportingOverflow(by: 1_000_000).partialValue
    }
    guard leftNs > 0 else { return now }
    var targetNs: Int64 = 0
    if let unit = shown[.countdown] {
      let unitSeconds = max(1, unit.nanoseconds / 1_000_000_000)
      let shownSeconds = (leftNs - 1) / 1_000_000_000 + 1
      targetNs = max(0, (shownSeconds / unitSeconds * unitSeconds - 1) * 1_000_000_000)
    }
    let wait = leftNs - targetNs
    return Now(monotonic: now.monotonic + .nanoseconds(wait), wallMilliseconds: now.wallMilliseconds + wait / 1_000_000)
  }

  /// The next change when the whole value is shown.
  public func nextChange() -> Instant? { nextCandidate(shown: .everything(.s))?.monotonic }

  // MARK: Changes, only through the reducer

  /// Takes the clocks of an action. The monotonic clock never goes back; the wall clock may.
  mutating func take(_ at: Now) {
    if at.monotonic >= now.monotonic {
      now = at
    } else {
      now.wallMilliseconds = at.wallMilliseconds
    }
  }

  /// Marks the countdown ended when its remaining time is gone. Returns whether it just ended.
  mutating func settle() -> Bool {
    guard !ended else { return false }
    switch target {
    case .duration(let total):
      guard total - moving <= .zero else { return false }
      accumulated = total
    case .date(let wall):
      guard wall - now.wallMilliseconds <= 0 else { return false }
    }
    runningSince = nil
    ended = true
    showingHelp = false
    return true
  }

  mutating func showHint(_ hint: Hint) { hints.show(hint, at: now.monotonic, in: phase) }
  mutating func clearHint() { hints.clear() }
  mutating func expireHint() { hints.expire(at: now.monotonic, in: phase) }

  mutating func pause() {
    accumulated = moving
    runningSince = nil
  }

  mutating func resume() { runningSince = now.monotonic }

  static func ceilingSeconds(milliseconds ms: Int64) -> Int64 {
    ms <= 0 ? 0 : (ms - 1) / 1000 + 1
  }
}
