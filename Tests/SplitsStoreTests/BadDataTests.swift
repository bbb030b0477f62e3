import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
import SplitsClock
import SplitsReports
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The sqlite3 command-line tool (installed with the test dependencies), to make files this
/// version did not write.
func sqlite3(_ path: String, _ sql: String) throws {
  let tool = try #require(Spawn.which("sqlite3"), "sqlite3 is needed: make test installs it")
  let result = try Spawn.run([tool, path, sql], timeout: nil)
  try #require(result.shellStatus == 0, "sqlite3: \(result.output)")
}

@Suite("Bad data: refused with the file named, never modified")
struct BadDataTests {
  /// Opening for writing and reading both refuse, name the file, and leave it byte for byte.
  func expectRefused(_ directory: String, _ check: (JournalError.Reason) -> Bool) throws {
    let path = DataLocation.journalPath(in: directory)
    let before = bytes(of: path)
    for attempt in 0..<2 {
      do {
        if attempt == 0 {
          _ = try Journal.open(dataDirectory: directory, bootID: "b")
        } else {
          _ = try JournalReader.open(dataDirectory: directory, bootID: "b", checkIntegrity: true)
        }
        Issue.record("opening \(path) should have failed (attempt \(attempt))")
      } catch let error as JournalError {
        #expect(error.path == path)
        #expect(error.description.contains(path))
        #expect(check(error.reason), "\(error)")
      }
      #expect(bytes(of: path) == before, "the file changed")
    }
  }

  @Test func notADatabase() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    var rng = SystemRandomNumberGenerator()
    writeFile((0..<8192).map { _ in UInt8.random(in: 0...255, using: &rng) }, to: temp.file("splits.sqlite"))
    try expectRefused(temp.path) {
      if case .corrupt = $0 { return true }
      return false
    }
  }

  @Test func aDamagedJournal() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
      try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
      for i in 1...300 {
        try journal.append(RideEvent(.lap, at: ms(Int64(i))), ride: 1, wallMilliseconds: Int64(i))
      }
      try journal.close()
    }
    let path = temp.file("splits.sqlite")
    var data = try #require(bytes(of: path))
    try #require(data.count > 4096 * 3)
    // Scribble over the second page (a b-tree page of the journal's tables).
    for i in 4096..<(4096 + 600) { data[i] = UInt8(truncatingIfNeeded: i &* 7) }
    writeFile(data, to: path)
    try expectRefused(temp.path) {
      if case .corrupt = $0 { return true }
      return false
    }
  }

  @Test func aNewerSchema() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
      try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
      try journal.close()
    }
    try sqlite3(
      temp.file("splits.sqlite"),
      "INSERT INTO grdb_migrations VALUES ('v9-from-the-future'); ALTER TABLE rides ADD COLUMN future TEXT;")
    try expectRefused(temp.path) { $0 == .newerSchema(["v9-from-the-future"]) }
    #expect(
      JournalError(path: "/x/splits.sqlite", reason: .newerSchema(["v9"])).description.contains("newer version"))
  }

  @Test func someoneElsesDatabase() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try sqlite3(temp.file("splits.sqlite"), "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('a');")
    try expectRefused(temp.path) {
      if case .corrupt = $0 { return true }
      return false
    }
  }

  @Test func unreadable() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    // A directory where the file should be (permission bits do not stop root, who runs CI).
    try FileManager.default.createDirectory(atPath: temp.file("splits.sqlite"), withIntermediateDirectories: false)
    for attempt in 0..<2 {
      do {
        if attempt == 0 {
          _ = try Journal.open(dataDirectory: temp.path, bootID: "b")
        } else {
          _ = try JournalReader.open(dataDirectory: temp.path, bootID: "b")
        }
        Issue.record("opening should have failed")
      } catch let error as JournalError {
        #expect(error.description.contains(temp.file("splits.sqlite")), "\(error)")
      }
    }
  }

  @Test func aDataDirectoryThatIsAFile() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    writeFile([1, 2, 3], to: temp.file("data"))
    #expect(throws: JournalError.self) { try Journal.open(dataDirectory: temp.file("data"), bootID: "b") }
    #expect(bytes(of: temp.file("data")) == [1, 2, 3])
  }
}

