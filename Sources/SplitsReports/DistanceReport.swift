import SplitsCore

/// A ride with a lap distance in `show`, `history` and the JSON and CSV exports: distances in
/// metres, paces in seconds a kilometre and speeds in km/h in the files; in the text, the
/// units asked for (`--units`). The final stretch carries no distance (it is not a whole lap).
public enum DistanceReport {
  /// A number of metres (or seconds, or km/h) to the thousandth, as JSON: `400`, `245.123`.
  static func json(_ value: Double) -> String {
    JSONText.number((value * 1_000).rounded() / 1_000) ?? "null"
  }

  static func metres(_ millimetres: Int64) -> String { json(Double(millimetres) / 1_000) }

  /// A ride with a lap distance: its `lap_distance_m` and `distance_m` (a ride without one
  /// has neither key, as a lap of a ride's own has no `step_` values).
  static func rideMembers(_ ride: RideFigures) -> [(String, String)] {
    guard let lapDistance = ride.lapDistance, let total = ride.distanceMillimetres else { return [] }
    return [("lap_distance_m", metres(lapDistance.millimetres)), ("distance_m", metres(total))]
  }

  /// A lap of a ride with a lap distance: its `distance_m` (0 for the final stretch),
  /// `pace_s_per_km` and `speed_kmh` (null for the final stretch and a lap of no time).
  static func lapMembers(_ ride: RideFigures, _ lap: RideFigures.Lap) -> [(String, String)] {
    guard let distance = ride.distanceMillimetres(of: lap) else { return [] }
    let pace = ride.metricPace(of: lap)
    return [
      ("distance_m", metres(distance)),
      ("pace_s_per_km", JSONText.optional(pace.map { json($0.secondsPerKilometre) })),
      ("speed_kmh", JSONText.optional(pace.map { json($0.kilometresPerHour) })),
    ]
  }

  /// `show`'s line: `Distance 1.60 km · lap distance 400m · pace 4:05/km · 14.7 km/h`; nil
  /// without a lap distance.
  static func showLine(_ ride: RideFigures, units: DistanceUnits, strings d: DistanceStrings) -> String? {
    guard let lapDistance = ride.lapDistance, let total = ride.distanceMillimetres else { return nil }
    var line = d.distanceText(millimetres: total, units: units) + " · \(d.lapDistance) \(lapDistance.text)"
    if let average = ride.averagePaceText(units: units), !average.pace.isEmpty {
      line += " · \(d.pace) \(average.pace)\(units.paceSymbol) · \(average.speed) \(units.speedSymbol)"
    }
    return line
  }

  /// `show`'s table with a pace and a speed column after the others, for a ride with a lap
  /// distance (the final stretch's cells empty). Returns the right-aligned columns, with the
  /// two new ones.
  static func addColumns(
    _ table: inout [[String]], header: inout [String], ride: RideFigures, units: DistanceUnits,
    strings d: DistanceStrings, rightAligned: Set<Int>
  ) -> Set<Int> {
    guard let lapDistance = ride.lapDistance else { return rightAligned }
    let first = header.count
    header += [d.paceHeader(units), units.speedSymbol]
    for index in table.indices {
      guard index < ride.laps.count else {
        table[index] += ["", ""]
        continue
      }
      let lap = Duration.milliseconds(ride.laps[index].lapMilliseconds)
      table[index] += [
        Pace.paceText(lap: lap, distance: lapDistance, units: units),
        Pace.speedText(lap: lap, distance: lapDistance, units: units),
      ]
    }
    return rightAligned.union([first, first + 1])
  }

  /// `history`'s distance cell: `1.60 km`, empty without a lap distance.
  static func historyCell(_ ride: RideFigures, units: DistanceUnits) -> String {
    ride.distanceMillimetres.map { Pace.distanceText(millimetres: $0, units: units) + " " + units.distanceSymbol } ?? ""
  }
}
