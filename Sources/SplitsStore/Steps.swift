import GRDB
import GRDBSQLite
import Glibc

/// A value bound to a statement's parameter by `Database.step`.
enum Bound {
  case integer(Int64)
  case text(String)
  case null
}

extension Database {
  /// Runs the statement `sql` once, through SQLite's C interface, with `values` bound to its
  /// parameters; returns its first row's first column (`.some(nil)`: NULL; nil: no row).
  ///
  /// For the journal's per-event statements only: a lap key's transaction through GRDB's
  /// arguments, cursors and transaction helpers cost more than SQLite's own work on a cold
  /// cache. The statement is prepared once per connection (GRDB's statement cache, which
  /// finalizes it when the connection closes); no other `cachedStatement` of the connection
  /// may ask for the same `sql`, so that GRDB never finds a statement bound here.
  @discardableResult
  func step(_ sql: String, _ values: Bound...) throws -> Int64?? {
    // Held until the step is done: the cache's reference alone is what keeps SQLite's
    // statement from being finalized.
    let cached = try cachedStatement(sql: sql)
    let statement = cached.sqliteStatement
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
      withExtendedLifetime(cached) {}
    }
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      let code: Int32
      switch value {
      case .integer(let number): code = sqlite3_bind_int64(statement, position, number)
      // SQLite frees its copy with `free` once done with it.
      case .text(let text): code = sqlite3_bind_text(statement, position, strdup(text), -1, free)
      case .null: code = sqlite3_bind_null(statement, position)
      }
      guard code == SQLITE_OK else { throw failure(sql) }
    }
    switch sqlite3_step(statement) {
    case SQLITE_DONE: return nil
    case SQLITE_ROW:
      if sqlite3_column_type(statement, 0) == SQLITE_NULL { return .some(nil) }
      return sqlite3_column_int64(statement, 0)
    default: throw failure(sql)
    }
  }

  /// Compiles `statements` into the connection's cache `step` reads them from, without
  /// running them.
  func prepareSteps(_ statements: [String]) throws {
    for sql in statements { _ = try cachedStatement(sql: sql) }
  }

  /// `body` in a transaction begun and ended by `step`: committed when it returns, rolled
  /// back when it throws (or when the commit fails).
  @discardableResult
  func stepTransaction<T>(_ body: () throws -> T) throws -> T {
    try step("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try step("COMMIT")
      return result
    } catch {
      if let connection = sqliteConnection, sqlite3_get_autocommit(connection) == 0 { _ = try? step("ROLLBACK") }
      throw error
    }
  }

  /// The connection's last error, as GRDB reports one.
  func failure(_ sql: String) -> DatabaseError {
    guard let connection = sqliteConnection else { return DatabaseError(resultCode: .SQLITE_MISUSE, sql: sql) }
    return DatabaseError(
      resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
      message: String(cString: sqlite3_errmsg(connection)), sql: sql)
  }
}
