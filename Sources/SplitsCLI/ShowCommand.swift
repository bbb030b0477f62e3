import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsStore

/// `splits show RIDE`: one ride with its laps.
struct ShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "One ride with its laps (--json too).")

  @OptionGroup var data: DataOptions

  @Argument(help: ArgumentHelp("A ride number (see splits history), or `last`.", valueName: "ride"))
  var ride: String

  @Flag(help: "Print JSON: the ride's times and laps, as splits export --format json writes each ride.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Compare with earlier finished rides of the same name: previous, best (the fastest with as many laps) or gold (the best segments).",
      valueName: "kind"))
  var compare: ComparisonKind?

  @Option(help: "Language of the text: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  @Option(help: "Units of a ride's pace, speed and distance: metric (min/km, km/h; unless given) or imperial (min/mi, mph).")
  var units: DistanceUnits = .metric

  func validate() throws {
    try RideArgument.validate(ride)
  }

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let language = lang ?? Language.from(environment: ProcessInfo.processInfo.environment)
    let strings = HistoryStrings.of(language)
    var ftp: Int?
    let rides: (found: RestoredRide, previous: RestoredRide?, all: [RestoredRide])? = try withJournalErrors {
      guard let reader = try openReader(dataDirectory: directory) else { return nil }
      ftp = WorkoutPlans.ftpSetting(reader)
      let now = SystemClocks.now()
      let found = try Int(ride).map { try reader.ride(number: $0, now: now) } ?? reader.rides(now: now).first
      guard let found else { return nil }
      // The ride before, finished, for the summary's difference; for a workout ride, the last
      // finished ride of the same workout.
      let previous =
        try found.workout.map { try reader.lastFinishedRide(following: $0, before: found.ride.number, now: now) }
        ?? (found.ride.number > 1 ? try reader.ride(number: found.ride.number - 1, now: now) : nil)
      // Every ride, for a comparison with the earlier ones of the same name.
      let all = compare != nil && found.name != nil ? try reader.rides(now: now) : []
      return (found, previous.flatMap { $0.isFinished ? $0 : nil }, all)
    }
    let found = rides?.found
    guard let found else {
      printError(ride == "last" ? strings.noRides : strings.fill(strings.noSuchRideFormat, ride))
      throw ExitCode(2)
    }
    let figures = WorkoutPlans.figures(found, ftp: ftp)
    let comparison = compare.map { RideComparison(figures, kind: $0, among: (rides?.all ?? []).map(RideFigures.init)) }
    if json {
      try StandardOutput.print(comparison.map { ComparisonReport.json(figures, $0) } ?? Export.rideJSON(figures))
    } else {
      let previous = rides?.previous.map { WorkoutPlans.figures($0) }
      try StandardOutput.print(
        HistoryReport.show(
          figures, previous: previous, comparison: comparison, strings: strings, units: units,
          distanceStrings: .of(language)),
        terminator: "")
    }
  }
}

extension ComparisonKind: ExpressibleByArgument {}
