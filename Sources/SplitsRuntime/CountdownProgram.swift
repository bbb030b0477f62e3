import SplitsCore
import SplitsRender

/// The countdown screen as a `Program`: the core's reducer and the pure view. It writes no
/// journal: a countdown lives only as long as its screen.
public struct CountdownProgram: Program {
  public private(set) var state: CountdownState
  public let options: ViewOptions

  public init(state: CountdownState, options: ViewOptions) {
    self.state = state
    self.options = options
  }

  public mutating func handle(_ input: Input, at now: Now) -> [Effect] {
    let action: CountdownAction
    switch input {
    case .key(let key): action = .key(key, at: now)
    case .tick: action = .tick(at: now)
    case .redraw: action = .redraw(at: now)
    case .signal(let signal): action = .signal(signal, at: now)
    case .inputClosed: action = .inputClosed(at: now)
    }
    return CountdownReducer.reduce(&state, action)
  }

  public func nextChange() -> Instant? { state.nextChange() }

  public func render(size: Size) -> Screen { CountdownView.render(state, size: size, options: options) }

  /// No journal, so nothing to show.
  public mutating func setJournalProblem(_ message: String?) {}

  /// `Countdown ended`, or `Countdown stopped with 00:12:34 left`.
  public func summary(unwrittenEvents: Int) -> String {
    let s = CountdownStrings.of(options.language)
    return state.ended ? s.summaryEnded : s.summaryStopped(state.display)
  }
}
