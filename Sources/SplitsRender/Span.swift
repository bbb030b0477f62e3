import SplitsCore

/// A clock figure as text: the value of `field` written as `text` (`HH:MM:SS.cc`,
/// `+MM:SS.cc`), reading zero when `field` is at `origin` (the running lap's figures read from
/// the last split; see `ShownClocks`).
public struct ClockFigure: Equatable, Sendable {
  public var field: ClockField
  public var text: String
  public var origin: Duration
  /// How the text follows the field, when it is one of the readings a later frame can write
  /// again without rendering (`Screen.patched`); nil: only a render can tell.
  public var reading: Reading?
  /// What of the field's value the text shows (`Reading.shown`), when it has a reading: a
  /// later value that shows the same needs no text made (`Screen.patched`).
  public var shown: Duration?

  public init(_ field: ClockField, _ text: String, origin: Duration = .zero) {
    self.field = field
    self.text = text
    self.origin = origin
  }

  /// The figure of `field` at `value` read by `reading` (its text is the reading's).
  public init(_ field: ClockField, reading: Reading, at value: Duration, origin: Duration = .zero) {
    self.init(field, reading.text(value), origin: origin)
    self.reading = reading
    shown = reading.shown(value)
  }
}

/// A figure's text as a function of its clock field's value: what lets a frame at a later
/// instant be made by writing the figures again (`Screen.patched`) instead of rendering.
public enum Reading: Equatable, Sendable {
  /// `TimeFormat.clock(value - from)`: the moving, elapsed and paused times, the running lap
  /// (from the last split) and its split, a workout's time done.
  case clock(Precision, minimumHourDigits: Int = 2, from: Duration = .zero)
  /// `TimeFormat.signedDifference(truncated(value - from) - less)`: the running lap's
  /// difference from the last lap (from the last split, less the last lap as shown).
  case difference(Precision, from: Duration, less: Duration)

  /// What of `value` the text shows: the value from `from`, truncated to the precision (a
  /// negative one reads as zero). Two values that show the same have the same text.
  public func shown(_ value: Duration) -> Duration {
    switch self {
    case .clock(let precision, _, let from), .difference(let precision, let from, _):
      TimeFormat.truncated(value - from, to: precision)
    }
  }

  public func text(_ value: Duration) -> String {
    switch self {
    case .clock(let precision, let hours, let from):
      TimeFormat.clock(value - from, precision: precision, minimumHourDigits: hours)
    case .difference(let precision, let from, let less):
      TimeFormat.signedDifference(TimeFormat.truncated(value - from, to: precision) - less, precision: precision)
    }
  }
}

/// A piece of a line that `Screen.put(_:row:column:style:width:)` draws: plain text, a clock
/// figure, or a mark that turns with a clock. Drawing a figure or a mark notes in the frame's
/// `ShownClocks` the digits (or the cells) actually drawn, where they were drawn: a widget
/// cannot show a moving figure without the ticker knowing when it changes, nor note one where
/// it did not draw it. (Nothing else in the render module can note a clock: `Screen.clocks`
/// is set only in `Screen.swift`.)
public struct Span: Equatable, Sendable {
  enum Moves: Equatable, Sendable {
    /// The text is the first `digits` characters of the figure's text, then what marks the
    /// fields left out (`TimeFormat.fitted`).
    case figure(ClockFigure, digits: Int)
    /// Text that can change when `field` passes one of `origins` plus a multiple of `place`;
    /// a marker that moves along `along` (columns of its row) can change all of them.
    case turns(ClockField, place: Duration, origins: [Duration], along: Range<Int>?)
  }

  public let text: String
  /// The span's own style; nil: the line's.
  let style: Style?
  let moves: Moves?

  /// Text that does not move without input.
  public static func text(_ text: String, style: Style? = nil) -> Span { Span(text: text, style: style, moves: nil) }

  /// A clock figure, whole.
  public static func figure(_ figure: ClockFigure, style: Style? = nil) -> Span {
    Span(text: figure.text, style: style, moves: .figure(figure, digits: figure.text.count))
  }

  /// A clock figure cut to whole fields to fit `columns` (`TimeFormat.fitted`): only the digits
  /// left are noted.
  public static func figure(_ figure: ClockFigure, fitting columns: Int, style: Style? = nil) -> Span {
    let fit = TimeFormat.fitted(figure.text, columns: columns)
    return Span(text: fit.text, style: style, moves: .figure(figure, digits: fit.digits))
  }

  /// A mark (a standing's glyph; empty while it shows none) that can change each time `field`
  /// passes one of `origins` plus a multiple of `place`: its cells (at least one) are noted.
  public static func mark(
    _ text: String, turningWith field: ClockField, every place: Duration, from origins: [Duration], style: Style? = nil
  ) -> Span {
    Span(text: text, style: style, moves: .turns(field, place: place, origins: origins, along: nil))
  }

  /// A marker that moves along `columns` of its row each time `field` passes `origin` plus a
  /// multiple of `place` (the profile's `▲`): drawn, it notes all of them.
  public static func marker(
    _ text: String, along columns: Range<Int>, turningWith field: ClockField, every place: Duration, from origin: Duration,
    style: Style? = nil
  ) -> Span {
    Span(text: text, style: style, moves: .turns(field, place: place, origins: [origin], along: columns))
  }

  /// The columns the span takes.
  public var columns: Int { TextWidth.columns(text) }
}

extension [Span] {
  /// The columns the spans take, side by side.
  public var columns: Int { reduce(0) { $0 + $1.columns } }

  /// `format` with each `%@` replaced by the next of `values` (a missing value: nothing).
  static func placed(_ format: String, _ values: [Span]) -> [Span] {
    let pieces = format.split(separator: "%@", omittingEmptySubsequences: false).map(String.init)
    var spans: [Span] = []
    for (index, piece) in pieces.enumerated() {
      if !piece.isEmpty { spans.append(.text(piece)) }
      if index < pieces.count - 1, index < values.count { spans.append(values[index]) }
    }
    return spans
  }
}
