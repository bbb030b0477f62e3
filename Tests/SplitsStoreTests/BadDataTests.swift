import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsStore

/// The sqlite3 command-line tool (installed with the test dependencies), to make files this
/// version did not write.
private func sqlite3(_ path: String, _ sql: String) throws {
  let tool = try #require(Child.which("sqlite3"), "sqlite3 is needed: make test installs it")
  let result = try #require(Child.run([tool, path, sql]))
  try #require(result.status == 0, "sqlite3: \(result.output)")
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
    write((0..<8192).map { _ in UInt8.random(in: 0...255, using: &rng) }, to: temp.file("splits.sqlite"))
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
    write(data, to: path)
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
    write([1, 2, 3], to: temp.file("data"))
    #expect(throws: JournalError.self) { try Journal.open(dataDirectory: temp.file("data"), bootID: "b") }
    #expect(bytes(of: temp.file("data")) == [1, 2, 3])
  }
}
