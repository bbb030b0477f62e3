import SplitsCore

/// The sensors' samples themselves, on request (`splits export --samples`): in JSON, an array
/// `samples` in each ride; in CSV, a table of their own in place of the laps' (a CSV file is
/// one table), a row a sample. Each sample says the second of moving time it covers, where
/// that second began on the elapsed line and the wall clock, the lap it belongs to, and each
/// figure (empty or null where the second lacks it, never zero).
public enum SampleExport {
  /// The CSV header of the samples' table.
  public static let csvHeader = [
    "ride", "second", "elapsed_ms", "time", "lap", "heart_rate_bpm", "power_w", "cadence_rpm", "speed_m_s",
  ]

  /// RFC 4180, as `Export.csv`: the header, then every ride's samples in order.
  static func csv(_ rides: [RideFigures]) -> String {
    var lines = [csvHeader.joined(separator: ",")]
    for ride in rides {
      for row in rows(ride) {
        lines.append(
          [
            String(ride.number), String(row.sample.second), String(row.elapsed),
            ride.startedAtWallMilliseconds.map { WallTime.iso8601($0.addingSaturating(row.elapsed), milliseconds: true) }
              ?? "",
            row.lap.map(String.init) ?? "",
          ].joined(separator: ",") + "," + figures(row.sample).map { $0 ?? "" }.joined(separator: ","))
      }
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// `[{"second": 0, "elapsed_ms": 0, "lap": 1, "heart_rate_bpm": 140, "power_w": 200,
  /// "cadence_rpm": 90, "speed_m_s": 8.333}, …]`.
  static func json(_ ride: RideFigures) -> String {
    JSONText.array(
      rows(ride).map { row in
        JSONText.object(
          [
            ("second", String(row.sample.second)), ("elapsed_ms", String(row.elapsed)),
            ("lap", JSONText.optional(row.lap.map(String.init))),
          ] + zip(csvHeader.suffix(4), figures(row.sample)).map { ($0, JSONText.optional($1)) })
      })
  }

  /// Each sample with the elapsed time (ms since the start) at which its second began and the
  /// number of the lap (of `segments`) that holds it; oldest first.
  static func rows(_ ride: RideFigures) -> [(sample: SensorSample, elapsed: Int64, lap: Int?)] {
    ride.samples.sorted { $0.second < $1.second }.map { sample in
      let (start, overflow) = Int64(sample.second).multipliedReportingOverflow(by: 1000)
      let moving = overflow ? Int64.max : start
      let lap = ride.segments.first { moving < $0.splitMilliseconds }?.number
      return (sample, elapsed(ride, beginning: moving), lap)
    }
  }

  /// The elapsed time at which the second of moving time beginning at `moving` ms began: in
  /// the stretch that runs on from it (at a pause, the resume, where that second was ridden).
  static func elapsed(_ ride: RideFigures, beginning moving: Int64) -> Int64 {
    for stretch in ride.stretches where stretch.movingBefore <= moving && moving < stretch.movingAfter {
      return stretch.startElapsed + (moving - stretch.movingBefore)
    }
    return ride.elapsed(atMoving: moving)
  }

  /// The figures as the files write them: heart rate, power, cadence, speed in m/s.
  static func figures(_ sample: SensorSample) -> [String?] {
    [
      sample.heartRate.map(String.init), sample.power.map(String.init), sample.cadence.map(String.init),
      sample.speedMillimetresPerSecond.map { DistanceReport.metres(Int64($0)) },
    ]
  }
}
