import SplitsCore

/// The export formats. The text ones (CSV, JSON, TCX) hold any number of rides (oldest first
/// is the usual order) in one file; FIT holds one ride a file.
public enum ExportFormat: String, CaseIterable, Sendable {
  case csv, json, tcx, fit

  /// Whether one file holds many rides.
  public var holdsManyRides: Bool { self != .fit }

  /// The format a file name's extension names, if any.
  public static func from(fileName: String) -> ExportFormat? {
    guard let dot = fileName.lastIndex(of: ".") else { return nil }
    return ExportFormat(rawValue: fileName[fileName.index(after: dot)...].lowercased())
  }

  /// The whole file for `rides` (for FIT, the first ride). `utcOffsetSeconds`: the local
  /// time's offset from UTC at the ride's start, which FIT records; `serial`: FIT's serial
  /// number of the file's "device"; `samples`: CSV's samples' table in place of its laps',
  /// JSON's rides with their samples (`SampleExport`; TCX and FIT always carry them).
  public func render(_ rides: [RideFigures], utcOffsetSeconds: Int32 = 0, serial: UInt32 = 1, samples: Bool = false)
    -> [UInt8]
  {
    switch self {
    case .csv: Array((samples ? SampleExport.csv(rides) : Export.csv(rides)).utf8)
    case .json: Array(Export.json(rides, samples: samples).utf8)
    case .tcx: Array(Export.tcx(rides).utf8)
    case .fit: rides.first.map { FitExport.activity($0, serial: serial, utcOffsetSeconds: utcOffsetSeconds) } ?? []
    }
  }
}

public enum Export {
  // MARK: CSV

  /// The CSV header: one row per lap of every ride, the stretch after the last `l` included
  /// (`ended_by` = `finish`), so each ride's laps cover its moving time. `distance_m` is the
  /// lap's distance for a ride with a lap distance (0 for the final stretch), else empty. Every figure is
  /// truncated to the millisecond, so the `lap_ms` can add up to a few less than `moving_ms`.
  /// The `step_` columns describe a lap that was a workout step (`stepFields`); they are
  /// empty for any other lap.
  public static let csvHeader = [
    "ride", "started_at", "finished_at", "moving_ms", "elapsed_ms", "paused_ms", "lap", "lap_ms", "split_ms",
    "lap_start_elapsed_ms", "distance_m", "ended_by", "step_name", "step_kind", "step_planned_ms", "step_end", "ride_name",
    "ride_note",
  ]

  /// A lap's workout step, by the names of the CSV columns and JSON fields: `step_name`,
  /// `step_kind` (warmup, active, rest, cooldown, free or max), `step_planned_ms` (the
  /// planned length; none for a step that ends on a lap) and `step_end` (`time`: its time
  /// ran out, `lap`: `l` ended a step that ends on a lap, `skip`: `l` ended a timed step
  /// early; none for the step a ride finished in). None of them for a lap of the ride's own;
  /// only `step_end` when the workout's plan cannot be read.
  static func stepFields(_ step: RideFigures.Step?) -> [(name: String, value: String?, quoted: Bool)] {
    [
      ("step_name", step?.name, true),
      ("step_kind", step?.kind?.rawValue, true),
      // Whole seconds, so exact in milliseconds (at most a day: no overflow).
      ("step_planned_ms", step?.plannedSeconds.map { String(Int64($0) * 1000) }, false),
      ("step_end", step?.ended?.rawValue, true),
    ]
  }

