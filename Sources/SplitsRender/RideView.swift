import SplitsCore

/// How a screen is drawn, decided once from the command line and the environment.
public struct ViewOptions: Equatable, Sendable {
  /// The time as text instead of big digits.
  public var plain: Bool
  public var colors: Bool
  public var language: Language

  public init(plain: Bool = false, colors: Bool = true, language: Language = .en) {
    self.plain = plain
    self.colors = colors
    self.language = language
  }

  public var strings: Strings { .of(language) }
  public var workoutStrings: WorkoutStrings { .of(language) }

  /// `style` with its colour, or without when colour is off.
  public func colored(_ color: Color, _ style: Style = .plain) -> Style {
    var out = style
    out.color = colors ? color : nil
    return out
  }
}

/// The ride screen: a pure function from state and size into a whole frame.
///
/// Top to bottom: title and state, the moving time (big digits when they fit, else text),
/// elapsed · paused · laps, the lap table (running lap on top, then newest first), and the
/// keys that do something now. When rows run short, the lap table goes first, then the
/// title; the moving time and the key line stay to the last.
public enum RideView {
  public static func render(_ state: RideScreenState, size: Size, options: ViewOptions) -> Screen {
    // A workout's steps (and its summary when the last ends) have a screen of their own; the
    // summary after `r` is the ride's.
    if !state.showingSummary, state.isFollowingWorkout || state.workout?.showingCompletion == true {
      return WorkoutView.render(state, size: size, options: options)
    }
    var screen = Screen(size: size)
    let width = size.columns
    let height = size.rows
    guard width > 0, height > 0 else { return screen }
    let s = options.strings
    let phase = state.phase
    let stateLabel = self.stateLabel(state, s)
    let stateStyle = options.colored(phaseColor(phase), .bold)
    var top = 0
    // Blank separator rows only when there is room for them.
    let roomy = height >= 16

    // The key line (or the hint) at the bottom, the banner above it.
    let bottom = drawBottom(state, options: options, keys: helpLine(state, s, columns: width - 1), into: &screen)

    // Title and state.
    var stateShown = false
    if height >= 8 {
      stateShown = drawTitle(state, options: options, into: &screen)
      top = height >= 12 ? 2 : 1
    }

    // After `r`: the finished ride's summary, until a key.
    if state.showingSummary, let summary = state.lastFinished {
      drawSummary(summary, precision: state.precision, options: options, into: &screen, top: top, bottom: bottom)
      if state.showingHelp { drawHelp(state, options: options, into: &screen) }
      return screen
    }

    // The moving time.
    let timeText = TimeFormat.clock(state.moving, precision: state.precision)
    let bigText = phase == .countdown ? stateLabel : timeText
    let roomForTime = bottom - top - 1
    if !options.plain, width >= 3,
      let face = BigDigits.bestFace(for: bigText, columns: width - 2, rows: roomForTime)
    {
      let column = (width - BigDigits.width(bigText, face: face)) / 2
      BigDigits.draw(bigText, face: face, into: &screen, row: top, column: column, style: stateStyle)
      if phase != .countdown {
        screen.clocks.show(
          .moving, text: timeText, rows: top..<top + face.height,
          glyphs: BigDigits.glyphColumns(timeText, face: face, column: column))
      }
      top += face.height + (roomy ? 1 : 0)
    } else if top < bottom || height == 1 {
      var line = timeText
      if !stateShown, TextWidth.columns(line) + 2 + TextWidth.columns(stateLabel) <= width - 1 {
        line += "  "
        stateShown = true
        screen.put(stateLabel, row: top, column: 1 + TextWidth.columns(line), style: stateStyle)
      }
      let timeWidth = TextWidth.columns(timeText)
      let column = width > timeWidth ? 1 : 0
      let fit = TimeFormat.fitted(timeText, columns: width - column)
      screen.put(fit.text, row: top, column: column, style: .bold)
      screen.clocks.show(.moving, text: timeText, row: top, column: column, visible: fit.digits)
      top += 1
      if roomy { top += 1 }
    }

    // Elapsed · paused · laps.
    if top < bottom {
      let elapsed = TimeFormat.clock(state.elapsed, precision: .s)
      let paused = TimeFormat.clock(state.pausedTotal, precision: .s)
      var parts: [(text: String, clock: ClockField?, value: String)] = [
        ("\(s.elapsed) \(elapsed)", .elapsed, elapsed),
        ("\(s.pausedTotal) \(paused)", .paused, paused),
        ("\(s.laps) \(state.ride.splits.count)", nil, ""),
      ]
      if !stateShown { parts.insert((stateLabel, nil, ""), at: 0) }
      var line = ""
      for part in parts {
        var text = part.text
        var shownValue = part.value
        var digits = part.value.count
        if TextWidth.columns(line.isEmpty ? text : line + "   " + text) + 1 > width {
          guard line.isEmpty else { break }
          // The first part alone is too wide: its figure loses whole fields, never half of one.
          if part.clock != nil {
            let label = String(part.text.dropLast(part.value.count))
            let room = width - 1 - TextWidth.columns(label)
            let fit = TimeFormat.fitted(part.value, columns: room >= 3 ? room : width - 1)
            text = (room >= 3 ? label : "") + fit.text
            shownValue = fit.text
            digits = fit.digits
          }
        }
        line = line.isEmpty ? text : line + "   " + text
        if let clock = part.clock {
          let start = 1 + TextWidth.columns(line) - TextWidth.columns(shownValue)
          screen.clocks.show(clock, text: part.value, row: top, column: start, visible: digits)
        }
      }
      screen.put(" " + line, row: top, column: 0)
      top += 1
      if roomy { top += 1 }
    }

    // The comparison's footer above the key line, for a compared ride, when there is room
    // for it and, while riding, still for the lap table's header and running lap.
    let riding = phase == .running || phase == .paused
    var tableBottom = bottom
    let live = state.liveComparison
    if let live, bottom - top >= (riding ? 3 : 1) {
      drawFooter(state, live, options: options, into: &screen, row: bottom - 1)
      tableBottom = bottom - 1
    }

    // The lap table.
    if tableBottom - top >= 2, riding {
      drawLaps(state, live: live, options: options, into: &screen, top: top, bottom: tableBottom)
    }

    if state.showingHelp { drawHelp(state, options: options, into: &screen) }
    return screen
  }

