import SplitsCore
import SplitsStore
import SplitsTestSupport
import SplitsTestSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import SplitsFollow

/// `status --follow` reads through one journal reader, kept while the journal's files stay
/// the same: every reader it opens becomes the kept one, not one opened again at every read
/// (`StatusFollower.journal()`).
@MainActor
@Suite("status --follow keeps the reader it opens")
struct FollowerReaderTests {
  func follower(_ directory: String) -> StatusFollower {
    StatusFollower(
      directory: directory, json: false, format: "{state}", precision: .s, strings: .of(.en),
      plans: { _ in nil })
  }

  /// A journal with one ride started in `directory`.
  func makeJournal(_ directory: String) throws {
    let journal = try Journal.open(dataDirectory: directory, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
    try journal.close()
  }

  @Test("a journal made between the look at its files and the open: its reader is kept")
  func journalAppearingDuringTheOpen() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try makeJournal(temp.path)
    let follower = follower(temp.path)
    // The look finds no journal (the screen had not made it yet); the open finds it.
    var looks = 0
    follower.fileIdentity = { path in
      looks += 1
      return looks == 1 ? nil : StatusFollower.identity(path)
    }
    let read = try #require(try follower.journal())
    #expect(follower.reader === read)
    #expect(follower.readerIdentity == StatusFollower.identity(DataLocation.journalPath(in: temp.path)))
    // Read again with nothing changed: the same reader, none opened.
    #expect(try follower.journal() === read)
  }

  @Test("no journal, then an empty one, then its tables: the reader of each kept until replaced")
  func everyReaderKept() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let follower = follower(temp.path)
    #expect(try follower.journal() == nil)
    #expect(follower.reader == nil)

    // The file the screen makes first, with no tables yet.
    let path = DataLocation.journalPath(in: temp.path)
    #expect(writeFile([], to: path, mode: 0o600))
    let empty = try #require(try follower.journal())
    #expect(empty.isEmpty)
    #expect(follower.reader === empty)

    // Its tables made: a new reader (the empty file's one is closed, its connection kept for
    // the process: JournalReader.deinit, ReaderLifetimeTests).
    try makeJournal(temp.path)
    let made = try #require(try follower.journal())
    #expect(made !== empty)
    #expect(!made.isEmpty)
    #expect(follower.reader === made)
  }
}
