import GRDB
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

private let boot = "mark-test-boot"
private let day: Int64 = 86_400
private let wall0: Int64 = 1_795_316_400

/// A journal is read page by page before it is opened for writing, unless it is exactly as a
/// writer of its own left it on closing cleanly, less than a week after its last such read.
@Suite("The checked mark: a journal as its writer left it is not read page by page again")
struct CheckedMarkTests {
  /// A journal in `temp` with a ride of a few laps, closed cleanly at `wall0`.
  private func closedJournal(_ temp: TemporaryDirectory) throws {
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0)
    #expect(!journal.checkedPages, "a new journal has nothing to read")
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
    for i in 1...20 { try journal.append(RideEvent(.lap, at: ms(Int64(i))), ride: 1, wallMilliseconds: Int64(i)) }
    try journal.close()
  }

  private func opensChecked(_ temp: TemporaryDirectory, at wall: Int64 = wall0 + 60) throws -> Bool {
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall)
    defer { try? journal.close() }
    return journal.checkedPages
  }

  @Test func aJournalClosedCleanlyOpensWithoutItsPagesReadAndStaysSoRideAfterRide() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    #expect(FileManagerless.exists(temp.file("splits.checked")))
    #expect(try !opensChecked(temp))
    // Written and closed again: still as its writer left it.
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0 + 120)
      try journal.append(RideEvent(.finish, at: ms(30)), ride: 1, wallMilliseconds: 30)
      try journal.close()
    }
    #expect(try !opensChecked(temp, at: wall0 + 180))
  }

  @Test func aJournalWrittenByAnythingElseAfterItsMarkIsReadPageByPage() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    // Another writer that leaves no mark: SQLite's shell.
    try sqlite3(temp.file("splits.sqlite"), "UPDATE rides SET name = 'by hand' WHERE number = 1;")
    #expect(try opensChecked(temp))
  }

  @Test func aPageDamagedInPlaceAfterItsMarkIsFound() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0)
      for i in 21...300 { try journal.append(RideEvent(.lap, at: ms(Int64(i))), ride: 1, wallMilliseconds: Int64(i)) }
      try journal.close()
    }
    #expect(try !opensChecked(temp))
    // Scribbled over in place, the same file: its change time moves, whatever its other times.
    let path = temp.file("splits.sqlite")
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    try #require(fd >= 0)
    let scribble = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    #expect(scribble.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 4096) } == 600)
    close(fd)
    #expect(throws: JournalError.self) { _ = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0) }
  }

  @Test func aWriterThatStopsWithoutClosingLeavesItsJournalToBeRead() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    // Written, then dropped without `close` (as a process killed there): the WAL holds the
    // write, and another connection keeps it from being folded in on release.
    let reader = try DatabaseQueue(path: temp.file("splits.sqlite"))
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0 + 60)
      try journal.append(RideEvent(.pause, at: ms(25)), ride: 1, wallMilliseconds: 25)
    }
    #expect(try opensChecked(temp, at: wall0 + 120))
    try reader.close()
  }

  @Test func aLogLeftBesideTheJournalIsPartOfTheMark() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    // A follower keeps its connection: the writer's close leaves the -wal, which the mark holds.
    let follower = try DatabaseQueue(path: temp.file("splits.sqlite"))
    _ = try follower.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM events") }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0 + 60)
      try journal.append(RideEvent(.pause, at: ms(25)), ride: 1, wallMilliseconds: 25)
      try journal.close()
    }
    #expect(FileManagerless.exists(temp.file("splits.sqlite-wal")))
    let mark = try #require(CheckedMark.read(temp.file("splits.checked")))
    #expect(mark.log != nil)
    #expect(try !opensChecked(temp, at: wall0 + 120))
    // The log written to by another writer: read page by page.
    try follower.write { db in try db.execute(sql: "UPDATE rides SET name = 'x' WHERE number = 1") }
    #expect(try opensChecked(temp, at: wall0 + 180))
    try follower.close()
  }

  @Test func aWeekAfterItsLastReadOrWithTheClockSetBackItIsReadAgain() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    #expect(try !opensChecked(temp, at: wall0 + 7 * day - 1))
    // Each of those openings closed with the mark of the read at wall0, not a new one.
    #expect(try opensChecked(temp, at: wall0 + 7 * day))
    // That one read it: a week from then.
    #expect(try !opensChecked(temp, at: wall0 + 13 * day))
    #expect(try opensChecked(temp, at: wall0 - 1))
  }

  @Test func aMarkOthersMayWriteOrALinkOrAnythingElseIsNotTrusted() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try closedJournal(temp)
    let path = temp.file("splits.checked")
    let text = try #require(String(decoding: bytes(of: path) ?? [], as: UTF8.self) as String?)
    #expect(CheckedMark(text: text) != nil)
    chmod(path, 0o622)
    #expect(try opensChecked(temp))
    // (That opening closed with a mark of its own, of mode 0600.)
    #expect(mode(of: path).map { $0 & 0o777 } == 0o600)
    #expect(try !opensChecked(temp))
    // A link to a mark is not followed.
    let elsewhere = temp.file("mark-elsewhere")
    #expect(rename(path, elsewhere) == 0)
    #expect(symlink(elsewhere, path) == 0)
    #expect(CheckedMark.read(path) == nil)
    #expect(try opensChecked(temp))
    // Text that is not a mark.
    for bad in ["", "splits-checked 1\n", text.replacingOccurrences(of: "splits-checked 1", with: "splits-checked 2"),
      text + "more\n", String(text.dropLast(2)) + "x\n"]
    {
      #expect(CheckedMark(text: bad) == nil, "\(bad)")
    }
  }

  @Test func aJournalReplacedWhileOpenIsNotMarked() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot, wallSeconds: wall0)
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
    // Another file put in its place (a copy of it, then renamed over it).
    let copy = temp.file("copy.sqlite")
    writeFile(try #require(bytes(of: temp.file("splits.sqlite"))), to: copy)
    #expect(rename(copy, temp.file("splits.sqlite")) == 0)
    try journal.close()
    #expect(!FileManagerless.exists(temp.file("splits.checked")))
  }
}

/// Whether a file is there (`lstat`).
private enum FileManagerless {
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
