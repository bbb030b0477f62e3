import Foundation
import GRDB
import SplitsRoutes
import Testing

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
