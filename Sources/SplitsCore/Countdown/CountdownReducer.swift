public enum CountdownReducer {
  /// The only place the countdown screen's state changes.
  public static func reduce(_ state: inout CountdownState, _ action: Action) -> [Effect] {
    // Bring the countdown up to date: it may end here, whatever the action.
    state.take(action.now)
    var effects: [Effect] = []
    if state.settle() {
      if state.ringsBell { effects.append(.bell) }
    }
    state.expireHint()
    // An ended countdown with --exit quits at every action until the runtime stops.
    if state.ended, state.exitsAtZero {
      let status: ExitStatus
      if case .signal(let signal) = action.input, let s = signal.exitStatus { status = s } else { status = .success }
      return effects + [.quit(status)]
    }

    switch action.input {
    case .tick, .redraw, .journal, .cueFailed, .remote, .sensor:
      return effects
    case .inputClosed:
      return effects + [.quit(quitStatus(state))]
    case .signal(let signal):
      if let status = signal.exitStatus { return effects + [.quit(status)] }
      return effects + [.suspend]
    case .key(let key):
      state.clearHint()
      guard let binding = CountdownKeys.binding(for: key) else {
        state.showHint(.unknownKey)
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
        state.showHint(.nothingToClose)
      }
      return []
    case .pauseResume:
      switch state.phase {
      case .ended: state.showHint(.ended)
      case .running where state.isDate: state.showHint(.dateCannotPause)
      case .running: state.pause()
      case .paused: state.resume()
      }
      return []
    }
  }
}