/// Rows whose clock readings no clock gives (`decisions.md`, 2026-11-23): a boot-clock reading
/// below zero is refused with the file and the event named; readings at the ends of Int64
/// otherwise are restored within a hundred years of now, and status, history, show and the
/// exports print them without trapping.
@Suite("Bad data: clock readings at the ends of Int64 never trap")
struct ExtremeReadingTests {
  /// 2026-11-22T03:00:00Z
  static let wall0: Int64 = 1_795_316_400_000
  /// A fixed now on the boot "b": 250 s after it booted.
  static let now = Now(monotonic: ms(250_000), wallMilliseconds: wall0 + 250_000)

  /// Appends `events` (kind, boot-clock ns, wall ms) as ride `ride`, written on boot `boot`.
  /// `Journal.append` stores what it is given, as a damaged or hand-edited file would hold it.
  func append(
    _ directory: String, boot: String, ride: Int, _ events: [(RideEvent.Kind, Int64, Int64)]
  ) throws {
    let journal = try Journal.open(dataDirectory: directory, bootID: boot)
    for (kind, boottime, wall) in events {
      try journal.append(RideEvent(kind, at: Instant(nanoseconds: boottime)), ride: ride, wallMilliseconds: wall)
    }
    try journal.close()
  }

  /// Rides 1-3 finished on an earlier boot, with wall times at both ends of Int64 and
  /// boot-clock readings 2^63 ns apart; ride 4 open, started at 0 on an earlier boot with a
  /// lap at Int64.max there. (On this boot, "b", a reading ahead of its clock is damage:
  /// `aBootClockReadingAheadOfThisBootsClockIsRefused`.)
  func extremeJournal(_ directory: String) throws {
    try append(
      directory, boot: "old", ride: 1,
      [(.start, 0, .min), (.lap, .max, .max), (.pause, .max, .min), (.finish, .max, .max)])
    // Two rides started at wall Int64.max: their TCX ids collide at the end of Int64, and a
    // lap's start is Int64.max plus a second.
    for ride in 2...3 {
      try append(
        directory, boot: "old", ride: ride,
        [(.start, 0, .max), (.lap, 1_000_000_000, .max), (.pause, 2_000_000_000, .max), (.finish, 2_000_000_000, .max)])
    }
    try append(directory, boot: "earlier", ride: 4, [(.start, 0, Self.wall0), (.lap, .max, Self.wall0 + 1)])
  }

