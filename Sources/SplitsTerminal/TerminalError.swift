import SplitsCore

/// Why the terminal could not be used. Each maps to exit status 2 with its message.
public enum TerminalError: Error, Equatable, Sendable {
  case notATerminal
  case termUnset
  case termUnusable(String)
  /// A terminal type that cannot move the cursor (`TERM=dumb`, a hardcopy terminal).
  case termCannotAddress(String)
  case setupFailed

  public func message(_ s: Strings) -> String {
    switch self {
    case .notATerminal: s.notATerminal
    case .termUnset: s.termUnset
    case .termUnusable(let term): s.fill(s.termUnusableFormat, term)
    case .termCannotAddress(let term): s.fill(s.termCannotAddressFormat, term)
    case .setupFailed: s.terminalFailed
    }
  }
}
