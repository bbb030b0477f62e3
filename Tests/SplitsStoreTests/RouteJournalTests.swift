import Foundation
import GRDB
import SplitsRoutes
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSystem

@Suite("Journal: routes, kept whole and read back the same")
struct RouteJournalTests {
  static func celeste() -> Route {
    var route = RouteFromRide.route(name: "Celeste", lapMilliseconds: [61_234, 95_010, 120_500])
    route.segments[0].name = "Forsaken City"
    route.segments[1].bestSegment.game = .milliseconds(90_001)
    route.kept = KeptXML(elements: [KeptXML.Element(name: "AutoSplitterSettings", source: "<AutoSplitterSettings>\n  <x/>\n</AutoSplitterSettings>")])
    return route
  }

  @Test func aRouteIsReadBackAsItWasWrittenAfterReopening() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let route = Self.celeste()
    var journal = try Journal.open(dataDirectory: temp.path, bootID: "routes")
    #expect(try journal.addRoute(route))
    #expect(try journal.addRoute(Route(name: "Track", segmentNames: ["Lap 1"])))
    try journal.close()
    journal = try Journal.open(dataDirectory: temp.path, bootID: "routes")
    #expect(try journal.route(named: "Celeste") == route)
    #expect(try journal.routes().map(\.name) == ["Celeste", "Track"])
    let reader = try #require(try openReader(dataDirectory: temp.path))
    #expect(try reader.route(named: "Celeste") == route)
    #expect(try reader.route(named: "celeste") == nil)
  }

  @Test func aSecondRouteOfTheSameNameIsRefusedAndTheFirstKept() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "routes")
    #expect(try journal.addRoute(Self.celeste()))
    #expect(try !journal.addRoute(Route(name: "Celeste", segmentNames: ["Other"])))
    #expect(try journal.route(named: "Celeste") == Self.celeste())
  }

  @Test func aRenameOntoAnotherRoutesNameIsRefusedAndDeleteRemovesOnlyTheRoute() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "routes")
    #expect(try journal.addRoute(Self.celeste()))
    #expect(try journal.addRoute(Route(name: "Track", segmentNames: ["Lap 1"])))
    var renamed = Self.celeste()
    renamed.name = "Track"
    #expect(try !journal.replaceRoute(named: "Celeste", with: renamed))
    renamed.name = "Celeste 2"
    #expect(try journal.replaceRoute(named: "Celeste", with: renamed))
    #expect(try journal.route(named: "Celeste") == nil)
    #expect(try journal.route(named: "Celeste 2") == renamed)
    #expect(try journal.deleteRoute(named: "Celeste 2"))
    #expect(try !journal.deleteRoute(named: "Celeste 2"))
    #expect(try journal.routes().map(\.name) == ["Track"])
  }

  @Test func aDamagedRouteDocumentIsReportedNamingTheRouteAndTheFileIsLeftAsItWas() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    var journal = try Journal.open(dataDirectory: temp.path, bootID: "routes")
    #expect(try journal.addRoute(Self.celeste()))
    try journal.close()
    let queue = try DatabaseQueue(path: temp.file("splits.sqlite"))
    try queue.write { db in try db.execute(sql: "UPDATE routes SET document = '{\"name\": 3}'") }
    try queue.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: temp.file("splits.sqlite")))
    journal = try Journal.open(dataDirectory: temp.path, bootID: "routes")
    #expect {
      try journal.route(named: "Celeste")
    } throws: { error in
      (error as? JournalError)?.description.contains("route Celeste does not read as a route") == true
    }
    try journal.close()
    #expect(try Data(contentsOf: URL(fileURLWithPath: temp.file("splits.sqlite"))) == before)
  }
}

@Suite("Journal: a ride named after a route is its attempt, recorded with its finish")
struct RouteAttemptJournalTests {
  static let wall: Int64 = 1_800_000_000_000

