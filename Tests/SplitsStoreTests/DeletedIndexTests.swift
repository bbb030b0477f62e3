import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

/// Whether a connection of this process maps the journal's `-shm` index, and whether a deleted
/// one: what makes `status --follow` close its readers and wait for the files to settle.
@Suite("A deleted -shm index, mapped or not")
struct DeletedIndexTests {
  @Test("seen while a connection maps the deleted index; not once it is closed, nor when SQLite deleted its own")
  func aDeletedIndexIsSeenOnlyWhileMapped() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = DataLocation.journalPath(in: temp.path)
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
    // Mapped, not deleted.
    try #require(FileManager.default.fileExists(atPath: path + "-shm"))
    #expect(!JournalReader.mapsDeletedIndex(of: path))
    #expect(JournalReader.mapsIndex(of: path))
    // Deleted under the connection (`rm`): it still maps the old index.
    try #require(unlink(path + "-wal") == 0 && unlink(path + "-shm") == 0)
    #expect(JournalReader.mapsDeletedIndex(of: path))
    #expect(JournalReader.mapsIndex(of: path))
    try journal.close()
    #expect(!JournalReader.mapsDeletedIndex(of: path))
    #expect(!JournalReader.mapsIndex(of: path))
    // The last connection closing deletes the two files itself: nothing of ours maps them.
    let again = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try again.append(RideEvent(.lap, at: ms(1_000)), ride: 1, wallMilliseconds: 1_000)
    try #require(FileManager.default.fileExists(atPath: path + "-shm"))
    try again.close()
    #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"))
    #expect(!JournalReader.mapsDeletedIndex(of: path))
    #expect(!JournalReader.mapsIndex(of: path))
    // No journal to resolve: it cannot tell, so it says yes (the follower then closes).
    #expect(JournalReader.mapsDeletedIndex(of: temp.file("missing.sqlite")))
    #expect(JournalReader.mapsIndex(of: temp.file("missing.sqlite")))
  }
}
