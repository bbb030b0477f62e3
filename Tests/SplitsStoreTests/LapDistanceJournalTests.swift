import Foundation
import GRDB
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

@Suite("Journal: a ride keeps its lap distance")
struct LapDistanceJournalTests {
  static let track = LapDistance(millimetres: 400_000)!

  @Test func theLapDistanceOfTheFirstEventIsKeptAndAnOlderRideHasNone() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "track")
    let now = Now(monotonic: ms(10_000), wallMilliseconds: 10_000)
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
    #expect(try journal.restoreCurrentRide(now: now).lapDistance == nil)
    try journal.append(RideEvent(.pause, at: ms(2_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.finish, at: ms(2_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.start, at: ms(3_000), lapDistance: Self.track), ride: 2, wallMilliseconds: 0)
    #expect(try journal.restoreCurrentRide(now: now).lapDistance == Self.track)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "track"))
    #expect(try reader.rides(now: now).map(\.lapDistance) == [Self.track, nil])
    #expect(try reader.ride(number: 2, now: now)?.lapDistance == Self.track)
  }

  @Test func anOpenRideWithoutOneTakesTheOneGivenLater() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "track")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
    #expect(try journal.edit(ride: 1, Journal.Changes(lapDistance: Self.track)))
    let now = Now(monotonic: ms(10_000), wallMilliseconds: 10_000)
    #expect(try journal.restoreCurrentRide(now: now).lapDistance == Self.track)
  }

  @Test func aFirstSchemaJournalMigratesForwardItsRidesWithoutADistance() throws {
    let source = try #require(fixture("journal-v1.sqlite"), "the fixture is missing from the test bundle")
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try FileManager.default.copyItem(atPath: source, toPath: temp.file("splits.sqlite"))
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "now-boot")
    #expect(try journal.appliedMigrations().contains("v9-lap-distance"))
    let now = Now(monotonic: ms(30_000), wallMilliseconds: 1_795_421_400_000)
    #expect(try journal.restoreCurrentRide(now: now).lapDistance == nil)
  }

  @Test func aLapDistanceOutOfBoundsInTheFileIsDamageNamed() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "track")
      try journal.append(RideEvent(.start, at: ms(1_000), lapDistance: Self.track), ride: 1, wallMilliseconds: 0)
      try journal.close()
    }
    let queue = try DatabaseQueue(path: temp.file("splits.sqlite"))
    try queue.write { try $0.execute(sql: "UPDATE rides SET lap_distance_mm = -5") }
    try queue.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "track"))
    let now = Now(monotonic: ms(10_000), wallMilliseconds: 10_000)
    #expect(throws: JournalError.self) { try reader.rides(now: now) }
    do {
      _ = try reader.ride(number: 1, now: now)
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains("ride 1 has lap_distance_mm -5"))
    }
  }
}
