import GRDB
import SplitsClock
import SplitsCore

/// The journal's tables and their migrations. A migration, once released, never changes:
/// a new need is a new migration appended at the end.
///
/// - `rides`: one row per ride. `number` (1, 2, …), `started_at` (wall ms since 1970 UTC of
///   the ride's first event), `finished_at` (wall ms of its `finish`; NULL while open).
/// - `events`: one row per ride event, in the order they happened (`id`). `ride` (the
///   ride's number), `kind` (`RideEvent.Kind` raw value), `wall_ms` (wall ms since 1970
///   UTC), `boot_id` (`/proc/sys/kernel/random/boot_id`), `boottime_ns` (CLOCK_BOOTTIME ns,
///   the event's `Instant`), `countdown_steps` (for `countdown_start`), `step_end` (for a
///   `lap` that ends a workout step: `time`, `lap` or `skip`; NULL otherwise).
/// - `rides.name`, `rides.note` (version 5): the ride's name and note, NULL when it has none.
/// - `rides.sport` (version 4): `biking`, `running` or `other`; NULL (a ride from before
///   version 4) reads as biking.
/// - `comparison_choice` (version 6): the comparison chosen on the ride screen for each ride
///   name. `name` (the ride name), `kind` (`previous`, `best`, `gold` or `none`).
/// - `remote_requests` (version 7): one row per remote command that recorded events (`splits
///   lap` from another shell), written with its last event. `id` (the request's id, 32 hex
///   digits), `ride`, `outcome` (the answer, `RemoteOutcome` as JSON).
/// - `workouts`: the workout a ride follows, one row per workout ride. `ride`, `source` (the
///   file name given, NULL for inline text), `text` (the workout as it was read).
public enum Schema {
  /// The first schema, exactly as version 1 created it. The migration test's fixture
  /// (`Tests/SplitsStoreTests/Fixtures/journal-v1.sql`) holds the same statements.
  public static let v1 = """
    CREATE TABLE rides (
      number INTEGER PRIMARY KEY NOT NULL,
      started_at INTEGER NOT NULL,
      finished_at INTEGER
    );
    CREATE TABLE events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ride INTEGER NOT NULL REFERENCES rides(number),
      kind TEXT NOT NULL,
      wall_ms INTEGER NOT NULL,
      boot_id TEXT NOT NULL,
      boottime_ns INTEGER NOT NULL,
      countdown_steps INTEGER NOT NULL DEFAULT 0
    );
    """

  /// Version 2: reading one ride's events (restore, status, show) no longer scans the
  /// whole table, and finding the open ride uses an index too.
  public static let v2 = """
    CREATE INDEX events_by_ride ON events(ride, id);
    CREATE INDEX rides_by_finish ON rides(finished_at, number);
    """

  /// Version 3: workouts. A step's end is a lap that says how the step ended; a workout
  /// ride keeps the workout's text.
  public static let v3 = """
    ALTER TABLE events ADD COLUMN step_end TEXT;
    CREATE TABLE workouts (
      ride INTEGER PRIMARY KEY NOT NULL REFERENCES rides(number),
      source TEXT,
      text TEXT NOT NULL
    );
    """

  /// Version 4: what each ride is (its sport), set with its first event.
  public static let v4 = """
    ALTER TABLE rides ADD COLUMN sport TEXT;
    """

  /// Version 5: a ride's name and note.
  public static let v5 = """
    ALTER TABLE rides ADD COLUMN name TEXT;
    ALTER TABLE rides ADD COLUMN note TEXT;
    """

  /// Version 6: the comparison chosen on the ride screen, per ride name.
  public static let v6 = """
    CREATE TABLE comparison_choice (
      name TEXT PRIMARY KEY NOT NULL,
      kind TEXT NOT NULL
    );
    """

  /// Version 7: the receipts of applied remote commands, so that a command sent again
  /// after its screen died without answering is not applied twice.
  public static let v7 = """
    CREATE TABLE remote_requests (
      id TEXT PRIMARY KEY NOT NULL,
      ride INTEGER NOT NULL,
      outcome TEXT NOT NULL
    );
    """

  /// The migration identifiers, oldest first.
  public static let identifiers = [
    "v1-journal", "v2-indexes", "v3-workouts", "v4-sport", "v5-names", "v6-comparison-choice",
    "v7-remote-requests",
  ]

  /// Each migration's statements, in the order of `identifiers`.
  static let migrations = [v1, v2, v3, v4, v5, v6, v7]

