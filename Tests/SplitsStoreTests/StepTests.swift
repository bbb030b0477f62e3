import GRDB
import GRDBSQLite
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

private let boot = "step-test-boot"
private let wall0: Int64 = 1_795_316_400_000

@Suite("Database.step: the journal's per-event statements through SQLite's C interface")
struct StepTests {
  private func database() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, value INTEGER)")
      try db.execute(sql: "INSERT INTO t VALUES (1, 'one', 10), (2, NULL, NULL)")
    }
    return queue
  }

  @Test func aRowItsNullAndNoRowAreThreeAnswers() throws {
    let queue = try database()
    try queue.writeWithoutTransaction { db throws in
      #expect(try db.step("SELECT value FROM t WHERE id = ?", .integer(1)) == .some(.some(10)))
      #expect(try db.step("SELECT value FROM t WHERE id = ?", .integer(2)) == .some(nil))
      #expect(try db.step("SELECT value FROM t WHERE id = ?", .integer(3)) == nil)
      // The same prepared statement, bound again each time.
      #expect(try db.step("SELECT value FROM t WHERE id = ?", .integer(1)) == .some(.some(10)))
    }
  }

  @Test func textIntegersAndNullAreBoundAsGiven() throws {
    let queue = try database()
    let name = "Zwölf 🚴 \u{0}after a NUL is cut"
    try queue.writeWithoutTransaction { db throws in
      try db.step("INSERT INTO t (id, name, value) VALUES (?, ?, ?)", .integer(12), .text(name), .integer(Int64.min))
      try db.step("INSERT INTO t (id, name, value) VALUES (?, ?, ?)", .integer(13), .null, .integer(Int64.max))
    }
    let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT name, value FROM t WHERE id >= 12 ORDER BY id") }
    #expect(rows.count == 2)
    // Bound as a C string: what follows a NUL is not stored.
    #expect(rows[0]["name"] as String? == "Zwölf 🚴 ")
    #expect(rows[0]["value"] as Int64? == Int64.min)
    #expect(rows[1]["name"] as String? == nil)
    #expect(rows[1]["value"] as Int64? == Int64.max)
  }

  @Test func aFailureIsADatabaseErrorWithSQLitesCodeAndTheStatementStaysUsable() throws {
    let queue = try database()
    try queue.writeWithoutTransaction { db throws in
      let sql = "INSERT INTO t (id, name) VALUES (?, ?)"
      #expect {
        try db.step(sql, .integer(1), .text("again"))
      } throws: { error in
        guard let error = error as? DatabaseError else { return false }
        return error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY && error.sql == sql
          && (error.message ?? "").contains("UNIQUE")
      }
      try db.step(sql, .integer(5), .text("five"))
      #expect(try db.step("SELECT count(*) FROM t") == .some(.some(3)))
    }
  }

  @Test func aTransactionCommitsWhatItsBodyDidAndRollsBackWhenItThrows() throws {
    let queue = try database()
    struct Refused: Error {}
    try queue.writeWithoutTransaction { db throws in
      try db.stepTransaction { try db.step("INSERT INTO t (id) VALUES (?)", .integer(20)) }
      #expect(throws: Refused.self) {
        try db.stepTransaction {
          try db.step("INSERT INTO t (id) VALUES (?)", .integer(21))
          throw Refused()
        }
      }
      #expect(!db.isInsideTransaction)
    }
    #expect(try queue.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t WHERE id >= 20") } == [20])
  }

  @Test func aCommitThatFailsIsRolledBackAndNoTransactionIsLeftOpen() throws {
    // A deferred foreign key is checked at COMMIT: the commit fails, SQLite keeps the
    // transaction open, and `stepTransaction` rolls it back (GRDB stops the process when a
    // transaction is left open at the end of an access).
    let queue = try DatabaseQueue()
    try queue.writeWithoutTransaction { db throws in
      try db.execute(sql: "PRAGMA foreign_keys = ON")
      try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY)")
      try db.execute(
        sql: "CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)")
      #expect {
        try db.stepTransaction { try db.step("INSERT INTO child (id, parent) VALUES (?, ?)", .integer(1), .integer(99)) }
      } throws: { error in
        (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY
      }
      #expect(!db.isInsideTransaction)
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM child") == 0)
    }
  }

  @Test func theStatementsOfAKeysEventArePreparedWhenTheJournalOpens() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    // The statements the connection holds compiled (SQLite's own list), before any event.
    func prepared(_ journal: Journal) throws -> Set<String> {
      try journal.write { db in
        var statements = Set<String>()
        var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
        while let current = statement {
          if let sql = sqlite3_sql(current) { statements.insert(String(cString: sql)) }
          statement = sqlite3_next_stmt(db.sqliteConnection, current)
        }
        return statements
      }
    }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    #expect(Journal.eventStatements.count == 6)
    #expect(try Set(Journal.eventStatements).subtracting(prepared(journal)).isEmpty)
    try journal.close()
    // Opened again on a journal that has rides (no schema made): the same.
    let again = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try again.append(RideEvent(.start, at: Instant(nanoseconds: 0)), ride: 1, wallMilliseconds: wall0)
    try again.close()
    let third = try Journal.open(dataDirectory: temp.path, bootID: boot)
    #expect(try Set(Journal.eventStatements).subtracting(prepared(third)).isEmpty)
  }

  @Test func aFullJournalRefusesTheEventForNowAndTakesItOnceThereIsRoom() throws {
    // `max_page_count` stands in for a full disk: the event's transaction fails with
    // SQLITE_FULL, nothing of it is kept, and the same event is written once there is room.
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: Instant(nanoseconds: 0)), ride: 1, wallMilliseconds: wall0)
    let pages = try journal.write { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
    _ = try journal.write { db in try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages)") }
    var laps = 0
    var refusal: JournalError?
    while refusal == nil, laps < 10_000 {
      do {
        laps += 1
        try journal.append(
          RideEvent(.lap, at: Instant(nanoseconds: Int64(laps) * 1_000_000)), ride: 1, wallMilliseconds: wall0 + Int64(laps))
      } catch let error as JournalError {
        refusal = error
      }
    }
    let error = try #require(refusal)
    #expect(error.isTransient)
    #expect(error.description.contains(journal.path))
    _ = try journal.write { db in try Int.fetchOne(db, sql: "PRAGMA max_page_count = 1000000") }
    try journal.append(
      RideEvent(.lap, at: Instant(nanoseconds: Int64(laps) * 1_000_000)), ride: 1, wallMilliseconds: wall0 + Int64(laps))
    let restored = try journal.restoreCurrentRide(now: Now(monotonic: Instant(nanoseconds: 60_000_000_000), wallMilliseconds: wall0))
    #expect(restored.ride.splits.count == laps)
  }
}
