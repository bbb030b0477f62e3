import GRDB
import SplitsCore

extension Journal {
  /// Ride `ride`'s lap distance (schema v9), written with its first event or, for an open
  /// ride without one, when a screen is opened with `--lap-distance`.
  static func setLapDistance(_ db: Database, _ distance: LapDistance, ride: Int) throws {
    try db.execute(
      sql: "UPDATE rides SET lap_distance_mm = ? WHERE number = ?", arguments: [distance.millimetres, ride])
  }
}
