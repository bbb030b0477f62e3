import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsRoutes
import SplitsStore

/// `splits route …`: routes, their named segments and their records.
struct RouteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "route",
    abstract: "Routes: named segments ridden as attempts, with personal best and best segments.",
    subcommands: [
      RouteNewCommand.self, RouteListCommand.self, RouteShowCommand.self, RouteEditCommand.self,
      RouteDeleteCommand.self, RouteImportCommand.self, RouteExportCommand.self,
    ])
}

/// The rules a route's name and its segments' names follow (the same on every command).
enum RouteNames {
  static func check(route name: String) throws {
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ValidationError("A route needs a name that is not empty.")
    }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw ValidationError("A route's name cannot hold control characters.")
    }
  }

  static func check(segments names: [String]) throws {
    for name in names {
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw ValidationError("A segment needs a name that is not empty.")
      }
      if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        throw ValidationError("A segment's name cannot hold control characters: '\(Printable.text(name))'.")
      }
    }
  }
}

struct RouteNewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Make a route from segment names, a number of segments, or a finished ride's laps.")

  @Argument(help: "The route's name: rides of this name (--name) ride it.")
  var name: String

  @Argument(help: "The segments' names, in order.")
  var segments: [String] = []

  @Option(
    name: [.customLong("segments"), .customLong("segment-count")],
    help: ArgumentHelp("N segments named Lap 1 … Lap N (--segment-count is the same).", valueName: "n"))
  var segmentCount: Int?

  @Option(help: ArgumentHelp("A finished ride whose laps become the segments and the first attempt.", valueName: "ride"))
  var fromRide: Int?

  @OptionGroup var data: DataOptions

  static let maxSegments = 1000

  func validate() throws {
    try RouteNames.check(route: name)
    try RouteNames.check(segments: segments)
    let ways = [!segments.isEmpty, segmentCount != nil, fromRide != nil].filter { $0 }.count
    if ways == 0 { throw ValidationError("Give the segments' names, --segments N or --from-ride RIDE.") }
    if ways > 1 { throw ValidationError("Give one of: the segments' names, --segments N, --from-ride RIDE.") }
    if let segmentCount, !(1...Self.maxSegments).contains(segmentCount) {
      throw ValidationError("--segments is 1 to \(Self.maxSegments), not \(segmentCount).")
    }
    if segments.count > Self.maxSegments { throw ValidationError("A route has at most \(Self.maxSegments) segments.") }
    if let fromRide, fromRide < 1 { throw ValidationError(NegativeNumbers.rideMustBePositive(String(fromRide))) }
  }

  func run() throws {
    let directory = try data.checkedDirectory(creating: true)
    let added = try withJournalErrors {
      let route = try fromRide.map { try Self.route(name, fromRide: $0, directory: directory) }
        ?? Route(name: name, segmentNames: segments.isEmpty ? (1...(segmentCount ?? 1)).map { "Lap \($0)" } : segments)
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.addRoute(route) ? route : nil
    }
    guard let added else {
      printError("There is already a route named '\(Printable.text(name))': splits route show shows it.")
      throw ExitCode(2)
    }
    printError("Made route \(Printable.text(added.name)), \(added.segments.count == 1 ? "1 segment" : "\(added.segments.count) segments")")
  }

  /// A route whose segments are ride `number`'s laps, that ride its first complete attempt.
  static func route(_ name: String, fromRide number: Int, directory: String) throws -> Route {
    let ride = try openReader(dataDirectory: directory)?.ride(number: number, now: SystemClocks.now())
    guard let ride, ride.isFinished else {
      printError("There is no finished ride \(number): splits history lists the rides.")
      throw ExitCode(2)
    }
    let laps = RideFigures(ride).laps
    guard !laps.isEmpty else {
      printError("Ride \(number) has no laps: a route from a ride takes its laps as the segments.")
      throw ExitCode(2)
    }
    return RouteFromRide.route(name: name, lapMilliseconds: laps.map(\.lapMilliseconds))
  }
}

struct RouteListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "Every route, with its attempts and personal best.")

  @OptionGroup var data: DataOptions

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let routes = try withJournalErrors { try openReader(dataDirectory: directory)?.routes() ?? [] }
    try StandardOutput.print(RouteReport.list(routes))
  }
}

struct RouteShowCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "A route's segments and records (--json too).")

  @Argument(help: "The route's name.")
  var name: String

  @Flag(help: "Print JSON: name, segments (name, pb_split_ms, best_segment_ms), attempts, completed, pb_ms, …")
  var json = false

  @OptionGroup var data: DataOptions

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let route = try withJournalErrors { try openReader(dataDirectory: directory)?.route(named: name) }
    guard let route else {
      printError("There is no route named '\(Printable.text(name))': splits route list lists them.")
      throw ExitCode(2)
    }
    try StandardOutput.print(json ? RouteReport.json(route) : RouteReport.text(route))
  }
}