  /// The comparison's line: what the ride is compared with and its finish (`vs PB (ride 2)
  /// 00:04:59.00`), the predicted
  /// finish (while riding, when the comparison has the lap under way), the sum of the best
  /// segments. Parts that do not fit are left out from the end.
  static func drawFooter(
    _ state: RideScreenState, _ live: LiveComparison, options: ViewOptions, into screen: inout Screen, row: Int
  ) {
    let s = options.strings
    let width = screen.size.columns
    let precision = state.precision
    func clock(_ d: Duration) -> String { TimeFormat.clock(d, precision: precision) }
    let name: String =
      switch live.kind {
      case .previous: s.comparePrevious
      case .best: s.compareBest
      case .gold: s.compareGold
      case .none: s.compareNone
      }
    var label: String
    if let reference = live.reference {
      label =
        reference.rideNumber.map { s.fill(s.compareRideFormat, name, String($0)) } ?? s.fill(s.compareAgainstFormat, name)
      if let finish = live.finish { label += " " + clock(finish) }
    } else {
      label = live.kind == .none ? name : s.fill(s.compareNothingFormat, name)
    }
    var parts: [(text: String, clock: (text: String, origin: Duration)?)] = [(label, nil)]
    let lapNumber = state.ride.splits.count + 1
    let lapOrigin = LapTable.runningLapOrigin(splits: state.ride.splits)
    if state.phase == .running || state.phase == .paused,
      let predicted = live.predictedFinish(moving: state.moving, lapOrigin: lapOrigin, lap: lapNumber),
      let origin = live.predictionOrigin(lap: lapNumber)
    {
      let text = clock(predicted)
      parts.append((s.footerPredicted + " " + text, (text, origin)))
    }
    if let sum = live.sumOfBest { parts.append((s.footerSumOfBest + " " + clock(sum), nil)) }
    var line = ""
    for part in parts {
      let next = line.isEmpty ? part.text : line + " · " + part.text
      guard line.isEmpty || TextWidth.columns(next) + 1 <= width else { break }
      line = next
      if let shown = part.clock, state.phase == .running {
        // The predicted finish grows with the moving time once the lap is longer than the
        // comparison's: its digits turn over on their own lattice.
        let start = 1 + TextWidth.columns(line) - TextWidth.columns(shown.text)
        screen.clocks.show(.moving, text: shown.text, row: row, column: start, visible: width - start, origin: shown.origin)
      }
    }
    screen.put(" " + line, row: row, column: 0, style: .dim)
  }

