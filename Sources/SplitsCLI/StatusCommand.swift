import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsFollow
import SplitsOutput
import SplitsReports
import SplitsStore

/// `splits status`: the current ride in one line, for a shell prompt or a status bar.
/// Read-only and fast: no lock, no migration, no terminal.
struct StatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "The current ride in one line (or --json); no terminal needed.",
    discussion: """
      Prints `▶ 00:42:10 · lap 4` while running, `⏸ …` while paused. The state is none when no \
      ride was ever recorded, ready when no ride is open.

      --follow prints the line at once and again at every change, one line each (JSON Lines \
      with --json), and exits 0 when its output is closed; 1 when the journal cannot be read.

      --format placeholders: \
      \(StatusReport.placeholders.map { "{\($0.name)} \($0.meaning)" }.joined(separator: "; ")). \
      Write {{ and }} for literal braces. Example: --format '{icon} {moving} lap {lap}'
      """)

  @OptionGroup var data: DataOptions

  @Flag(help: "Print JSON: state, ride, started_at, moving_ms, elapsed_ms, paused_ms, laps, workout.")
  var json = false

  @Option(help: ArgumentHelp("The line to print, with {placeholders} (listed above).", valueName: "template"))
  var format: String?

  @Option(help: "Precision of the times in the line: s, ds (tenths) or cs (hundredths).")
  var precision: Precision = .s

  @Flag(
    help: """
      Print the line now and again at every change (each displayed time step while running, \
      each start, lap, pause, finish and workout step), until the output is closed.
      """)
  var follow = false

  @Option(help: "Language of the line: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  func validate() throws {
    if json && format != nil { throw ValidationError("Use either --json or --format, not both.") }
    if let format {
      do { try StatusReport.validate(format: format) } catch let error as StatusReport.FormatError {
        throw ValidationError(error.description)
      }
    }
  }

  func run() throws {
    let strings = HistoryStrings.of(lang ?? Language.from(environment: ProcessInfo.processInfo.environment))
    let directory = try data.checkedDirectory(creating: false)
    if follow {
      let insecure = data.insecureDataDir
      let status = MainActor.assumeIsolated {
        StatusFollower(
          directory: directory, json: json, format: format, precision: precision, strings: strings, insecure: insecure,
          plans: WorkoutPlans.plan(for:)
        ).run()
      }
      if status != 0 { throw ExitCode(status) }
      return
    }
    let output: String = try withJournalErrors {
      try Self.output(
        directory: directory, json: json, format: format, precision: precision, strings: strings)
    }
    try StandardOutput.print(output)
  }

  /// The line (or JSON) for the current ride of the journal in `directory`; `plans` reads
  /// the plan of a workout ride's workout.
  static func output(
    directory: String, json: Bool, format: String?, precision: Precision, strings: HistoryStrings,
    plans: WorkoutPlans.Read = WorkoutPlans.plan(for:)
  ) throws -> String {
    let reader = try openReader(dataDirectory: directory)
    let read = try reader?.currentRide(now: SystemClocks.now())
    let plan = WorkoutPlans.plan(of: read, read: plans)
    // As the screen would record it: a step's end or the pause at the end is not yet in the
    // journal when the workout went on with no screen open.
    let ride = plan.flatMap { plan in read.map { $0.settled(by: plan) } } ?? read
    if json { return StatusReport.json(ride, plan: plan) }
    return try StatusReport.line(ride, format: format, precision: precision, strings: strings, plan: plan)
  }
}
