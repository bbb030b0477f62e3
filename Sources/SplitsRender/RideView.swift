import SplitsCore

/// The ride screen: a pure function from state and size into a whole frame.
///
/// Top to bottom: title and state, the moving time (big digits when they fit, else text),
/// elapsed · paused · laps, the lap table (running lap on top, then newest first), and the
/// keys that do something now. When rows run short, the lap table goes first, then the
/// title; the moving time and the key line stay to the last.
public enum RideView {
  public static func render(_ state: RideScreenState, size: Size, options given: ViewOptions) -> Screen {
    var options = given
    if options.sport != state.wordsSport { options.sport = state.wordsSport }
    // A workout's steps (and its summary when the last ends) have a screen of their own; the
    // summary after `r` is the ride's.
    if !state.chrome.showingSummary, state.following.isFollowing && (state.isFollowingWorkout || state.following.run?.showingCompletion == true) {
      return WorkoutView.render(state, size: size, options: options)
    }
    var screen = Screen(size: size)
    guard size.columns > 0, size.rows > 0 else { return screen }
    let layout = RideLayout.ride(state, size: size, options: options)
    let keys = options.memos.keyLine.value(KeyLineKey(state, columns: size.columns - 1, options: options)) {
      helpLine(state, options.strings, columns: size.columns - 1)
    }
    drawBottom(state, options: options, keys: keys, at: layout.bottom, into: &screen)
    if layout.title != nil {
      drawTitle(state, options: options, title: (layout.titleText, layout.stateInTitle), into: &screen)
    }
    if let rows = layout.summary, let summary = state.chrome.lastFinished {
      drawSummary(
        summary, precision: state.clock.precision, options: options, into: &screen, top: rows.lowerBound,
        bottom: rows.upperBound)
    }
    if let time = layout.time { drawTime(state, time, options: options, into: &screen) }
    if let row = layout.figures { drawFigures(state, stateShown: layout.stateShown, options: options, into: &screen, row: row) }
    if let row = layout.sensors { SensorsWidget(state, options: options)?.draw(into: &screen, row: row) }
    let live = state.liveComparison
    if let route = RouteWidget(state, options: options) {
      if let row = layout.footer { route.drawFooter(into: &screen, rows: row..<row + layout.footerRows) }
      if let rows = layout.laps { route.draw(into: &screen, top: rows.lowerBound, bottom: rows.upperBound) }
    } else {
      if let row = layout.footer, let live { drawFooter(state, live, options: options, into: &screen, row: row) }
      if let rows = layout.laps {
        drawLaps(state, live: live, options: options, into: &screen, top: rows.lowerBound, bottom: rows.upperBound)
      }
    }
    if state.chrome.showingHelp { drawHelp(state, options: options, into: &screen) }
    return screen
  }

  /// The moving time, in big digits or as text (with the state beside it when the title does
  /// not show it), noting the digits it shows; during the pre-start countdown its number.
  static func drawTime(_ state: RideScreenState, _ time: RideLayout.Time, options: ViewOptions, into screen: inout Screen) {
    let width = screen.size.columns
    let label = stateLabel(state, options.strings)
    let style = options.colored(phaseColor(state.phase), .bold)
    let figure = ClockFigure(.moving, reading: .clock(state.clock.precision), at: state.moving)
    let timeText = figure.text
    switch time {
    case .big(let face, let row):
      let text = state.phase == .countdown ? label : timeText
      let column = (width - BigDigits.width(text, face: face)) / 2
      if state.phase == .countdown {
        BigDigits.draw(text, face: face, into: &screen, row: row, column: column, style: style)
      } else {
        screen.put(big: figure, face: face, row: row, column: column, style: style)
      }
    case .text(let row, let withState):
      if withState { screen.put(label, row: row, column: 1 + TextWidth.columns(timeText + "  "), style: style) }
      let column = width > TextWidth.columns(timeText) ? 1 : 0
      screen.put([.figure(figure, fitting: width - column)], row: row, column: column, style: .bold)
    }
  }