  @Test func readingsAtTheEndsOfInt64AreRestoredWithinAHundredYears() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try extremeJournal(temp.path)
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "b", checkIntegrity: true))

    // status: ride 4's lap at Int64.max on its boot, 2^63 ns after its start, puts the start
    // a hundred years back.
    let current = try #require(try reader.currentRide(now: Self.now))
    #expect(current.ride.number == 4)
    #expect(current.moving == Restore.maximumSpan)
    #expect(try StatusReport.line(current, format: nil, precision: .s, strings: .english) == "▶ 876600:00:00 · lap 2")
    let status = try #require(
      try JSONSerialization.jsonObject(with: Data(StatusReport.json(current).utf8)) as? [String: Any])
    #expect(status["moving_ms"] as? Int64 == 3_155_760_000_000)
    let placeholders = StatusReport.placeholders.map { "{\($0.name)}" }.joined(separator: " ")
    _ = try StatusReport.line(current, format: placeholders, precision: .cs, strings: .korean)
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    #expect(try journal.restoreCurrentRide(now: Self.now) == current)
    try journal.close()

    // history, show and export: ride 1 started a hundred years before it finished, at the
    // wall clock's Int64.min.
    let rides = try reader.rides(now: Self.now)
    #expect(rides.map(\.ride.number) == [4, 3, 2, 1])
    #expect(try reader.ride(number: 1, now: Self.now) == rides[3])
    let figures = rides.map(RideFigures.init)
    #expect(figures[3].movingMilliseconds == 3_155_760_000_000)
    #expect(figures[3].startedAtWallMilliseconds == .min)
    #expect(figures[3].finishedAtWallMilliseconds == .max)
    #expect(WallTime.iso8601(.min) == "-292275055-05-16T16:47:04Z")
    #expect(WallTime.iso8601(.max) == "292278994-08-17T07:12:55Z")
    // East and west of UTC: the local time of each end saturates there.
    for zone in ["UTC", "Asia/Seoul", "America/New_York"] {
      let timeZone = try #require(TimeZone(identifier: zone))
      let table = HistoryReport.table(figures, strings: .english, timeZone: timeZone)
      #expect(table.split(separator: "\n").count == 5, "\(zone)")
      for ride in figures { _ = HistoryReport.show(ride, strings: .korean, timeZone: timeZone) }
    }
    let history = try JSONSerialization.jsonObject(with: Data(HistoryReport.json(figures).utf8)) as? [[String: Any]]
    #expect(history?.count == 4)
    let finished = Array(figures.filter { $0.state == .finished }.reversed())
    #expect(finished.map(\.number) == [1, 2, 3])
    let csv = Export.csv(finished)
    #expect(csv.components(separatedBy: "\r\n").count == 1 + 1 + 2 + 2 + 1)
    let exported = try JSONSerialization.jsonObject(with: Data(Export.json(finished).utf8)) as? [String: Any]
    #expect((exported?["rides"] as? [Any])?.count == 3)
    let tcx = Export.tcx(finished)
    // Ride 3's id comes after ride 2's Int64.max: it wraps to Int64.min, still unique.
    #expect(tcx.contains("<Id>292278994-08-17T07:12:55.807Z</Id>"))
    #expect(tcx.contains("<Id>-292275055-05-16T16:47:04.192Z</Id>"))
    #expect(tcx.components(separatedBy: "<Lap ").count - 1 == 1 + 2 + 2)
  }

  @Test func aBootClockReadingBelowZeroIsRefusedWithTheFileAndTheEventNamed() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try append(
      temp.path, boot: "old", ride: 1,
      [(.start, 0, Self.wall0), (.pause, 1_000_000_000, Self.wall0), (.finish, 1_000_000_000, Self.wall0)])
    try append(temp.path, boot: "b", ride: 2, [(.start, 0, Self.wall0), (.lap, .min, Self.wall0 + 1)])
    let path = DataLocation.journalPath(in: temp.path)
    let before = bytes(of: path)
    func expectRefusal(_ body: () throws -> Void) {
      do {
        try body()
        Issue.record("reading \(path) should have failed")
      } catch let error as JournalError {
        #expect(error.path == path)
        #expect(
          error.reason
            == .corrupt("event 5 of ride 2 has boottime_ns -9223372036854775808; the boot clock never reads below zero"))
        #expect(error.description.contains(path) && error.description.contains("-9223372036854775808"), "\(error)")
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "b"))
    expectRefusal { _ = try reader.currentRide(now: Self.now) }
    expectRefusal { _ = try reader.ride(number: 2, now: Self.now) }
    expectRefusal { _ = try reader.rides(now: Self.now) }
    // Ride 1, asked for by its number, is still shown and exported.
    #expect(try reader.ride(number: 1, now: Self.now)?.isFinished == true)
    #expect(bytes(of: path) == before, "the file changed")
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    expectRefusal { _ = try journal.restoreCurrentRide(now: Self.now) }
    try journal.close()
  }

  @Test func aRideNumberedIntMaxLeavesNoNumberForTheNext() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    // Open, it is the current ride as any other.
    try append(temp.path, boot: "b", ride: .max, [(.start, 0, Self.wall0), (.pause, 1_000_000_000, Self.wall0)])
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "b"))
    #expect(try reader.currentRide(now: Self.now)?.ride.number == .max)
    // Finished, the next ride would need Int.max + 1.
    try append(temp.path, boot: "b", ride: .max, [(.finish, 2_000_000_000, Self.wall0)])
    let path = DataLocation.journalPath(in: temp.path)
    let expected = JournalError(path: path, reason: .corrupt("ride \(Int.max) leaves no number for the next ride"))
    #expect(throws: expected) { try reader.currentRide(now: Self.now) }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    #expect(throws: expected) { try journal.nextRideNumber() }
    #expect(throws: expected) { try journal.restoreCurrentRide(now: Self.now) }
    try journal.close()
    #expect(try reader.rides(now: Self.now).map(\.ride.number) == [.max])
  }
}

