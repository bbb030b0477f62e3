import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

private let boot = "journal-test-boot"
private let wall0: Int64 = 1_795_316_400_000

@Suite("Journal: every event committed, the current ride restored")
struct JournalTests {
  @Test func createsAPrivateDirectoryAndFileInWALMode() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let directory = temp.file("deep/er/splits")
    let journal = try Journal.open(dataDirectory: directory, bootID: boot)
    #expect(journal.path == directory + "/splits.sqlite")
    #expect(mode(of: directory) == 0o700)
    #expect(mode(of: temp.file("deep")) == 0o700)
    #expect(mode(of: journal.path) == 0o600)
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
    // The WAL file SQLite creates takes the database file's mode.
    #expect(mode(of: journal.path + "-wal") == 0o600)
    // Bytes 18 and 19 of the header are 2 in WAL mode.
    let header = bytes(of: journal.path) ?? []
    #expect(header.count >= 100 && header[18] == 2 && header[19] == 2)
    #expect(try journal.appliedMigrations() == Schema.identifiers)
  }

  @Test func aReaderInADirectoryItCannotWriteOpensTheFileImmutable() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    // A name SQLite's URIs would misread unless escaped.
    let directory = temp.file("a?b#c%d e")
    do {
      let journal = try Journal.open(dataDirectory: directory, bootID: boot)
      try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
      try journal.append(RideEvent(.lap, at: ms(61_000)), ride: 1, wallMilliseconds: wall0 + 60_000)
    }
    let path = directory + "/splits.sqlite"
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closing the journal checkpoints it")
    #expect(JournalReader.openingPath(path, directoryWritable: true) == path)
    #expect(JournalReader.openingPath(path, directoryWritable: false).hasSuffix("?immutable=1"))
    // As a read-only mount would: the directory refuses the -shm file a WAL reader needs.
    let reader = try #require(try JournalReader.open(dataDirectory: directory, bootID: boot, directoryWritable: false))
    let ride = try #require(try reader.currentRide(now: Now(monotonic: ms(121_000), wallMilliseconds: wall0 + 120_000)))
    #expect(ride.phase == .running)
    #expect(ride.ride.splits == [.seconds(60)])
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "an immutable reader creates no -shm")
  }

  @Test func anExistingDirectoryKeepsItsMode() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    chmod(temp.path, 0o755)
    _ = try Journal.open(dataDirectory: temp.path, bootID: boot)
    #expect(mode(of: temp.path) == 0o755)
  }

  @Test func eventsSurviveReopeningAndRestoreTheRide() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
      #expect(try journal.nextRideNumber() == 1)
      let fresh = try journal.restoreCurrentRide(now: Now(monotonic: ms(0), wallMilliseconds: wall0))
      #expect(fresh.ride == Ride(number: 1))
      try journal.append(RideEvent(.start, at: ms(10_000)), ride: 1, wallMilliseconds: wall0 + 10_000)
      try journal.append(RideEvent(.lap, at: ms(70_000)), ride: 1, wallMilliseconds: wall0 + 70_000)
      try journal.append(RideEvent(.pause, at: ms(100_000)), ride: 1, wallMilliseconds: wall0 + 100_000)
      try journal.append(RideEvent(.resume, at: ms(160_000)), ride: 1, wallMilliseconds: wall0 + 160_000)
    }
    // A new process on the same boot, the wall clock an hour ahead.
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    let restored = try journal.restoreCurrentRide(now: Now(monotonic: ms(200_000), wallMilliseconds: wall0 + 3_800_000))
    #expect(restored.phase == .running)
    #expect(restored.moving == .seconds(130))
    #expect(restored.elapsed == .seconds(190))
    #expect(restored.ride.splits == [.seconds(60)])
    #expect(restored.startedAtWallMilliseconds == wall0 + 10_000)
  }

  @Test func finishClosesTheRideAndTheNextOneFollows() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: wall0)
    try journal.append(RideEvent(.pause, at: ms(5_000)), ride: 1, wallMilliseconds: wall0 + 5_000)
    try journal.append(RideEvent(.finish, at: ms(6_000)), ride: 1, wallMilliseconds: wall0 + 6_000)
    #expect(try journal.nextRideNumber() == 2)
    let next = try journal.restoreCurrentRide(now: Now(monotonic: ms(7_000), wallMilliseconds: wall0 + 7_000))
    #expect(next.ride == Ride(number: 2))
    #expect(next.events.isEmpty)

    // The finished ride refuses more events; a ride that is not the open one is refused.
    #expect(throws: JournalError(path: journal.path, reason: .rideFinished(1))) {
      try journal.append(RideEvent(.resume, at: ms(8_000)), ride: 1, wallMilliseconds: wall0 + 8_000)
    }
    try journal.append(RideEvent(.start, at: ms(9_000)), ride: 2, wallMilliseconds: wall0 + 9_000)
    #expect(throws: JournalError(path: journal.path, reason: .wrongRide(given: 3, open: 2))) {
      try journal.append(RideEvent(.lap, at: ms(9_500)), ride: 3, wallMilliseconds: wall0 + 9_500)
    }

    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    let rides = try reader.rides(now: Now(monotonic: ms(10_000), wallMilliseconds: wall0 + 10_000))
    #expect(rides.map(\.ride.number) == [2, 1])
    #expect(rides[1].isFinished && rides[1].moving == .seconds(5) && rides[1].paused == .seconds(1))
    #expect(rides[0].phase == .running && rides[0].moving == .seconds(1))
  }

  @Test func aCancelledCountdownKeepsTheRideNumberOpen() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.countdownStart, at: ms(0), countdownSteps: 3), ride: 1, wallMilliseconds: wall0)
    try journal.append(RideEvent(.countdownCancel, at: ms(1_000)), ride: 1, wallMilliseconds: wall0 + 1_000)
    let restored = try journal.restoreCurrentRide(now: Now(monotonic: ms(2_000), wallMilliseconds: wall0 + 2_000))
    #expect(restored.ride.number == 1 && restored.phase == .ready)
    try journal.append(RideEvent(.start, at: ms(3_000)), ride: 1, wallMilliseconds: wall0 + 3_000)
    // History lists only rides that started.
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    #expect(try reader.rides(now: Now(monotonic: ms(4_000), wallMilliseconds: wall0 + 4_000)).count == 1)
  }

  @Test func theReaderReadsWhileTheScreenWritesAndChangesNothing() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    // No journal yet: nothing, and nothing created.
    #expect(try JournalReader.open(dataDirectory: temp.file("none"), bootID: boot) == nil)
    #expect(!FileManager.default.fileExists(atPath: temp.file("none")))

    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    #expect(try reader.currentRide(now: Now(monotonic: ms(0), wallMilliseconds: wall0)) == nil)
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: wall0 + 1_000)
    for i in 1...50 {
      try journal.append(RideEvent(.lap, at: ms(1_000 + Int64(i) * 100)), ride: 1, wallMilliseconds: wall0 + 1_000)
      let seen = try reader.currentRide(now: Now(monotonic: ms(20_000), wallMilliseconds: wall0 + 20_000))
      #expect(seen?.ride.splits.count == i)
    }
    #expect(try reader.hasRides())
  }

  @Test func anEmptyFileIsAJournalWithNoRides() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    writeFile([], to: temp.file("splits.sqlite"))
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    #expect(try reader.currentRide(now: Now(monotonic: ms(0), wallMilliseconds: wall0)) == nil)
    #expect(try reader.rides(now: Now(monotonic: ms(0), wallMilliseconds: wall0)).isEmpty)
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    #expect(try journal.nextRideNumber() == 1)
  }

  @Test func aWriteThatFailsThrowsATransientErrorNamingTheFile() throws {
    // A closed database stands in for a full disk: the write fails, the error names the file
    // and says writing may work again (the runtime keeps the event and retries).
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: wall0)
    try journal.close()
    #expect(throws: JournalError.self) {
      try journal.append(RideEvent(.pause, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
    }
    do {
      try journal.append(RideEvent(.pause, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
    } catch let error as JournalError {
      #expect(error.description.contains(journal.path))
      #expect(error.isTransient)
    }
  }

  @Test func dataLocation() {
    #expect(DataLocation.directory(option: "/x", environment: ["SPLITS_DATA_DIR": "/y"]) == "/x")
    #expect(DataLocation.directory(option: nil, environment: ["SPLITS_DATA_DIR": "/y", "XDG_DATA_HOME": "/z"]) == "/y")
    #expect(DataLocation.directory(option: nil, environment: ["SPLITS_DATA_DIR": "", "XDG_DATA_HOME": "/z", "HOME": "/h"]) == "/z/splits")
    #expect(DataLocation.directory(option: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/splits")
    #expect(DataLocation.directory(option: nil, environment: [:]) == nil)
  }
}
