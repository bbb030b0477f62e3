import GRDB
import Testing

@testable import SplitsStore
import SplitsTestSystem

/// What SQLite's errors become: a message naming the file, and for an I/O error, which kind.
@Suite("Journal errors: SQLite's errors in words, the file named")
struct JournalErrorTests {
  @Test("an I/O error says which one (SQLite's extended code), writing or reading")
  func anIOErrorCarriesItsExtendedCode() {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("splits.sqlite")
    // SQLITE_IOERR_FSYNC, SQLITE_IOERR_SHMSIZE, SQLITE_IOERR_WRITE.
    for extended in [Int32(1034), 4874, 778] {
      let error = DatabaseError(resultCode: ResultCode(rawValue: extended), message: "disk I/O error")
      #expect(
        JournalError.from(error, path: path, writing: true)
          == JournalError(path: path, reason: .writeFailed("disk I/O error (SQLite code \(extended))")))
      #expect(
        JournalError.from(error, path: path, writing: false)
          == JournalError(path: path, reason: .unreadable("disk I/O error (SQLite code \(extended))")))
    }
    // The primary code alone says nothing more.
    let plain = DatabaseError(resultCode: .SQLITE_IOERR, message: "disk I/O error")
    #expect(
      JournalError.from(plain, path: path, writing: true).description
        == "cannot write to the Splits journal \(path): disk I/O error")
    // Other errors keep SQLite's message as it is.
    let busy = DatabaseError(resultCode: .SQLITE_BUSY_SNAPSHOT, message: "database is locked")
    #expect(
      JournalError.from(busy, path: path, writing: true)
        == JournalError(path: path, reason: .writeFailed("database is locked")))
  }
}
