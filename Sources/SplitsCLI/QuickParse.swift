import Foundation
import ArgumentParser
import SplitsCore
import SplitsFollow
import SplitsOutput
import SplitsRemote
import SplitsReports
import SplitsStore

/// The command lines that skip argument-parser: `splits status` (status bars call it every
/// few seconds) and `splits` itself (the ride screen, where start-up counts). Argument-
/// parser's reflection over every command costs 3.5–6 ms of a run. Only plain forms are
/// taken here (known options, each once, valid values, a value after a space or after `=`);
/// anything else, help and every error included, goes to argument-parser, which owns the
/// messages. Refusing is always safe.
enum QuickParser {
  /// The options of `arguments`, a flag as "", or nil when argument-parser must decide.
  static func options(_ arguments: ArraySlice<String>, flags: Set<String>, valued: Set<String>) -> [String: String]? {
    var options: [String: String] = [:]
    var rest = arguments
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("--") else { return nil }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      // A repeated option: argument-parser's rule (the last wins) is not worth copying.
      guard options[name] == nil else { return nil }
      if flags.contains(name) {
        guard value == nil else { return nil }
        options[name] = ""
        continue
      }
      guard valued.contains(name) else { return nil }
      if value == nil {
        guard let next = rest.popFirst(), !next.hasPrefix("-") else { return nil }
        value = next
      }
      options[name] = value
    }
    return options
  }

  /// A value argument-parser would refuse or read differently: the quick path steps aside.
  struct Refused: Error {}

  /// Option `name` of `found` read by `make`: nil when absent, `Refused` when unreadable.
  static func value<T>(_ found: [String: String], _ name: String, _ make: (String) -> T?) throws(Refused) -> T? {
    guard let text = found[name] else { return nil }
    guard let value = make(text) else { throw Refused() }
    return value
  }
}

/// `splits status` without argument-parser.
public enum QuickStatus {
  /// The options of a plain `status` invocation, or nil when argument-parser must decide.
  struct Options: Equatable {
    var json = false
    var follow = false
    var format: String?
    var precision: Precision = .s
    var lang: Language?
    var dataDir: String?
    var insecureDataDir = false
  }

  static func parse(_ arguments: [String]) -> Options? {
    guard arguments.first == "status",
      let found = QuickParser.options(
        arguments.dropFirst(), flags: ["--json", "--follow", "--insecure-data-dir"],
        valued: ["--format", "--precision", "--lang", "--data-dir"])
    else { return nil }
    let options: Options
    do {
      options = Options(
        json: found["--json"] != nil, follow: found["--follow"] != nil, format: found["--format"],
        precision: try QuickParser.value(found, "--precision", Precision.init(rawValue:)) ?? .s,
        lang: try QuickParser.value(found, "--lang", Language.init(rawValue:)), dataDir: found["--data-dir"],
        insecureDataDir: found["--insecure-data-dir"] != nil)
    } catch { return nil }
    if options.json && options.format != nil { return nil }
    if let format = options.format, (try? StatusReport.validate(format: format)) == nil { return nil }
    return options
  }

  /// Runs `splits status` when `arguments` (without the program name) are a plain status
  /// invocation and returns its exit status; nil when argument-parser must take them.
  /// `--follow` runs its loop on the main thread, where the process starts.
  public static func run(arguments: [String]) -> Int32? {
    guard let options = parse(arguments) else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let directory: String
    do {
      directory = try DataOptions.checkedDirectory(
        option: options.dataDir, insecure: options.insecureDataDir, creating: false, environment: environment)
    } catch { return error.rawValue }
    let strings = HistoryStrings.of(options.lang ?? Language.from(environment: environment))
    if options.follow {
      return MainActor.assumeIsolated {
        StatusFollower(
          directory: directory, json: options.json, format: options.format, precision: options.precision,
          strings: strings, insecure: options.insecureDataDir, plans: WorkoutPlans.plan(for:)
        ).run()
      }
    }
    do {
      let output = try StatusCommand.output(
        directory: directory, json: options.json, format: options.format,
        precision: options.precision, strings: strings)
      return StandardOutput.write(output + "\n").map(StandardOutput.status(after:)) ?? 0
    } catch let error as JournalError {
      printError("splits: " + error.description)
      return 1
    } catch {
      printError("splits: \(error)")
      return 1
    }
  }
}