  /// `Elapsed 00:12:00   Paused 00:01:00   Laps 3` (the state first when nothing above shows
  /// it), noting the digits it shows. Parts that do not fit go from the end; the first alone
  /// too wide loses whole fields of its figure, never half of one.
  static func drawFigures(_ state: RideScreenState, stateShown: Bool, options: ViewOptions, into screen: inout Screen, row: Int) {
    let s = options.strings
    let width = screen.size.columns
    let elapsed = ClockFigure(.elapsed, reading: .clock(.s), at: state.elapsed)
    let paused = ClockFigure(.paused, reading: .clock(.s), at: state.pausedTotal)
    var parts: [[Span]] = [
      [.text("\(s.elapsed) "), .figure(elapsed)],
      [.text("\(s.pausedTotal) "), .figure(paused)],
      [.text("\(s.laps) \(state.clock.ride.splits.count)")],
    ] + distancePart(state, options: options).map { [.text($0)] }
    if !stateShown { parts.insert([.text(stateLabel(state, s))], at: 0) }
    var line: [Span] = [.text(" ")]
    line.reserveCapacity(2 * parts.count + 1)
    // The line's columns so far, counted as it grows (not the whole line measured again for
    // each part: a key's frame draws this line).
    var used = 1
    for var part in parts {
      let separated = line.count > 1
      var columns = part.columns
      if used + (separated ? 3 : 0) + columns > width {
        guard !separated else { break }
        if part.count == 2, let label = part.first?.text, case .figure(let figure, _)? = part.last?.moves {
          let room = width - 1 - TextWidth.columns(label)
          part = (room >= 3 ? [.text(label)] : []) + [.figure(figure, fitting: room >= 3 ? room : width - 1)]
          columns = part.columns
        }
      }
      if separated {
        line.append(.text("   "))
        used += 3
      }
      line.append(contentsOf: part)
      used += columns
    }
    screen.put(line, row: row, column: 0)
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
    let precision = state.clock.precision
    func clock(_ d: Duration) -> String { TimeFormat.clock(d, precision: precision) }
    let name: String =
      switch live.kind {
      case .previous: s.comparePrevious
      case .best: s.compareBest
      case .gold: s.compareGold
      case .none: s.compareNone
      }
    var parts: [[Span]] = []
    if let missing = live.missingBest, case .atLeast(let laps) = missing.laps {
      // No personal best with the laps so far: which rides there are, and what Δ is against.
      let usual =
        missing.usualLaps == 1
        ? s.fill(s.ridesWithOneLapFormat, String(missing.ridesWithUsualLaps))
        : s.fill(s.ridesWithLapsFormat, String(missing.ridesWithUsualLaps), String(missing.usualLaps))
      parts.append([.text(s.fill(s.compareNoBestFormat, name, String(laps), usual))])
      if live.reference != nil { parts.append([.text(s.compareDeltaAgainstGold)]) }
    } else if let reference = live.reference {
      var label =
        reference.rideNumber.map { s.fill(s.compareRideFormat, name, String($0)) } ?? s.fill(s.compareAgainstFormat, name)
      if let finish = live.finish { label += " " + clock(finish) }
      parts.append([.text(label)])
    } else {
      parts.append([.text(live.kind == .none ? name : s.fill(s.compareNothingFormat, name))])
    }
    let lapNumber = state.clock.ride.splits.count + 1
    let lapOrigin = LapTable.runningLapOrigin(splits: state.clock.ride.splits)
    if state.phase == .running || state.phase == .paused,
      let predicted = live.predictedFinish(moving: state.moving, lapOrigin: lapOrigin, lap: lapNumber),
      let origin = live.predictionOrigin(lap: lapNumber)
    {
      // The predicted finish grows with the moving time once the lap is longer than the
      // comparison's: its digits turn over on their own lattice (while the clock runs).
      let figure = ClockFigure(.moving, clock(predicted), origin: origin)
      parts.append([.text(s.footerPredicted + " "), state.phase == .running ? .figure(figure) : .text(figure.text)])
    }
    if let sum = live.sumOfBest { parts.append([.text(s.footerSumOfBest + " " + clock(sum))]) }
    var line: [Span] = [.text(" ")]
    for part in parts {
      let next = line.count == 1 ? line + part : line + [.text(" · ")] + part
      guard line.count == 1 || next.columns <= width else { break }
      line = next
    }
    screen.put(line, row: row, column: 0, style: .dim)
  }

