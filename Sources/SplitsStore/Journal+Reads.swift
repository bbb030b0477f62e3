import GRDB
import SplitsClock
import SplitsCore

/// What the writer reads back from the journal: the ride to open on, the rides to compare
/// with, the numbers of the last and the next ride, the migrations applied.
extension Journal {
  /// The ride the screen should open on, rebuilt at `now`: the open (unfinished) ride if
  /// there is one, else a fresh ride numbered after the last one.
  public func restoreCurrentRide(now: Now) throws -> RestoredRide {
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      try Queries.currentRide(db, path: path, bootID: bootID, now: now)
    }
  }

  /// The last finished ride, rebuilt (the summary after `r` compares with its moving time);
  /// nil when none was finished.
  public func lastFinishedRide(now: Now) throws -> RestoredRide? {
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      guard
        let number = try Int.fetchOne(
          db, sql: "SELECT number FROM rides WHERE finished_at IS NOT NULL ORDER BY number DESC LIMIT 1")
      else { return nil }
      return try Queries.ride(db, number: number, bootID: bootID, now: now, path: path)
    }
  }

  /// The finished rides named `name`, oldest first, rebuilt at their finish: what the ride
  /// screen compares a ride of that name with.
  public func finishedRides(named name: String, now: Now) throws -> [RestoredRide] {
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      guard try Queries.Columns(db).names else { return [] }
      let numbers = try Int.fetchAll(
        db, sql: "SELECT number FROM rides WHERE finished_at IS NOT NULL AND name = ? ORDER BY number",
        arguments: [name])
      return try numbers.map { number in
        return try Queries.ride(db, number: number, bootID: bootID, now: now, path: path)
      }
    }
  }

  /// The number the next new ride gets.
  public func nextRideNumber() throws -> Int {
    let path = self.path
    return try read { db in try Queries.nextRideNumber(db, path: path) }
  }

  /// The schema migrations applied to the file, in order.
  public func appliedMigrations() throws -> [String] {
    try read { db in try Schema.migrator.appliedMigrations(db) }
  }

  /// The most recent ride started, finished or open (`last` in every command), if any.
  public func lastRideNumber() throws -> Int? {
    try read { try Int.fetchOne($0, sql: "SELECT MAX(number) FROM rides") }
  }
}
