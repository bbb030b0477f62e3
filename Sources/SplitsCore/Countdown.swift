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
  public var hint: Hint?
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

  /// The value shown: `HH:MM:SS` or `DD:HH:MM:SS`, fixed width.
  public var display: String {
    CountdownFormat.clock(seconds: remainingSeconds, showsDays: showsDays, dayDigits: dayDigits)
  }

  /// The next instant of the monotonic clock at which the value shown changes, or nil when
  /// nothing moves (paused, ended): then there is no ticker and no wake-up.
  ///
  /// For a date, the next whole second of the remaining wall time is turned into a deadline
  /// on the monotonic clock from the last action: `now.monotonic + (boundary − now.wall)`. A
  /// wall-clock change while asleep is seen at that tick, at most a second late.
  ///
  /// An ended countdown with `--exit` asks for a tick at once: the quit it owes is delivered
  /// by whatever action comes next, even if the action that ended it was not handled in full.
  public func nextChange() -> Instant? {
    if ended { return exitsAtZero ? now.monotonic : nil }
    switch target {
    case .duration(let total):
      guard runningSince != nil else { return nil }
      return CountdownMath.nextChange(remaining: total - moving, at: now.monotonic)
    case .date(let wall):
      let left = wall - now.wallMilliseconds
      guard left > 0 else { return now.monotonic }
      let shown = (left - 1) / 1000 + 1
      return now.monotonic + .milliseconds(left - (shown - 1) * 1000)
    }
  }

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

  mutating func pause() {
    accumulated = moving
    runningSince = nil
  }

  mutating func resume() { runningSince = now.monotonic }

  static func ceilingSeconds(milliseconds ms: Int64) -> Int64 {
    ms <= 0 ? 0 : (ms - 1) / 1000 + 1
  }
}

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

/// Formats the countdown's value.
public enum CountdownFormat {
  /// `HH:MM:SS`, or `DD:HH:MM:SS` with the days on `dayDigits` digits. Hours take two digits
  /// and grow only if the wall clock is set back by days during a countdown to a date.
  public static func clock(seconds: Int64, showsDays: Bool, dayDigits: Int = 2) -> String {
    let total = max(0, seconds)
    let s = total % 60
    let m = (total / 60) % 60
    if showsDays {
      let d = total / 86_400
      let h = (total / 3600) % 24
      return TimeFormat.pad(d, dayDigits) + ":" + TimeFormat.pad(h, 2) + ":" + TimeFormat.pad(m, 2) + ":"
        + TimeFormat.pad(s, 2)
    }
    return TimeFormat.pad(total / 3600, 2) + ":" + TimeFormat.pad(m, 2) + ":" + TimeFormat.pad(s, 2)
  }
}

/// What a key asks of the countdown screen.
public enum CountdownKeyCommand: String, CaseIterable, Sendable {
  case pauseResume, help, back, quit
}

/// One row of the countdown's key table: the help line and the `?` overlay are built from it.
public struct CountdownKeyBinding: Sendable {
  public let keys: [Key]
  /// How the key is written on screen.
  public let label: String
  public let command: CountdownKeyCommand
}

public enum CountdownKeys {
  public static let bindings: [CountdownKeyBinding] = [
    CountdownKeyBinding(keys: [.character(" ")], label: "space", command: .pauseResume),
    CountdownKeyBinding(keys: [.character("?")], label: "?", command: .help),
    CountdownKeyBinding(keys: [.escape], label: "Esc", command: .back),
    CountdownKeyBinding(keys: [.character("q"), .character("Q")], label: "q", command: .quit),
  ]

  public static func binding(for key: Key) -> CountdownKeyBinding? {
    bindings.first { $0.keys.contains(key) }
  }

  /// Whether `command` does something in `state`.
  public static func isEnabled(_ command: CountdownKeyCommand, in state: CountdownState) -> Bool {
    switch command {
    case .pauseResume: state.canPause
    case .help, .quit: true
    case .back: state.showingHelp
    }
  }

  /// The bindings that do something now, in table order.
  public static func enabled(in state: CountdownState) -> [CountdownKeyBinding] {
    bindings.filter { isEnabled($0.command, in: state) }
  }
}

/// What happened to the countdown screen, with the clocks at that moment.
public enum CountdownAction: Equatable, Sendable {
  case key(Key, at: Now)
  /// The ticker woke: only time passed.
  case tick(at: Now)
  /// The terminal size changed, or the process came back from a stop (SIGCONT).
  case redraw(at: Now)
  case signal(SignalKind, at: Now)
  /// Standard input reached its end.
  case inputClosed(at: Now)
}

public enum CountdownReducer {
  /// The only place the countdown screen's state changes.
  public static func reduce(_ state: inout CountdownState, _ action: CountdownAction) -> [Effect] {
    let at: Now
    switch action {
    case .key(_, let now), .tick(let now), .redraw(let now), .signal(_, let now), .inputClosed(let now):
      at = now
    }
    // Bring the countdown up to date: it may end here, whatever the action.
    state.take(at)
    var effects: [Effect] = []
    if state.settle() {
      if state.ringsBell { effects.append(.bell) }
    }
    // An ended countdown with --exit quits at every action until the runtime stops.
    if state.ended, state.exitsAtZero {
      let status: ExitStatus
      if case .signal(let signal, _) = action, let s = signal.exitStatus { status = s } else { status = .success }
      return effects + [.quit(status)]
    }

    switch action {
    case .tick, .redraw:
      return effects
    case .inputClosed:
      return effects + [.quit(quitStatus(state))]
    case .signal(let signal, _):
      if let status = signal.exitStatus { return effects + [.quit(status)] }
      return effects + [.suspend]
    case .key(let key, _):
      state.hint = nil
      guard let binding = CountdownKeys.binding(for: key) else {
        state.hint = .unknownKey
        return effects
      }
      return effects + press(binding.command, &state)
    }
  }

  /// `q`: 0, or 1 when `--exit` was given and the countdown has not reached zero.
  static func quitStatus(_ state: CountdownState) -> ExitStatus {
    state.exitsAtZero && !state.ended ? .failure : .success
  }

  static func press(_ command: CountdownKeyCommand, _ state: inout CountdownState) -> [Effect] {
    switch command {
    case .quit:
      return [.quit(quitStatus(state))]
    case .help:
      state.showingHelp.toggle()
      return []
    case .back:
      if state.showingHelp {
        state.showingHelp = false
      } else {
        state.hint = .nothingToClose
      }
      return []
    case .pauseResume:
      switch state.phase {
      case .ended: state.hint = .ended
      case .running where state.isDate: state.hint = .dateCannotPause
      case .running: state.pause()
      case .paused: state.resume()
      }
      return []
    }
  }
}
