import SplitsCore

/// A ride its sensors measured, in `show`, `show --json`, `history` and the JSON export:
/// each figure's average and maximum, normalized power, IF and TSS (`SensorFigures`), per ride
/// and per lap. A ride without samples shows none of it and has none of these keys.
public enum SensorReport {
  /// `{"power_avg_w": 248, "power_max_w": 300, "heart_rate_avg_bpm": …, "heart_rate_max_bpm":
  /// …, "cadence_avg_rpm": …, "cadence_max_rpm": …, "speed_avg_kmh": …, "speed_max_kmh": …,
  /// "normalized_power_w": 261.1, "intensity_factor": 1.044, "training_stress_score": 3.5,
  /// "ftp_w": 250}`: always these keys, null for what was not measured (NP under 30 s, IF and
  /// TSS without an FTP); speeds in km/h to the thousandth.
  static func json(_ figures: SensorFigures) -> String {
    func kmh(_ speed: SensorFigures.Summary?, _ value: (SensorFigures.Summary) -> Int) -> String {
      JSONText.optional(speed.map { DistanceReport.json(Double(value($0)) * 3.6 / 1_000) })
    }
    func rounded(_ value: Double?, _ scale: Double) -> String {
      JSONText.optional(value.flatMap { JSONText.number(($0 * scale).rounded() / scale) })
    }
    return JSONText.object([
      ("power_avg_w", JSONText.optional(figures.power.map { String($0.average) })),
      ("power_max_w", JSONText.optional(figures.power.map { String($0.maximum) })),
      ("heart_rate_avg_bpm", JSONText.optional(figures.heartRate.map { String($0.average) })),
      ("heart_rate_max_bpm", JSONText.optional(figures.heartRate.map { String($0.maximum) })),
      ("cadence_avg_rpm", JSONText.optional(figures.cadence.map { String($0.average) })),
      ("cadence_max_rpm", JSONText.optional(figures.cadence.map { String($0.maximum) })),
      ("speed_avg_kmh", kmh(figures.speed, \.average)),
      ("speed_max_kmh", kmh(figures.speed, \.maximum)),
      ("normalized_power_w", rounded(figures.normalizedPower, 10)),
      ("intensity_factor", rounded(figures.intensityFactor, 1_000)),
      ("training_stress_score", rounded(figures.trainingStressScore, 10)),
      ("ftp_w", JSONText.optional(figures.thresholdPower.map { String($0) })),
    ])
  }

  /// The ride's `sensors` (its figures) for a ride with samples; nothing otherwise.
  static func rideMembers(_ ride: RideFigures) -> [(String, String)] {
    ride.sensorFigures.map { [("sensors", json($0))] } ?? []
  }

  /// A lap's `sensors` (null for a lap without samples) for a ride with samples; nothing
  /// for a ride without.
  static func lapMembers(_ ride: RideFigures, _ lap: RideFigures.Lap) -> [(String, String)] {
    guard ride.hasSensorFigures else { return [] }
    return [("sensors", JSONText.optional(ride.sensorFigures(of: lap).map(json)))]
  }

  /// `show`'s lines for the ride: power, heart rate, cadence, speed (`SensorFigureStrings`).
  static func showLines(_ ride: RideFigures, strings: HistoryStrings, units: DistanceUnits) -> [String] {
    ride.sensorFigures.map { SensorFigureStrings.of(strings.language).lines($0, units: units) } ?? []
  }

  /// `show`'s table with a column for each figure some lap has (average power `W`, heart
  /// rate `bpm`, cadence `rpm`), after the others, the final stretch's row too. Returns the
  /// right-aligned columns, with the new ones.
  static func addColumns(
    _ table: inout [[String]], header: inout [String], ride: RideFigures, rightAligned: Set<Int>
  ) -> Set<Int> {
    guard ride.hasSensorFigures else { return rightAligned }
    let figures = ride.segments.map { ride.sensorFigures(of: $0) }
    let columns: [(String, (SensorFigures) -> SensorFigures.Summary?)] = [
      ("W", \.power), ("bpm", \.heartRate), ("rpm", \.cadence),
    ].filter { column in figures.contains { $0.flatMap(column.1) != nil } }
    var aligned = rightAligned
    for (title, figure) in columns {
      aligned.insert(header.count)
      header.append(title)
      for index in table.indices {
        let value = index < figures.count ? figures[index].flatMap(figure).map { String($0.average) } : nil
        table[index].append(value ?? "")
      }
    }
    return aligned
  }

  /// `history`'s columns: the ride's average power and heart rate, each when a ride shown
  /// has it; the headers, then each ride's cells.
  static func historyColumns(_ rides: [RideFigures], strings: HistoryStrings) -> (header: [String], cells: [[String]]) {
    let figures = rides.map(\.sensorFigures)
    let s = SensorFigureStrings.of(strings.language)
    let columns: [(String, (SensorFigures) -> SensorFigures.Summary?)] = [
      (s.averagePowerHeader, \.power), (s.averageHeartRateHeader, \.heartRate),
    ].filter { column in figures.contains { $0.flatMap(column.1) != nil } }
    return (
      columns.map(\.0),
      figures.map { ride in columns.map { column in ride.flatMap(column.1).map { String($0.average) } ?? "" } }
    )
  }
}