  /// The finished ride: moving, elapsed and paused time; laps with the best, worst and
  /// average; the difference in moving time from the ride before.
  static func drawSummary(
    _ summary: RideSummary, precision: Precision, options: ViewOptions, into screen: inout Screen, top: Int, bottom: Int
  ) {
    let s = options.strings
    func clock(_ d: Duration) -> String { TimeFormat.clock(d, precision: precision) }
    var lines: [(String, Style)] = [
      (s.fill(s.summaryFinishedFormat, String(summary.number)), options.colored(.cyan, .bold)),
      ("\(s.summaryMoving) \(clock(summary.moving))", .bold),
      ("\(s.elapsed) \(TimeFormat.clock(summary.elapsed, precision: .s))   \(s.pausedTotal) \(TimeFormat.clock(summary.paused, precision: .s))", .plain),
      ("\(s.laps) \(summary.laps)", .plain),
    ]
    if let best = summary.bestLap, let worst = summary.worstLap, let average = summary.averageLap {
      lines.append(("▲ \(s.summaryBest) \(clock(best))", options.colored(.green)))
      lines.append(("▼ \(s.summaryWorst) \(clock(worst))", options.colored(.red)))
      lines.append(("  \(s.summaryAverage) \(clock(average))", .plain))
    }
    if let difference = summary.difference {
      lines.append((s.fill(s.summaryVersusFormat, String(summary.number - 1), TimeFormat.signedDifference(difference, precision: precision)), .plain))
    }
    var row = top
    for (text, style) in lines {
      guard row < bottom else { break }
      screen.put(" " + text, row: row, column: 0, style: style)
      row += 1
    }
  }

  static func phaseColor(_ phase: Ride.Phase) -> Color {
    switch phase {
    case .ready: .cyan
    case .countdown: .yellow
    case .running: .green
    case .paused: .yellow
    }
  }

  /// The state's name on the title line (the pre-start countdown's number).
  static func stateLabel(_ state: RideScreenState, _ s: Strings) -> String {
    state.phase == .countdown ? String(state.ride.countdown?.step(at: state.now) ?? 0) : s.phaseName(state.phase)
  }

  /// The title on the top row, ` Splits · Ride N` (and the workout's name when the ride
  /// follows one, cut to leave room), with the state at the right when it fits. Returns
  /// whether the state was shown.
  @discardableResult
  static func drawTitle(_ state: RideScreenState, options: ViewOptions, into screen: inout Screen) -> Bool {
    let s = options.strings
    let width = screen.size.columns
    let label = stateLabel(state, s)
    let labelWidth = TextWidth.columns(label)
    var title = " \(s.appName) · \(s.ride) \(state.ride.number)"
    if let run = state.workout {
      let room = width - labelWidth - 3 - TextWidth.columns(title) - 3
      let name = TextWidth.prefix(run.plan.name ?? options.workoutStrings.workout, columns: max(0, room))
      if !name.isEmpty { title += " · " + name }
    }
    screen.put(title, row: 0, column: 0, style: .bold)
    guard TextWidth.columns(title) + labelWidth + 3 <= width else { return false }
    screen.put(label, row: 0, column: width - labelWidth - 1, style: options.colored(phaseColor(state.phase), .bold))
    return true
  }

