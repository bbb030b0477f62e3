import Foundation
import SplitsCore
import SplitsStore

/// `splits status` without argument-parser: status bars call it every few seconds, and
/// argument-parser's reflection over every command costs a third of its run time. Only the
/// plain forms are taken here (`--json`, `--format`, `--precision`, `--lang`, `--data-dir`,
/// each value as the next argument or after `=`); anything else, help and every error
/// included, goes to `StatusCommand` through argument-parser, which owns the messages.
public enum QuickStatus {
  /// The options of a plain `status` invocation, or nil when argument-parser must decide.
  struct Options: Equatable {
    var json = false
    var format: String?
    var precision: Precision = .s
    var lang: Language?
    var dataDir: String?
  }

  static func parse(_ arguments: [String]) -> Options? {
    guard arguments.first == "status" else { return nil }
    var options = Options()
    var seen: Set<String> = []
    var rest = arguments.dropFirst()[...]
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("--") else { return nil }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      // A repeated option: argument-parser's rule (the last wins) is not worth copying.
      guard seen.insert(name).inserted else { return nil }
      if name == "--json" {
        guard value == nil else { return nil }
        options.json = true
        continue
      }
      if value == nil {
        guard let next = rest.popFirst(), !next.hasPrefix("-") else { return nil }
        value = next
      }
      guard let value else { return nil }
      switch name {
      case "--format": options.format = value
      case "--precision":
        guard let precision = Precision(rawValue: value) else { return nil }
        options.precision = precision
      case "--lang":
        guard let lang = Language(rawValue: value) else { return nil }
        options.lang = lang
      case "--data-dir": options.dataDir = value
      default: return nil
      }
    }
    if options.json && options.format != nil { return nil }
    if let format = options.format, (try? StatusReport.validate(format: format)) == nil { return nil }
    return options
  }

  /// Runs `splits status` when `arguments` (without the program name) are a plain status
  /// invocation and returns its exit status; nil when argument-parser must take them.
  public static func run(arguments: [String]) -> Int32? {
    guard let options = parse(arguments) else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let directory = DataOptions.directory(option: options.dataDir, environment: environment)
    let strings = HistoryStrings.of(options.lang ?? Language.from(environment: environment))
    do {
      let output = try StatusCommand.output(
        directory: directory, json: options.json, format: options.format,
        precision: options.precision, strings: strings)
      print(output)
      return 0
    } catch let error as JournalError {
      printError("splits: " + error.description)
      return 1
    } catch {
      printError("splits: \(error)")
      return 1
    }
  }
}
