import SplitsCore

/// The workout screen: the ride screen while a ride follows a workout's steps (from READY,
/// with step 1 to come, to the end of the last step), then the workout's summary until a key.
/// A pure function from state and size into a whole frame.
///
/// Top to bottom: title and state; the step (number, name, kind; its target in percent of
/// FTP, in watts when the FTP is known, and cadence), flashed in reverse video for the first
/// seconds of a new step; the time left in the step in big digits (a lap step: the time into
/// it, counting up); a cue while it is shown; the next step; the profile of the whole workout
/// with a marker at now; the workout's time so far and left; the finished steps, newest
/// first; the banner and the key line. When rows run short the blank rows go first, then the
/// table, the title, the big digits' size, the profile, the workout's times, the next step,
/// the cue's own row and the step; the time left stays to the last.
///
/// Every figure is whole seconds of the moving time or of the step's time (the time left is
/// a countdown, rounded up), which is where the ride's `nextCandidate` looks for changes.
public enum WorkoutView {
  public static func render(_ state: RideScreenState, size: Size, options: ViewOptions) -> Screen {
    var screen = Screen(size: size)
    guard size.columns > 0, size.rows > 0, let run = state.workout else { return screen }
    let s = options.workoutStrings
    let ride = options.strings
    let now = Current(state, run: run)
    let complete = run.showingCompletion || now.isComplete
    let keys = RideView.keyLine(state, columns: size.columns - 1) {
      s.label($0, phase: state.phase, helpShown: state.showingHelp, lapStep: now.lapStep, complete: complete, ride: ride)
    }
    let bottom = RideView.drawBottom(state, options: options, keys: keys, into: &screen)
    if complete {
      drawCompletion(state, run: run, options: options, into: &screen, bottom: bottom)
    } else {
      drawStep(state, run: run, now: now, options: options, into: &screen, bottom: bottom)
    }
    if state.showingHelp {
      RideView.drawHelp(state, options: options, into: &screen, describe: { s.describe($0, ride: ride) })
    }
    return screen
  }

  /// Where the workout stands, as the screen shows it: before the ride's clock starts, step 1
  /// with none of it ridden.
  struct Current {
    var index: Int
    var isComplete: Bool
    var stepStart: Duration
    var into: Duration
    var left: Duration?
    var cues: [String]
    var flashing: Bool
    var lapStep: Bool

    init(_ state: RideScreenState, run: WorkoutRun) {
      let plan = run.plan
      if let position = state.workoutPosition {
        index = position.step
        isComplete = position.isComplete
        stepStart = position.stepStart
        into = position.intoStep
        left = position.left(in: plan)
        cues = position.shownCues(in: plan).map(\.text)
        flashing = position.isFlashing
      } else {
        index = 0
        isComplete = plan.steps.isEmpty
        stepStart = .zero
        into = .zero
        left = plan.steps.first?.length.seconds.map { .seconds($0) }
        cues = []
        flashing = false
      }
      lapStep = index < plan.steps.count && plan.steps[index].length == .untilLap
    }
  }

  /// Which parts the step screen draws; `layouts` lists them from the fullest to the barest.
  struct Layout {
    var gaps = true
    var table = true
    var title = true
    /// 2: the large font (scaled up on tall screens), 1: the small font, 0: a line of text.
    var digits = 2
    /// The profile's bars and the marker under them.
    var profile = true
    /// The workout's time so far and left.
    var times = true
    var next = true
    var cue = true
    /// Lines of the step's header: 2 (name, then target), 1 (both on one line), 0.
    var header = 2

    static let all: [Layout] = {
      var layout = Layout()
      var out = [layout]
      let drops: [(inout Layout) -> Void] = [
        { $0.gaps = false }, { $0.table = false }, { $0.title = false }, { $0.digits = 1 },
        { $0.profile = false }, { $0.digits = 0 }, { $0.times = false }, { $0.next = false }, { $0.cue = false },
        { $0.header = 1 }, { $0.header = 0 },
      ]
      for drop in drops {
        drop(&layout)
        out.append(layout)
      }
      return out
    }()

