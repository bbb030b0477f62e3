import CWatch
import Foundation
import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A write looks at the journal's files (three `stat`s) only when the data directory's watch of
/// removals has something unread, or when there is no watch (`Journal.watchRemovals`).
@Suite("The journal's files looked at when the directory's watch says so")
struct RemovalsWatchTests {
  static let now = Now(monotonic: ms(10_000), wallMilliseconds: 10_000)

  /// A watch that says what the test sets.
  final class Said: Sendable {
    let quiet = Atomic<Bool>(true)
    var watch: @Sendable () -> Bool { { self.quiet.load(ordering: .relaxed) } }
  }

  func lap(_ journal: Journal, _ n: Int64) throws {
    try journal.append(RideEvent(.lap, at: ms(1_000 + n)), ride: 1, wallMilliseconds: 1_000)
  }

  /// The journal in `directory`, taking `watch` as its watch of removals, with a ride started
  /// and `laps` laps written.
  func started(in directory: String, watch: @escaping @Sendable () -> Bool, laps: Int) throws -> Journal {
    let journal = try Journal.open(dataDirectory: directory, bootID: "b")
    journal.watchRemovals(watch)
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    for n in 0..<laps { try lap(journal, Int64(n + 1)) }
    return journal
  }

  func laps(in directory: String) throws -> Int? {
    let reader = try JournalReader.open(dataDirectory: directory, bootID: "b", checkIntegrity: true)
    return try reader?.currentRide(now: Self.now)?.lapElapsed.count
  }

  /// While the watch is quiet, a write does not look: a log deleted behind a quiet watch (which
  /// a real one cannot be) is written on. Once the watch has something unread, the next write
  /// looks, saves the deleted log's commits into the journal and goes on in a new log.
  @Test func aQuietWatchSparesTheLookAndAnUnreadOneBringsItBack() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    let said = Said()
    let journal = try started(in: temp.path, watch: said.watch, laps: 2)
    try #require(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    try lap(journal, 3)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "no look: the write went into the deleted log")
    said.quiet.store(false, ordering: .relaxed)
    try lap(journal, 4)
    #expect(FileManager.default.fileExists(atPath: path + "-wal"), "looked: a new log")
    #expect(try laps(in: temp.path) == 4)
    try journal.close()
  }

  /// The watch's burst read (`noticeRemovedFiles`, after which the watch is quiet again) looks
  /// all the same.
  @Test func theNoticeOfARemovalLooksThoughTheWatchIsQuiet() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    let journal = try started(in: temp.path, watch: Said().watch, laps: 2)
    try #require(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    try journal.noticeRemovedFiles()
    #expect(FileManager.default.fileExists(atPath: path + "-wal"), "a new log")
    #expect(try laps(in: temp.path) == 2, "the deleted log's laps saved")
    try lap(journal, 3)
    #expect(try laps(in: temp.path) == 3)
    try journal.close()
  }

  /// A look that failed vouches for nothing: the journal file deleted, the notice fails, and
  /// every later write looks again and fails, though the watch is quiet (the write would
  /// otherwise go into the deleted file).
  @Test func aFailedLookVouchesForNothing() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    let journal = try started(in: temp.path, watch: Said().watch, laps: 1)
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    #expect(throws: JournalError.self) { try journal.noticeRemovedFiles() }
    for n: Int64 in 2...3 {
      #expect(throws: JournalError.self) { try lap(journal, n) }
    }
    try? journal.close()
  }

  /// The screen's own watch (`splits_watch_removals`), unread: a deleted log is noticed at the
  /// next write, and the data directory moved away is a write failure, not a write into the
  /// moved journal.
  @Test func theDirectorysWatchSeesADeletedLogAndTheDirectoryMoved() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let directory = temp.file("data")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let path = directory + "/splits.sqlite"
    // Opened before the watch starts: making the journal moves and deletes files of its own.
    let journal = try Journal.open(dataDirectory: directory, bootID: "b")
    let fd = splits_watch_open()
    try #require(fd >= 0 && splits_watch_removals(fd, directory) >= 0)
    defer { close(fd) }
    journal.watchRemovals { splits_watch_unread(fd) == 0 }
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    try lap(journal, 1)
    try lap(journal, 2)
    #expect(splits_watch_unread(fd) == 0, "the journal's own writes are not removals")
    try #require(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    #expect(splits_watch_unread(fd) > 0)
    try lap(journal, 3)
    #expect(FileManager.default.fileExists(atPath: path + "-wal"), "looked: a new log")
    #expect(try laps(in: directory) == 3)

    // Read, as the screen's loop reads it; then the directory itself moves.
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while read(fd, &buffer, buffer.count) > 0 {}
    try lap(journal, 4)
    try #require(rename(directory, temp.file("moved")) == 0)
    #expect(splits_watch_unread(fd) > 0)
    #expect {
      try lap(journal, 5)
    } throws: { error in
      guard let error = error as? JournalError, case .writeFailed(let why) = error.reason else { return false }
      return why.contains("deleted or replaced")
    }
    try? journal.close()
  }
}
