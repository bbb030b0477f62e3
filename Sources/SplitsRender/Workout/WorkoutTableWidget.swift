import SplitsCore
import SplitsWorkout

/// The steps table's columns at a width: number, name, planned, actual, how each ended.
/// When narrow the name goes first, then how each ended, then the planned length.
struct StepColumns {
  static let gap = "  "
  let s: WorkoutStrings
  var numberWidth: Int
  var nameWidth: Int
  let plannedWidth: Int
  let actualWidth: Int
  let endedWidth: Int
  var showPlanned = true
  var showEnded = true

  init(_ rows: [WorkoutTableRow], strings s: WorkoutStrings, width: Int) {
    self.s = s
    func widest(_ header: String, _ texts: [String]) -> Int {
      max(TextWidth.columns(header), texts.map { TextWidth.columns($0) }.max() ?? 0)
    }
    let digits = String(rows.map(\.number).max() ?? 1).count
    numberWidth = digits
    nameWidth = 0
    plannedWidth = widest(s.plannedHeader, rows.map { Self.planned($0, s) })
    actualWidth = widest(s.actualHeader, rows.map(Self.actual))
    endedWidth = widest(s.endedHeader, rows.map { s.ended($0.ended) })
    nameWidth = min(widest(s.stepHeader, rows.map(\.name)), width - fixed - Self.gap.count - 1)
    if nameWidth < 4 {
      nameWidth = 0
      numberWidth = max(digits, TextWidth.columns(s.stepHeader))
      if fixed > width { showEnded = false }
      if fixed > width { showPlanned = false }
    }
  }

  /// The columns taken by everything but the name.
  var fixed: Int {
    let gap = Self.gap.count
    return 1 + numberWidth + (showPlanned ? gap + plannedWidth : 0) + gap + actualWidth
      + (showEnded ? gap + endedWidth : 0)
  }

  static func planned(_ r: WorkoutTableRow, _ s: WorkoutStrings) -> String {
    WorkoutView.lengthText(r.planned, s, lap: s.lapLength)
  }
  static func actual(_ r: WorkoutTableRow) -> String { TimeFormat.clock(r.actual, precision: .s, minimumHourDigits: 0) }

  func line(_ r: WorkoutTableRow) -> String {
    let gap = Self.gap
    var text = " " + TextWidth.leftPadded(String(r.number), to: numberWidth)
    if nameWidth > 0 { text += gap + TextWidth.padded(r.name, to: nameWidth) }
    if showPlanned { text += gap + TextWidth.leftPadded(Self.planned(r, s), to: plannedWidth) }
    text += gap + TextWidth.leftPadded(Self.actual(r), to: actualWidth)
    if showEnded { text += gap + TextWidth.padded(s.ended(r.ended), to: endedWidth) }
    return text
  }

  /// The header: the step's column is over its number and name.
  var header: String {
    let gap = Self.gap
    var header = " " + TextWidth.padded(s.stepHeader, to: numberWidth + (nameWidth > 0 ? gap.count + nameWidth : 0))
    if showPlanned { header += gap + TextWidth.leftPadded(s.plannedHeader, to: plannedWidth) }
    header += gap + TextWidth.leftPadded(s.actualHeader, to: actualWidth)
    if showEnded { header += gap + TextWidth.padded(s.endedHeader, to: endedWidth) }
    return header
  }
}

extension WorkoutView {
  /// The finished steps: number, name, planned, actual, how each ended. When they do not all
  /// fit, the newest that fit stay and a row says how many earlier steps are left out.
  static func drawTable(
    _ rows: [WorkoutTableRow], plan: Workout, newestFirst: Bool, options: ViewOptions, into screen: inout Screen,
    top: Int, bottom: Int
  ) {
    let s = options.workoutStrings
    let columns = StepColumns(rows, strings: s, width: screen.size.columns)
    var row = top
    guard row < bottom else { return }
    screen.put(columns.header, row: row, column: 0, style: .dim)
    row += 1
    let room = bottom - row
    guard room > 0 else { return }
    let shown = rows.count <= room ? rows : Array(rows.suffix(room - 1))
    let hidden = rows.count - shown.count
    let ordered = newestFirst ? Array(shown.reversed()) : shown
    let mark = s.fill(s.earlierStepsFormat, String(hidden))
    if hidden > 0, !newestFirst {
      screen.put(" " + mark, row: row, column: 0, style: .dim)
      row += 1
    }
    for r in ordered {
      let style = r.ended == .skip ? options.colored(.yellow) : .plain
      screen.put(columns.line(r), row: row, column: 0, style: style)
      row += 1
    }
    if hidden > 0, newestFirst {
      screen.put(" " + mark, row: row, column: 0, style: .dim)
    }
  }
}