    /// Rows it takes, with the time in `digitRows` rows (its label included).
    func rows(digitRows: Int) -> Int {
      var rows = digitRows + header + (cue ? 1 : 0) + (next ? 1 : 0) + (profile ? 2 : 0) + (times ? 1 : 0)
      if title { rows += 1 }
      if table { rows += 3 }
      if gaps { rows += (title ? 1 : 0) + (header > 0 ? 1 : 0) + 1 + (table ? 1 : 0) }
      return rows
    }
  }

  /// The rows the table needs at least: its header and two steps.
  static let tableRows = 3

  // MARK: - The step under way

  static func drawStep(
    _ state: RideScreenState, run: WorkoutRun, now: Current, options: ViewOptions, into screen: inout Screen,
    bottom: Int
  ) {
    let s = options.workoutStrings
    let plan = run.plan
    let width = screen.size.columns
    let step = plan.steps[now.index]
    let phase = state.phase

    // The big figure: the time left in the step (into it for a lap step), or the pre-start
    // countdown's number.
    let figure: String
    let label: String
    var origin: Duration?
    if phase == .countdown {
      figure = RideView.stateLabel(state, options.strings)
      label = s.startsIn
    } else if let seconds = step.length.seconds {
      figure = TimeFormat.clock(
        .seconds(WorkoutTable.leftSeconds(now.left ?? .seconds(seconds))), precision: .s, minimumHourDigits: 0)
      label = s.stepLeft
      origin = WorkoutTable.countdownOrigin(stepStart: now.stepStart, seconds: seconds)
    } else {
      figure = TimeFormat.clock(now.into, precision: .s, minimumHourDigits: 0)
      label = s.stepLapInto
      origin = now.stepStart
    }

    // The fullest layout that fits.
    let room = bottom
    let tall = room >= 36
    func face(_ digits: Int) -> BigDigits.Face? {
      guard !options.plain, digits > 0, width >= 3 else { return nil }
      return BigDigits.bestFace(for: figure, columns: width - 2, rows: digits == 2 ? (tall ? 10 : 5) : 3)
    }
    var layout = Layout(
      gaps: false, table: false, title: false, digits: 0, profile: false, times: false, next: false, cue: false,
      header: 0)
    var chosenFace: BigDigits.Face?
    for candidate in Layout.all {
      let candidateFace = face(candidate.digits)
      if candidate.rows(digitRows: candidateFace.map { $0.height + 1 } ?? 1) <= room {
        layout = candidate
        chosenFace = candidateFace
        break
      }
    }

    var row = 0
    var stateShown = false
    if layout.title {
      stateShown = RideView.drawTitle(state, options: options, into: &screen)
      row += layout.gaps ? 2 : 1
    }

    // The step: number, name and kind; then its target. Flashed when it has just begun.
    let cueText = now.cues.isEmpty ? nil : "» " + now.cues.joined(separator: " · ")
    if layout.header > 0 {
      let number = "\(now.index + 1)/\(plan.steps.count)"
      var first: [(String, Bool)] = [(number, false), (step.name, true)]
      let kind = s.kindName(step.kind)
      let target = targetParts(step, ftp: plan.ftp, s)
      if layout.header == 1 {
        first += target.map { ($0, false) }
      } else if kind.lowercased() != step.name.lowercased() {
        first.append((kind, false))
      }
      let zone = tinted(zoneColor(step), options)
      if let cueText, !layout.cue {
        // No row of its own: the cue takes the step's first line while it is shown.
        drawCue(cueText, row: row, options: options, into: &screen)
      } else if now.flashing {
        let flash = Style(color: zone.color, bold: true, reverse: true)
        screen.fill(row: row, column: 0, width: width, height: 1, style: flash)
        screen.put(" " + joined(first, columns: width - 2), row: row, column: 0, style: flash)
      } else {
        screen.put(" " + joined(first, columns: width - 2), row: row, column: 0, style: .bold)
      }
      row += 1
      if layout.header == 2 {
        screen.put(" " + joined(target.map { ($0, false) }, columns: width - 2), row: row, column: 0, style: zone)
        row += 1
      }
      if layout.gaps { row += 1 }
    }

    // The time, with what it is (and the state, when the title is not shown).
    let figureStyle = options.colored(RideView.phaseColor(phase), .bold)
    let caption = stateShown || phase == .countdown ? label : label + " · " + RideView.stateLabel(state, options.strings)
    if let chosenFace {
      let column = (width - BigDigits.width(figure, face: chosenFace)) / 2
      BigDigits.draw(figure, face: chosenFace, into: &screen, row: row, column: column, style: figureStyle)
      if let origin {
        screen.clocks.show(
          .moving, text: figure, rows: row..<row + chosenFace.height,
          glyphs: BigDigits.glyphColumns(figure, face: chosenFace, column: column), origin: origin)
      }
      row += chosenFace.height
      screen.putCentered(TextWidth.prefix(caption, columns: width), row: row, style: .dim)
      row += 1
    } else {
      let column = width > TextWidth.columns(figure) ? 1 : 0
      let fit = TimeFormat.fitted(figure, columns: width - column)
      let written = screen.put(fit.text, row: row, column: column, style: figureStyle)
      if let origin { screen.clocks.show(.moving, text: figure, row: row, column: column, visible: fit.digits, origin: origin) }
      if fit.digits == figure.count {
        screen.put("  " + caption, row: row, column: column + written, style: .dim)
      }
      row += 1
    }
    if layout.gaps { row += 1 }

    // The next step, on a row of its own or, without one, in the cue's row while no cue is
    // shown.
    func drawNext(row: Int) {
      var parts: [(String, Bool)]
      if now.index + 1 < plan.steps.count {
        let next = plan.steps[now.index + 1]
        parts = [(s.fill(s.nextFormat, next.name), true), (lengthText(next.length, s), false)]
        parts += targetParts(next, ftp: plan.ftp, s).map { ($0, false) }
      } else {
        parts = [(s.lastStep, true)]
      }
      screen.put(" " + joined(parts, columns: width - 2), row: row, column: 0)
    }

    // The cue, while it is shown.
    if layout.cue {
      if let cueText {
        drawCue(cueText, row: row, options: options, into: &screen)
      } else if !layout.next {
        drawNext(row: row)
      }
      row += 1
    }
    if layout.next {
      drawNext(row: row)
      row += 1
    }

    // The profile, the marker at now, and the workout's time so far and left.
    if layout.profile {
      drawProfile(plan, now: now, options: options, into: &screen, row: row)
      row += 2
    }
    if layout.times {
      drawTimes(state, plan: plan, now: now, s, into: &screen, row: row)
      row += 1
    }

    // The finished steps, newest first.
    if layout.table {
      if layout.gaps { row += 1 }
      let rows = WorkoutTable.rows(state)
      if !rows.isEmpty {
        drawTable(rows, plan: plan, newestFirst: true, options: options, into: &screen, top: row, bottom: bottom)
      }
    }
  }