extension BadDataTests {
  @Test func anUnknownStepEndIsDamageNamedWithItsEvent() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "bad-step-end")
      try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
      try journal.append(RideEvent(.lap, at: ms(2_000), stepEnd: .time), ride: 1, wallMilliseconds: 0)
      try journal.close()
    }
    try sqlite3(temp.file("splits.sqlite"), "UPDATE events SET step_end = 'sideways' WHERE step_end = 'time'")
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "bad-step-end")
    #expect {
      try journal.restoreCurrentRide(now: Now(monotonic: ms(3_000), wallMilliseconds: 0))
    } throws: { error in
      "\(error)".contains("step_end 'sideways'")
    }
  }

  @Test func anUnknownSportIsDamageNamedWithItsRide() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "bad-sport")
      try journal.append(RideEvent(.start, at: ms(1_000), sport: .running), ride: 1, wallMilliseconds: 0)
      try journal.close()
    }
    try sqlite3(temp.file("splits.sqlite"), "UPDATE rides SET sport = 'curling'")
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "bad-sport")
    #expect {
      try journal.restoreCurrentRide(now: Now(monotonic: ms(3_000), wallMilliseconds: 0))
    } throws: { error in
      "\(error)".contains("ride 1 has sport 'curling'")
    }
  }
}

/// A damaged journal gets a message, never a crash or a hang (issue: "A damaged journal gets
/// a message").
@Suite("Bad data: a damaged journal is a message, never a crash or a hang", .timeLimit(.minutes(1)))
struct JournalDamageTests {
  /// A journal of ride 1 (a start and two laps) and a finished ride 2 with a workout, written
  /// on boot "b", closed.
  func journal(_ directory: String) throws {
    let journal = try Journal.open(dataDirectory: directory, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    try journal.append(RideEvent(.pause, at: ms(2_000)), ride: 1, wallMilliseconds: 2_000)
    try journal.append(RideEvent(.finish, at: ms(2_000)), ride: 1, wallMilliseconds: 2_000)
    let workout = WorkoutSource(text: "# Climb\n- Climb 5s\n", fileName: "climb.txt")
    try journal.append(RideEvent(.start, at: ms(3_000), workout: workout), ride: 2, wallMilliseconds: 3_000)
    try journal.append(RideEvent(.lap, at: ms(4_000)), ride: 2, wallMilliseconds: 4_000)
    try journal.close()
  }

  static let now = Now(monotonic: ms(10_000), wallMilliseconds: 10_000)

  /// Every read of the screen and of the read-only commands refuses with `check`, and the
  /// file is left byte for byte.
  func expectEveryReadRefused(
    _ directory: String, ride: Int = 2, _ check: (JournalError) -> Bool
  ) throws {
    let path = DataLocation.journalPath(in: directory)
    let before = bytes(of: path)
    func refused(_ what: String, _ body: () throws -> Void) {
      do {
        try body()
        Issue.record("\(what) should have failed")
      } catch let error as JournalError {
        #expect(error.path == path, "\(what)")
        #expect(error.description.contains("left untouched"), "\(what): \(error)")
        #expect(check(error), "\(what): \(error)")
      } catch {
        Issue.record("\(what): unexpected \(error)")
      }
    }
    refused("the screen") {
      let journal = try Journal.open(dataDirectory: directory, bootID: "b")
      defer { try? journal.close() }
      _ = try journal.restoreCurrentRide(now: Self.now)
    }
    if let reader = try JournalReader.open(dataDirectory: directory, bootID: "b", checkIntegrity: true) {
      refused("status") { _ = try reader.currentRide(now: Self.now) }
      refused("history") { _ = try reader.rides(now: Self.now) }
      refused("show") { _ = try reader.ride(number: ride, now: Self.now) }
    } else {
      Issue.record("no journal in \(directory)")
    }
    #expect(bytes(of: path) == before, "the file changed")
  }

  /// The NOT NULL constraints of `table` taken away, as `PRAGMA writable_schema` can; the
  /// integrity check still passes.
  func loosen(_ path: String, table: String) throws {
    try sqlite3(
      path,
      "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, ' NOT NULL', '') WHERE name = '\(table)';")
  }

  struct Stray: Sendable, CustomTestStringConvertible {
    var table: String
    var column: String
    var value: String
    var message: String
    var testDescription: String { "\(table).\(column) = \(value)" }
  }

  static let strays: [Stray] = [
    Stray(table: "events", column: "boot_id", value: "NULL", message: "event 5 of ride 2 has boot_id NULL"),
    Stray(table: "events", column: "kind", value: "NULL", message: "event 5 of ride 2 has kind NULL"),
    Stray(table: "events", column: "wall_ms", value: "NULL", message: "event 5 of ride 2 has wall_ms NULL"),
    Stray(table: "events", column: "boottime_ns", value: "NULL", message: "event 5 of ride 2 has boottime_ns NULL"),
    Stray(table: "events", column: "boottime_ns", value: "'soon'", message: "event 5 of ride 2 has boottime_ns \"soon\""),
    Stray(table: "events", column: "countdown_steps", value: "NULL", message: "event 5 of ride 2 has countdown_steps NULL"),
    Stray(table: "workouts", column: "text", value: "NULL", message: "the workout of ride 2 has text NULL"),
  ]

  /// Was: GRDB's fatal error (exit 132, a backtrace) in the screen and every command.
  @Test("a NULL or a stray value in a journal column is damage, named, the file untouched", arguments: strays)
  func aStrayValueIsDamageNotACrash(_ stray: Stray) throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try journal(temp.path)
    let path = temp.file("splits.sqlite")
    try loosen(path, table: stray.table)
    let filter = stray.table == "events" ? "id = 5" : "ride = 2"
    try sqlite3(path, "UPDATE \(stray.table) SET \(stray.column) = \(stray.value) WHERE \(filter)")
    try sqlite3(path, "PRAGMA integrity_check")
    try expectEveryReadRefused(temp.path) { $0.reason == .corrupt(stray.message) }
  }

