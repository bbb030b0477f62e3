import ArgumentParser
import Foundation
import SplitsCore
import SplitsRemote

/// `splits start | pause | resume | toggle | lap | undo | finish`: a key of the ride screen from
/// any shell of the same user. With the screen open the command goes to it through its control
/// socket; with none open the command takes the screen lock and applies the same reducer
/// itself (`RemoteRun`, in SplitsRemote). Here only the command line is parsed.
protocol RemoteCommandLine: ParsableCommand {
  static var remote: RemoteCommand { get }
  var options: RemoteOptions { get }
  /// A name and a sport for the ride it starts (`splits start` only).
  var details: RemoteRideDetails { get }
}

extension RemoteCommandLine {
  var details: RemoteRideDetails { RemoteRideDetails() }

  func run() throws { try runRemote() }

  /// Applies the command; a ride it starts with no screen open gets `lapDistance`.
  func runRemote(lapDistance: LapDistance? = nil) throws {
    let environment = ProcessInfo.processInfo.environment
    let directory = try options.data.checkedDirectory(creating: true, environment: environment)
    let precision = options.precision
    let details = self.details
    let language = options.lang ?? Language.from(environment: environment)
    let strings = RemoteStrings.of(language)
    let status = MainActor.assumeIsolated {
      RemoteRun.run(
        Self.remote, details: details, directory: directory, precision: precision, strings: strings,
        plans: WorkoutPlans.plan(for:), lapDistance: lapDistance, distanceStrings: DistanceStrings.of(language))
    }
    if status != 0 { throw ExitCode(status) }
  }
}

struct RemoteOptions: ParsableArguments {
  @OptionGroup var data: DataOptions

  @Option(help: "Precision of the times printed: s, ds (tenths) or cs (hundredths).")
  var precision: Precision = .cs

  @Option(help: "Language of the line: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?
}

extension RemoteCommandLine {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: remote.rawValue, abstract: abstract,
      discussion: remote.isQuery
        ? """
          A query of LiveSplit Server's: the open ride screen answers it (with none open, the \
          ride in the journal does), and the answer is printed as LiveSplit words it. Exit \
          status 0.
          """
        : """
          With the ride screen open on the same data, the screen applies it as if its key were \
          pressed and the command prints what it did; with none open, the command applies it to \
          the journal itself. Exit status 0 when done, 1 when it makes no sense now (the reason \
          is printed) or the journal has not taken it.
          """)
  }

  /// The line of `splits --help` for the command.
  static var abstract: String {
    switch remote {
    case .start: "Start a ride (space on a ready screen)."
    case .pause: "Pause the running ride."
    case .resume: "Resume the paused ride."
    case .toggle: "Start, pause or resume, as space does."
    case .lap: "Record a lap (in a workout, end the step, as l does)."
    case .undo: "Take back the last lap."
    case .finish: "Finish the paused ride."
    default: LiveSplitCommands.abstract(remote)
    }
  }
}

struct StartCommand: RemoteCommandLine {
  static let remote = RemoteCommand.start
  @OptionGroup var options: RemoteOptions

  @Option(help: "The name of the ride it starts (as splits --name; a ride already open keeps its own).")
  var name: String?

  @Option(help: "What the ride it starts is: biking (unless given), running or other.")
  var sport: Sport?

  var details: RemoteRideDetails { RemoteRideDetails(name: name, sport: sport) }

  func validate() throws {
    if let name, name.utf8.count > RemoteWire.maxNameBytes {
      throw ValidationError("--name takes at most \(RemoteWire.maxNameBytes) bytes, not \(name.utf8.count).")
    }
  }

  @Option(
    name: .customLong("lap-distance"),
    help: ArgumentHelp("With no screen open, how long each lap of the ride it starts is: 400m, 0.4km, 1mi.", valueName: "distance"),
    transform: LapDistance.argument)
  var lapDistance: LapDistance?

  func run() throws { try runRemote(lapDistance: lapDistance) }
}

struct PauseCommand: RemoteCommandLine {
  static let remote = RemoteCommand.pause
  @OptionGroup var options: RemoteOptions
}

struct ResumeCommand: RemoteCommandLine {
  static let remote = RemoteCommand.resume
  @OptionGroup var options: RemoteOptions
}

struct ToggleCommand: RemoteCommandLine {
  static let remote = RemoteCommand.toggle
  @OptionGroup var options: RemoteOptions
}

struct LapCommand: RemoteCommandLine {
  static let remote = RemoteCommand.lap
  @OptionGroup var options: RemoteOptions
}

struct UndoCommand: RemoteCommandLine {
  static let remote = RemoteCommand.undo
  @OptionGroup var options: RemoteOptions
}

struct FinishCommand: RemoteCommandLine {
  static let remote = RemoteCommand.finish
  @OptionGroup var options: RemoteOptions
}

/// `splits lap --name Loop`: the remote commands but `start` take no name and no sport (they
/// press a key of the screen), and argument-parser's answer, "Did you mean '--lang'?", points
/// elsewhere. When parsing failed, `message(arguments:)` says where a name and a sport go.
public enum RemoteRideOptions {
  /// The message for `arguments` (without the program name), as argument-parser words a
  /// usage error; nil unless a remote command was given `--name` or `--sport`.
  public static func message(arguments: [String]) -> String? {
    guard let command = arguments.first, let remote = RemoteCommand(rawValue: command), remote != .start else {
      return nil
    }
    for argument in arguments.dropFirst() {
      if argument == "--" { return nil }
      guard let option = ["--name", "--sport"].first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) else {
        continue
      }
      let usage = SplitsCommand.usageString(for: usageCommand(remote))
      return """
        Error: splits \(command) takes no \(option): it presses a key of the ride screen. Give the ride \
        its name and sport when you start it (splits start --name NAME --sport SPORT, or splits --name \
        NAME --sport SPORT), or afterwards (splits edit RIDE --name NAME --sport SPORT).
        Usage: \(usage)
          See 'splits \(command) --help' for more information.
        """
    }
    return nil
  }

  static func usageCommand(_ remote: RemoteCommand) -> any ParsableCommand.Type {
    switch remote {
    case .start: StartCommand.self
    case .pause: PauseCommand.self
    case .resume: ResumeCommand.self
    case .toggle: ToggleCommand.self
    case .lap: LapCommand.self
    case .undo: UndoCommand.self
    case .finish: FinishCommand.self
    default: LiveSplitCommands.usageCommand(remote) ?? LapCommand.self
    }
  }
}
