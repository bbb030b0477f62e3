/// A key as the core sees it, already decoded by the terminal layer.
public enum Key: Hashable, Sendable {
  case character(Character)
  case enter
  case escape
  /// A function key, arrow, mouse report or anything else without a meaning here.
  case other
}

/// What a key asks for. Which of these does something depends on the phase.
public enum Command: String, CaseIterable, Sendable {
  case startPause, lap, undo, skip, finish, compare, help, back, quit
}

/// One row of the key table. The bottom help line and the `?` overlay are both built from
/// `KeyTable.bindings`, so they cannot disagree with what the keys do.
public struct KeyBinding: Sendable {
  public let keys: [Key]
  /// How the key is written on the help line (`space`, `l`, `Esc`).
  public let label: String
  /// How the key is written in the help overlay, with every key that does it (`l, Enter`).
  public let fullLabel: String
  public let command: Command

  public init(keys: [Key], label: String, fullLabel: String? = nil, command: Command) {
    self.keys = keys
    self.label = label
    self.fullLabel = fullLabel ?? label
    self.command = command
  }
}

public enum KeyTable {
  public static let bindings: [KeyBinding] = [
    KeyBinding(keys: [.character(" ")], label: "space", command: .startPause),
    KeyBinding(keys: [.character("l"), .character("L"), .enter], label: "l", fullLabel: "l, Enter", command: .lap),
    KeyBinding(keys: [.character("u"), .character("U")], label: "u", command: .undo),
    KeyBinding(keys: [.character("s"), .character("S")], label: "s", command: .skip),
    KeyBinding(keys: [.character("r"), .character("R")], label: "r", command: .finish),
    KeyBinding(keys: [.character("c"), .character("C")], label: "c", command: .compare),
    KeyBinding(keys: [.character("?")], label: "?", command: .help),
    KeyBinding(keys: [.escape], label: "Esc", command: .back),
    KeyBinding(keys: [.character("q"), .character("Q")], label: "q", command: .quit),
  ]

  public static func binding(for key: Key) -> KeyBinding? {
    bindings.first { $0.keys.contains(key) }
  }

  /// Whether `command` does something in `phase` (with the help overlay open or not, with
  /// laps to take back or not, for a ride that is compared or not, on a route with a segment
  /// that may be skipped or not).
  public static func isEnabled(
    _ command: Command, in phase: Ride.Phase, helpShown: Bool, hasLaps: Bool = false, canCompare: Bool = false,
    canSkip: Bool = false
  ) -> Bool {
    switch command {
    case .startPause: phase != .countdown
    case .lap: phase == .running
    case .undo: hasLaps && (phase == .running || phase == .paused)
    case .skip: canSkip && phase == .running
    case .finish: phase == .paused
    case .compare: canCompare
    case .help, .quit: true
    case .back: phase == .countdown || helpShown
    }
  }

  /// The bindings that do something now, in table order.
  public static func enabled(
    in phase: Ride.Phase, helpShown: Bool, hasLaps: Bool = false, canCompare: Bool = false, canSkip: Bool = false
  ) -> [KeyBinding] {
    bindings.filter {
      isEnabled($0.command, in: phase, helpShown: helpShown, hasLaps: hasLaps, canCompare: canCompare, canSkip: canSkip)
    }
  }
}