  @Test func anEventWithNoRideIsDamageInTheHistory() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try journal(temp.path)
    let path = temp.file("splits.sqlite")
    try loosen(path, table: "events")
    try sqlite3(path, "UPDATE events SET ride = NULL WHERE id = 5")
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "b"))
    #expect(throws: JournalError(path: path, reason: .corrupt("event 5 has ride NULL"))) {
      try reader.rides(now: Self.now)
    }
  }

  /// Was: accepted, and the ride then finished at "Moving 876600:24:58".
  @Test func aBootClockReadingAheadOfThisBootsClockIsRefused() throws {
    for reading in [Self.now.monotonic.nanoseconds + 1, .max] {
      let temp = TemporaryDirectory()
      defer { temp.remove() }
      try journal(temp.path)
      do {
        let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
        try journal.append(RideEvent(.lap, at: Instant(nanoseconds: reading)), ride: 2, wallMilliseconds: 5_000)
        try journal.close()
      }
      try expectEveryReadRefused(temp.path) {
        $0.reason
          == .corrupt(
            "event 6 of ride 2 has boottime_ns \(reading) on this boot, whose clock reads 10000000000 now; "
              + "the boot clock never reads ahead of itself")
      }
    }
  }

  @Test func aReadingOfThisBootAtItsClockOrOfAnotherBootAheadOfItIsRead() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try journal(temp.path)
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try journal.append(RideEvent(.lap, at: Self.now.monotonic), ride: 2, wallMilliseconds: 5_000)
    #expect(try journal.restoreCurrentRide(now: Self.now).lapElapsed.count == 2)
    try journal.close()
    // Read on another boot, "b"'s readings are only differences.
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "c"))
    #expect(try reader.rides(now: Now(monotonic: ms(1), wallMilliseconds: 10_000)).count == 2)
  }

  /// A screen may write an event after a reader read its clock and before it reads the
  /// journal: that event is not ahead of the clock, which is read again before refusing.
  @Test func anEventWrittenAfterTheReaderReadItsClockIsNotDamage() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let boot = SystemClocks.bootID()
    try #require(!boot.isEmpty, "the boot id cannot be read here")
    let earlier = SystemClocks.now()
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: SystemClocks.boot()), ride: 1, wallMilliseconds: earlier.wallMilliseconds)
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    #expect(try reader.currentRide(now: earlier)?.ride.number == 1)
    #expect(try journal.restoreCurrentRide(now: earlier).ride.number == 1)
    try journal.close()
  }

  /// Was: every command, `status` in a status bar included, waited for ever.
  @Test func aNamedPipeIsRefusedNotWaitedFor() throws {
    for name in ["splits.sqlite", "splits.sqlite-wal", "splits.sqlite-shm"] {
      let temp = TemporaryDirectory()
      defer { temp.remove() }
      if name != "splits.sqlite" { try journal(temp.path) }
      try #require(mkfifo(temp.file(name), 0o600) == 0)
      for attempt in 0..<2 {
        do {
          if attempt == 0 {
            _ = try Journal.open(dataDirectory: temp.path, bootID: "b")
          } else {
            _ = try JournalReader.open(dataDirectory: temp.path, bootID: "b")
          }
          Issue.record("opening with a named pipe at \(name) should have failed")
        } catch let error as JournalError {
          #expect(error.path == temp.file(name))
          #expect(error.reason == .unreadable("it is a named pipe (FIFO), not a regular file; it was left untouched"))
          #expect(error.description.contains(temp.file(name)), "\(error)")
        }
      }
    }
  }

  @Test func aSymbolicLinkIsRefused() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try FileManager.default.createDirectory(atPath: temp.file("elsewhere"), withIntermediateDirectories: false)
    try journal(temp.file("elsewhere"))
    try #require(symlink(temp.file("elsewhere/splits.sqlite"), temp.file("splits.sqlite")) == 0)
    #expect(throws: JournalError.self) { try Journal.open(dataDirectory: temp.path, bootID: "b") }
    #expect {
      try JournalReader.open(dataDirectory: temp.path, bootID: "b")
    } throws: { "\($0)".contains("it is a symbolic link") }
  }

  /// Was: the screen went on committing into the deleted log: `status` read the journal
  /// without it ("no ride") and a crash lost every event. Now each write first notices,
  /// saves what the log held into the journal, and opens a new log.
  @Test func aDeletedWriteAheadLogLosesNothingAtTheNextWrite() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    for lap in 1...3 {
      try journal.append(RideEvent(.lap, at: ms(1_000 + Int64(lap))), ride: 1, wallMilliseconds: 1_000)
    }
    try #require(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    for lap in 4...7 {
      try journal.append(RideEvent(.lap, at: ms(1_000 + Int64(lap))), ride: 1, wallMilliseconds: 1_000)
    }
    #expect(FileManager.default.fileExists(atPath: path + "-wal"), "a new write-ahead log")
    // What a `kill -9` now would leave: the files as they are, copied elsewhere.
    let crashed = TemporaryDirectory()
    defer { crashed.remove() }
    for suffix in ["", "-wal"] {
      try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed.file("splits.sqlite" + suffix))
    }
    for directory in [temp.path, crashed.path] {
      let reader = try #require(try JournalReader.open(dataDirectory: directory, bootID: "b", checkIntegrity: true))
      #expect(try reader.currentRide(now: Self.now)?.lapElapsed.count == 7, "\(directory)")
    }
    #expect(try journal.restoreCurrentRide(now: Self.now).lapElapsed.count == 7)
    try journal.close()
  }

  @Test func aDeletedWriteAheadLogIsSavedWhenTheScreenCloses() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    try journal.append(RideEvent(.lap, at: ms(2_000)), ride: 1, wallMilliseconds: 2_000)
    try #require(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "b", checkIntegrity: true))
    #expect(try reader.currentRide(now: Self.now)?.lapElapsed.count == 1)
  }

  @Test func aDeletedJournalFileIsAWriteFailureNotANewJournal() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    #expect {
      try journal.append(RideEvent(.lap, at: ms(2_000)), ride: 1, wallMilliseconds: 2_000)
    } throws: { error in
      guard let error = error as? JournalError, case .writeFailed(let why) = error.reason else { return false }
      return why.contains("deleted") && error.isTransient
    }
    #expect(!FileManager.default.fileExists(atPath: path), "no new, empty journal")
    try? journal.close()
  }
}
