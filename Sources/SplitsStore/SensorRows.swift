import GRDB
import GRDBSQLite
import SplitsCore

/// Schema v10: a ride's sensor samples, the remembered sensors and the settings.
extension Journal {
  /// Writes one second of ride `ride`'s samples and commits it before returning; a second
  /// written again replaces the first. Throws `JournalError` as `append` of an event does.
  public func append(_ sample: SensorSample, ride: Int) throws {
    try write { db in
      try db.execute(
        sql: """
          INSERT OR REPLACE INTO samples (ride, second, heart_rate, power, cadence, speed_mm_s)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          ride, sample.second, sample.heartRate, sample.power, sample.cadence, sample.speedMillimetresPerSecond,
        ])
    }
  }

  /// Adds a sensor to remember; false (nothing changed) when its address is remembered already.
  public func rememberSensor(_ sensor: RememberedSensor) throws -> Bool {
    try write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO sensors (address, name, added_at) VALUES (?, ?, ?)",
        arguments: [sensor.address, sensor.name, sensor.addedAt])
      return db.changesCount > 0
    }
  }

  /// Forgets the sensor at `address`; false when none was remembered there.
  public func forgetSensor(address: String) throws -> Bool {
    try write { db in
      try db.execute(sql: "DELETE FROM sensors WHERE address = ?", arguments: [address])
      return db.changesCount > 0
    }
  }

  /// The remembered sensors, in the order they were added: what the ride screen connects to.
  public func rememberedSensors() throws -> [RememberedSensor] {
    let path = self.path
    return try read { db in try SensorRows.sensors(db, path: path) }
  }

  /// Sets `setting` to `value` (already checked by `Setting.normalized`).
  public func set(_ setting: Setting, to value: String) throws {
    try write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", arguments: [setting.rawValue, value])
    }
  }

  /// Every setting set, by its key.
  public func settings() throws -> [Setting: String] {
    let path = self.path
    return try read { db in try SensorRows.settings(db, path: path) }
  }
}

extension JournalReader {
  /// The remembered sensors; none in a journal from before them.
  public func rememberedSensors() throws -> [RememberedSensor] {
    guard hasTables else { return [] }
    let path = self.path
    return try read { db in try SensorRows.sensors(db, path: path) }
  }

  /// Every setting set, by its key; none in a journal from before them.
  public func settings() throws -> [Setting: String] {
    guard hasTables else { return [:] }
    let path = self.path
    return try read { db in try SensorRows.settings(db, path: path) }
  }
}

/// The reads of schema v10's tables, for the journal and the read-only reader alike. A
/// journal from before v10 has none of them: no samples, no sensors, no settings.
enum SensorRows {
  /// The bounds of what Splits writes (`SensorFigure.plausible`); a row outside them, a NULL
  /// where a value belongs or a value of another type is damage, as for an event.
  ///
  /// Read through SQLite's C interface (`samplesStepped`): a year of rides is a million rows
  /// and more, and GRDB's rows cost several times SQLite's own reading of them. A row that
  /// holds anything but what Splits writes sends the whole read through GRDB's rows
  /// (`samplesByRows`), which says what it is.
  static func samples(_ db: Database, ride: Int?, path: String) throws -> [Int: [SensorSample]] {
    guard try db.tableExists("samples") else { return [:] }
    if let samples = try samplesStepped(db, ride: ride) { return samples }
    return try samplesByRows(db, ride: ride, path: path)
  }

  static func samplesSQL(ride: Int?) -> String {
    "SELECT ride, second, heart_rate, power, cadence, speed_mm_s FROM samples"
      + (ride == nil ? "" : " WHERE ride = ?") + " ORDER BY ride, second"
  }

  /// The samples, each cell an integer or NULL as Splits writes them; nil at the first row
  /// that holds anything else (a value of another type, a NULL ride or second, a negative
  /// second, a figure out of its bounds).
  static func samplesStepped(_ db: Database, ride: Int?) throws -> [Int: [SensorSample]]? {
    let sql = samplesSQL(ride: ride)
    let prepared = try db.makeStatement(sql: sql)
    let statement = prepared.sqliteStatement
    defer {
      sqlite3_reset(statement)
      withExtendedLifetime(prepared) {}
    }
    if let ride, sqlite3_bind_int64(statement, 1, Int64(ride)) != SQLITE_OK { throw db.failure(sql) }
    /// A cell's integer (`.some(nil)`: NULL); nil for anything else.
    func cell(_ index: Int32) -> Int?? {
      switch sqlite3_column_type(statement, index) {
      case SQLITE_INTEGER: .some(Int(sqlite3_column_int64(statement, index)))
      case SQLITE_NULL: .some(nil)
      default: nil
      }
    }
    func figure(_ index: Int32, _ figure: SensorFigure) -> Int?? {
      guard let value = cell(index) else { return nil }
      if let value, !figure.plausible.contains(value) { return nil }
      return value
    }
    var result: [Int: [SensorSample]] = [:]
    var current: (number: Int, samples: [SensorSample])?
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else { throw db.failure(sql) }
      guard case .some(.some(let number)) = cell(0), case .some(.some(let second)) = cell(1), second >= 0,
        let heartRate = figure(2, .heartRate), let power = figure(3, .power), let cadence = figure(4, .cadence),
        let speed = figure(5, .speed)
      else { return nil }
      if current?.number != number {
        if let current { result[current.number] = current.samples }
        current = (number, result[number] ?? [])
      }
      current?.samples.append(
        SensorSample(second: second, heartRate: heartRate, power: power, cadence: cadence, speedMillimetresPerSecond: speed))
    }
    if let current { result[current.number] = current.samples }
    return result
  }

  /// `samples` through GRDB's rows, each value checked as for an event.
  static func samplesByRows(_ db: Database, ride: Int?, path: String) throws -> [Int: [SensorSample]] {
    let rows = try Row.fetchCursor(
      db, sql: samplesSQL(ride: ride), arguments: StatementArguments(ride.map { [$0] } ?? [Int]()))
    var result: [Int: [SensorSample]] = [:]
    while let row = try rows.next() {
      let number: Int = try Queries.value(row, 0, "a sample has ride", path: path)
      let second: Int = try Queries.value(row, 1, "a sample of ride \(number) has second", path: path)
      guard second >= 0 else {
        throw JournalError(path: path, reason: .corrupt("a sample of ride \(number) has second \(second)"))
      }
      func figure(_ index: Int, _ figure: SensorFigure, _ name: String) throws -> Int? {
        let value: Int? = try Queries.value(row, index, "second \(second) of ride \(number) has \(name)", path: path)
        if let value, !figure.plausible.contains(value) {
          throw JournalError(path: path, reason: .corrupt("second \(second) of ride \(number) has \(name) \(value)"))
        }
        return value
      }
      result[number, default: []].append(
        SensorSample(
          second: second, heartRate: try figure(2, .heartRate, "heart_rate"), power: try figure(3, .power, "power"),
          cadence: try figure(4, .cadence, "cadence"), speedMillimetresPerSecond: try figure(5, .speed, "speed_mm_s")))
    }
    return result
  }

  static func sensors(_ db: Database, path: String) throws -> [RememberedSensor] {
    guard try db.tableExists("sensors") else { return [] }
    let rows = try Row.fetchCursor(db, sql: "SELECT address, name, added_at FROM sensors ORDER BY added_at, address")
    var result: [RememberedSensor] = []
    while let row = try rows.next() {
      let address: String = try Queries.value(row, 0, "a sensor has address", path: path)
      guard SensorAddress.normalized(address) == address else {
        throw JournalError(path: path, reason: .corrupt("a sensor has address '\(address)'"))
      }
      result.append(
        RememberedSensor(
          address: address, name: try Queries.value(row, 1, "sensor \(address) has name", path: path),
          addedAt: try Queries.value(row, 2, "sensor \(address) has added_at", path: path)))
    }
    return result
  }

  /// Settings; an unknown key (a newer Splits's) is left alone, a value out of range is damage.
  static func settings(_ db: Database, path: String) throws -> [Setting: String] {
    guard try db.tableExists("settings") else { return [:] }
    let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM settings")
    var result: [Setting: String] = [:]
    while let row = try rows.next() {
      let key: String = try Queries.value(row, 0, "a setting has key", path: path)
      guard let setting = Setting(rawValue: key) else { continue }
      let value: String = try Queries.value(row, 1, "setting \(key) has value", path: path)
      guard let checked = setting.normalized(value) else {
        throw JournalError(path: path, reason: .corrupt("setting \(key) has value '\(value)'"))
      }
      result[setting] = checked
    }
    return result
  }
}
