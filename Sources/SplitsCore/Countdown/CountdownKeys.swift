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
