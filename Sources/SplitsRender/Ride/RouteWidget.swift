import SplitsCore
import SplitsRoutes

/// The route ridden: its segments by name, the ended ones with their split time, delta and
/// mark (livesplit-core's colour rule, and a glyph without colour), the one under way with
/// the comparison's split and its live delta from the instant livesplit-core shows it, the
/// next ones with the comparison's split times; and a footer with the attempt's number, the
/// complete attempts, the sum of best, the possible time save and the predicted finish.
/// Every time is worked out from the moving time as shown, so it moves only with it.
struct RouteWidget {
  let feature: RouteFeature
  let analysis: RouteAnalysis
  let ended: Int
  let precision: Precision
  let options: ViewOptions
  var strings: RouteStrings { .of(options.language) }
  var name: String { feature.comparisonName }
  var segments: [RouteSegment] { analysis.timer.route.segments }
  var unit: Duration { .nanoseconds(precision.unitNanoseconds) }

  init?(_ state: RideScreenState, options: ViewOptions) {
    // A ride on no route (the most) goes without copying the route's feature.
    guard state.route.isTimed else { return nil }
    let feature = state.route
    let precision = state.clock.precision
    guard let analysis = feature.analysis(state.clock.ride, moving: state.moving, precision: precision) else {
      return nil
    }
    self.feature = feature
    self.analysis = analysis
    self.ended = feature.segmentsEnded(state.clock.ride)
    self.precision = state.clock.precision
    self.options = options
  }

  func clock(_ d: Duration) -> String { TimeFormat.clock(d, precision: precision) }

  /// What a row shows: the name, the time, the delta and its colour.
  struct Row {
    var mark = ""
    var name: String
    var time: String
    var delta: Duration?
    var color = RouteSplitColor.normal
    var live = false
    var style = Style.plain
  }

  func row(_ index: Int) -> Row {
    let segment = segments[index]
    let comparison = analysis.timer.comparisons.time(name, at: index).real
    if index < ended {
      guard let split = segment.splitTime.real else { return Row(name: segment.name, time: strings.skipped) }
      let delta = comparison.map { TimeFormat.truncated(split, to: precision) - $0 }
      return Row(
        name: segment.name, time: clock(split), delta: delta,
        color: analysis.splitColor(delta, index, name, .real))
    }
    var out = Row(name: segment.name, time: comparison.map(clock) ?? "")
    if index == ended, analysis.timer.phase == .running {
      out.mark = "›"
      out.style = options.colored(.cyan)
      if let live = analysis.checkLiveDelta(splitDelta: true, name, .real) {
        out.delta = live
        out.live = true
        out.color = analysis.splitColor(live, index, showBestSegments: false, name, .real)
      }
    } else {
      out.style = .dim
    }
    return out
  }

  /// The rows from `top` to `bottom`: the header, then a window of the segments that keeps the
  /// one under way in sight with one after it.
  func draw(into screen: inout Screen, top: Int, bottom: Int) {
    let width = screen.size.columns
    guard bottom > top, width > 0 else { return }
    let rows = (0..<segments.count).map(row)
    let timeWidth = max(TextWidth.columns(strings.timeHeader), rows.map { TextWidth.columns($0.time) }.max() ?? 0)
    let deltas = rows.map { $0.delta.map { TimeFormat.signedDifference($0, precision: precision) } ?? "" }
    let deltaWidth = max(TextWidth.columns(strings.deltaHeader), deltas.map(TextWidth.columns).max() ?? 0)
    let showDelta = width >= 2 + 6 + 2 + timeWidth + 2 + deltaWidth + 3
    let showTime = width >= 2 + 6 + 2 + timeWidth
    let right = (showTime ? 2 + timeWidth : 0) + (showDelta ? 2 + deltaWidth + 3 : 0)
    let nameWidth = max(1, width - 2 - right)
    func line(_ mark: String, _ name: String, _ time: String) -> String {
      var text = TextWidth.padded(mark, to: 1) + " " + TextWidth.padded(TextWidth.prefix(name, columns: nameWidth), to: nameWidth)
      if showTime { text += "  " + TextWidth.leftPadded(time, to: timeWidth) }
      return text
    }
    let deltaColumn = 2 + nameWidth + (showTime ? 2 + timeWidth : 0) + 2
    screen.put(line("", strings.segmentHeader, strings.timeHeader), row: top, column: 0, style: .dim)
    if showDelta {
      screen.put(TextWidth.leftPadded(strings.deltaHeader, to: deltaWidth), row: top, column: deltaColumn, style: .dim)
    }
    let visible = bottom - top - 1
    guard visible > 0 else { return }
    let first = max(0, min(segments.count - visible, ended + 2 - visible))
    for (offset, index) in (first..<min(segments.count, first + visible)).enumerated() {
      let r = rows[index]
      let at = top + 1 + offset
      screen.put(line(r.mark, r.name, r.time), row: at, column: 0, style: r.style)
      guard showDelta else { continue }
      let style = colorStyle(r.color)
      if !deltas[index].isEmpty {
        // The live delta turns with the moving time as shown; its mark's turns are the route
        // feature's ticker candidates.
        let text = deltas[index]
        let padding = String(repeating: " ", count: max(0, deltaWidth - TextWidth.columns(text)))
        var span = Span.text(text)
        if r.live, let delta = r.delta, let split = analysis.timer.comparisons.time(name, at: index).real {
          span = .figure(ClockFigure(.moving, text, origin: deltaOrigin(delta, split: split)))
        }
        screen.put([.text(padding), span], row: at, column: deltaColumn, style: style)
      }
      if let glyph = glyph(r.color) { screen.put(glyph, row: at, column: deltaColumn + deltaWidth + 1, style: style) }
    }
  }