/// `splits` (the ride screen) without argument-parser.
public enum QuickRide {
  /// The options of a plain ride invocation, or nil when argument-parser must decide.
  struct Options: Equatable {
    var plain = false
    var noColor = false
    var lang: Language?
    var dataDir: String?
    var insecureDataDir = false
    var precision: Precision = .cs
    var countdown = 0
    var sport: Sport?
    var splitGuard = RideCommand.defaultSplitGuard
  }

  static func parse(_ arguments: [String]) -> Options? {
    let rest = arguments.first == "ride" ? arguments.dropFirst() : arguments[...]
    guard
      let found = QuickParser.options(
        rest, flags: ["--plain", "--no-color", "--insecure-data-dir"],
        valued: ["--lang", "--data-dir", "--precision", "--countdown", "--sport", "--split-guard"])
    else { return nil }
    do {
      return Options(
        plain: found["--plain"] != nil, noColor: found["--no-color"] != nil,
        lang: try QuickParser.value(found, "--lang", Language.init(rawValue:)), dataDir: found["--data-dir"],
        insecureDataDir: found["--insecure-data-dir"] != nil,
        precision: try QuickParser.value(found, "--precision", Precision.init(rawValue:)) ?? .cs,
        countdown: try QuickParser.value(found, "--countdown") { text in
          Int(text).flatMap { RideCommand.countdownRange.contains($0) ? $0 : nil }
        } ?? 0,
        sport: try QuickParser.value(found, "--sport", Sport.init(rawValue:)),
        splitGuard: try QuickParser.value(found, "--split-guard") { text in
          Int(text).flatMap { RideCommand.splitGuardRange.contains($0) ? $0 : nil }
        } ?? RideCommand.defaultSplitGuard)
    } catch { return nil }
  }

  /// Runs the ride screen when `arguments` (without the program name) are a plain ride
  /// invocation and returns its exit status; nil when argument-parser must take them.
  @MainActor
  public static func run(arguments: [String]) -> Int32? {
    guard let options = parse(arguments) else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let display = DisplayOptions.resolve(
      plain: options.plain, noColor: options.noColor, lang: options.lang, environment: environment)
    do {
      try RideCommand.ride(
        display: display,
        directory: {
          try DataOptions.checkedDirectory(
            option: options.dataDir, insecure: options.insecureDataDir, creating: true, environment: environment)
        },
        precision: options.precision, countdown: options.countdown, sport: options.sport,
        splitGuard: options.splitGuard)
      return 0
    } catch let exit as ExitCode {
      return exit.rawValue
    } catch {
      printError("splits: \(error)")
      return 1
    }
  }
}

/// `splits start | pause | resume | toggle | lap | undo | finish` without argument-parser:
/// a hotkey's command, where start-up is most of the time to the screen.
public enum QuickRemote {
  struct Options: Equatable {
    var command: RemoteCommand
    var precision: Precision = .cs
    var lang: Language?
    var dataDir: String?
    var insecureDataDir = false
  }

  static func parse(_ arguments: [String]) -> Options? {
    guard let first = arguments.first, let command = RemoteCommand(rawValue: first),
      let found = QuickParser.options(
        arguments.dropFirst(), flags: ["--insecure-data-dir"], valued: ["--precision", "--lang", "--data-dir"])
    else { return nil }
    do {
      return Options(
        command: command, precision: try QuickParser.value(found, "--precision", Precision.init(rawValue:)) ?? .cs,
        lang: try QuickParser.value(found, "--lang", Language.init(rawValue:)), dataDir: found["--data-dir"],
        insecureDataDir: found["--insecure-data-dir"] != nil)
    } catch { return nil }
  }

  /// Runs the command when `arguments` (without the program name) are a plain remote command
  /// and returns its exit status; nil when argument-parser must take them.
  @MainActor
  public static func run(arguments: [String]) -> Int32? {
    guard let options = parse(arguments) else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let directory: String
    do {
      directory = try DataOptions.checkedDirectory(
        option: options.dataDir, insecure: options.insecureDataDir, creating: true, environment: environment)
    } catch { return error.rawValue }
    return RemoteRun.run(
      options.command, directory: directory, precision: options.precision,
      strings: RemoteStrings.of(options.lang ?? Language.from(environment: environment)), plans: WorkoutPlans.plan(for:))
  }
}
