import SplitsCore
import SplitsWorkout

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
  public static func render(_ state: RideScreenState, size: Size, options given: ViewOptions) -> Screen {
    var options = given
    if options.sport != state.wordsSport { options.sport = state.wordsSport }
    var screen = Screen(size: size)
    guard size.columns > 0, size.rows > 0, let run = state.following.run else { return screen }
    let s = options.workoutStrings
    let ride = options.strings
    let now = Current(state, run: run)
    let complete = run.showingCompletion || now.isComplete
    let keys = RideView.keyLine(state, columns: size.columns - 1) {
      s.label(
        $0, phase: state.phase, helpShown: state.chrome.showingHelp, lapStep: now.lapStep, complete: complete, ride: ride)
    }
    let rows = RideLayout.bottom(state, size: size, options: options)
    RideView.drawBottom(state, options: options, keys: keys, at: rows, into: &screen)
    let bottom = rows.top
    if complete {
      drawCompletion(state, run: run, options: options, into: &screen, bottom: bottom)
    } else {
      drawStep(state, run: run, now: now, options: options, into: &screen, bottom: bottom)
    }
    if state.chrome.showingHelp {
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

  /// The rows the table needs at least: its header and two steps.
  static let tableRows = 3

  // MARK: - The step under way

  static func drawStep(
    _ state: RideScreenState, run: WorkoutRun, now: Current, options: ViewOptions, into screen: inout Screen,
    bottom: Int
  ) {
    let plan = run.plan
    let figure = figure(state, step: plan.steps[now.index], now: now, options: options)
    let sensors = SensorsWidget(state, options: options)
    let rows = RideLayout.workoutStep(
      figure: figure.text, options: options, width: screen.size.columns, bottom: bottom, sensors: sensors != nil)
    let stateShown = rows.title != nil && RideView.drawTitle(state, options: options, into: &screen)
    let cueText = now.cues.isEmpty ? nil : "» " + now.cues.joined(separator: " · ")
    if let row = rows.header {
      drawHeader(plan, now: now, lines: rows.parts.header, cue: rows.parts.cue ? nil : cueText, options: options, into: &screen, row: row)
    }
    let caption = stateShown || state.phase == .countdown
      ? figure.label : figure.label + " · " + RideView.stateLabel(state, options.strings)
    drawFigure(
      figure.text, origin: figure.origin, caption: caption, face: rows.face,
      style: options.colored(RideView.phaseColor(state.phase), .bold), into: &screen, row: rows.figure)
    if let row = rows.sensors { sensors?.draw(into: &screen, row: row) }
    // The cue, while it is shown; without a row of its own the next step takes the cue's row
    // while no cue is shown.
    if let row = rows.cue {
      if let cueText {
        drawCue(cueText, row: row, options: options, into: &screen)
      } else if rows.next == nil {
        drawNext(plan, now: now, options.workoutStrings, into: &screen, row: row)
      }
    }
    if let row = rows.next { drawNext(plan, now: now, options.workoutStrings, into: &screen, row: row) }
    if let row = rows.profile { drawProfile(plan, now: now, options: options, into: &screen, row: row) }
    if let row = rows.times { drawTimes(state, plan: plan, now: now, options.workoutStrings, into: &screen, row: row) }
    if let row = rows.table {
      let table = WorkoutTable.rows(state)
      if !table.isEmpty {
        drawTable(table, plan: plan, newestFirst: true, options: options, into: &screen, top: row, bottom: bottom)
      }
    }
  }

  /// The big figure: the time left in the step (into it for a lap step), or the pre-start
  /// countdown's number; what it is; the origin of its seconds on the moving time.
  static func figure(
    _ state: RideScreenState, step: WorkoutStep, now: Current, options: ViewOptions
  ) -> (text: String, label: String, origin: Duration?) {
    let s = options.workoutStrings
    if state.phase == .countdown { return (RideView.stateLabel(state, options.strings), s.startsIn, nil) }
    if let seconds = step.length.seconds {
      return (
        TimeFormat.clock(.seconds(WorkoutTable.leftSeconds(now.left ?? .seconds(seconds))), precision: .s, minimumHourDigits: 0), s.stepLeft,
        WorkoutTable.countdownOrigin(stepStart: now.stepStart, seconds: seconds)
      )
    }
    return (TimeFormat.clock(now.into, precision: .s, minimumHourDigits: 0), s.stepLapInto, now.stepStart)
  }

  /// The step: number, name and kind; then its target (on one line when `lines` is 1).
  /// Flashed when it has just begun; a cue with no row of its own takes its first line.
  static func drawHeader(
    _ plan: Workout, now: Current, lines: Int, cue: String?, options: ViewOptions, into screen: inout Screen, row: Int
  ) {
    let s = options.workoutStrings
    let width = screen.size.columns
    let step = plan.steps[now.index]
    var first: [(String, Bool)] = [("\(now.index + 1)/\(plan.steps.count)", false), (step.name, true)]
    let kind = s.kindName(step.kind)
    let target = targetParts(step, ftp: plan.ftp, s)
    if lines == 1 {
      first += target.map { ($0, false) }
    } else if kind.lowercased() != step.name.lowercased() {
      first.append((kind, false))
    }
    let zone = tinted(zoneColor(step), options)
    if let cue {
      drawCue(cue, row: row, options: options, into: &screen)
    } else if now.flashing {
      let flash = Style(color: zone.color, bold: true, reverse: true)
      screen.fill(row: row, column: 0, width: width, height: 1, style: flash)
      screen.put(" " + joined(first, columns: width - 2), row: row, column: 0, style: flash)
    } else {
      screen.put(" " + joined(first, columns: width - 2), row: row, column: 0, style: .bold)
    }
    if lines == 2 {
      screen.put(" " + joined(target.map { ($0, false) }, columns: width - 2), row: row + 1, column: 0, style: zone)
    }
  }

  /// The figure in big digits of `face` with its caption under it, or as a line of text
  /// with the caption beside it when it fits whole; its seconds noted where they are shown.
  static func drawFigure(
    _ figure: String, origin: Duration?, caption: String, face: BigDigits.Face?, style: Style,
    into screen: inout Screen, row: Int
  ) {
    let width = screen.size.columns
    if let face {
      let column = (width - BigDigits.width(figure, face: face)) / 2
      if let origin {
        screen.put(big: ClockFigure(.moving, figure, origin: origin), face: face, row: row, column: column, style: style)
      } else {
        BigDigits.draw(figure, face: face, into: &screen, row: row, column: column, style: style)
      }
      screen.putCentered(TextWidth.prefix(caption, columns: width), row: row + face.height, style: .dim)
      return
    }
    let column = width > TextWidth.columns(figure) ? 1 : 0
    let fit = TimeFormat.fitted(figure, columns: width - column)
    let shown: Span = origin.map { .figure(ClockFigure(.moving, figure, origin: $0), fitting: width - column) } ?? .text(fit.text)
    let written = screen.put([shown], row: row, column: column, style: style)
    if fit.digits == figure.count {
      screen.put("  " + caption, row: row, column: column + written, style: .dim)
    }
  }

  /// The next step (`Next: name · 5:00 · 60%`), or that this is the last.
  static func drawNext(_ plan: Workout, now: Current, _ s: WorkoutStrings, into screen: inout Screen, row: Int) {
    var parts: [(String, Bool)]
    if now.index + 1 < plan.steps.count {
      let next = plan.steps[now.index + 1]
      parts = [(s.fill(s.nextFormat, next.name), true), (lengthText(next.length, s), false)]
      parts += targetParts(next, ftp: plan.ftp, s).map { ($0, false) }
    } else {
      parts = [(s.lastStep, true)]
    }
    screen.put(" " + joined(parts, columns: screen.size.columns - 2), row: row, column: 0)
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
      // The marker moves on whole seconds of the step's time, until it reaches the column it
      // ends the step in (a lap step ridden past its nominal width stays there): the row it
      // moves along is noted as turning each second from the step's start.
      let steps = WorkoutProfile.spans(plan)
      let last = now.index < steps.count
        ? WorkoutProfile.marker(plan, columns: columns, step: now.index, intoSeconds: Int64(max(0, steps[now.index].length - 1)))
        : marker
      let track = left..<left + columns
      let shown: Span =
        last != marker
        ? .marker("▲", along: track, turningWith: .moving, every: .seconds(1), from: now.stepStart) : .text("▲")
      screen.put([shown], row: row + 1, column: left + marker, style: .bold)
    }
  }

  /// `12:05 / 47:55 left`: the moving time, truncated, and the planned time left, counted
  /// down; when a lap step is to come the time left is unknown, and said so. Parts that do
  /// not fit whole are left out.
  static func drawTimes(_ state: RideScreenState, plan: Workout, now: Current, _ s: WorkoutStrings, into screen: inout Screen, row: Int) {
    let width = screen.size.columns
    let done = Span.figure(ClockFigure(.moving, reading: .clock(.s, minimumHourDigits: 0), at: state.moving))
    // The planned seconds from the step's start to the workout's end (nil with a lap step).
    var planned: Int? = 0
    for step in plan.steps[now.index...] {
      guard let seconds = step.length.seconds, let sum = planned else {
        planned = nil
        break
      }
      planned = sum + seconds
    }
    var candidates: [[Span]] = []
    if let planned {
      let left = TimeFormat.clock(.seconds(WorkoutTable.leftSeconds((.seconds(planned) - now.into).clampedToZero)), precision: .s, minimumHourDigits: 0)
      let origin = WorkoutTable.countdownOrigin(stepStart: now.stepStart, seconds: planned)
      let values = [done, .figure(ClockFigure(.moving, left, origin: origin))]
      candidates.append(.placed(s.workoutTimesFormat, values))
      candidates.append(.placed("%@ / %@", values))
    } else {
      candidates.append(.placed(s.workoutTimesOpenFormat, [done]))
    }
    candidates.append([done])
    for candidate in candidates where candidate.columns + 2 <= width {
      screen.put([.text(" ")] + candidate, row: row, column: 0)
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
    let parts = RideLayout.workoutCompletion(tableRows: rows.isEmpty ? nil : tableRows, bottom: bottom)
    let (showTotals, showTable, showCounts, showTitle) = (parts.totals, parts.table, parts.counts, parts.title)
    let (titleGap, tableGap) = (parts.titleGap, parts.tableGap)

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
    let count = min(state.clock.ride.stepEnds.count, state.clock.ride.splits.count)
    return count > 0 ? state.clock.ride.splits[count - 1] : .zero
  }

  /// The planned length of the whole workout (`55:00`, or `40:00 and lap steps`).
  static func plan(total plan: Workout, _ s: WorkoutStrings) -> String {
    let timed = plan.steps.compactMap(\.length.seconds).reduce(0, +)
    let text = TimeFormat.clock(.seconds(timed), precision: .s, minimumHourDigits: 0)
    return plan.totalSeconds == nil ? s.fill(s.plannedOpenFormat, text) : text
  }
}
