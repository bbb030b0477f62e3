import GRDB

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
/// - `routes` (version 8): one row per route. `name` (the route's name: rides of that name
///   ride it), `document` (the route as JSON, `Route`: its segments, records and attempts).
/// - `rides.lap_distance_mm` (version 9): the ride's lap distance (`--lap-distance`) in
///   millimetres, 1,000 to 1,000,000,000; NULL for a ride without one (every older ride).
/// - `samples` (version 10): one row per second of a ride's moving time in which a sensor
///   was heard. `ride`, `second` (of moving time, from 0), `heart_rate` (bpm), `power` (W),
///   `cadence` (rpm), `speed_mm_s` (mm/s): each NULL when no sensor gave it that second.
/// - `sensors` (version 10): the remembered Bluetooth sensors (`splits sensors add`).
///   `address` (`AA:BB:CC:DD:EE:FF`, upper case), `name` (NULL without one), `added_at` (wall
///   ms since 1970 UTC).
/// - `settings` (version 10): `key`, `value` (text); `ftp` (watts, 1 to 2000).
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

  /// Version 8: routes, with their records and attempts.
  public static let v8 = """
    CREATE TABLE routes (
      name TEXT PRIMARY KEY NOT NULL,
      document TEXT NOT NULL
    );
    """

  /// Version 9: a ride's lap distance, set with its first event.
  public static let v9 = """
    ALTER TABLE rides ADD COLUMN lap_distance_mm INTEGER;
    """

  /// Version 10: sensors. A ride's samples, a second of moving time a row; the remembered
  /// sensors; settings (the FTP).
  public static let v10 = """
    CREATE TABLE samples (
      ride INTEGER NOT NULL REFERENCES rides(number),
      second INTEGER NOT NULL,
      heart_rate INTEGER,
      power INTEGER,
      cadence INTEGER,
      speed_mm_s INTEGER,
      PRIMARY KEY (ride, second)
    ) WITHOUT ROWID;
    CREATE TABLE sensors (
      address TEXT PRIMARY KEY NOT NULL,
      name TEXT,
      added_at INTEGER NOT NULL
    );
    CREATE TABLE settings (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT NOT NULL
    );
    """

  /// The migration identifiers, oldest first.
  public static let identifiers = [
    "v1-journal", "v2-indexes", "v3-workouts", "v4-sport", "v5-names", "v6-comparison-choice",
    "v7-remote-requests", "v8-routes", "v9-lap-distance", "v10-sensors",
  ]

  /// Each migration's statements, in the order of `identifiers`.
  static let migrations = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10]

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
