import SplitsCore

/// The lap table's columns at a width: mark, number, lap time, split, difference; for a ride
/// with earlier rides of its name, then the delta against the comparison and its marks
/// (standing, new best segment). When narrow the difference goes first, then the delta and
/// its marks, then the split.
struct LapColumns: Equatable, Sendable {
  let numberWidth: Int
  let timeWidth: Int
  let diffWidth: Int
  let deltaWidth: Int
  let showSplit: Bool
  let showDiff: Bool
  let showDelta: Bool
  let deltaColumn: Int
  var marksColumn: Int { deltaColumn + deltaWidth + 1 }
  static let gap = "   "

  init(_ state: RideScreenState, compared: Bool, strings s: Strings, width: Int) {
    let gap = Self.gap.count
    timeWidth = TextWidth.columns(TimeFormat.clock(state.moving, precision: state.clock.precision))
    // Wide enough for the running lap's number (1,000 laps and more are not cut).
    numberWidth = max(3, TextWidth.columns(s.lapHeader), String(state.clock.ride.splits.count + 1).count)
    diffWidth = max(timeWidth - 2, TextWidth.columns(s.differenceHeader))
    deltaWidth = max(timeWidth - 2, TextWidth.columns(s.deltaHeader))
    let base = 2 + numberWidth + gap + timeWidth
    let splitPart = gap + timeWidth
    let diffPart = gap + diffWidth
    let deltaPart = compared ? gap + deltaWidth + 3 : 0
    showDiff = base + splitPart + diffPart + deltaPart + 1 <= width
    showDelta = compared && base + splitPart + deltaPart + 1 <= width
    showSplit = base + splitPart + 1 <= width
    deltaColumn = 1 + base + (showSplit ? splitPart : 0) + (showDiff ? diffPart : 0) + gap
  }

  /// The line `spans` gives, written straight into one string (a frame draws one a lap shown).
  func line(_ mark: String, _ number: String, _ lap: String, _ split: String, _ diff: String) -> String {
    func blank(_ count: Int, into line: inout String) {
      if count > 0 { line += String(repeating: " ", count: count) }
    }
    var line = TextWidth.padded(mark, to: 1)
    line.reserveCapacity(2 + numberWidth + 3 * timeWidth + 4 * Self.gap.utf8.count + diffWidth)
    line += " "
    line += TextWidth.leftPadded(number, to: numberWidth)
    line += Self.gap
    line += lap
    blank(timeWidth - TextWidth.columns(lap), into: &line)
    if showSplit {
      line += Self.gap
      line += split
      blank(timeWidth - TextWidth.columns(split), into: &line)
    }
    if showDiff {
      line += Self.gap
      blank(diffWidth - TextWidth.columns(diff), into: &line)
      line += diff
    }
    return line
  }

  /// The line as spans, so that the running lap's figures are noted where they are drawn.
  func spans(_ mark: String, _ number: String, _ lap: Span, _ split: Span, _ diff: Span) -> [Span] {
    func blank(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }
    var spans: [Span] = [.text(TextWidth.padded(mark, to: 1) + " " + TextWidth.leftPadded(number, to: numberWidth) + Self.gap)]
    spans += [lap, .text(blank(timeWidth - lap.columns))]
    if showSplit { spans += [.text(Self.gap), split, .text(blank(timeWidth - split.columns))] }
    if showDiff { spans += [.text(Self.gap + blank(diffWidth - diff.columns)), diff] }
    return spans
  }

