import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsReports
import SplitsStore

/// `splits history`: the saved rides, newest first.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "The saved rides, newest first (--json too).",
    discussion: "Columns: ride, date (local time), moving time, elapsed, laps, best lap. An open ride is marked ▶ or ⏸.")

  @OptionGroup var data: DataOptions

  @Flag(help: "Print JSON: one object per ride.")
  var json = false

  @Option(name: .shortAndLong, help: "Show only the newest N rides.")
  var limit: Int?

  @Option(help: "Language of the table: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError(NegativeNumbers.limitMustBePositive(String(limit))) }
  }

  func run() throws {
    let directory = data.directory()
    let strings = HistoryStrings.of(lang ?? Language.from(environment: ProcessInfo.processInfo.environment))
    var rides = try withJournalErrors {
      try openReader(dataDirectory: directory)?.rides(now: SystemClocks.now()) ?? []
    }.map { WorkoutPlans.figures($0) }
    if let limit { rides = Array(rides.prefix(limit)) }
    if json {
      print(HistoryReport.json(rides), terminator: "")
    } else if rides.isEmpty {
      printError(strings.noRides)
    } else {
      print(HistoryReport.table(rides, strings: strings), terminator: "")
    }
  }
}