  /// The moving time at which the live delta's text reads zero, so that each of its digits
  /// turns over on its own lattice: the delta shown is the moving time shown less the split,
  /// its magnitude truncated, so a delta behind reads from the split rounded up to the
  /// precision, one ahead from the split rounded down, plus one step.
  func deltaOrigin(_ delta: Duration, split: Duration) -> Duration {
    let down = TimeFormat.truncated(split, to: precision)
    guard delta >= .zero else { return down + unit }
    return down == split ? split : down + unit
  }

  func colorStyle(_ color: RouteSplitColor) -> Style {
    switch color {
    case .bestSegment: options.colored(.yellow, .bold)
    case .aheadGainingTime: options.colored(.green, .bold)
    case .aheadLosingTime: options.colored(.green)
    case .behindGainingTime: options.colored(.red)
    case .behindLosingTime: options.colored(.red, .bold)
    case .normal: .plain
    }
  }

  /// The colour as a glyph, for a terminal without colour: the lap table's arrows, a star for
  /// a gold.
  func glyph(_ color: RouteSplitColor) -> String? {
    switch color {
    case .bestSegment: LapStanding.goldMark
    case .aheadGainingTime: LapStanding.aheadGaining.glyph
    case .aheadLosingTime: LapStanding.aheadLosing.glyph
    case .behindGainingTime: LapStanding.behindGaining.glyph
    case .behindLosingTime: LapStanding.behindLosing.glyph
    case .normal: nil
    }
  }

  /// The footer: `vs Personal Best · #12, 4 complete · sum of best … · save … · finish …`,
  /// on one row, or on two split after the attempt's number. Where a row does not fit, its
  /// parts go in this order: the comparison's name, the time save, the sum of best, the
  /// attempt's number; the predicted finish goes last. Its figures stand still between
  /// splits: the time save is the golds' against the comparison, the finish the comparison's
  /// final time moved by the delta at the last split.
  func drawFooter(into screen: inout Screen, rows: Range<Int>) {
    let s = strings
    let route = analysis.timer.route
    let complete = route.attemptHistory.filter(\.isComplete).count
    // (priority, text): the lower the number, the longer the part stays.
    let attempt: [(priority: Int, text: String)] = [
      (4, s.fill(s.versusFormat, name)), (1, s.fill(s.attemptFormat, String(route.attemptCount), String(complete))),
    ]
    var figures: [(priority: Int, text: String)] = []
    if let sum = analysis.sumOfBest(.real) { figures.append((2, s.fill(s.sumOfBestFormat, clock(sum)))) }
    let saves = segments.indices.compactMap { analysis.possibleTimeSave($0, name, live: false, .real).save }
    if !saves.isEmpty { figures.append((3, s.fill(s.possibleSaveFormat, clock(saves.reduce(.zero, +))))) }
    if let finish = predictedFinish { figures.append((0, s.fill(s.paceFormat, clock(finish)))) }
    let width = screen.size.columns - 1
    let lines = rows.count >= 2
      ? [Self.fit(attempt, width: width), Self.fit(figures, width: width)]
      : [Self.fit(attempt + figures, width: width)]
    for (row, line) in zip(rows, lines) where !line.isEmpty {
      screen.put(" " + line, row: row, column: 0, style: .dim)
    }
  }

  /// The parts, in their order, joined by ` · `, without those that do not fit in `width`
  /// columns: the highest priority number first.
  static func fit(_ parts: [(priority: Int, text: String)], width: Int) -> String {
    var kept = parts
    func joined() -> String { kept.map(\.text).joined(separator: " · ") }
    while !kept.isEmpty, TextWidth.columns(joined()) > width,
      let drop = kept.indices.max(by: { kept[$0].priority < kept[$1].priority })
    {
      kept.remove(at: drop)
    }
    return joined()
  }

  /// The comparison's final time moved by the delta at the last split (none before the first,
  /// the attempt's own once complete).
  var predictedFinish: Duration? {
    guard let last = segments.indices.last, let final = analysis.timer.comparisons.time(name, at: last).real else {
      return nil
    }
    if analysis.timer.phase == .ended { return segments[last].splitTime.real }
    guard ended > 0 else { return final }
    return analysis.lastDelta(ended - 1, name, .real).map { final + $0 } ?? final
  }
}
