import Foundation
import SplitsCore

/// What `splits history` and `splits show` print.
public enum HistoryReport {
  /// The table of rides, newest first as given: ride, date, sport, moving, elapsed, laps,
  /// best lap.
  /// A ride still open is marked with ▶ (running) or ⏸ (paused) after its number.
  /// A distance column goes before the name when a ride shown has a lap distance.
  public static func table(
    _ rides: [RideFigures], strings: HistoryStrings, timeZone: TimeZone = .current, units: DistanceUnits = .metric,
    distanceStrings: DistanceStrings = .english
  ) -> String {
    let distances = rides.contains { $0.lapDistance != nil }
    var header = [
      strings.rideHeader, strings.dateHeader, strings.sportHeader, strings.movingHeader, strings.elapsedHeader,
      strings.lapsHeader, strings.bestLapHeader, strings.nameHeader,
    ]
    if distances { header.insert(distanceStrings.distance, at: 7) }
    var rows: [[String]] = []
    for ride in rides {
      let mark =
        switch ride.state {
        case .running: " ▶"
        case .paused: " ⏸"
        case .countdown: " …"
        case .ready, .finished: ""
        }
      rows.append([
        String(ride.number) + mark,
        ride.startedAtWallMilliseconds.map { WallTime.localDateTime($0, timeZone: timeZone) } ?? "",
        strings.sportName(ride.sport), TimeFormat.clock(.milliseconds(ride.movingMilliseconds), precision: .cs),
        TimeFormat.clock(.milliseconds(ride.elapsedMilliseconds), precision: .cs), String(ride.laps.count),
        ride.workout.map(strings.workout.stepsCell)
          ?? ride.bestLapMilliseconds.map { TimeFormat.clock(.milliseconds($0), precision: .cs) } ?? "",
        ride.name.map(StatusReport.oneLine) ?? "",
      ])
      if distances { rows[rows.count - 1].insert(DistanceReport.historyCell(ride, units: units), at: 7) }
    }
    // The sensors' columns before the name, when a ride shown has them.
    let sensors = SensorReport.historyColumns(rides, strings: strings)
    var rightAligned: Set<Int> = distances ? [0, 3, 4, 5, 6, 7] : [0, 3, 4, 5, 6]
    for (index, title) in sensors.header.enumerated() {
      rightAligned.insert(header.count - 1)
      header.insert(title, at: header.count - 1)
      for row in rows.indices { rows[row].insert(sensors.cells[row][index], at: rows[row].count - 1) }
    }
    return layout(header: header, rows: rows, rightAligned: rightAligned)
  }

  /// `[{"ride": 12, "state": "finished", "started_at": …, "finished_at": …, "moving_ms": …,
  /// "elapsed_ms": …, "paused_ms": …, "lap_count": 4, "best_lap_ms": …, "sport": "biking"}, …]`.
  public static func json(_ rides: [RideFigures]) -> String {
    let items = rides.map { ride in
      JSONText.object([
        ("ride", String(ride.number)),
        ("state", JSONText.string(ride.state.rawValue)),
        ("started_at", JSONText.optional(ride.startedAtWallMilliseconds.map { JSONText.string(WallTime.iso8601($0)) })),
        ("finished_at", JSONText.optional(ride.finishedAtWallMilliseconds.map { JSONText.string(WallTime.iso8601($0)) })),
        ("moving_ms", String(ride.movingMilliseconds)),
        ("elapsed_ms", String(ride.elapsedMilliseconds)),
        ("paused_ms", String(ride.pausedMilliseconds)),
        ("lap_count", String(ride.laps.count)),
        ("best_lap_ms", JSONText.optional(ride.bestLapMilliseconds.map { String($0) })),
        ("sport", JSONText.string(ride.sport.rawValue)),
        ("name", JSONText.optional(ride.name.map(JSONText.string))),
        ("workout_steps", WorkoutSteps.json(ride.workout)),
        ("distance_m", JSONText.optional(ride.distanceMillimetres.map(DistanceReport.metres))),
      ] + SensorReport.rideMembers(ride))
    }
    return items.isEmpty ? "[]\n" : "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
  }