  /// The finished ride: moving, elapsed and paused time; laps with the best, worst and
  /// average; what its sensors measured; the difference in moving time from the ride before. A workout ride: its steps
  /// instead (`WorkoutSummaryLines`).
  static func drawSummary(
    _ summary: RideSummary, precision: Precision, options: ViewOptions, into screen: inout Screen, top: Int, bottom: Int
  ) {
    let s = options.strings
    func clock(_ d: Duration) -> String { TimeFormat.clock(d, precision: precision) }
    var lines: [(String, Style)] = [
      (s.fill(s.summaryFinishedFormat, String(summary.number)), options.colored(.cyan, .bold)),
    ]
    if let route = summary.route {
      let r = RouteStrings.of(options.language)
      switch route {
      case .complete(let best): lines.append((best ? r.summaryPersonalBest : r.summaryComplete, options.colored(.yellow, .bold)))
      case .reset: lines.append((r.summaryReset, .plain))
      }
    }
    lines += [
      ("\(s.summaryMoving) \(clock(summary.moving))", .bold),
      ("\(s.elapsed) \(TimeFormat.clock(summary.elapsed, precision: .s))   \(s.pausedTotal) \(TimeFormat.clock(summary.paused, precision: .s))", .plain),
    ]
    // A workout ride by its steps, against the last ride of the same workout.
    if let workout = summary.workout {
      lines += WorkoutSummaryLines.lines(workout, moving: summary.moving, precision: precision, options: options)
    } else {
      lines.append(("\(s.laps) \(summary.laps)", .plain))
      lines += distanceSummary(summary, options: options)
    }
    if summary.workout == nil, let best = summary.bestLap, let worst = summary.worstLap, let average = summary.averageLap {
      lines.append(("▲ \(s.summaryBest) \(clock(best))", options.colored(.green)))
      lines.append(("▼ \(s.summaryWorst) \(clock(worst))", options.colored(.red)))
      lines.append(("  \(s.summaryAverage) \(clock(average))", .plain))
    }
    lines += sensorSummary(summary, options: options)
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
    state.phase == .countdown ? String(state.clock.ride.countdown?.step(at: state.now) ?? 0) : s.phaseName(state.phase)
  }

  /// The title's text, and whether the state fits at its right.
  typealias Title = (text: String, showsState: Bool)

  /// The title on the top row, ` Splits · Ride N` (and the workout's name when the ride
  /// follows one, cut to leave room), and whether the state fits at its right.
  static func title(_ state: RideScreenState, options: ViewOptions, width: Int) -> Title {
    let s = options.strings
    let labelWidth = TextWidth.columns(stateLabel(state, s))
    var title = " \(s.appName) · \(s.ride) \(state.clock.ride.number)"
    // The ride's name, then its workout's when that is not the same (a workout ride is named
    // after its workout unless --name says otherwise).
    var names = state.comparison.rideName.map { [Printable.text($0)] } ?? []
    if let run = state.following.run {
      let workout = run.plan.name ?? options.workoutStrings.workout
      if workout != state.comparison.rideName { names.append(workout) }
    }
    for name in names {
      let room = width - labelWidth - 3 - TextWidth.columns(title) - 3
      let shown = TextWidth.prefix(name, columns: max(0, room))
      if shown.isEmpty { break }
      title += " · " + shown
    }
    return (title, TextWidth.columns(title) + labelWidth + 3 <= width)
  }

  /// Draws the title (`made`: as `title` gave it for this frame already), with the state at the
  /// right when it fits. Returns whether it did.
  @discardableResult
  static func drawTitle(
    _ state: RideScreenState, options: ViewOptions, title made: Title? = nil,
    into screen: inout Screen
  ) -> Bool {
    let width = screen.size.columns
    let (title, showsState) = made ?? self.title(state, options: options, width: width)
    screen.put(title, row: 0, column: 0, style: .bold)
    guard showsState else { return false }
    let label = stateLabel(state, options.strings)
    screen.put(label, row: 0, column: width - TextWidth.columns(label) - 1, style: options.colored(phaseColor(state.phase), .bold))
    return true
  }