  /// A recorded lap's row as the table draws it: a space, then `line` of its mark, number and
  /// figures. Made as bytes and turned into a string once (a frame draws one a lap shown; the
  /// figures and the padding are ASCII); `LapRowTests` holds it to `line`.
  func row(_ r: LapRow, mark: String, precision: Precision) -> String {
    let space = UInt8(ascii: " ")
    var bytes: [UInt8] = []
    bytes.reserveCapacity(8 + numberWidth + 3 * timeWidth + 4 * Self.gap.utf8.count + diffWidth)
    bytes.append(space)
    bytes.append(contentsOf: TextWidth.padded(mark, to: 1).utf8)
    bytes.append(space)
    let number = String(r.number).utf8.prefix(numberWidth)
    bytes.append(contentsOf: repeatElement(space, count: numberWidth - number.count))
    bytes.append(contentsOf: number)
    /// A figure after the gap, padded to `width` on its right (or its left: `leftPadded`).
    func figure(width: Int, leftPadded: Bool = false, _ write: (inout [UInt8]) -> Void) {
      bytes.append(contentsOf: Self.gap.utf8)
      let start = bytes.count
      write(&bytes)
      let padding = repeatElement(space, count: max(0, width - (bytes.count - start)))
      if leftPadded { bytes.insert(contentsOf: padding, at: start) } else { bytes.append(contentsOf: padding) }
    }
    figure(width: timeWidth) { TimeFormat.appendClock(r.lap, precision: precision, to: &$0) }
    if showSplit { figure(width: timeWidth) { TimeFormat.appendClock(r.split, precision: precision, to: &$0) } }
    if showDiff {
      figure(width: diffWidth, leftPadded: true) { bytes in
        if let difference = r.difference { TimeFormat.appendSignedDifference(difference, precision: precision, to: &bytes) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension RideView {
  /// The lap table from `top` to `bottom`: the header, the running lap, then the recorded
  /// laps newest first, as many as fit (`LapTable.visible`).
  static func drawLaps(
    _ state: RideScreenState, live: LiveComparison?, options: ViewOptions, into screen: inout Screen, top: Int,
    bottom: Int
  ) {
    let s = options.strings
    let columns = LapColumns(state, compared: live?.hasEarlierRides == true, strings: s, width: screen.size.columns)
    var row = top
    screen.put(
      " " + columns.line("", s.lapHeader, s.lapTimeHeader, s.splitHeader, s.differenceHeader), row: row, column: 0,
      style: .dim)
    if columns.showDelta {
      screen.put(
        TextWidth.leftPadded(s.deltaHeader, to: columns.deltaWidth), row: row, column: columns.deltaColumn, style: .dim)
    }
    let rows = LapTable.rows(splits: state.clock.ride.splits, precision: state.clock.precision)
    let paces = PaceColumns(
      state, columns: columns, rows: rows, strings: .of(options.language), width: screen.size.columns)
    paces?.drawHeader(into: &screen, row: row)
    row += 1
    if row < bottom {
      drawRunningLap(state, live: live, columns: columns, options: options, into: &screen, row: row)
      row += 1
    }
    drawRecordedLaps(
      state, rows: rows, live: live, columns: columns, paces: paces, options: options, into: &screen, top: row,
      bottom: bottom)
  }

  /// The running lap, whose figures move with the moving time: the lap from the last split
  /// (as it was, not truncated), the split with it, the difference from the last split plus
  /// the last lap as shown, and the live delta once it appears; each noted where it is shown.
  static func drawRunningLap(
    _ state: RideScreenState, live: LiveComparison?, columns: LapColumns, options: ViewOptions,
    into screen: inout Screen, row: Int
  ) {
    let precision = state.clock.precision
    let running = LapTable.runningLap(splits: state.clock.ride.splits, moving: state.moving, precision: precision)
    let lastSplit = LapTable.runningLapOrigin(splits: state.clock.ride.splits)
    let lap = ClockFigure(.moving, reading: .clock(precision, from: lastSplit), at: state.moving, origin: lastSplit)
    let split = ClockFigure(.moving, reading: .clock(precision), at: state.moving)
    // The difference is the lap less the last lap as shown (`running.lap - difference`).
    let diff = running.difference.map {
      ClockFigure(
        .moving, reading: .difference(precision, from: lastSplit, less: running.lap - $0), at: state.moving,
        origin: lastSplit + (running.lap - $0))
    }
    let line = columns.spans("›", String(running.number), .figure(lap), .figure(split), diff.map { .figure($0) } ?? .text(""))
    screen.put([.text(" ")] + line, row: row, column: 0, style: options.colored(.cyan))
    // The live delta, once the lap has reached the comparison's lap time or the best
    // segment: the shown split minus the comparison's, so it moves with the split; its
    // mark turns with the delta's sign and with the lap passing the comparison's lap.
    guard columns.showDelta, let live, let appears = live.liveDeltaAppears(lap: running.number),
      state.moving - lastSplit >= appears,
      let delta = live.delta(lap: running.number, shownSplit: running.split, precision: precision)
    else { return }
    let standing = live.standing(lap: running.number, delta: delta, shownLap: running.lap, precision: precision)
    putComparison(
      columns, precision: precision, options: options, into: &screen, row: row, delta: delta, standing: standing, gold: false,
      turning: [.zero, lastSplit])
  }

  /// The recorded laps, newest first, the best and worst marked, with the mark of the laps
  /// left out; for a compared ride each with its delta, standing and new best segment.
  static func drawRecordedLaps(
    _ state: RideScreenState, rows: [LapRow], live: LiveComparison?, columns: LapColumns, paces: PaceColumns?,
    options: ViewOptions, into screen: inout Screen, top: Int, bottom: Int
  ) {
    let s = options.strings
    let precision = state.clock.precision
    // Only a compared ride needs its laps as the journal holds them (for the new best segments).
    let recordedLaps = live == nil ? [] : Comparison.recordedLaps(splits: state.clock.ride.splits)
    var row = top
    for entry in LapTable.visible(rows, rowsAvailable: bottom - row) {
      guard row < bottom else { break }
      defer { row += 1 }
      guard case .lap(let r) = entry else {
        if case .earlier(let count) = entry {
          let line = options.memos.earlierLaps.value(.init(count: count, language: options.language, sport: options.sport)) {
            " " + s.fill(s.earlierLapsFormat, String(count))
          }
          screen.put(line, row: row, column: 0, style: .dim)
        }
        continue
      }
      let (mark, style): (String, Style) =
        switch r.mark {
        case .best?: ("▲", options.colored(.green))
        case .worst?: ("▼", options.colored(.red))
        case nil: ("", .plain)
        }
      let text = options.memos.lapRows.row(.init(row: r, columns: columns, precision: precision)) {
        columns.row(r, mark: mark, precision: precision)
      }
      screen.put(text, row: row, column: 0, style: style)
      paces?.draw(r, style: style, into: &screen, row: row)
      guard let live else { continue }
      let delta = live.delta(lap: r.number, shownSplit: r.split, precision: precision)
      let index = r.number - 1
      let gold = index < recordedLaps.count && live.isNewGold(lap: r.number, time: recordedLaps[index])
      putComparison(
        columns, precision: precision, options: options, into: &screen, row: row, delta: delta,
        standing: delta.flatMap { live.standing(lap: r.number, delta: $0, shownLap: r.lap, precision: precision) },
        gold: gold)
    }
  }

  /// The delta and the marks of a row, in the standing's colour.
  static func putComparison(
    _ columns: LapColumns, precision: Precision, options: ViewOptions, into screen: inout Screen, row: Int,
    delta: Duration?, standing: LapStanding?, gold: Bool, turning origins: [Duration]? = nil
  ) {
    guard columns.showDelta else { return }
    let text = delta.map { TimeFormat.signedDifference($0, precision: precision) } ?? ""
    let style: Style =
      switch standing {
      case .aheadGaining?: options.colored(.green, .bold)
      case .aheadLosing?: options.colored(.green)
      case .behindGaining?: options.colored(.red)
      case .behindLosing?: options.colored(.red, .bold)
      case nil: .plain
      }
    // The running lap's delta moves with the moving time as shown, and its mark can turn at
    // each unit of the moving time and of the lap (`origins`).
    let unit = Duration.nanoseconds(precision.unitNanoseconds)
    if !text.isEmpty {
      let padding = String(repeating: " ", count: max(0, columns.deltaWidth - TextWidth.columns(text)))
      let delta: Span = origins == nil ? .text(text) : .figure(ClockFigure(.moving, text))
      screen.put([.text(padding), delta], row: row, column: columns.deltaColumn, style: style)
    }
    if let origins {
      // Noted even while it shows nothing (a level delta): it can appear at the next unit.
      let mark = Span.mark(standing?.glyph ?? "", turningWith: .moving, every: unit, from: origins)
      screen.put([mark], row: row, column: columns.marksColumn, style: style)
    } else if let standing {
      screen.put(standing.glyph, row: row, column: columns.marksColumn, style: style)
    }
    if gold {
      screen.put(LapStanding.goldMark, row: row, column: columns.marksColumn + 1, style: options.colored(.yellow, .bold))
    }
  }
}