  /// One ride: a title line, its totals, then the laps (oldest first, best ▲ and worst ▼)
  /// and the stretch from the last lap to the finish (or to now). A workout ride gives its
  /// steps instead of the laps' best, worst and average, and `previous` is the last finished
  /// ride of the same workout. With `comparison`, a line
  /// naming it and a delta column (`ComparisonReport`).
  public static func show(
    _ ride: RideFigures, previous: RideFigures? = nil, comparison: RideComparison? = nil, strings: HistoryStrings,
    timeZone: TimeZone = .current, units: DistanceUnits = .metric, distanceStrings: DistanceStrings = .english
  ) -> String {
    var lines: [String] = []
    var title =
      strings.fill(strings.rideTitleFormat, String(ride.number)) + " · " + strings.state(ride.state) + " · "
      + strings.sportName(ride.sport)
    if let start = ride.startedAtWallMilliseconds {
      title += " · " + WallTime.localDateTime(start, timeZone: timeZone)
    }
    if let name = ride.name { title += " · " + StatusReport.oneLine(name) }
    lines.append(title)
    if let note = ride.note { lines.append(StatusReport.oneLine(note)) }
    // Whole milliseconds in hundredths (truncated, as every time is).
    let cs: (Int64) -> String = { TimeFormat.clock(.milliseconds($0), precision: .cs) }
    lines.append(
      "\(strings.movingHeader) \(cs(ride.movingMilliseconds)) · \(strings.elapsedHeader) "
        + "\(cs(ride.elapsedMilliseconds)) · \(strings.pausedHeader) \(cs(ride.pausedMilliseconds))")
    if ride.wallClockWentBackwards { lines.append(strings.wallClockWentBackwards) }
    if let line = DistanceReport.showLine(ride, units: units, strings: distanceStrings) { lines.append(line) }
    lines += SensorReport.showLines(ride, strings: strings, units: units)
    // The summary the screen shows after `r`: the laps' best, worst and average; the moving
    // time against the ride before.
    // A workout ride: its steps, against the last ride of the same workout (`previous`).
    let lapTimes = ride.workout == nil ? ride.laps.map(\.lapMilliseconds) : []
    if let workout = ride.workout {
      lines += WorkoutSteps.showLines(ride, workout, before: previous, strings: strings)
    }
    if let best = lapTimes.min(), let worst = lapTimes.max() {
      let average = lapTimes.reduce(0, +) / Int64(lapTimes.count)
      lines.append(strings.fill(strings.lapSummaryFormat, String(lapTimes.count), cs(best), cs(worst), cs(average)))
    }
    if let previous, ride.state == .finished, ride.workout == nil {
      let difference = Duration.milliseconds(ride.movingMilliseconds - previous.movingMilliseconds)
      lines.append(strings.fill(strings.versusFormat, String(previous.number), TimeFormat.signedDifference(difference, precision: .cs)))
    }
    if let comparison { lines += ComparisonReport.lines(comparison, strings: strings) }
    lines.append("")
    if ride.laps.isEmpty {
      lines.append(strings.noLaps)
      return lines.joined(separator: "\n") + "\n"
    }
    // Each lap's own time, truncated: not the difference of truncated splits (see `LapTable`).
    let rows = LapTable.rows(
      laps: ride.laps.map { (.milliseconds($0.lapMilliseconds), .milliseconds($0.splitMilliseconds)) }, precision: .cs)
    let compared = comparison.map { $0.kind != .none } ?? false
    func comparisonCells(_ number: Int) -> [String] {
      compared ? comparison.map { ComparisonReport.cells($0, lap: number) } ?? [] : []
    }
    var table: [[String]] = rows.map { row in
      let mark =
        switch row.mark {
        case .best: "▲"
        case .worst: "▼"
        case nil: ""
        }
      return [
        String(row.number), TimeFormat.clock(row.lap, precision: .cs), TimeFormat.clock(row.split, precision: .cs),
        row.difference.map { TimeFormat.signedDifference($0, precision: .cs) } ?? "", mark,
      ] + comparisonCells(row.number)
    }
    if let stretch = ride.finalStretch {
      table.append(
        [strings.finishRow, cs(stretch.lapMilliseconds), cs(stretch.splitMilliseconds), "", ""]
          + comparisonCells(stretch.number))
    }
    var header =
      [strings.lapHeader, strings.lapTimeHeader, strings.splitHeader, strings.differenceHeader, ""]
      + (compared ? [strings.compareHeader, ""] : [])
    var rightAligned = DistanceReport.addColumns(
      &table, header: &header, ride: ride, units: units, strings: distanceStrings, rightAligned: [0, 1, 2, 3, 5])
    rightAligned = SensorReport.addColumns(&table, header: &header, ride: ride, rightAligned: rightAligned)
    lines.append(String(layout(header: header, rows: table, rightAligned: rightAligned).dropLast()))
    return lines.joined(separator: "\n") + "\n"
  }

  /// Columns two spaces apart, measured in terminal columns (Hangul is two wide).
  static func layout(header: [String], rows: [[String]], rightAligned: Set<Int>) -> String {
    var widths = header.map { TextWidth.columns($0) }
    for row in rows {
      for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TextWidth.columns(cell)) }
    }
    func format(_ row: [String]) -> String {
      var cells: [String] = []
      for (i, cell) in row.enumerated() {
        cells.append(
          rightAligned.contains(i) ? TextWidth.leftPadded(cell, to: widths[i]) : TextWidth.padded(cell, to: widths[i]))
      }
      var line = cells.joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
    return ([format(header)] + rows.map(format)).joined(separator: "\n") + "\n"
  }
}