  /// A cue: prominent, in reverse video, the whole row.
  static func drawCue(_ text: String, row: Int, options: ViewOptions, into screen: inout Screen) {
    let style = options.colored(.yellow, Style(bold: true, reverse: true))
    screen.fill(row: row, column: 0, width: screen.size.columns, height: 1, style: style)
    screen.put(" " + text, row: row, column: 0, style: style)
  }

  /// The profile's row of bars over the screen's width less a column each side, and under it
  /// `▲` at now. Steps done are dim.
  static func drawProfile(_ plan: Workout, now: Current, options: ViewOptions, into screen: inout Screen, row: Int) {
    let width = screen.size.columns
    let left = width >= 3 ? 1 : 0
    let columns = width - 2 * left
    let marker = WorkoutProfile.marker(
      plan, columns: columns, step: now.index, intoSeconds: WorkoutTable.wholeSeconds(now.into))
    let blocks: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    for (column, bar) in WorkoutProfile.bars(plan, columns: columns).enumerated() {
      let text: String
      switch bar.bar {
      case .level(let level): text = blocks[level - 1]
      case .free: text = "░"
      case .max: text = "█"
      }
      var style = tinted(zoneColor(plan.steps[bar.step]), options)
      style.dim = bar.step < now.index
      screen.put(text, row: row, column: left + column, style: style)
    }
    if columns > 0 {
      screen.put("▲", row: row + 1, column: left + marker, style: .bold)
      // The marker moves on whole seconds of the step's time, until it reaches the column it
      // ends the step in (a lap step ridden past its nominal width stays there).
      let spans = WorkoutProfile.spans(plan)
      if now.index < spans.count {
        let last = WorkoutProfile.marker(
          plan, columns: columns, step: now.index, intoSeconds: Int64(max(0, spans[now.index].length - 1)))
        if last != marker {
          screen.clocks.show(
            .moving, place: .seconds(1), rows: row + 1..<row + 2, columns: left..<left + columns, origin: now.stepStart)
        }
      }
    }
  }