  /// RFC 4180: CRLF line ends, a header, fields quoted when they hold a comma, quote or
  /// line break.
  public static func csv(_ rides: [RideFigures]) -> String {
    var lines = [csvHeader.map(csvField).joined(separator: ",")]
    for ride in rides {
      let segments = ride.segments
      for (index, lap) in segments.enumerated() {
        let endedBy = index < ride.laps.count ? "lap" : "finish"
        var fields: [String] = [
          String(ride.number), ride.startedAtWallMilliseconds.map { WallTime.iso8601($0) } ?? "",
          ride.finishedAtWallMilliseconds.map { WallTime.iso8601($0) } ?? "",
          String(ride.movingMilliseconds), String(ride.elapsedMilliseconds), String(ride.pausedMilliseconds),
          String(lap.number), String(lap.lapMilliseconds), String(lap.splitMilliseconds),
          String(lap.startElapsedMilliseconds), ride.distanceMillimetres(of: lap).map(DistanceReport.metres) ?? "",
          endedBy,
        ]
        fields += stepFields(lap.step).map { $0.value ?? "" }
        fields += [ride.name ?? "", ride.note ?? ""]
        lines.append(fields.map(csvField).joined(separator: ","))
      }
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  static func csvField(_ value: String) -> String {
    // Scalars, not characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
    guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return value
    }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  // MARK: JSON

  /// `{"rides": [ride, …]}`, each ride as `rideJSON` writes it, with its `samples` when asked.
  public static func json(_ rides: [RideFigures], samples: Bool = false) -> String {
    let items = rides.map { ride in
      samples ? rideJSON(ride, lapExtras: { _ in [] }, extras: [("samples", SampleExport.json(ride))]) : rideJSON(ride)
    }
    return "{\"rides\": [" + (items.isEmpty ? "" : "\n  " + items.joined(separator: ",\n  ") + "\n") + "]}\n"
  }

  /// One ride: the fields of `status --json` (state, ride, started_at, the three times, the
  /// recorded laps) and `finished_at`, `started_at_ms`, `finished_at_ms` and
  /// `final_stretch` (the stretch after the last lap, or null), `lap_distance_m` and
  /// `distance_m`. Each lap also has the `step_` fields of `stepFields` (null for a lap of the
  /// ride's own) and `distance_m`, `pace_s_per_km`, `speed_kmh` (`DistanceReport`).
  public static func rideJSON(_ ride: RideFigures) -> String {
    rideJSON(ride, lapExtras: { _ in [] }, extras: [])
  }

  /// `rideJSON` with `lapExtras` after each lap's fields (the final stretch's too) and
  /// `extras` after the ride's.
  static func rideJSON(
    _ ride: RideFigures, lapExtras: (RideFigures.Lap) -> [(String, String)], extras: [(String, String)]
  ) -> String {
    func lap(_ lap: RideFigures.Lap) -> String {
      exportedLapJSON(lap, extras: DistanceReport.lapMembers(ride, lap) + SensorReport.lapMembers(ride, lap) + lapExtras(lap))
    }
    return JSONText.object([
      ("state", JSONText.string(ride.state.rawValue)),
      ("ride", String(ride.number)),
      ("started_at", JSONText.optional(ride.startedAtWallMilliseconds.map { JSONText.string(WallTime.iso8601($0)) })),
      ("finished_at", JSONText.optional(ride.finishedAtWallMilliseconds.map { JSONText.string(WallTime.iso8601($0)) })),
      ("started_at_ms", JSONText.optional(ride.startedAtWallMilliseconds.map { String($0) })),
      ("finished_at_ms", JSONText.optional(ride.finishedAtWallMilliseconds.map { String($0) })),
      ("moving_ms", String(ride.movingMilliseconds)),
      ("elapsed_ms", String(ride.elapsedMilliseconds)),
      ("paused_ms", String(ride.pausedMilliseconds)),
      ("laps", JSONText.array(ride.laps.map(lap))),
      ("final_stretch", JSONText.optional(ride.finalStretch.map(lap))),
      ("sport", JSONText.string(ride.sport.rawValue)),
      ("name", JSONText.optional(ride.name.map(JSONText.string))),
      ("note", JSONText.optional(ride.note.map(JSONText.string))),
      ("workout_steps", WorkoutSteps.json(ride.workout)),
    ] + DistanceReport.rideMembers(ride) + SensorReport.rideMembers(ride) + extras)
  }

  /// A lap as `status --json` writes it: `number`, `lap_ms`, `split_ms`.
  static func lapJSON(_ lap: RideFigures.Lap) -> String {
    JSONText.object(lapMembers(lap))
  }

  /// A lap as the JSON export writes it: `lapJSON`'s fields, then the step's.
  static func exportedLapJSON(_ lap: RideFigures.Lap, extras: [(String, String)] = []) -> String {
    JSONText.object(
      lapMembers(lap)
        + stepFields(lap.step).map { field in
          (field.name, JSONText.optional(field.value.map { field.quoted ? JSONText.string($0) : $0 }))
        } + extras)
  }

  static func lapMembers(_ lap: RideFigures.Lap) -> [(String, String)] {
    [
      ("number", String(lap.number)), ("lap_ms", String(lap.lapMilliseconds)),
      ("split_ms", String(lap.splitMilliseconds)),
    ]
  }

  // MARK: TCX

  /// Garmin Training Center (TCX) v2, as `TcxExport` writes it: one `Activity` per ride, one
  /// `Lap` per lap (the stretch after the last `l` included), each with its moving time and a
  /// track of time-only points, one `Track` for each stretch between pauses.
  public static func tcx(_ rides: [RideFigures]) -> String {
    TcxExport.file(rides)
  }
}
