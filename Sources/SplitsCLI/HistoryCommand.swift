import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsStore

/// `splits history`: the saved rides, newest first, or their totals per week or month.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "The saved rides, newest first, or their totals per week or month (--json too).",
    discussion: """
      Columns: ride, date (local time), moving time, elapsed, laps, best lap. An open ride is \
      marked ▶ or ⏸. With --week or --month: period, rides, moving time, laps and a bar of the \
      moving time (the longest period fills 20 cells), newest period first. --name, --sport, \
      --since and --until pick the rides first (all of them must hold); --limit comes last.
      """)

  @OptionGroup var data: DataOptions

  @Flag(help: "Print JSON: one object per ride (per period with --week or --month).")
  var json = false

  @Option(name: .shortAndLong, help: "Show only the newest N rides (N periods with --week or --month).")
  var limit: Int?

  @Option(help: "Only rides with this name, without regard to case.")
  var name: String?

  @Option(help: "Only rides of this sport: biking, running or other.")
  var sport: Sport?

  @Option(
    help: ArgumentHelp("Only rides started on this local day (YYYY-MM-DD) or later.", valueName: "date"),
    transform: HistoryCommand.date)
  var since: LocalDate?

  @Option(
    help: ArgumentHelp("Only rides started on this local day (YYYY-MM-DD) or earlier.", valueName: "date"),
    transform: HistoryCommand.date)
  var until: LocalDate?

  @Flag(help: "Totals per ISO week (Monday to Sunday, local time) instead of the rides.")
  var week = false

  @Flag(help: "Totals per calendar month (local time) instead of the rides.")
  var month = false

  @Option(help: "Language of the table: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  @Option(help: "Units of the distance column: metric (km; unless given) or imperial (mi).")
  var units: DistanceUnits = .metric

  /// `--since` and `--until`'s value.
  static func date(_ text: String) throws -> LocalDate {
    guard let date = LocalDate(text) else { throw BadDate(reason: missingDay(text)) }
    return date
  }

  /// Why `text`, written as YYYY-MM-DD, is no day (`there is no 30 February 2026`); nil when
  /// it is not of that form.
  static func missingDay(_ text: String) -> CountdownRefusal? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    if year == 0 { return .year }
    guard (1...12).contains(month) else { return .noSuchMonth(month) }
    return .noSuchDay(year: year, month: month, day: day)
  }

  struct BadDate: Error, CustomStringConvertible {
    var reason: CountdownRefusal?
    var description: String {
      guard let reason else { return "a date is YYYY-MM-DD, such as 2026-11-23." }
      return "the day does not exist: \(CountdownStrings.reason(reason, in: .en))."
    }
  }

  var filter: HistoryFilter { HistoryFilter(name: name, sport: sport, since: since, until: until) }

  var period: HistoryTotals.Period? { week ? .week : month ? .month : nil }

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError(NegativeNumbers.limitMustBePositive(String(limit))) }
    if week && month { throw ValidationError("--week and --month do not go together: choose one.") }
    if let since, let until, until < since {
      throw ValidationError("--until \(until) is before --since \(since): no day is in between.")
    }
  }

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let strings = HistoryStrings.of(lang ?? Language.from(environment: ProcessInfo.processInfo.environment))
    let timeZone = TimeZone.current
    let saved = try withJournalErrors {
      try openReader(dataDirectory: directory)?.rides(now: SystemClocks.now()) ?? []
    }.map { WorkoutPlans.figures($0) }
    let rides = filter.apply(saved, timeZone: timeZone)
    let empty = !saved.isEmpty && filter.isActive ? strings.noMatchingRides : strings.noRides
    if let period {
      var totals = HistoryTotals.totals(rides, by: period, timeZone: timeZone)
      if let limit { totals = Array(totals.prefix(limit)) }
      if json {
        try StandardOutput.print(HistoryTotals.json(totals), terminator: "")
      } else if totals.isEmpty {
        printError(empty)
      } else {
        try StandardOutput.print(HistoryTotals.table(totals, strings: strings), terminator: "")
      }
      return
    }
    let shown = limit.map { Array(rides.prefix($0)) } ?? rides
    if json {
      try StandardOutput.print(HistoryReport.json(shown), terminator: "")
    } else if shown.isEmpty {
      printError(empty)
    } else {
      try StandardOutput.print(
        HistoryReport.table(
          shown, strings: strings, timeZone: timeZone, units: units,
          distanceStrings: .of(lang ?? Language.from(environment: ProcessInfo.processInfo.environment))),
        terminator: "")
    }
  }
}
