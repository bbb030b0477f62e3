import SplitsCore

/// Where each widget of the ride screen draws. One function hands out the rows and alone
/// decides what goes first when rows run short: the lap table first, then the comparison's
/// footer, the title, the figures line; the moving time and the key line stay to the last.
/// Every widget spans the screen's width, so a rectangle is a range of rows.
struct RideLayout {
  /// The key line (or the hint), the banner above it, and the first row they take.
  var bottom: Bottom
  var title: Int?
  /// Whether the title shows the state at its right; else the time line or the figures do.
  var stateInTitle = false
  /// The finished ride's summary after `r` (nothing else then but the chrome).
  var summary: Range<Int>?
  var time: Time?
  var figures: Int?
  var footer: Int?
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
  static func bottom(_ state: RideScreenState, size: Size, strings: Strings) -> Bottom {
    var out = Bottom(top: size.rows)
    if size.rows >= 2 {
      out.keys = size.rows - 1
      out.top = size.rows - 1
    }
    if RideView.bannerText(state, strings) != nil, out.top >= 4 {
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
    var layout = RideLayout(bottom: bottom(state, size: size, strings: s))
    let bottom = layout.bottom.top
    // Blank separator rows only when there is room for them.
    let gap = height >= 16 ? 1 : 0
    var top = 0
    if height >= 8 {
      layout.title = 0
      layout.stateInTitle = RideView.title(state, options: options, width: width).showsState
      top = height >= 12 ? 2 : 1
    }
    if state.showingSummary, state.lastFinished != nil {
      layout.summary = top..<max(top, bottom)
      return layout
    }
    let label = RideView.stateLabel(state, s)
    let timeText = TimeFormat.clock(state.moving, precision: state.precision)
    let bigText = state.phase == .countdown ? label : timeText
    if !options.plain, width >= 3, let face = BigDigits.bestFace(for: bigText, columns: width - 2, rows: bottom - top - 1) {
      layout.time = .big(face: face, row: top)
      top += face.height + gap
    } else if top < bottom || height == 1 {
      let beside = !layout.stateInTitle && TextWidth.columns(timeText) + 2 + TextWidth.columns(label) <= width - 1
      layout.time = .text(row: top, withState: beside)
      top += 1 + gap
    }
    if top < bottom {
      layout.figures = top
      top += 1 + gap
    }
    // The comparison's footer above the key line, for a compared ride, when there is room
    // for it and, while riding, still for the lap table's header and running lap.
    let riding = state.phase == .running || state.phase == .paused
    var tableBottom = bottom
    if state.liveComparison != nil, bottom - top >= (riding ? 3 : 1) {
      layout.footer = bottom - 1
      tableBottom = bottom - 1
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