  /// The bottom of every ride screen: the key line `keys` (or the hint) on the last row, and
  /// above it the banner when there is one and room for it. Returns the first row they take.
  static func drawBottom(_ state: RideScreenState, options: ViewOptions, keys: String, into screen: inout Screen) -> Int {
    let s = options.strings
    let width = screen.size.columns
    let height = screen.size.rows
    var bottom = height
    if height >= 2 {
      if let hint = state.hint {
        screen.put(" " + hintText(hint, s), row: height - 1, column: 0, style: options.colored(.yellow))
      } else {
        screen.put(" " + keys, row: height - 1, column: 0, style: .dim)
      }
      bottom = height - 1
    }
    if let banner = bannerText(state, s), bottom >= 4 {
      screen.fill(row: bottom - 1, column: 0, width: width, height: 1, style: options.colored(.yellow, .reverse))
      screen.put(" " + banner, row: bottom - 1, column: 0, style: options.colored(.yellow, .reverse))
      bottom -= 1
    }
    return bottom
  }

  /// The keys that do something now: `space start  ? help  q quit`. When the line is wider
  /// than `columns`, undo goes first, then help; the ride's own keys and quit stay.
  public static func helpLine(_ state: RideScreenState, _ s: Strings, columns: Int = .max) -> String {
    keyLine(state, columns: columns) { s.label($0, phase: state.phase, helpShown: state.showingHelp) }
  }

  /// The key line with each command's label from `label` (the ride's or the workout's).
  static func keyLine(_ state: RideScreenState, columns: Int, label: (Command) -> String) -> String {
    var shown = KeyTable.enabled(
      in: state.phase, helpShown: state.showingHelp, hasLaps: state.canUndo, canCompare: state.canCompare)
    func line() -> String {
      shown.map { "\($0.label) \(label($0.command))" }.joined(separator: "  ")
    }
    for dropped in [Command.compare, .undo, .help] where TextWidth.columns(line()) > columns {
      shown.removeAll { $0.command == dropped }
    }
    return line()
  }

  /// The line above the key line: the question a `q` with unwritten events asked, else why the
  /// journal is not taking events, else the banner of the last action.
  static func bannerText(_ state: RideScreenState, _ s: Strings) -> String? {
    if state.confirmingQuit { return s.fill(s.unsavedOnQuitFormat, String(state.unwrittenEvents)) }
    if let problem = state.journalProblem { return problem }
    return state.comparisonNotSaved.map { s.fill(s.comparisonNotSavedFormat, $0) } ?? state.banner
  }

  static func hintText(_ hint: RideScreenState.Hint, _ s: Strings) -> String {
    switch hint {
    case .lapReady: s.hintLapReady
    case .lapPaused: s.hintLapPaused
    case .finishReady: s.hintFinishReady
    case .finishRunning: s.hintFinishRunning
    case .nothingToUndo: s.hintNothingToUndo
    case .stepsStay: s.hintStepsStay
    case .countdownWait: s.hintCountdownWait
    case .nothingToCancel: s.hintNothingToCancel
    case .unknownKey: s.hintUnknownKey
    case .compareNeedsName: s.hintCompareNeedsName
    case .compareWorkout: s.hintCompareWorkout
    }
  }

