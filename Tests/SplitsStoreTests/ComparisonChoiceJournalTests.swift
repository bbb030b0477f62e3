import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

@Suite("Journal: the comparison chosen per name, and the finished rides of a name")
struct ComparisonChoiceJournalTests {
  @Test func aChoiceIsKeptPerNameReplacedAndReadAfterReopening() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    var journal = try Journal.open(dataDirectory: temp.path, bootID: "choices")
    #expect(try journal.comparisonChoice(name: "Loop") == nil)
    try journal.rememberComparison(.gold, name: "Loop")
    try journal.rememberComparison(.previous, name: "Hill")
    try journal.rememberComparison(ComparisonKind.none, name: "Loop")
    try journal.close()
    journal = try Journal.open(dataDirectory: temp.path, bootID: "choices")
    #expect(try journal.comparisonChoice(name: "Loop") == ComparisonKind.none)
    #expect(try journal.comparisonChoice(name: "Hill") == .previous)
    #expect(try journal.comparisonChoice(name: "loop") == nil)
  }

  @Test func aRoutesComparisonIsKeptByItsNameAndAPlainChoiceReadsNoneThere() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    var journal = try Journal.open(dataDirectory: temp.path, bootID: "choices")
    #expect(try journal.routeComparisonChoice(name: "Celeste") == nil)
    try journal.rememberRouteComparison("Best Segments", name: "Celeste")
    try journal.rememberComparison(.gold, name: "Loop")
    try journal.close()
    journal = try Journal.open(dataDirectory: temp.path, bootID: "choices")
    #expect(try journal.routeComparisonChoice(name: "Celeste") == "Best Segments")
    // One choice a name: the route's is no plain comparison, and a plain one no route's.
    #expect(try journal.comparisonChoice(name: "Celeste") == nil)
    #expect(try journal.routeComparisonChoice(name: "Loop") == nil)
    try journal.rememberRouteComparison("Average Segments", name: "Celeste")
    #expect(try journal.routeComparisonChoice(name: "Celeste") == "Average Segments")
  }

  @Test func aFirstSchemaJournalMigratesAndKeepsChoices() throws {
    let source = try #require(fixture("journal-v1.sqlite"), "the fixture is missing from the test bundle")
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try FileManager.default.copyItem(atPath: source, toPath: temp.file("splits.sqlite"))
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "now-boot")
    #expect(try journal.appliedMigrations() == Schema.identifiers)
    // Its rides have no names: nothing to compare, and a choice can be kept at once.
    let now = Now(monotonic: ms(30_000), wallMilliseconds: 1_795_422_000_000)
    #expect(try journal.finishedRides(named: "Loop", now: now).isEmpty)
    try journal.rememberComparison(.best, name: "Loop")
    #expect(try journal.comparisonChoice(name: "Loop") == .best)
    #expect(try journal.restoreCurrentRide(now: now).ride.number == 2)
  }

  @Test func theFinishedRidesOfANameOldestFirstAsTheScreenCountsThem() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "rides")
    // Ride 1 "Loop": a lap at 10.0005 s, paused and finished at 25 s. Ride 2 "Hill". Ride 3
    // "Loop" again, one lap. Ride 4 "Loop", open.
    func ride(_ number: Int, _ name: String, laps: [Int64], pauseAt: Int64, finish: Bool = true) throws {
      let base = Int64(number) * 100_000
      try journal.append(RideEvent(.start, at: ms(base), name: name), ride: number, wallMilliseconds: base)
      for lap in laps {
        try journal.append(RideEvent(.lap, at: Instant(nanoseconds: (base + lap) * 1_000_000 + 500_000)), ride: number, wallMilliseconds: base + lap)
      }
      try journal.append(RideEvent(.pause, at: ms(base + pauseAt)), ride: number, wallMilliseconds: base + pauseAt)
      if finish { try journal.append(RideEvent(.finish, at: ms(base + pauseAt)), ride: number, wallMilliseconds: base + pauseAt) }
    }
    try ride(1, "Loop", laps: [10_000], pauseAt: 25_000)
    try ride(2, "Hill", laps: [], pauseAt: 5_000)
    try ride(3, "Loop", laps: [], pauseAt: 20_000)
    try ride(4, "Loop", laps: [], pauseAt: 1_000, finish: false)
    let now = Now(monotonic: ms(1_000_000), wallMilliseconds: 1_000_000)
    let loops = try journal.finishedRides(named: "Loop", now: now).map { Attempt(RideFigures($0)) }
    #expect(loops.map(\.number) == [1, 3])
    // A ride's laps are those recorded; the stretch to the finish is none, except for a ride
    // with no lap, which is one.
    #expect(loops[0].laps == millis([10_000]) && loops[0].splits == millis([10_000]) && loops[0].moving == .milliseconds(25_000))
    #expect(loops[1].laps == millis([20_000]))

    // The screen counts a ride it finished the same way as the journal gives it back.
    var screenRide = Ride(number: 1)
    screenRide.splits = [.milliseconds(10_000) + .nanoseconds(500_000)]
    #expect(Attempt(finished: screenRide, moving: .seconds(25)) == loops[0])
  }
}
