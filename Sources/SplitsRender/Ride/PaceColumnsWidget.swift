import SplitsCore

/// A ride with a lap distance (`--lap-distance`): each recorded lap's pace and speed, in two
/// columns after every other column of the lap table. They are the first to go when the
/// table is narrow (the pace keeps its place longer than the speed). The running lap shows
/// neither: a lap's pace is known when it ends, so nothing here moves with the clock.
struct PaceColumns {
  let distance: LapDistance
  let units: DistanceUnits
  let paceColumn: Int
  let paceWidth: Int
  let speedColumn: Int?
  let speedWidth: Int
  let paceHeader: String

  /// Nil without a lap distance, or when not even the pace fits after `columns`.
  init?(_ state: RideScreenState, columns: LapColumns, rows: [LapRow], strings: DistanceStrings, width: Int) {
    guard let distance = state.lapDistance else { return nil }
    let units = state.distance.units
    self.distance = distance
    self.units = units
    paceHeader = strings.paceHeader(units)
    let paces = rows.map { TextWidth.columns(Pace.paceText(lap: $0.lap, distance: distance, units: units)) }
    let speeds = rows.map { TextWidth.columns(Pace.speedText(lap: $0.lap, distance: distance, units: units)) }
    paceWidth = max(TextWidth.columns(paceHeader), paces.max() ?? 0)
    speedWidth = max(TextWidth.columns(units.speedSymbol), speeds.max() ?? 0)
    let gap = LapColumns.gap.count
    paceColumn = columns.end + gap
    guard paceColumn + paceWidth + 1 <= width else { return nil }
    let speed = paceColumn + paceWidth + gap
    speedColumn = speed + speedWidth + 1 <= width ? speed : nil
  }

  func pace(_ row: LapRow) -> String { Pace.paceText(lap: row.lap, distance: distance, units: units) }
  func speed(_ row: LapRow) -> String { Pace.speedText(lap: row.lap, distance: distance, units: units) }

  /// The two headers, in the table's header row.
  func drawHeader(into screen: inout Screen, row: Int) {
    screen.put(TextWidth.leftPadded(paceHeader, to: paceWidth), row: row, column: paceColumn, style: .dim)
    if let speedColumn {
      screen.put(TextWidth.leftPadded(units.speedSymbol, to: speedWidth), row: row, column: speedColumn, style: .dim)
    }
  }

  /// A recorded lap's pace and speed, in its row's style.
  func draw(_ lap: LapRow, style: Style, into screen: inout Screen, row: Int) {
    screen.put(TextWidth.leftPadded(pace(lap), to: paceWidth), row: row, column: paceColumn, style: style)
    if let speedColumn {
      screen.put(TextWidth.leftPadded(speed(lap), to: speedWidth), row: row, column: speedColumn, style: style)
    }
  }
}

extension LapColumns {
  /// The first column after the table's columns (the delta's marks, when shown).
  var end: Int {
    if showDelta { return marksColumn + 2 }
    let gap = Self.gap.count
    return 1 + 2 + numberWidth + gap + timeWidth + (showSplit ? gap + timeWidth : 0) + (showDiff ? gap + diffWidth : 0)
  }
}

extension RideView {
  /// The figures line's part for a ride with a lap distance: its whole laps' distance.
  static func distancePart(_ state: RideScreenState, options: ViewOptions) -> [String] {
    guard let covered = state.distance.covered(laps: state.clock.ride.splits.count) else { return [] }
    return [DistanceStrings.of(options.language).distanceText(millimetres: covered, units: state.distance.units)]
  }

  /// The summary's line for a ride with a lap distance: its distance, and the pace and speed
  /// of its laps together.
  static func distanceSummary(_ summary: RideSummary, options: ViewOptions) -> [(String, Style)] {
    guard let distance = summary.lapDistance else { return [] }
    let d = DistanceStrings.of(options.language)
    let units = summary.units
    var text = d.distanceText(millimetres: Pace.total(laps: summary.lapTimes.count, distance: distance), units: units)
    if let average = summary.averageLap {
      let pace = Pace.paceText(lap: average, distance: distance, units: units)
      let speed = Pace.speedText(lap: average, distance: distance, units: units)
      if !pace.isEmpty { text += " · \(d.pace) \(pace)\(units.paceSymbol) · \(speed) \(units.speedSymbol)" }
    }
    return [(text, .plain)]
  }
}
