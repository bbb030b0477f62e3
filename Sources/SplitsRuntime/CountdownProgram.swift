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

  public mutating func handle(_ action: Action) -> [Effect] { CountdownReducer.reduce(&state, action) }

  public func nextCandidate(shown: ShownClocks) -> Now? { state.nextCandidate(shown: shown) }

  public var followsWallClock: Bool { state.isDate }

  public func render(size: Size) -> Screen { CountdownView.render(state, size: size, options: options) }

  /// `Countdown ended`, or `Countdown stopped with 00:12:34 left`.
  public func summary(unwrittenEvents: Int) -> String {
    let s = CountdownStrings.of(options.language)
    return state.ended ? s.summaryEnded : s.summaryStopped(state.display)
  }
}
