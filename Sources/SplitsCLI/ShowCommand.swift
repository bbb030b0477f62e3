import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
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

  @Option(help: "Language of the text: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  func validate() throws {
    guard ride == "last" || (Int(ride).map { $0 >= 1 } ?? false) else {
      throw ValidationError(
        Int(ride) == nil
          ? "RIDE is a ride number (1, 2, …) or `last`, not '\(ride)'." : NegativeNumbers.rideMustBePositive(ride))
    }
  }

  func run() throws {
    let directory = data.directory()
    let strings = HistoryStrings.of(lang ?? Language.from(environment: ProcessInfo.processInfo.environment))
    let rides: (found: RestoredRide, previous: RestoredRide?)? = try withJournalErrors {
      guard let reader = try openReader(dataDirectory: directory) else { return nil }
      let now = SystemClocks.now()
      let found = try Int(ride).map { try reader.ride(number: $0, now: now) } ?? reader.rides(now: now).first
      guard let found else { return nil }
      // The ride before, finished, for the summary's difference.
      let previous = found.ride.number > 1 ? try reader.ride(number: found.ride.number - 1, now: now) : nil
      return (found, previous.flatMap { $0.isFinished ? $0 : nil })
    }
    let found = rides?.found
    guard let found else {
      printError(ride == "last" ? strings.noRides : strings.fill(strings.noSuchRideFormat, ride))
      throw ExitCode(2)
    }
    let figures = WorkoutPlans.figures(found)
    if json {
      print(Export.rideJSON(figures))
    } else {
      print(HistoryReport.show(figures, previous: rides?.previous.map(RideFigures.init), strings: strings), terminator: "")
    }
  }
}