  /// The bottom of every ride screen: the key line `keys` (or the hint) on the last row, and
  /// above it the banner, in the rows `RideLayout.bottom` gave them.
  static func drawBottom(
    _ state: RideScreenState, options: ViewOptions, keys: String, at rows: RideLayout.Bottom, into screen: inout Screen
  ) {
    let s = options.strings
    if let row = rows.keys {
      if let hint = state.chrome.hints.hint {
        screen.put(" " + hintText(hint, s, options.workoutStrings), row: row, column: 0, style: options.colored(.yellow))
      } else {
        screen.put(" " + keys, row: row, column: 0, style: .dim)
      }
    }
    if let row = rows.banner, let banner = bannerText(state, options) {
      screen.fill(row: row, column: 0, width: screen.size.columns, height: 1, style: options.colored(.yellow, .reverse))
      screen.put(" " + banner, row: row, column: 0, style: options.colored(.yellow, .reverse))
    }
  }

  /// The keys that do something now: `space start  ? help  q quit`. When the line is wider
  /// than `columns`, whole `key label` entries go, never part of one: compare, skip, undo,
  /// help, back, finish, lap, start or pause, and quit last of all.
  public static func helpLine(_ state: RideScreenState, _ s: Strings, columns: Int = .max) -> String {
    keyLine(state, columns: columns) { s.label($0, phase: state.phase, helpShown: state.chrome.showingHelp) }
  }

  /// The order the key line's entries go in when it is too wide: the least needed first.
  static let keyDropOrder: [Command] = [.compare, .skip, .undo, .help, .back, .finish, .lap, .startPause, .quit]

  /// The key line with each command's label from `label` (the ride's or the workout's).
  static func keyLine(_ state: RideScreenState, columns: Int, label: (Command) -> String) -> String {
    let shown = KeyTable.enabled(
      in: state.phase, helpShown: state.chrome.showingHelp, hasLaps: state.canUndo, canCompare: state.canCompare,
      canSkip: state.route.canSkip(state.clock.ride))
    // Each entry's text and width once; the line's width is their sum and the gaps.
    var entries = shown.map { key -> (command: Command, text: String, columns: Int) in
      let text = "\(key.label) \(label(key.command))"
      return (key.command, text, TextWidth.columns(text))
    }
    func width() -> Int { entries.reduce(0) { $0 + $1.columns } + 2 * max(0, entries.count - 1) }
    for dropped in Self.keyDropOrder where width() > columns {
      entries.removeAll { $0.command == dropped }
    }
    return entries.map(\.text).joined(separator: "  ")
  }

  /// The line above the key line: the question a `q` with unwritten events asked, else why the
  /// journal is not taking events, else the banner of the last action, else why a trainer is
  /// not held to the plan (once, until the next input).
  static func bannerText(_ state: RideScreenState, _ options: ViewOptions) -> String? {
    let s = options.strings
    if state.chrome.confirmingQuit { return s.fill(s.unsavedOnQuitFormat, String(state.chrome.unwrittenEvents)) }
    if let problem = state.chrome.journalProblem { return problem }
    if let notSaved = state.comparison.notSaved { return s.fill(s.comparisonNotSavedFormat, notSaved) }
    if let banner = state.chrome.banner { return banner }
    guard state.erg.showingRefusal, let refusal = state.erg.refusal else { return nil }
    return ErgStrings.of(options.language).text(refusal)
  }

  static func hintText(_ hint: RideScreenState.Hint, _ s: Strings, _ w: WorkoutStrings) -> String {
    switch hint {
    case .stepWhileStopped(let lapStep, let paused): w.stepWhileStopped(lapStep: lapStep, paused: paused)
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
    case .resetAsk: s.hintResetAsk
    case .skipLast: s.hintSkipLast
    case .skipNoRoute: s.hintSkipNoRoute
    case .lapTooSoon(let milliseconds): s.fill(s.hintLapTooSoonFormat, String(milliseconds))
    }
  }

  /// The `?` overlay, built from the same key table as the key line (`s` only on a route).
  static func drawHelp(
    _ state: RideScreenState, options: ViewOptions, into screen: inout Screen, describe: ((Command) -> String)? = nil
  ) {
    let s = options.strings
    let describe = describe ?? { s.describe($0) }
    let content = HelpBox.Content(
      title: s.keysTitle,
      keys: KeyTable.bindings.filter { $0.command != .skip || state.route.isTimed }.map {
        ($0.fullLabel, describe($0.command))
      },
      notes: [s.helpSignals], footer: s.helpFooter, tooSmall: { s.fill(s.helpTooSmallFormat, $0) })
    HelpBox.draw(content, into: &screen)
  }

}