  /// `12:05 / 47:55 left`: the moving time, truncated, and the planned time left, counted
  /// down; when a lap step is to come the time left is unknown, and said so. Parts that do
  /// not fit whole are left out.
  static func drawTimes(_ state: RideScreenState, plan: Workout, now: Current, _ s: WorkoutStrings, into screen: inout Screen, row: Int) {
    let width = screen.size.columns
    let done = TimeFormat.clock(state.moving, precision: .s, minimumHourDigits: 0)
    // The planned seconds from the step's start to the workout's end (nil with a lap step).
    var planned: Int? = 0
    for step in plan.steps[now.index...] {
      guard let seconds = step.length.seconds, let sum = planned else {
        planned = nil
        break
      }
      planned = sum + seconds
    }
    var candidates: [(format: String, values: [String], origins: [Duration])] = []
    if let planned {
      let left = TimeFormat.clock(
        .seconds(WorkoutTable.leftSeconds((.seconds(planned) - now.into).clampedToZero)), precision: .s, minimumHourDigits: 0)
      let origin = WorkoutTable.countdownOrigin(stepStart: now.stepStart, seconds: planned)
      candidates.append((s.workoutTimesFormat, [done, left], [.zero, origin]))
      candidates.append(("%@ / %@", [done, left], [.zero, origin]))
    } else {
      candidates.append((s.workoutTimesOpenFormat, [done], [.zero]))
    }
    candidates.append(("%@", [done], [.zero]))
    for candidate in candidates {
      let placed = place(candidate.format, candidate.values)
      guard TextWidth.columns(placed.text) + 2 <= width else { continue }
      screen.put(" " + placed.text, row: row, column: 0)
      for (index, value) in candidate.values.enumerated() {
        screen.clocks.show(
          .moving, text: value, row: row, column: 1 + placed.columns[index], visible: value.count,
          origin: candidate.origins[index])
      }
      return
    }
  }

  // MARK: - The workout complete

  /// "Workout complete", the time ridden against the plan, how the steps ended, and the
  /// table of every step, oldest first. When rows run short the blank rows go first, then
  /// the title, the counts and the table.
  static func drawCompletion(
    _ state: RideScreenState, run: WorkoutRun, options: ViewOptions, into screen: inout Screen, bottom: Int
  ) {
    let s = options.workoutStrings
    let width = screen.size.columns
    let rows = WorkoutTable.rows(state)
    var left = bottom
    func take(_ count: Int) -> Bool {
      guard left >= count else { return false }
      left -= count
      return true
    }
    _ = take(1)
    let showTotals = take(1)
    let showTable = !rows.isEmpty && take(tableRows)
    let showCounts = take(1)
    let showTitle = take(1)
    let titleGap = showTitle && take(1)
    let tableGap = showTable && take(1)

    var row = 0
    if showTitle {
      RideView.drawTitle(state, options: options, into: &screen)
      row += titleGap ? 2 : 1
    }
    let heading = " " + s.workoutComplete
    let style = options.colored(.cyan, .bold)
    if TextWidth.columns(heading) <= width {
      screen.put(heading, row: row, column: 0, style: style)
    } else {
      // Too narrow for the words: a mark that still says it.
      let cut = TextWidth.prefix(s.workoutComplete, columns: width)
      screen.put(TextWidth.columns(cut) >= 2 ? cut : "✓", row: row, column: 0, style: style)
    }
    row += 1
    if showTotals {
      let ridden = TimeFormat.clock(finishedAt(state), precision: .s, minimumHourDigits: 0)
      let plannedText = plan(total: run.plan, s)
      screen.put(
        " " + joined([(s.fill(s.riddenFormat, ridden), false), (s.fill(s.plannedTotalFormat, plannedText), false)], columns: width - 2),
        row: row, column: 0, style: .bold)
      row += 1
    }
    if showCounts {
      let count = { (end: StepEnd) in String(rows.filter { $0.ended == end }.count) }
      let parts = [
        s.fill(s.endedOnTimeFormat, count(.time)), s.fill(s.endedOnLapFormat, count(.lap)),
        s.fill(s.endedSkippedFormat, count(.skip)),
      ]
      screen.put(" " + joined(parts.map { ($0, false) }, columns: width - 2), row: row, column: 0)
      row += 1
    }
    if showTable {
      if tableGap { row += 1 }
      drawTable(rows, plan: run.plan, newestFirst: false, options: options, into: &screen, top: row, bottom: bottom)
    }
  }

