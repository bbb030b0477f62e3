import Foundation
import GRDB
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

@Suite("Migrations: a journal of the first schema opens in this version")
struct MigrationTests {
  /// Copies the committed v1 fixture (made by sqlite3 from Fixtures/journal-v1.sql) into a
  /// fresh data directory.
  func copyOfTheV1Fixture() throws -> TemporaryDirectory {
    let source = try #require(fixture("journal-v1.sqlite"), "the fixture is missing from the test bundle")
    let temp = TemporaryDirectory()
    try FileManager.default.copyItem(atPath: source, toPath: temp.file("splits.sqlite"))
    return temp
  }

  @Test func theFixtureIsOfTheFirstSchema() throws {
    let temp = try copyOfTheV1Fixture()
    defer { temp.remove() }
    // Read-only, it is a journal with only the first migration applied.
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "now-boot", checkIntegrity: true))
    #expect(try reader.appliedMigrations() == [Schema.identifiers[0]])
  }

  @Test func theReaderReadsAFirstSchemaJournalWithoutMigratingIt() throws {
    // status, history, show and export never migrate: a journal an older Splits last wrote
    // reads as its rides were then (no step ends, no workouts, biking).
    let temp = try copyOfTheV1Fixture()
    defer { temp.remove() }
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "now-boot", checkIntegrity: true))
    let now = Now(monotonic: ms(30_000), wallMilliseconds: 1_795_421_400_000)
    let rides = try reader.rides(now: now)
    #expect(rides.map(\.ride.number) == [2, 1])
    #expect(rides.allSatisfy { $0.sport == .biking && $0.workout == nil && $0.ride.stepEnds.isEmpty })
    #expect(try reader.ride(number: 1, now: now)?.sport == .biking)
    #expect(try reader.currentRide(now: now)?.ride.number == 2)
    #expect(try reader.appliedMigrations() == [Schema.identifiers[0]])
  }

  @Test("a reader kept open (status --follow) sees the columns a screen adds after it first read")
  func aReaderKeptOpenSeesTheNewSchema() throws {
    let temp = try copyOfTheV1Fixture()
    defer { temp.remove() }
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "now-boot"))
    let now = Now(monotonic: ms(30_000), wallMilliseconds: 1_795_421_400_000)
    #expect(try reader.rides(now: now).allSatisfy { $0.name == nil && $0.sport == .biking })
    // A screen opens the journal (migrating it) and a ride is named and made a run.
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "now-boot")
      #expect(try journal.edit(ride: 1, Journal.Changes(name: "Hills", sport: .running)))
    }
    let ride = try #require(try reader.rides(now: now).first { $0.ride.number == 1 })
    #expect(ride.name == "Hills")
    #expect(ride.sport == .running)
  }

  @Test func openingMigratesAndKeepsEveryRide() throws {
    let temp = try copyOfTheV1Fixture()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "now-boot")
    #expect(try journal.appliedMigrations() == Schema.identifiers)

    // Ride 2 was running on an earlier boot: it is restored running, its lap there, and the
    // time since its last event (10 minutes by the wall clock) counted.
    let lastWall: Int64 = 1_795_421_400_000
    let now = Now(monotonic: ms(30_000), wallMilliseconds: lastWall + 600_000)
    let current = try journal.restoreCurrentRide(now: now)
    #expect(current.ride.number == 2)
    #expect(current.phase == .running)
    #expect(current.crossedBoot)
    #expect(current.ride.splits == [.seconds(600)])
    #expect(current.moving == .seconds(1_200))
    #expect(current.startedAtWallMilliseconds == 1_795_420_800_000)
    #expect(try journal.nextRideNumber() == 3)

    // Ride 1, finished, with its countdown, laps and pauses.
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "now-boot", checkIntegrity: true))
    let first = try #require(try reader.ride(number: 1, now: now))
    let figures = RideFigures(first)
    #expect(figures.state == .finished)
    #expect(figures.startedAtWallMilliseconds == 1_795_316_403_000)
    #expect(figures.finishedAtWallMilliseconds == 1_795_318_600_000)
    #expect(figures.movingMilliseconds == 2_000_000)
    #expect(figures.elapsedMilliseconds == 2_197_000)
    #expect(figures.pausedMilliseconds == 197_000)
    #expect(figures.laps.map(\.lapMilliseconds) == [780_000, 810_000])
    #expect(figures.laps.map(\.splitMilliseconds) == [780_000, 1_590_000])
    #expect(figures.finalStretch?.lapMilliseconds == 410_000)

    // The migrated journal takes new events.
    try journal.append(RideEvent(.pause, at: ms(31_000)), ride: 2, wallMilliseconds: now.wallMilliseconds + 1_000)
    try journal.append(RideEvent(.finish, at: ms(32_000)), ride: 2, wallMilliseconds: now.wallMilliseconds + 2_000)
    #expect(try journal.nextRideNumber() == 3)
    try journal.append(RideEvent(.start, at: ms(40_000)), ride: 3, wallMilliseconds: now.wallMilliseconds + 10_000)
    let history = try reader.rides(now: Now(monotonic: ms(41_000), wallMilliseconds: now.wallMilliseconds + 11_000))
    #expect(history.map(\.ride.number) == [3, 2, 1])
    #expect(history[1].isFinished && history[1].moving == .seconds(1_201))
  }

  @Test func openingTwiceMigratesOnce() throws {
    let temp = try copyOfTheV1Fixture()
    defer { temp.remove() }
    _ = try Journal.open(dataDirectory: temp.path, bootID: "now-boot")
    let again = try Journal.open(dataDirectory: temp.path, bootID: "now-boot")
    #expect(try again.appliedMigrations() == Schema.identifiers)
  }
}

