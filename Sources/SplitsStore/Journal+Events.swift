import Foundation
import GRDB
import SplitsCore

// A key's event into the journal (`append`), the statements it is written with, and the
// receipts of the remote commands that events complete.

extension Journal {
  /// Writes one event of ride `ride` (for `finish`: the ride that finishes) and commits it
  /// before returning. The first event of a ride creates its row; `finish` closes it.
  /// Throws `JournalError` (`.writeFailed` when the disk refused: nothing was written, the
  /// caller keeps the event and tries again).
  public func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws {
    try append(event, ride: ride, wallMilliseconds: wallMilliseconds, receipt: nil)
  }

  /// Writes the event and, in the same transaction, the receipt of the remote command it
  /// completes: either both are in the journal or neither.
  public func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64, receipt: RemoteReceipt?) throws {
    let path = self.path
    let bootID = self.bootID
    try stepWrite { db in
      // The statements every key's event goes through are stepped through SQLite's C
      // interface, prepared once per connection (`Database.step`). The bench's journal floor
      // (bench/floor/stopwatch.c --journal) commits the same ones: keep the two alike.
      let open = try db.step(Queries.openRideSQL)
      let finishedAt = try db.step(Self.finishedAtSQL, .integer(Int64(ride)))
      if let finishedAt, finishedAt != nil {
        throw JournalError(path: path, reason: .rideFinished(ride))
      }
      if let open = open.flatMap({ $0 }), open != Int64(ride) {
        throw JournalError(path: path, reason: .wrongRide(given: ride, open: Int(truncatingIfNeeded: open)))
      }
      if finishedAt == nil {
        // No row yet: this event begins the ride.
        try db.step(Self.newRideSQL, .integer(Int64(ride)), .integer(wallMilliseconds))
      }
      try db.step(
        Self.eventSQL,
        .integer(Int64(ride)), .text(event.kind.rawValue), .integer(wallMilliseconds), .text(bootID),
        .integer(event.at.nanoseconds), .integer(Int64(event.countdownSteps)), event.stepEnd.map { .text($0.rawValue) } ?? .null)
      if let sport = event.sport {
        try db.execute(sql: "UPDATE rides SET sport = ? WHERE number = ?", arguments: [sport.rawValue, ride])
      }
      if let name = event.name {
        try db.execute(sql: "UPDATE rides SET name = ? WHERE number = ?", arguments: [name, ride])
      }
      if let distance = event.lapDistance { try Self.setLapDistance(db, distance, ride: ride) }
      if let workout = event.workout {
        // In the same transaction as the ride's first event: a workout ride never lacks it.
        try db.execute(
          sql: "INSERT OR REPLACE INTO workouts (ride, source, text) VALUES (?, ?, ?)",
          arguments: [ride, workout.fileName, workout.text])
      }
      if event.kind == .finish {
        try db.execute(
          sql: "UPDATE rides SET finished_at = ? WHERE number = ?", arguments: [wallMilliseconds, ride])
        let now = Now(monotonic: event.at, wallMilliseconds: wallMilliseconds)
        try RouteRows.recordAttempt(db, ride: ride, bootID: bootID, now: now, path: path)
      }
      if let receipt {
        try db.execute(
          sql: "INSERT INTO remote_requests (id, ride, outcome) VALUES (?, ?, ?)",
          arguments: [receipt.id, ride, try Self.encode(receipt.outcome)])
      }
    }
  }

  static let finishedAtSQL = "SELECT finished_at FROM rides WHERE number = ?"
  static let newRideSQL = "INSERT INTO rides (number, started_at) VALUES (?, ?)"
  static let eventSQL = """
    INSERT INTO events (ride, kind, wall_ms, boot_id, boottime_ns, countdown_steps, step_end)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    """
  /// Every statement a key's event is written with (`append`), in its order: prepared when a
  /// connection opens, as the bench's journal floor prepares them, so that the first key of a
  /// ride the screen reopens does not compile them.
  static let eventStatements = [
    "BEGIN IMMEDIATE", Queries.openRideSQL, finishedAtSQL, newRideSQL, eventSQL, "COMMIT",
  ]

  /// The receipt of the remote command `id`, if the journal has it.
  public func receipt(id: String) throws -> RemoteReceipt? {
    let text = try read { db in
      try String.fetchOne(db, sql: "SELECT outcome FROM remote_requests WHERE id = ?", arguments: [id])
    }
    guard let text else { return nil }
    guard let outcome = try? JSONDecoder().decode(RemoteOutcome.self, from: Data(text.utf8)) else {
      throw JournalError(path: path, reason: .corrupt("a remote command's receipt cannot be read"))
    }
    return RemoteReceipt(id: id, outcome: outcome)
  }

  static func encode(_ outcome: RemoteOutcome) throws -> String {
    String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self)
  }
}