  /// The moving time at the last step's end: the ride's time ridden in the workout.
  static func finishedAt(_ state: RideScreenState) -> Duration {
    let count = min(state.ride.stepEnds.count, state.ride.splits.count)
    return count > 0 ? state.ride.splits[count - 1] : .zero
  }

  /// The planned length of the whole workout (`55:00`, or `40:00 and lap steps`).
  static func plan(total plan: Workout, _ s: WorkoutStrings) -> String {
    let timed = plan.steps.compactMap(\.length.seconds).reduce(0, +)
    let text = TimeFormat.clock(.seconds(timed), precision: .s, minimumHourDigits: 0)
    return plan.totalSeconds == nil ? s.fill(s.plannedOpenFormat, text) : text
  }

  // MARK: - The steps table

  /// The finished steps: number, name, planned, actual, how each ended. When they do not all
  /// fit, the newest that fit stay and a row says how many earlier steps are left out. When
  /// narrow the name goes first, then how each ended, then the planned length.
  static func drawTable(
    _ rows: [WorkoutTableRow], plan: Workout, newestFirst: Bool, options: ViewOptions, into screen: inout Screen,
    top: Int, bottom: Int
  ) {
    let s = options.workoutStrings
    let width = screen.size.columns
    let gap = "  "
    func planned(_ r: WorkoutTableRow) -> String { lengthText(r.planned, s, lap: s.lapLength) }
    func actual(_ r: WorkoutTableRow) -> String { TimeFormat.clock(r.actual, precision: .s, minimumHourDigits: 0) }
    func widest(_ header: String, _ texts: [String]) -> Int {
      max(TextWidth.columns(header), texts.map { TextWidth.columns($0) }.max() ?? 0)
    }
    let digits = String(rows.map(\.number).max() ?? 1).count
    let plannedWidth = widest(s.plannedHeader, rows.map(planned))
    let actualWidth = widest(s.actualHeader, rows.map(actual))
    let endedWidth = widest(s.endedHeader, rows.map { s.ended($0.ended) })
    let nameWidest = widest(s.stepHeader, rows.map(\.name))

    var showEnded = true
    var showPlanned = true
    var numberWidth = digits
    func fixed() -> Int {
      1 + numberWidth + (showPlanned ? gap.count + plannedWidth : 0) + gap.count + actualWidth
        + (showEnded ? gap.count + endedWidth : 0)
    }
    var nameWidth = min(nameWidest, width - fixed() - gap.count - 1)
    if nameWidth < 4 {
      nameWidth = 0
      numberWidth = max(digits, TextWidth.columns(s.stepHeader))
      if fixed() > width { showEnded = false }
      if fixed() > width { showPlanned = false }
    }

    func line(_ number: String, _ name: String, _ planned: String, _ actual: String, _ ended: String) -> String {
      var text = " " + TextWidth.leftPadded(number, to: numberWidth)
      if nameWidth > 0 { text += gap + TextWidth.padded(name, to: nameWidth) }
      if showPlanned { text += gap + TextWidth.leftPadded(planned, to: plannedWidth) }
      text += gap + TextWidth.leftPadded(actual, to: actualWidth)
      if showEnded { text += gap + TextWidth.padded(ended, to: endedWidth) }
      return text
    }

    var row = top
    guard row < bottom else { return }
    // The header: the step's column is over its number and name.
    var header = " " + TextWidth.padded(s.stepHeader, to: numberWidth + (nameWidth > 0 ? gap.count + nameWidth : 0))
    if showPlanned { header += gap + TextWidth.leftPadded(s.plannedHeader, to: plannedWidth) }
    header += gap + TextWidth.leftPadded(s.actualHeader, to: actualWidth)
    if showEnded { header += gap + TextWidth.padded(s.endedHeader, to: endedWidth) }
    screen.put(header, row: row, column: 0, style: .dim)
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
      screen.put(line(String(r.number), r.name, planned(r), actual(r), s.ended(r.ended)), row: row, column: 0, style: style)
      row += 1
    }
    if hidden > 0, newestFirst {
      screen.put(" " + mark, row: row, column: 0, style: .dim)
    }
  }

  // MARK: - Words and figures

  /// What to hold: `88–92%`, `ramp 50→75%` or `55%`, then the watts when the FTP is known
  /// (`220–230 W`), then the cadence (`90 rpm`). A step without a target says what to do.
  static func targetParts(_ step: WorkoutStep, ftp: Int?, _ s: WorkoutStrings) -> [String] {
    var parts: [String] = []
    switch step.target {
    case .steady(let low, let high)?:
      parts.append(range(percent(low), percent(high), "–") + "%")
      if let ftp { parts.append(range(watts(low, ftp), watts(high, ftp), "–") + " W") }
    case .ramp(let from, let to)?:
      parts.append(s.ramp + " " + percent(from) + "→" + percent(to) + "%")
      if let ftp { parts.append(watts(from, ftp) + "→" + watts(to, ftp) + " W") }
    case nil:
      parts.append(step.kind == .max ? s.targetMax : s.targetFree)
    }
    if let cadence = step.cadence { parts.append("\(cadence) rpm") }
    return parts
  }

  static func range(_ low: String, _ high: String, _ dash: String) -> String {
    low == high ? low : low + dash + high
  }

  /// A percentage: whole when it is, else to a tenth.
  static func percent(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
    return String(Int(tenths) / 10) + "." + String(abs(Int(tenths)) % 10)
  }

  /// Watts of `percent` of `ftp`, to the nearest watt.
  static func watts(_ percent: Double, _ ftp: Int) -> String {
    String(Int((percent * Double(ftp) / 100).rounded()))
  }

  /// A step's planned length: `10:00`, or `until l` for a lap step.
  static func lengthText(_ length: WorkoutStep.Length, _ s: WorkoutStrings, lap: String? = nil) -> String {
    guard let seconds = length.seconds else { return lap ?? s.untilLap }
    return TimeFormat.clock(.seconds(seconds), precision: .s, minimumHourDigits: 0)
  }

  /// The colour of a step's effort: under 76% of FTP cyan, under 90% green, under 105%
  /// yellow, above red (a max effort red, a free ride none).
  static func zoneColor(_ step: WorkoutStep) -> Color? {
    if step.kind == .max { return .red }
    guard let target = step.target else { return nil }
    let middle = (target.low + target.high) / 2
    switch middle {
    case ..<76: return .cyan
    case ..<90: return .green
    case ..<105: return .yellow
    default: return .red
    }
  }

  /// `style` in `color` (none for nil), when colour is on.
  static func tinted(_ color: Color?, _ options: ViewOptions, _ style: Style = .plain) -> Style {
    var out = style
    out.color = options.colors ? color : nil
    return out
  }

  /// `parts` joined with ` · ` as far as they fit in `columns`: a part that does not fit is
  /// left out with the rest, except that a cuttable one (a name) is cut to the room left.
  static func joined(_ parts: [(text: String, cuttable: Bool)], columns: Int) -> String {
    var line = ""
    for part in parts where !part.text.isEmpty {
      let separator = line.isEmpty ? "" : " · "
      let candidate = line + separator + part.text
      if TextWidth.columns(candidate) <= columns {
        line = candidate
        continue
      }
      if part.cuttable {
        let room = columns - TextWidth.columns(line + separator)
        let cut = TextWidth.prefix(part.text, columns: room)
        if !cut.isEmpty { line += separator + cut }
      }
      break
    }
    return line
  }

  /// `format` filled with `values`, and the column at which each value starts.
  static func place(_ format: String, _ values: [String]) -> (text: String, columns: [Int]) {
    let pieces = format.split(separator: "%@", omittingEmptySubsequences: false).map(String.init)
    var text = ""
    var columns: [Int] = []
    for (index, piece) in pieces.enumerated() {
      text += piece
      if index < pieces.count - 1 {
        let value = index < values.count ? values[index] : ""
        columns.append(TextWidth.columns(text))
        text += value
      }
    }
    return (text, columns)
  }
}
