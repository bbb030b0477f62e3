import ArgumentParser
import SplitsCore

/// A negative number where a count or a ride number goes: argument-parser reads `-1` as an
/// option named `1` and says "Missing expected argument" or "Missing value", which hides the
/// mistake. When parsing failed, `message(arguments:)` finds such a number and says what the
/// value must be instead; every other failure keeps argument-parser's message.
public enum NegativeNumbers {
  static func rideMustBePositive(_ value: String) -> String {
    "RIDE must be positive: a ride number (1, 2, …; see splits history) or `last`, not \(value)."
  }

  static func countdownMustBeZeroOrMore(_ value: String) -> String {
    "--countdown must be 0 or more: a whole number of seconds from 0 to 99, not \(value)."
  }

  static func splitGuardMustBeZeroOrMore(_ value: String) -> String {
    "--split-guard must be 0 or more: a whole number of milliseconds from 0 (off) to 60000, not \(value)."
  }

  static func limitMustBePositive(_ value: String) -> String {
    "--limit must be positive: a whole number of rides, 1 or more, not \(value)."
  }

  static func targetMustBePositive(_ value: String) -> String {
    "TARGET must be positive: a duration such as 90s or 25m, a time of day or a date, not \(value)."
  }

  /// The subcommands' names, the ride screen's first (it is the default).
  static let commands = [
    "ride", "countdown", "status", "history", "show", "export", "workout", "edit", "delete", "config",
  ]

  /// Options that take a value, by command: a negative number after one of these is its value.
  static let valued: [String: Set<String>] = [
    "ride": [
      "--lang", "--data-dir", "--precision", "--countdown", "--sport", "--name", "--split-guard", "--lap-distance",
      "--units",
    ],
    "countdown": ["--lang"],
    "status": ["--data-dir", "--format", "--precision", "--lang"],
    "history": ["--data-dir", "--limit", "-l", "--lang", "--name", "--sport", "--since", "--until"],
    "show": ["--data-dir", "--lang"],
    "export": ["--data-dir", "--format", "-o", "--output", "--lang"],
    "workout": ["--lang", "--data-dir", "--countdown", "--cue-cmd", "--sport", "--name", "--split-guard"],
    "edit": ["--data-dir", "--name", "--sport", "--note"],
    "config": ["--data-dir"],
  ]

  /// What a negative number in `arguments` (without the program name) must be instead, with
  /// the usage of its command, as argument-parser words a validation error; nil when there is
  /// none this knows about.
  public static func message(arguments: [String]) -> String? {
    let named = arguments.first.flatMap { commands.contains($0) ? $0 : nil }
    let command = named ?? "ride"
    let rest = named == nil ? arguments[...] : arguments.dropFirst()
    var previous: String?
    var text: String?
    for argument in rest {
      if argument == "--" { return nil }
      defer { previous = argument }
      guard isNegativeNumber(argument) else { continue }
      if let previous, valued[command]?.contains(previous) == true {
        switch previous {
        case "--countdown": text = countdownMustBeZeroOrMore(argument)
        case "--split-guard": text = splitGuardMustBeZeroOrMore(argument)
        case "--lap-distance": text = LapDistanceError.negative(argument).description
        case "--limit", "-l": text = limitMustBePositive(argument)
        default: return nil
        }
      } else {
        switch command {
        case "show", "export", "edit", "delete": text = rideMustBePositive(argument)
        case "countdown": text = targetMustBePositive(argument)
        case "config": text = "ftp must be positive: whole watts from 1 to 2000, not \(argument)."
        default: return nil
        }
      }
      break
    }
    guard let text else { return nil }
    let usage: String
    switch command {
    case "countdown": usage = SplitsCommand.usageString(for: CountdownCommand.self)
    case "history": usage = SplitsCommand.usageString(for: HistoryCommand.self)
    case "show": usage = SplitsCommand.usageString(for: ShowCommand.self)
    case "export": usage = SplitsCommand.usageString(for: ExportCommand.self)
    case "workout": usage = SplitsCommand.usageString(for: WorkoutRideCommand.self)
    case "edit": usage = SplitsCommand.usageString(for: EditCommand.self)
    case "delete": usage = SplitsCommand.usageString(for: DeleteCommand.self)
    case "config": usage = SplitsCommand.usageString(for: ConfigCommand.self)
    default: usage = SplitsCommand.usageString(for: RideCommand.self)
    }
    return "Error: \(text)\nUsage: \(usage)\n  See 'splits \(command) --help' for more information."
  }

  /// `-1`, `-5`, `-1.5`, `-5m`: a dash and a digit.
  static func isNegativeNumber(_ argument: String) -> Bool {
    argument.count >= 2 && argument.first == "-" && argument.dropFirst().first?.isASCII == true
      && argument.dropFirst().first?.isNumber == true
  }
}
