import SplitsCore

/// Where each widget of the ride screen draws. One function hands out the rows and alone
/// decides what goes first when rows run short: the lap table first, then the comparison's
/// footer, the title, the figures line, the sensors' line (power, heart rate: what a rider on
/// a trainer watches most after the time); the moving time and the key line stay to the last.
/// Every widget spans the screen's width, so a rectangle is a range of rows.
struct RideLayout {
  /// The key line (or the hint), the banner above it, and the first row they take.
  var bottom: Bottom
  var title: Int?
  /// Whether the title shows the state at its right; else the time line or the figures do.
  var stateInTitle = false
  /// The title's text (`RideView.title`), made once for the layout and the drawing.
  var titleText = ""
  /// The finished ride's summary after `r` (nothing else then but the chrome).
  var summary: Range<Int>?
  var time: Time?
  var figures: Int?
  /// The sensors' line (`SensorsWidget`), below the figures line; nil when no sensor gives a
  /// figure.
  var sensors: Int?
  var footer: Int?
  /// How many rows the footer takes from `footer` on: a route's takes two where the table
  /// still shows every segment below them.
  var footerRows = 1
  var laps: Range<Int>?

  struct Bottom {
    var keys: Int?
    var banner: Int?
    /// The first row the key line and the banner take (the screen's height without them).
    var top: Int
  }

  /// The moving time: in big digits of `face` from `row`, or a line of text there (with the
  /// state beside it when `withState`).
  enum Time {
    case big(face: BigDigits.Face, row: Int)
    case text(row: Int, withState: Bool)
  }

  /// The rows of the key line and the banner, on every ride screen (the workout's too).
  static func bottom(_ state: RideScreenState, size: Size, options: ViewOptions) -> Bottom {
    var out = Bottom(top: size.rows)
    if size.rows >= 2 {
      out.keys = size.rows - 1
      out.top = size.rows - 1
    }
    if RideView.bannerText(state, options) != nil, out.top >= 4 {
      out.top -= 1
      out.banner = out.top
    }
    return out
  }

  /// The ride screen's rows at `size` (not 0 wide or high).
  static func ride(_ state: RideScreenState, size: Size, options: ViewOptions) -> RideLayout {
    let width = size.columns
    let height = size.rows
    let s = options.strings
    var layout = RideLayout(bottom: bottom(state, size: size, options: options))
    let bottom = layout.bottom.top
    // Blank separator rows only when there is room for them.
    let gap = height >= 16 ? 1 : 0
    var top = 0
    if height >= 8 {
      layout.title = 0
      let labelColumns = TextWidth.columns(RideView.stateLabel(state, s))
      (layout.titleText, layout.stateInTitle) = options.memos.title.value(
        TitleKey(state, labelColumns: labelColumns, width: width, options: options)
      ) { RideView.title(state, options: options, width: width) }
      top = height >= 12 ? 2 : 1
    }
    if state.chrome.showingSummary, state.chrome.lastFinished != nil {
      layout.summary = top..<max(top, bottom)
      return layout
    }
    let label = RideView.stateLabel(state, s)
    let timeText = TimeFormat.clock(state.moving, precision: state.clock.precision)
    let bigText = state.phase == .countdown ? label : timeText
    if !options.plain, width >= 3, let face = BigDigits.bestFace(for: bigText, columns: width - 2, rows: bottom - top - 1) {
      layout.time = .big(face: face, row: top)
      top += face.height + gap
    } else if top < bottom || height == 1 {
      let beside = !layout.stateInTitle && TextWidth.columns(timeText) + 2 + TextWidth.columns(label) <= width - 1
      layout.time = .text(row: top, withState: beside)
      top += 1 + gap
    }
    let sensors = !state.sensors.figures(at: state.now).isEmpty
    // With one row left the sensors' line takes it before the figures line.
    if top < bottom, !sensors || top + 1 < bottom {
      layout.figures = top
      top += sensors ? 1 : 1 + gap
    }
    if sensors, top < bottom {
      layout.sensors = top
      top += 1 + gap
    }
    // The comparison's footer above the key line, for a compared ride, when there is room
    // for it and, while riding, still for the lap table's header and running lap.
    // A route's segments show before the ride starts too (its comparison's split times).
    let riding = state.phase == .running || state.phase == .paused || state.route.isTimed
    var tableBottom = bottom
    if state.route.isTimed || state.liveComparison != nil, bottom - top >= (riding ? 3 : 1) {
      layout.footer = bottom - 1
      tableBottom = bottom - 1
      // The table's header and every segment, and the footer's second row above them.
      if let route = state.route.route, tableBottom - top >= route.segments.count + 2 {
        layout.footer = bottom - 2
        layout.footerRows = 2
        tableBottom = bottom - 2
      }
    }
    if tableBottom - top >= 2, riding { layout.laps = top..<tableBottom }
    return layout
  }

