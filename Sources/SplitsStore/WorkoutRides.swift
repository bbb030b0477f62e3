import GRDB
import SplitsCore
import SplitsWorkout

/// The last finished ride of a workout: what a workout ride's summary (after `r`, and in
/// `show`) is compared with, never whatever ride came before.
extension Queries {
  /// The newest finished ride numbered below `below` that followed a workout of `identity`
  /// (`WorkoutSource.identity`), rebuilt at its finish; nil when there is none.
  static func lastFinishedRide(
    following identity: String, below: Int, _ db: Database, bootID: String, now: Now, path: String
  ) throws -> RestoredRide? {
    guard try Columns(db).workouts else { return nil }
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT rides.number, workouts.source, workouts.text FROM rides JOIN workouts ON workouts.ride = rides.number
        WHERE rides.finished_at IS NOT NULL AND rides.number < ? ORDER BY rides.number DESC
        """, arguments: [below])
    while let row = try rows.next() {
      let number: Int = try value(row, 0, "a workout ride has number", path: path)
      guard try workoutSource(row, ride: number, offset: 1, path: path).identity == identity else { continue }
      return try ride(db, number: number, bootID: bootID, now: now, path: path)
    }
    return nil
  }
}

extension Journal {
  /// The last finished ride that followed the workout `source` (the same file's name, or
  /// the same text), for the summary after `r`; nil when there is none.
  public func lastFinishedRide(following source: WorkoutSource, now: Now) throws -> RestoredRide? {
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      try Queries.lastFinishedRide(following: source.identity, below: Int.max, db, bootID: bootID, now: now, path: path)
    }
  }
}

extension JournalReader {
  /// The last finished ride before ride `number` that followed the workout `source`, for
  /// `show`; nil when there is none.
  public func lastFinishedRide(following source: WorkoutSource, before number: Int, now: Now) throws -> RestoredRide? {
    guard hasTables else { return nil }
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      try Queries.lastFinishedRide(following: source.identity, below: number, db, bootID: bootID, now: now, path: path)
    }
  }
}