@Suite("A new journal: created in one transaction, the same as migrated step by step")
struct NewJournalTests {
  /// The schema (every table's, index's and trigger's SQL) and the applied migrations.
  static func schema(_ path: String) throws -> (sql: [String], applied: [String]) {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
      (
        try String.fetchAll(
          db, sql: "SELECT coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
      )
    }
  }

  @Test func aNewJournalHasTheSchemaOfEveryMigration() throws {
    let created = TemporaryDirectory()
    let migrated = TemporaryDirectory()
    defer {
      created.remove()
      migrated.remove()
    }
    // Made by `Journal.open` (all at once) and by the migrator alone, step by step.
    try Journal.open(dataDirectory: created.path, bootID: "now-boot").close()
    let queue = try DatabaseQueue(path: migrated.file("splits.sqlite"))
    try Schema.migrator.migrate(queue)
    try queue.close()
    let once = try Self.schema(created.file("splits.sqlite"))
    let stepwise = try Self.schema(migrated.file("splits.sqlite"))
    #expect(once.sql == stepwise.sql)
    #expect(once.applied == Schema.identifiers.sorted())
    #expect(once.applied == stepwise.applied)
    // Opened again, nothing is left to migrate and it works as a journal.
    let journal = try Journal.open(dataDirectory: created.path, bootID: "now-boot")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_795_421_400_000)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: created.path, bootID: "now-boot", checkIntegrity: true))
    #expect(try reader.appliedMigrations() == Schema.identifiers)
    #expect(try reader.currentRide(now: Now(monotonic: ms(2_000), wallMilliseconds: 1_795_421_401_000))?.phase == .running)
  }

  /// Created at once, nothing is left to the migrator; a database that has tables is left
  /// to it (created at once only when empty).
  @Test func createdAtOnceLeavesNothingToMigrate() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try FileManager.default.createDirectory(atPath: temp.path, withIntermediateDirectories: true)
    let path = temp.file("splits.sqlite")
    #expect(writeFile([], to: path))
    let queue = try DatabaseQueue(path: path)
    try Schema.createAtOnce(queue)
    // The migrator finds nothing left: no migration runs.
    #expect(try queue.read { db in try Schema.migrator.hasCompletedMigrations(db) })
    // A database with tables is left to the migrator.
    try Schema.createAtOnce(queue)
    #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") } == Schema.identifiers.count)
    try queue.close()
  }
}