  /// Whether the state's name is shown before the figures line takes it.
  var stateShown: Bool {
    if stateInTitle { return true }
    if case .text(_, true)? = time { return true }
    return false
  }
}

// MARK: - The workout screen

extension RideLayout {
  /// Which parts the workout's step screen draws; `all` lists them from the fullest to the
  /// barest, in the order they go when rows run short.
  struct StepParts {
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
    /// The sensors' line, under the figure (when a sensor gives a figure).
    var sensors = true
    var cue = true
    /// Lines of the step's header: 2 (name, then target), 1 (both on one line), 0.
    var header = 2

    static let all: [StepParts] = {
      var layout = StepParts()
      var out = [layout]
      let drops: [(inout StepParts) -> Void] = [
        { $0.gaps = false }, { $0.table = false }, { $0.title = false }, { $0.digits = 1 },
        { $0.profile = false }, { $0.digits = 0 }, { $0.times = false }, { $0.next = false },
        { $0.sensors = false }, { $0.cue = false },
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
      if sensors { rows += 1 }
      if title { rows += 1 }
      if table { rows += 3 }
      if gaps { rows += (title ? 1 : 0) + (header > 0 ? 1 : 0) + 1 + (table ? 1 : 0) }
      return rows
    }
  }

  /// The workout step screen's rows: the title, the step's header, the figure (in big
  /// digits of `face`, or a line), the cue's row, the next step, the profile (two rows), the
  /// workout's times and the table of finished steps; nil for a part left out.
  struct Step {
    var parts: StepParts
    var face: BigDigits.Face?
    var title: Int?
    var header: Int?
    var figure = 0
    var sensors: Int?
    var cue: Int?
    var next: Int?
    var profile: Int?
    var times: Int?
    var table: Int?
  }

  /// The fullest step layout whose rows fit above `bottom`, with `figure` as big as it can be;
  /// a sensors' line only when `sensors` (a sensor gives a figure).
  static func workoutStep(figure: String, options: ViewOptions, width: Int, bottom: Int, sensors: Bool = false) -> Step {
    let tall = bottom >= 36
    func face(_ digits: Int) -> BigDigits.Face? {
      guard !options.plain, digits > 0, width >= 3 else { return nil }
      return BigDigits.bestFace(for: figure, columns: width - 2, rows: digits == 2 ? (tall ? 10 : 5) : 3)
    }
    var step = Step(
      parts: StepParts(
        gaps: false, table: false, title: false, digits: 0, profile: false, times: false, next: false, sensors: false,
        cue: false, header: 0))
    for var candidate in StepParts.all {
      candidate.sensors = candidate.sensors && sensors
      let candidateFace = face(candidate.digits)
      if candidate.rows(digitRows: candidateFace.map { $0.height + 1 } ?? 1) <= bottom {
        step = Step(parts: candidate, face: candidateFace)
        break
      }
    }
    step.place()
    return step
  }

  /// The workout complete: which parts fit above `bottom`, the heading always; when rows run
  /// short the blank rows go first, then the title, the counts and the table.
  struct Completion {
    var totals = false
    var table = false
    var counts = false
    var title = false
    var titleGap = false
    var tableGap = false
  }

  static func workoutCompletion(tableRows: Int?, bottom: Int) -> Completion {
    var left = bottom
    func take(_ count: Int) -> Bool {
      guard left >= count else { return false }
      left -= count
      return true
    }
    _ = take(1)
    var out = Completion()
    out.totals = take(1)
    out.table = tableRows.map { take($0) } ?? false
    out.counts = take(1)
    out.title = take(1)
    out.titleGap = out.title && take(1)
    out.tableGap = out.table && take(1)
    return out
  }
}

extension RideLayout.Step {
  /// The rows of the parts, top to bottom.
  mutating func place() {
    var row = 0
    if parts.title {
      title = row
      row += parts.gaps ? 2 : 1
    }
    if parts.header > 0 {
      header = row
      row += parts.header + (parts.gaps ? 1 : 0)
    }
    figure = row
    row += face.map { $0.height + 1 } ?? 1
    if parts.sensors {
      sensors = row
      row += 1
    }
    row += parts.gaps ? 1 : 0
    if parts.cue {
      cue = row
      row += 1
    }
    if parts.next {
      next = row
      row += 1
    }
    if parts.profile {
      profile = row
      row += 2
    }
    if parts.times {
      times = row
      row += 1
    }
    if parts.table { table = row + (parts.gaps ? 1 : 0) }
  }
}
