import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsRoutes
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

struct RouteEditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Rename a route, add segments at its end or remove its last ones (records of the others stay).")

  @Argument(help: "The route's name.")
  var name: String

  @Option(help: "The route's new name.")
  var rename: String?

  @Option(help: ArgumentHelp("A segment to add at the end (again for more).", valueName: "name"))
  var addSegment: [String] = []

  @Option(help: ArgumentHelp("How many segments to remove from the end.", valueName: "n"))
  var removeSegments: Int?

  @OptionGroup var data: DataOptions

  func validate() throws {
    if rename == nil && addSegment.isEmpty && removeSegments == nil {
      throw ValidationError("Say what to change: --rename, --add-segment or --remove-segments.")
    }
    if let rename { try RouteNames.check(route: rename) }
    try RouteNames.check(segments: addSegment)
    if let removeSegments, removeSegments < 1 {
      throw ValidationError("--remove-segments is a number of segments, 1 or more, not \(removeSegments).")
    }
  }

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let outcome: Outcome = try withJournalErrors {
      guard try openReader(dataDirectory: directory) != nil else { return .noRoute }
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      guard var route = try journal.route(named: name) else { return .noRoute }
      let kept = route.segments.count - (removeSegments ?? 0) + addSegment.count
      guard kept >= 1 else { return .noSegmentLeft(route.segments.count) }
      guard kept <= RouteNewCommand.maxSegments else { return .tooMany }
      route.segments.removeLast(min(route.segments.count, removeSegments ?? 0))
      route.segments += addSegment.map { RouteSegment(name: $0) }
      if let rename { route.name = rename }
      return try journal.replaceRoute(named: name, with: route) ? .done(route) : .nameTaken
    }
    switch outcome {
    case .done(let route):
      printError("Route \(Printable.text(route.name)): \(route.segments.map { Printable.text($0.name) }.joined(separator: ", "))")
    case .noRoute:
      printError("There is no route named '\(Printable.text(name))': splits route list lists them.")
      throw ExitCode(2)
    case .noSegmentLeft(let count):
      printError("Route \(Printable.text(name)) has \(count) segments: it must keep at least one.")
      throw ExitCode(2)
    case .tooMany:
      printError("A route has at most \(RouteNewCommand.maxSegments) segments.")
      throw ExitCode(2)
    case .nameTaken:
      printError("There is already a route named '\(Printable.text(rename ?? name))'.")
      throw ExitCode(2)
    }
  }

  enum Outcome {
    case done(Route), noRoute, noSegmentLeft(Int), tooMany, nameTaken
  }
}

struct RouteDeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete a route and its records, after asking (--yes does not ask). Its rides stay.")

  @Argument(help: "The route's name.")
  var name: String

  @Flag(help: "Delete without asking.")
  var yes = false

  @OptionGroup var data: DataOptions

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let exists = try withJournalErrors { try openReader(dataDirectory: directory)?.route(named: name) != nil }
    guard exists else {
      printError("There is no route named '\(Printable.text(name))': splits route list lists them.")
      throw ExitCode(2)
    }
    if !yes {
      guard isatty(STDIN_FILENO) == 1 else {
        printError("splits route delete asks before deleting, and there is no terminal to ask on: pass --yes.")
        throw ExitCode(2)
      }
      StandardError.write("Delete route \(Printable.text(name)) and its records for good? [y/N] ")
      let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
      guard answer == "y" || answer == "yes" else { throw ExitCode(1) }
    }
    let deleted = try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.deleteRoute(named: name)
    }
    guard deleted else {
      printError("There is no route named '\(Printable.text(name))': splits route list lists them.")
      throw ExitCode(2)
    }
    printError("Deleted route \(Printable.text(name))")
  }
}
