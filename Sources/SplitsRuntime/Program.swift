import SplitsCore
import SplitsRender

/// What reaches a screen from outside: keys, ticks, redraw requests, signals.
public enum Input: Equatable, Sendable {
  case key(Key)
  /// The ticker woke at the deadline the program asked for (or later).
  case tick
  /// The size changed or the process came back from a stop: draw again, recomputed.
  case redraw
  case signal(SignalKind)
  case inputClosed
}

/// A full-screen program the runtime can run: a state, a pure reducer behind `handle`, a pure
/// render, and the instant it next needs a tick. The ride screen and the countdown screen are
/// both `Program`s; the runtime knows nothing else about them.
@MainActor
public protocol Program {
  /// Applies one input at `now` and returns what the runtime must do, in order.
  mutating func handle(_ input: Input, at now: Now) -> [Effect]
  /// When the display next changes, on the monotonic clock; nil when nothing moves (then the
  /// runtime runs no ticker at all).
  func nextChange() -> Instant?
  /// The whole frame for a terminal of `size`.
  func render(size: Size) -> Screen
  /// The line printed on the normal screen after the program ends. `unwrittenEvents` counts
  /// the events the journal never took: then the line promises nothing the journal lacks.
  func summary(unwrittenEvents: Int) -> String
  /// A journal problem to show (set by the runtime), or nil when writing works.
  mutating func setJournalProblem(_ message: String?)
}

extension Program {
  /// The summary when every event reached the journal.
  public func summary() -> String { summary(unwrittenEvents: 0) }
}
