import GRDB
import SplitsClock
import SplitsCore
import SplitsWorkout

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
    var lapDistance: Bool

    init(_ db: Database) throws {
      stepEnd = try db.columns(in: "events").contains { $0.name == "step_end" }
      workouts = try db.tableExists("workouts")
      let rides = try db.columns(in: "rides").map(\.name)
      sport = rides.contains("sport")
      names = rides.contains("name")
      lapDistance = rides.contains("lap_distance_mm")
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
  /// which read text as 0 (as fast on a history of 55,000 events). A real number where Splits
  /// writes an integer (80.5 beats a minute) is damage too: GRDB's integers would take it as
  /// 80 (an integral real, 80.0, SQLite's integer columns store as the integer 80 already).
  static func value<Value: DatabaseValueConvertible>(
    _ row: Row, _ index: Int, _ what: @autoclosure () -> String, path: String
  ) throws -> Value {
    do {
      if Value.self is any IntegerColumn.Type, case .double = (row[index] as DatabaseValue).storage {
        throw DatabaseError(message: "a real number where an integer is")
      }
      return try row.decode(Value.self, atIndex: index)
    } catch {
      let stored: DatabaseValue = row[index]
      throw JournalError(path: path, reason: .corrupt("\(what()) \(stored)"))
    }
  }

  static func openRideNumber(_ db: Database) throws -> Int? {
    try Int.fetchOne(db, sql: openRideSQL)
  }

  static let openRideSQL = "SELECT number FROM rides WHERE finished_at IS NULL ORDER BY number DESC LIMIT 1"


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

  /// What the journal keeps of a ride beside its events (the `rides` and `workouts` rows).
  struct Details {
    var workout: WorkoutSource?
    var sport: Sport = .biking
    var name: String?
    var note: String?
    var lapDistance: LapDistance?
    /// Its sensors' samples (schema v10), oldest first.
    var samples: [SensorSample] = []
  }

  /// Ride `number` rebuilt at `now` from its events and its details: the one place a ride is
  /// assembled, for one ride (`ride`) and for all of them (`JournalReader.rides`).
  static func assemble(
    number: Int, events: [StoredEvent], details: Details, bootID: String, now: Now
  ) -> RestoredRide {
    var restored = Restore.ride(number: number, events: events, bootID: bootID, now: now)
    restored.workout = details.workout
    restored.sport = details.sport
    restored.name = details.name
    restored.note = details.note
    restored.lapDistance = details.lapDistance
    restored.samples = details.samples
    return restored
  }

  /// Ride `number` read and rebuilt at `now`, with its workout, sport, name and note.
  static func ride(_ db: Database, number: Int, bootID: String, now: Now, path: String) throws -> RestoredRide {
    let stored = try events(db, ride: number, boot: .init(bootID, now), path: path)
    return assemble(
      number: number, events: stored, details: try details(db, ride: number, path: path), bootID: bootID, now: now)
  }

  /// Ride `ride`'s workout, sport, name and note.
  static func details(_ db: Database, ride number: Int, path: String) throws -> Details {
    var details = Details()
    details.workout = try workout(db, ride: number, path: path)
    let columns = try Columns(db)
    if columns.sport {
      if let row = try Row.fetchOne(db, sql: "SELECT sport FROM rides WHERE number = ?", arguments: [number]) {
        details.sport = try sport(try value(row, 0, "ride \(number) has sport", path: path), ride: number, path: path)
      }
    }
    if columns.names,
      let row = try Row.fetchOne(db, sql: "SELECT name, note FROM rides WHERE number = ?", arguments: [number])
    {
      details.name = try value(row, 0, "ride \(number) has name", path: path)
      details.note = try value(row, 1, "ride \(number) has note", path: path)
    }
    if columns.lapDistance {
      details.lapDistance = try allLapDistances(db, ride: number, path: path)[number]
    }
    details.samples = try SensorRows.samples(db, ride: number, path: path)[number] ?? []
    return details
  }

  /// Every ride's details, by number.
  static func allDetails(_ db: Database, path: String) throws -> [Int: Details] {
    let (workouts, sports, names) = (
      try allWorkouts(db, path: path), try allSports(db, path: path), try allNames(db, path: path)
    )
    let distances = try Columns(db).lapDistance ? try allLapDistances(db, ride: nil, path: path) : [:]
    let samples = try SensorRows.samples(db, ride: nil, path: path)
    var result: [Int: Details] = [:]
    for number in Set(workouts.keys).union(sports.keys).union(names.keys).union(distances.keys).union(samples.keys) {
      result[number] = Details(
        workout: workouts[number], sport: sports[number] ?? .biking, name: names[number]?.name,
        note: names[number]?.note, lapDistance: distances[number], samples: samples[number] ?? [])
    }
    return result
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

  /// The lap distances of every ride that has one (or of ride `ride` alone), by number; a
  /// value outside 1 m to 1,000 km is damage.
  static func allLapDistances(_ db: Database, ride: Int?, path: String) throws -> [Int: LapDistance] {
    var result: [Int: LapDistance] = [:]
    let rows = try Row.fetchCursor(
      db,
      sql: "SELECT number, lap_distance_mm FROM rides WHERE lap_distance_mm IS NOT NULL"
        + (ride == nil ? "" : " AND number = ?"),
      arguments: StatementArguments(ride.map { [$0] } ?? [Int]()))
    while let row = try rows.next() {
      let number: Int = try value(row, 0, "a ride has number", path: path)
      let millimetres: Int64 = try value(row, 1, "ride \(number) has lap_distance_mm", path: path)
      guard let distance = LapDistance(millimetres: millimetres) else {
        throw JournalError(path: path, reason: .corrupt("ride \(number) has lap_distance_mm \(millimetres)"))
      }
      result[number] = distance
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

extension Queries {
  static func currentRide(_ db: Database, path: String, bootID: String, now: Now) throws -> RestoredRide {
    if let open = try openRideNumber(db) {
      return try ride(db, number: open, bootID: bootID, now: now, path: path)
    }
    return Restore.ride(number: try nextRideNumber(db, path: path), events: [], bootID: bootID, now: now)
  }
}

/// The types of the journal's integer columns as `Queries.value` reads them: none takes a real
/// number.
protocol IntegerColumn {}
extension Int: IntegerColumn {}
extension Int64: IntegerColumn {}
extension Optional: IntegerColumn where Wrapped: IntegerColumn {}