  static func drawLaps(
    _ state: RideScreenState, live: LiveComparison?, options: ViewOptions, into screen: inout Screen, top: Int,
    bottom: Int
  ) {
    let s = options.strings
    let width = screen.size.columns
    let precision = state.precision
    let timeWidth = TextWidth.columns(TimeFormat.clock(state.moving, precision: precision))
    // Wide enough for the running lap's number (1,000 laps and more are not cut).
    let numberWidth = max(3, TextWidth.columns(s.lapHeader), String(state.ride.splits.count + 1).count)
    let diffWidth = max(timeWidth - 2, TextWidth.columns(s.differenceHeader))
    let gap = "   "
    // Columns: mark, number, lap time, split, difference; for a ride with earlier rides of
    // its name, then the delta against the comparison and its marks (standing, new best
    // segment). When narrow the difference goes first, then the delta and its marks, then
    // the split.
    let deltaWidth = max(timeWidth - 2, TextWidth.columns(s.deltaHeader))
    let compared = live?.hasEarlierRides == true
    let base = 2 + numberWidth + gap.count + timeWidth
    let splitPart = gap.count + timeWidth
    let diffPart = gap.count + diffWidth
    let deltaPart = compared ? gap.count + deltaWidth + 3 : 0
    let showDiff = base + splitPart + diffPart + deltaPart + 1 <= width
    let showDelta = compared && base + splitPart + deltaPart + 1 <= width
    let showSplit = base + splitPart + 1 <= width
    let deltaColumn = 1 + base + (showSplit ? splitPart : 0) + (showDiff ? diffPart : 0) + gap.count
    let marksColumn = deltaColumn + deltaWidth + 1

    func line(_ mark: String, _ number: String, _ lap: String, _ split: String, _ diff: String) -> String {
      var text = TextWidth.padded(mark, to: 1) + " " + TextWidth.leftPadded(number, to: numberWidth)
      text += gap + TextWidth.padded(lap, to: timeWidth)
      if showSplit { text += gap + TextWidth.padded(split, to: timeWidth) }
      if showDiff { text += gap + TextWidth.leftPadded(diff, to: diffWidth) }
      return text
    }
    /// The delta and the marks of a row, in the standing's colour.
    func putComparison(row: Int, delta: Duration?, standing: LapStanding?, gold: Bool) {
      guard showDelta else { return }
      let text = delta.map { TimeFormat.signedDifference($0, precision: precision) } ?? ""
      let style: Style =
        switch standing {
        case .aheadGaining?: options.colored(.green, .bold)
        case .aheadLosing?: options.colored(.green)
        case .behindGaining?: options.colored(.red)
        case .behindLosing?: options.colored(.red, .bold)
        case nil: .plain
        }
      if !text.isEmpty {
        screen.put(TextWidth.leftPadded(text, to: deltaWidth), row: row, column: deltaColumn, style: style)
      }
      if let standing { screen.put(standing.glyph, row: row, column: marksColumn, style: style) }
      if gold { screen.put(LapStanding.goldMark, row: row, column: marksColumn + 1, style: options.colored(.yellow, .bold)) }
    }

    var row = top
    screen.put(" " + line("", s.lapHeader, s.lapTimeHeader, s.splitHeader, s.differenceHeader), row: row, column: 0, style: .dim)
    if showDelta {
      screen.put(TextWidth.leftPadded(s.deltaHeader, to: deltaWidth), row: row, column: deltaColumn, style: .dim)
    }
    row += 1

    let running = LapTable.runningLap(splits: state.ride.splits, moving: state.moving, precision: precision)
    func text(_ r: LapRow, mark: String) -> String {
      line(
        mark, String(r.number), TimeFormat.clock(r.lap, precision: precision),
        TimeFormat.clock(r.split, precision: precision),
        r.difference.map { TimeFormat.signedDifference($0, precision: precision) } ?? "")
    }
    if row < bottom {
      screen.put(" " + text(running, mark: "›"), row: row, column: 0, style: options.colored(.cyan))
      // The running lap's figures move with the moving time: the lap from the last split (as
      // it was, not truncated), the split with it, the difference from the last split plus the
      // last lap as shown.
      let lastSplit = LapTable.runningLapOrigin(splits: state.ride.splits)
      var column = 1 + 2 + numberWidth + gap.count
      let lapText = TimeFormat.clock(running.lap, precision: precision)
      screen.clocks.show(.moving, text: lapText, row: row, column: column, visible: width - column, origin: lastSplit)
      column += timeWidth + gap.count
      if showSplit {
        let splitText = TimeFormat.clock(running.split, precision: precision)
        screen.clocks.show(.moving, text: splitText, row: row, column: column, visible: width - column)
        column += timeWidth + gap.count
      }
      if showDiff, let difference = running.difference {
        let diffText = TimeFormat.signedDifference(difference, precision: precision)
        let start = column + diffWidth - TextWidth.columns(diffText)
        screen.clocks.show(
          .moving, text: diffText, row: row, column: start, visible: width - start,
          origin: lastSplit + (running.lap - difference))
      }
      // The live delta, once the lap has reached the comparison's lap time or the best
      // segment: the shown split minus the comparison's, so it moves with the split; its
      // mark turns with the delta's sign and with the lap passing the comparison's lap.
      if showDelta, let live, let appears = live.liveDeltaAppears(lap: running.number),
        state.moving - lastSplit >= appears,
        let delta = live.delta(lap: running.number, shownSplit: running.split, precision: precision)
      {
        let standing = live.standing(lap: running.number, delta: delta, shownLap: running.lap, precision: precision)
        putComparison(row: row, delta: delta, standing: standing, gold: false)
        let deltaText = TimeFormat.signedDifference(delta, precision: precision)
        let start = deltaColumn + deltaWidth - TextWidth.columns(deltaText)
        screen.clocks.show(.moving, text: deltaText, row: row, column: start, visible: width - start)
        let unit = Duration.nanoseconds(precision.unitNanoseconds)
        for origin in [Duration.zero, lastSplit] {
          screen.clocks.show(.moving, place: unit, rows: row..<row + 1, columns: marksColumn..<marksColumn + 1, origin: origin)
        }
      }
      row += 1
    }
    let rows = LapTable.rows(splits: state.ride.splits, precision: precision)
    // Only a compared ride needs its laps in milliseconds (for the new best segments).
    let lapMilliseconds = live == nil ? [] : Comparison.lapMilliseconds(splits: state.ride.splits)
    for entry in LapTable.visible(rows, rowsAvailable: bottom - row) {
      guard row < bottom else { break }
      guard case .lap(let r) = entry else {
        if case .earlier(let count) = entry {
          screen.put(" " + s.fill(s.earlierLapsFormat, String(count)), row: row, column: 0, style: .dim)
        }
        row += 1
        continue
      }
      let mark: String
      let style: Style
      switch r.mark {
      case .best?:
        mark = "▲"
        style = options.colored(.green)
      case .worst?:
        mark = "▼"
        style = options.colored(.red)
      case nil:
        mark = ""
        style = .plain
      }
      screen.put(" " + text(r, mark: mark), row: row, column: 0, style: style)
      if let live {
        let delta = live.delta(lap: r.number, shownSplit: r.split, precision: precision)
        let index = r.number - 1
        let gold = index < lapMilliseconds.count && live.isNewGold(lap: r.number, lapMilliseconds: lapMilliseconds[index])
        putComparison(
          row: row, delta: delta,
          standing: delta.flatMap { live.standing(lap: r.number, delta: $0, shownLap: r.lap, precision: precision) },
          gold: gold)
      }
      row += 1
    }
  }

  /// The `?` overlay, built from the same key table as the key line.
  static func drawHelp(
    _ state: RideScreenState, options: ViewOptions, into screen: inout Screen, describe: ((Command) -> String)? = nil
  ) {
    let s = options.strings
    let describe = describe ?? { s.describe($0) }
    let content = HelpBox.Content(
      title: s.keysTitle, keys: KeyTable.bindings.map { ($0.fullLabel, describe($0.command)) },
      notes: [s.helpSignals], footer: s.helpFooter, tooSmall: { s.fill(s.helpTooSmallFormat, $0) })
    HelpBox.draw(content, into: &screen)
  }

}