  public static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for (identifier, sql) in zip(identifiers, migrations) {
      migrator.registerMigration(identifier) { db in try db.execute(sql: sql) }
    }
    return migrator
  }

  /// The table in which GRDB's migrator records the migrations applied (GRDB's own name and
  /// definition).
  static let appliedTable = "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"

  /// Creates every table of a new, empty journal in one transaction, recorded as the
  /// migrations it stands for, so that the migrator then finds nothing left to do. The
  /// migrator alone would commit (and, with `synchronous = FULL`, sync) once per migration:
  /// six migrations made a first start 13 ms slower. Does nothing to a database that has any
  /// table: that one is migrated step by step.
  static func createAtOnce(_ queue: DatabaseQueue) throws {
    try queue.write { db in
      let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
      guard tables == 0 else { return }
      for sql in migrations { try db.execute(sql: sql) }
      try db.execute(sql: appliedTable)
      for identifier in identifiers {
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier])
      }
    }
  }

  /// Checks a database opened read-only: a Splits journal (or empty), of a schema this
  /// version knows. Throws a `JournalError` naming `path` otherwise. Returns the applied
  /// migration identifiers (empty for an empty database).
  @discardableResult
  static func check(_ db: Database, path: String, integrity: Bool) throws -> Set<String> {
    if integrity {
      // quick_check reads every page and record (what a crash or a stray write damages) but
      // skips matching indexes against tables, so opening stays fast on a long history.
      let result = try String.fetchAll(db, sql: "PRAGMA quick_check")
      guard result == ["ok"] else {
        throw JournalError(path: path, reason: .corrupt(result.prefix(3).joined(separator: "; ")))
      }
    }
    let hasMigrations = try db.tableExists("grdb_migrations")
    guard hasMigrations else {
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      guard tables.isEmpty else {
        throw JournalError(path: path, reason: .corrupt("tables \(tables.joined(separator: ", ")) but no Splits schema"))
      }
      return []
    }
    let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    let unknown = applied.subtracting(identifiers)
    guard unknown.isEmpty else {
      throw JournalError(path: path, reason: .newerSchema(unknown.sorted()))
    }
    return applied
  }
}

/// The reads both the journal and the read-only reader do.
///
/// The read-only reader never migrates, so it can meet a journal of any earlier schema (one
/// last opened by an older Splits): what a later migration added is read only where it is
/// there (`Columns`), and is otherwise what a ride of that time was (no step ends, no
/// workout, biking).
enum Queries {
  /// Which of the later additions the file has.
  struct Columns {
    var stepEnd: Bool
    var workouts: Bool
    var sport: Bool
    var names: Bool

    init(_ db: Database) throws {
      stepEnd = try db.columns(in: "events").contains { $0.name == "step_end" }
      workouts = try db.tableExists("workouts")
      let rides = try db.columns(in: "rides").map(\.name)
      sport = rides.contains("sport")
      names = rides.contains("name")
    }

    /// `step_end`, or NULL in its place.
    var stepEndColumn: String { stepEnd ? "step_end" : "NULL" }
  }

  /// The boot the journal is read on, and its boot clock when the read began: a reading of
  /// this boot later than its clock is one no clock gave.
  struct Boot {
    var id: String
    var now: Instant

    init(_ id: String, _ now: Now) {
      self.id = id
      self.now = now.monotonic
    }
  }

  /// Column `index` of `row` as a `Value`, or damage named with `what`. A loosened schema
  /// (`PRAGMA writable_schema`) or a stray write can leave a NULL, or a value of another
  /// type, where a Splits journal never has one; GRDB's subscript stops the process there.
  /// Decoded through `DatabaseValue`, which checks the type, not SQLite's column accessors,
  /// which read text as 0 (as fast on a history of 55,000 events).
  static func value<Value: DatabaseValueConvertible>(
    _ row: Row, _ index: Int, _ what: @autoclosure () -> String, path: String
  ) throws -> Value {
    do {
      return try row.decode(Value.self, atIndex: index)
    } catch {
      let stored: DatabaseValue = row[index]
      throw JournalError(path: path, reason: .corrupt("\(what()) \(stored)"))
    }
  }

  static func openRideNumber(_ db: Database) throws -> Int? {
    try Int.fetchOne(
      db, sql: "SELECT number FROM rides WHERE finished_at IS NULL ORDER BY number DESC LIMIT 1")
  }

