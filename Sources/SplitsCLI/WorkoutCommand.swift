import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsWorkout

/// `splits workout`: ride a structured workout, check one, or list the saved ones.
struct WorkoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "workout",
    abstract: "Ride a structured workout (a text or .zwo file, a saved workout, or text).",
    subcommands: [WorkoutRideCommand.self, WorkoutCheckCommand.self, WorkoutListCommand.self],
    defaultSubcommand: WorkoutRideCommand.self)
}

/// `splits workout WORKOUT`: the workout screen.
struct WorkoutRideCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ride",
    abstract: "Ride a workout: the steps follow the moving time.",
    discussion: """
      WORKOUT is a file (text or Zwift .zwo), the name of a saved workout in \
      $XDG_CONFIG_HOME/splits/workouts (default ~/.config/splits/workouts), or the workout's \
      text. Keys: space start/pause/resume, l end the step, ? help, q quit (the workout keeps \
      running).
      """)

  @Argument(help: ArgumentHelp("A workout file, a saved workout's name, or a workout's text.", valueName: "workout"))
  var workout: String

  @OptionGroup var display: DisplayOptions

  @OptionGroup var data: DataOptions

  @Option(help: "Seconds of pre-start countdown (N…1) before the workout starts.")
  var countdown: Int = 0

  @Option(help: "What the ride is: biking (unless given), running or other (it names the activity in the exports).")
  var sport: Sport?

  @Option(help: "The ride's name (default: the workout's).")
  var name: String?

  @Flag(name: .customLong("no-bell"), help: "No bells before a step changes.")
  var noBell = false

  @Option(
    name: .customLong("cue-cmd"),
    help: ArgumentHelp(
      "Run CMD (with /bin/sh) at each step change and cue, with SPLITS_CUE and SPLITS_STEP set.",
      valueName: "cmd"))
  var cueCommand: String?

  @Flag(help: "Hold a connected smart trainer (Fitness Machine) to each step's target power (ERG).")
  var erg = false

  @Option(
    name: .customLong("split-guard"),
    help: "Milliseconds after a lap (or the start) within which another lap is refused as a double press (0: off).")
  var splitGuard: Int = RideCommand.defaultSplitGuard

  func validate() throws {
    if countdown < 0 { throw ValidationError(NegativeNumbers.countdownMustBeZeroOrMore(String(countdown))) }
    guard RideCommand.countdownRange.contains(countdown) else {
      throw ValidationError("--countdown takes a whole number of seconds from 0 to 99.")
    }
    try RideCommand.validate(splitGuard: splitGuard)
  }

  func run() throws {
    // Its warnings go on the screen, where they are seen, not under it.
    let loaded = try loadWorkout(workout, printingWarnings: false)
    let request = RideCommand.WorkoutRequest(
      source: loaded.source, plan: loaded.parsed.workout, bells: !noBell, cueCommand: cueCommand,
      warnings: loaded.parsed.warnings, erg: erg)
    try MainActor.assumeIsolated {
      try RideCommand.ride(
        display: display.resolved(), directory: { try data.checkedDirectory(creating: true) }, precision: .cs,
        countdown: countdown, sport: sport, name: name, splitGuard: splitGuard, workout: request)
    }
  }
}

/// `splits workout check WORKOUT [--json]`.
struct WorkoutCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Read a workout and print its steps without riding it (exit 2 when it is invalid).")

  @Argument(help: ArgumentHelp("A workout file, a saved workout's name, or a workout's text.", valueName: "workout"))
  var workout: String

  @Flag(help: "Print JSON: name, total_seconds and the steps.")
  var json = false

  func run() throws {
    let loaded = try loadWorkout(workout)
    try StandardOutput.print(json ? WorkoutListing.json(loaded.parsed.workout) : WorkoutListing.table(loaded.parsed.workout))
  }
}

/// `splits workout list`.
struct WorkoutListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the saved workouts: name, title, steps and total time.")

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let saved = WorkoutFiles.saved(environment: environment)
    guard !saved.isEmpty else {
      try StandardOutput.print("No saved workouts in \(WorkoutFiles.directory(environment: environment))")
      return
    }
    var rows: [[String]] = []
    for (name, path) in saved {
      do {
        let source = try WorkoutFiles.read(path, name: name)
        let workout = try WorkoutReader.parse(source).workout
        rows.append([
          name, workout.name ?? "", String(workout.steps.count),
          workout.totalSeconds.map { TimeFormat.clock(.seconds($0), precision: .s) } ?? "open",
        ])
      } catch {
        rows.append([name, "invalid: \(error)", "", ""])
      }
    }
    try StandardOutput.print(WorkoutListing.savedTable(rows))
  }
}

/// The workout `argument` names, read; its warnings on standard error unless the screen says
/// them. Exit 2 with the reason when it cannot be read.
func loadWorkout(_ argument: String, printingWarnings: Bool = true) throws -> (source: WorkoutSource, parsed: ParsedWorkout) {
  do {
    let loaded = try WorkoutFiles.load(argument, environment: ProcessInfo.processInfo.environment)
    if printingWarnings {
      for warning in loaded.parsed.warnings { printError("splits: warning: \(warning)") }
    }
    return loaded
  } catch {
    printError("splits: \(error)")
    throw ExitCode(2)
  }
}

/// A workout's text given as an argument that starts with `-` (`'- 20m 75%'`): argument-parser
/// reads it as an option and says "Missing expected argument". When parsing failed,
/// `message(arguments:)` finds such a text and says to put `--` before it.
public enum WorkoutTextArgument {
  /// The message for `arguments` (without the program name), as argument-parser words a
  /// usage error; nil when no workout text starting with `-` is there.
  public static func message(arguments: [String]) -> String? {
    guard arguments.first == "workout" else { return nil }
    let subcommand = arguments.dropFirst().first.flatMap { ["check", "ride"].contains($0) ? $0 : nil }
    let rest = arguments.dropFirst(subcommand == nil ? 1 : 2)
    for argument in rest {
      if argument == "--" { return nil }
      guard argument.hasPrefix("-"), argument.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" })
      else { continue }
      let command = "splits workout" + (subcommand.map { " \($0)" } ?? "")
      let shown =
        argument.count <= 40 && !argument.contains(where: { $0 == "'" || $0.isNewline }) ? argument : "- 20m 75%"
      let usage = SplitsCommand.usageString(for: subcommand == "check" ? WorkoutCheckCommand.self : WorkoutRideCommand.self)
      return """
        Error: a workout's text that starts with '-' reads as an option: put -- before it, as in \
        \(command) -- '\(shown)'
        Usage: \(usage)
          See '\(command) --help' for more information.
        """
    }
    return nil
  }
}