  static func ride(_ journal: Journal, number: Int, name: String, _ kinds: [(RideEvent.Kind, Int64)]) throws {
    for (index, (kind, at)) in kinds.enumerated() {
      let event = RideEvent(kind, at: Instant(nanoseconds: at * 1_000_000), name: index == 0 ? name : nil)
      try journal.append(event, ride: number, wallMilliseconds: wall + at)
    }
  }

  @Test func aCompleteAttemptAndAResetAreRecordedAndOnlyTheCompleteOneIsThePersonalBest() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    #expect(try journal.addRoute(Route(name: "Run", segmentNames: ["A", "B", "C"])))
    try Self.ride(journal, number: 1, name: "Run", [(.start, 0), (.lap, 1000), (.lap, 2500), (.lap, 4000), (.pause, 4000), (.finish, 5000)])
    // Cut short: one split, then reset 0.1 s after the pause.
    try Self.ride(journal, number: 2, name: "Run", [(.start, 10_000), (.lap, 10_900), (.pause, 11_000), (.finish, 11_100)])
    // A ride of another name is no attempt.
    try Self.ride(journal, number: 3, name: "Walk", [(.start, 20_000), (.pause, 21_000), (.finish, 21_500)])
    let route = try #require(try journal.route(named: "Run"))
    #expect(route.attemptCount == 2)
    #expect(route.attemptHistory.map(\.isComplete) == [true, false])
    #expect(route.segments.map(\.personalBestSplit.real) == [.milliseconds(1000), .milliseconds(2500), .milliseconds(4000)])
    #expect(route.segments.map(\.bestSegment.real) == [.milliseconds(900), .milliseconds(1500), .milliseconds(1500)])
    #expect(route.attemptHistory.first?.started == AttemptDate(secondsSince1970: Self.wall / 1000, isSynced: false))
  }

  @Test func aSkippedSegmentFoldsIntoTheNextAndUndoTakesTheSkipBack() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    #expect(try journal.addRoute(Route(name: "Run", segmentNames: ["A", "B", "C"])))
    try Self.ride(
      journal, number: 1, name: "Run",
      [(.start, 0), (.skip, 500), (.undoLap, 600), (.skip, 700), (.lap, 3000), (.lap, 4000), (.pause, 4000), (.finish, 4500)])
    let route = try #require(try journal.route(named: "Run"))
    #expect(route.attemptHistory.map(\.time.real) == [.milliseconds(4000)])
    #expect(route.segments[0].personalBestSplit.real == nil)
    #expect(route.segments[1].personalBestSplit.real == .milliseconds(3000))
    #expect(route.segments[2].bestSegment.real == .milliseconds(1000))
  }

  @Test func anImportedRouteRiddenInSplitsExportsItsAttemptWithTheImportedHistory() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    // A LiveSplit file with one complete attempt of 5 s, as `route import` reads it.
    let earlier = RouteTimer.apply(
      [.real([.seconds(1), .seconds(3), .seconds(5)], complete: true)],
      to: Route(name: "Run", segmentNames: ["A", "B", "C"]))
    let imported = try LSSReader.read(LSSWriter.write(earlier), name: "Run")
    #expect(imported.attemptCount == 1)
    #expect(try journal.addRoute(imported))

    // Ridden in Splits: a complete attempt of 4 s, a new personal best.
    try Self.ride(journal, number: 1, name: "Run", [(.start, 0), (.lap, 1000), (.lap, 2500), (.lap, 4000), (.pause, 4000), (.finish, 4500)])
    let ridden = try #require(try journal.route(named: "Run"))
    let exported = try LSSReader.read(LSSWriter.write(ridden), name: "Run")
    #expect(exported.attemptCount == 2)
    #expect(exported.attemptHistory.map(\.time.real) == [.seconds(5), .seconds(4)])
    #expect(exported.attemptHistory.last?.started == AttemptDate(secondsSince1970: Self.wall / 1000, isSynced: false))
    #expect(exported.segments.map(\.personalBestSplit.real) == [.seconds(1), .milliseconds(2500), .seconds(4)])
    #expect(exported.segments.map(\.bestSegment.real) == [.seconds(1), .milliseconds(1500), .milliseconds(1500)])
  }
}