  /// The number after the highest ride. The `+ 1` is done here, not in SQL, where it would
  /// overflow into a floating-point value: a ride numbered `Int.max` (only a damaged or
  /// hand-edited file has one) leaves no number for the next ride, and is refused as damage
  /// rather than given a number that is already taken.
  static func nextRideNumber(_ db: Database, path: String) throws -> Int {
    let highest = try Int.fetchOne(db, sql: "SELECT MAX(number) FROM rides") ?? 0
    guard highest < Int.max else {
      throw JournalError(path: path, reason: .corrupt("ride \(highest) leaves no number for the next ride"))
    }
    return highest + 1
  }

  static func events(_ db: Database, ride: Int, boot: Boot, path: String) throws -> [StoredEvent] {
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, kind, wall_ms, boot_id, boottime_ns, countdown_steps, \(try Columns(db).stepEndColumn)
        FROM events WHERE ride = ? ORDER BY id
        """, arguments: [ride])
    var events: [StoredEvent] = []
    while let row = try rows.next() { events.append(try event(row, ride: ride, boot: boot, path: path)) }
    return events
  }

  /// Every ride number with its events, oldest ride first.
  static func allEvents(_ db: Database, boot: Boot, path: String) throws -> [(number: Int, events: [StoredEvent])] {
    var result: [(number: Int, events: [StoredEvent])] = []
    let numbers = try Int.fetchAll(db, sql: "SELECT number FROM rides ORDER BY number")
    var index: [Int: Int] = [:]
    for number in numbers {
      index[number] = result.count
      result.append((number, []))
    }
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT ride, id, kind, wall_ms, boot_id, boottime_ns, countdown_steps, \(try Columns(db).stepEndColumn)
        FROM events ORDER BY ride, id
        """)
    while let row = try rows.next() {
      let ride: Int = try value(row, 0, "event \(row[1] as DatabaseValue) has ride", path: path)
      guard let slot = index[ride] else { continue }
      result[slot].events.append(try event(row, ride: ride, boot: boot, path: path, offset: 1))
    }
    return result
  }

  /// One event from a row of `id, kind, wall_ms, boot_id, boottime_ns, countdown_steps,
  /// step_end` starting at column `offset`.
  ///
  /// A boot-clock reading below zero is refused as damage: CLOCK_BOOTTIME starts at zero at
  /// boot, so no Splits wrote it, and nothing sensible can be made of it. So is a reading of
  /// the current boot later than its boot clock now (read again before refusing: a screen
  /// may have written the event since the caller read `now`): no clock has read it yet, and
  /// taken as it is it would add up to a hundred years to the ride. Every other value is
  /// taken as it is: wall times are the wall clock's (which can be set to anything), and
  /// `Restore` keeps what it rebuilds within a hundred years of now, so a reading of 292
  /// years on an earlier boot shows as a ride of a hundred years, and a wall clock in the
  /// year 292 million as that date, rather than blocking the journal. A NULL, or a value of
  /// another type, where an event has a value is damage too.
  static func event(_ row: Row, ride: Int, boot: Boot, path: String, offset: Int = 0) throws -> StoredEvent {
    let id: Int64 = try value(row, offset, "an event of ride \(ride) has id", path: path)
    func column<Value: DatabaseValueConvertible>(_ index: Int, _ name: String) throws -> Value {
      try value(row, offset + index, "event \(id) of ride \(ride) has \(name)", path: path)
    }
    let raw: String = try column(1, "kind")
    guard let kind = RideEvent.Kind(rawValue: raw) else {
      throw JournalError(path: path, reason: .corrupt("unknown event kind '\(raw)'"))
    }
    let wall: Int64 = try column(2, "wall_ms")
    let bootID: String = try column(3, "boot_id")
    let boottime: Int64 = try column(4, "boottime_ns")
    guard boottime >= 0 else {
      throw JournalError(
        path: path,
        reason: .corrupt(
          "event \(id) of ride \(ride) has boottime_ns \(boottime); the boot clock never reads below zero"))
    }
    if !bootID.isEmpty, bootID == boot.id, boottime > boot.now.nanoseconds {
      let clock = max(boot.now, bootID == SystemClocks.bootID() ? SystemClocks.boot() : boot.now)
      guard boottime <= clock.nanoseconds else {
        throw JournalError(
          path: path,
          reason: .corrupt(
            "event \(id) of ride \(ride) has boottime_ns \(boottime) on this boot, whose clock reads "
              + "\(clock.nanoseconds) now; the boot clock never reads ahead of itself"))
      }
    }
    let countdownSteps: Int = try column(5, "countdown_steps")
    let rawEnd: String? = try column(6, "step_end")
    var stepEnd: StepEnd?
    if let rawEnd {
      guard let end = StepEnd(rawValue: rawEnd) else {
        throw JournalError(path: path, reason: .corrupt("event \(id) of ride \(ride) has step_end '\(rawEnd)'"))
      }
      stepEnd = end
    }
    return StoredEvent(
      kind, wallMilliseconds: wall, bootID: bootID, boottimeNanoseconds: boottime, countdownSteps: countdownSteps,
      stepEnd: stepEnd)
  }

  /// The workout ride `ride` follows, if any.
  static func workout(_ db: Database, ride: Int, path: String) throws -> WorkoutSource? {
    guard try Columns(db).workouts else { return nil }
    guard let row = try Row.fetchOne(db, sql: "SELECT source, text FROM workouts WHERE ride = ?", arguments: [ride])
    else { return nil }
    return try workoutSource(row, ride: ride, offset: 0, path: path)
  }

  /// A workout from a row of `source, text` starting at column `offset`.
  static func workoutSource(_ row: Row, ride: Int, offset: Int, path: String) throws -> WorkoutSource {
    WorkoutSource(
      text: try value(row, offset + 1, "the workout of ride \(ride) has text", path: path),
      fileName: try value(row, offset, "the workout of ride \(ride) has source", path: path))
  }

  /// Ride `number` rebuilt from its events, with its workout.
  static func restore(
    _ db: Database, number: Int, events: [StoredEvent], bootID: String, now: Now, path: String
  ) throws -> RestoredRide {
    var restored = Restore.ride(number: number, events: events, bootID: bootID, now: now)
    restored.workout = try workout(db, ride: number, path: path)
    let columns = try Columns(db)
    if columns.sport {
      if let row = try Row.fetchOne(db, sql: "SELECT sport FROM rides WHERE number = ?", arguments: [number]) {
        restored.sport = try sport(try value(row, 0, "ride \(number) has sport", path: path), ride: number, path: path)
      }
    }
    if columns.names, let row = try Row.fetchOne(db, sql: "SELECT name, note FROM rides WHERE number = ?", arguments: [number]) {
      restored.name = try value(row, 0, "ride \(number) has name", path: path)
      restored.note = try value(row, 1, "ride \(number) has note", path: path)
    }
    return restored
  }

  /// A ride's sport as stored: NULL (a ride older than the column) is biking; anything else
  /// unknown is damage.
  static func sport(_ raw: String?, ride: Int, path: String) throws -> Sport {
    guard let raw else { return .biking }
    guard let sport = Sport(rawValue: raw) else {
      throw JournalError(path: path, reason: .corrupt("ride \(ride) has sport '\(raw)'"))
    }
    return sport
  }

  /// Every ride's sport, by number.
  static func allSports(_ db: Database, path: String) throws -> [Int: Sport] {
    var result: [Int: Sport] = [:]
    guard try Columns(db).sport else { return result }
    let rows = try Row.fetchCursor(db, sql: "SELECT number, sport FROM rides")
    while let row = try rows.next() {
      let number: Int = try value(row, 0, "a ride has number", path: path)
      result[number] = try sport(try value(row, 1, "ride \(number) has sport", path: path), ride: number, path: path)
    }
    return result
  }

  /// Every ride's name and note, by number.
  static func allNames(_ db: Database, path: String) throws -> [Int: (name: String?, note: String?)] {
    var result: [Int: (name: String?, note: String?)] = [:]
    guard try Columns(db).names else { return result }
    let rows = try Row.fetchCursor(db, sql: "SELECT number, name, note FROM rides")
    while let row = try rows.next() {
      let number: Int = try value(row, 0, "a ride has number", path: path)
      let name: String? = try value(row, 1, "ride \(number) has name", path: path)
      let note: String? = try value(row, 2, "ride \(number) has note", path: path)
      result[number] = (name, note)
    }
    return result
  }

  /// Every workout, by ride number.
  static func allWorkouts(_ db: Database, path: String) throws -> [Int: WorkoutSource] {
    var result: [Int: WorkoutSource] = [:]
    guard try Columns(db).workouts else { return result }
    let rows = try Row.fetchCursor(db, sql: "SELECT ride, source, text FROM workouts")
    while let row = try rows.next() {
      let ride: Int = try value(row, 0, "a workout has ride", path: path)
      result[ride] = try workoutSource(row, ride: ride, offset: 1, path: path)
    }
    return result
  }
}
