import SplitsCore

/// A whole frame as a grid of cells: what every render function draws into. Drawing clips to
/// the grid, so no text, size or position can trap.
public struct Screen: Equatable, Sendable {
  public let size: Size
  public internal(set) var cells: [Cell] {
    // Drawn on after it was written again: the rows `patched` noted no longer say all.
    didSet { if writtenAgain != nil { writtenAgain = nil } }
  }
  /// The frame this one was written again from (`patched`), and where it wrote: what a diff
  /// against that frame (`changes(since:)`, `sameCells(as:)`) needs to compare. Not part of
  /// what the frame shows: `==` leaves it out.
  var writtenAgain: WrittenAgain?
  /// The clock figures drawn, and to which digit they are visible: what can change this frame
  /// without input (`Program.nextChange(from:)`). Noted only by what draws them (`Span`,
  /// `put(big:)`) and the overlays that cover them (`cover`), all in this file.
  public private(set) var clocks = ShownClocks()
  /// The figures drawn with a `Reading`, where and how (`patched`).
  var placed: [Placed] = []
  /// Whether every clock noted is one of `placed`, and nothing covers any: then the frame at a
  /// later instant (with no input between) differs only in those figures' text, and
  /// `patched` can make it.
  private(set) var patchable = true

  /// A figure with a reading as drawn: at (`row`, `column`), its first `shown` characters
  /// (text), or in big digits of `face`.
  struct Placed: Equatable, Sendable {
    var figure: ClockFigure
    var row: Int
    var column: Int
    var shown: Int
    var style: Style
    var face: BigDigits.Face?
  }

  public static func == (a: Screen, b: Screen) -> Bool {
    a.size == b.size && a.cells == b.cells && a.clocks == b.clocks && a.placed == b.placed && a.patchable == b.patchable
  }

  /// Whether `other` holds the same cells, comparing only where this frame was written again
  /// when it was written again from `other`.
  public func sameCells(as other: Screen) -> Bool {
    guard size == other.size else { return cells == other.cells }
    guard let area = writtenAgain?.area(against: other.cells) else { return cells == other.cells }
    return area.allSatisfy { box in
      box.rows.allSatisfy { row in
        let from = row * size.columns + box.columns.lowerBound
        let to = row * size.columns + box.columns.upperBound
        return cells[from..<to] == other.cells[from..<to]
      }
    }
  }

  public init(size: Size) {
    self.size = size
    cells = Array(repeating: .blank, count: size.columns * size.rows)
  }

  public subscript(row: Int, column: Int) -> Cell {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return .blank }
    return cells[row * size.columns + column]
  }

  /// Writes `text` from (`row`, `column`) on, measured in columns, clipped to the screen and
  /// to `width` columns when given. Returns the number of columns written.
  @discardableResult
  public mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, width: Int? = nil) -> Int {
    guard row >= 0, row < size.rows else { return 0 }
    let (end, past) = column.addingReportingOverflow(max(0, width ?? 0))
    let limit = min(size.columns, width == nil || past ? size.columns : end)
    // Nothing fits from there (a column past the screen, however far: no sum below can trap).
    guard column < limit else { return 0 }
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      guard bytes.allSatisfy(TextWidth.isPrintableASCII) else { return nil }
      return put(ascii: bytes, row: row, column: column, limit: limit, style: style)
    }
    if let written = ascii ?? nil { return written }
    // Where every scalar is a character of its own (`·`, `…`, `█`, Hangul syllables), the text
    // is read scalar by scalar: reading characters costs several times as much a column.
    guard text.unicodeScalars.allSatisfy(TextWidth.standsAlone) else {
      return put(characters: text, row: row, column: column, limit: limit, style: style)
    }
    return put(text.unicodeScalars, row: row, column: column, limit: limit, style: style, columns: TextWidth.columns, cell: Cell.init)
  }

  /// `put` character by character: what every text reads as; the other ways of `put` give
  /// the same cells (`ScreenPutTests`).
  mutating func put(characters text: String, row: Int, column: Int, limit: Int, style: Style) -> Int {
    put(text, row: row, column: column, limit: limit, style: style, columns: TextWidth.columns, cell: Cell.init)
  }

  /// Writes `units` (characters, or scalars that are characters of their own) one after the
  /// other up to `limit`, each `columns` wide (none: left out), a wide one with its
  /// continuation; those left of the screen are taken but not drawn.
  private mutating func put<Units: Sequence>(
    _ units: Units, row: Int, column: Int, limit: Int, style: Style, columns: (Units.Element) -> Int,
    cell: (Units.Element, Int, Style) -> Cell
  ) -> Int {
    var x = column
    for unit in units {
      let w = columns(unit)
      if w == 0 { continue }
      if x + w > limit { break }
      if x >= 0 {
        set(row, x, cell(unit, w, style))
        if w == 2 { set(row, x + 1, .continuation(style: style)) }
      }
      x += w
    }
    return max(0, x - column)
  }

  /// `put` for printable ASCII (one byte, one character, one column), in one pass over the
  /// row's cells: only the first and the last cell written can cut a wide character in two
  /// (each one inside the run has its other half inside it too).
  private mutating func put(ascii bytes: UnsafeBufferPointer<UInt8>, row: Int, column: Int, limit: Int, style: Style) -> Int {
    let count = bytes.count
    let (room, beyond) = limit.subtractingReportingOverflow(column)
    let taken = beyond ? count : min(count, room)
    // Bytes left of the screen are taken (counted) but not drawn.
    let hidden = column >= 0 ? 0 : column < -taken ? taken : -column
    let shown = taken - hidden
    guard shown > 0 else { return taken }
    let first = column + hidden
    let columns = size.columns
    let start = row * columns + first
    cells.withUnsafeMutableBufferPointer { cells in
      if cells[start].isContinuation, first > 0 { cells[start - 1] = Cell(ascii: 0x20, style: cells[start - 1].style) }
      let last = start + shown - 1
      if cells[last].isWide, first + shown < columns { cells[last + 1] = Cell(ascii: 0x20, style: cells[last].style) }
      var index = start
      for offset in hidden..<taken {
        cells[index] = Cell(ascii: bytes[offset], style: style)
        index += 1
      }
    }
    return taken
  }

  /// Writes `spans` side by side from (`row`, `column`), each in its own style or `style`,
  /// clipped as `put` clips; a clock figure's digits and a mark's cells are noted where they
  /// land, as far as they are drawn. Returns the number of columns written.
  @discardableResult
  public mutating func put(_ spans: [Span], row: Int, column: Int, style: Style = .plain, width: Int? = nil) -> Int {
    let limit = width.map { column + max(0, $0) }
    var x = column
    for span in spans {
      let written = put(span.text, row: row, column: x, style: span.style ?? style, width: limit.map { $0 - x })
      // A mark is noted even while it shows nothing: it can appear there.
      if row >= 0, row < size.rows, x >= 0, x < size.columns {
        switch span.moves {
        case .figure(let figure, let digits)?:
          let shown = min(digits, written)
          clocks.show(figure.field, text: figure.text, row: row, column: x, visible: shown, origin: figure.origin)
          if figure.reading == nil {
            patchable = false
          } else if shown > 0 {
            placed.append(Placed(figure: figure, row: row, column: x, shown: shown, style: span.style ?? style))
          }
        case .turns(let field, let place, let origins, let along)?:
          patchable = false
          for origin in origins {
            clocks.show(field, place: place, rows: row..<row + 1, columns: along ?? x..<x + max(1, written), origin: origin)
          }
        case nil: break
        }
      }
      x += written
      if written < span.columns { break }
    }
    return x - column
  }

  /// Draws `figure` in big digits of `face` from (`row`, `column`), noting each glyph's digit.
  public mutating func put(big figure: ClockFigure, face: BigDigits.Face, row: Int, column: Int, style: Style = .plain) {
    BigDigits.draw(figure.text, face: face, into: &self, row: row, column: column, style: style)
    clocks.show(
      figure.field, text: figure.text, rows: row..<row + face.height,
      glyphs: BigDigits.glyphColumns(figure.text, face: face, column: column), origin: figure.origin)
    if figure.reading == nil {
      patchable = false
    } else {
      placed.append(Placed(figure: figure, row: row, column: column, shown: figure.text.count, style: style, face: face))
    }
  }

  /// Something drawn over `rows` × `columns` (the help box): the figures under it are no
  /// longer seen.
  public mutating func cover(rows: Range<Int>, columns: Range<Int>) {
    patchable = false
    clocks.cover(rows: rows, columns: columns)
  }

  /// Writes `text` centred in the row (or in `width` columns from `column`).
  @discardableResult
  public mutating func putCentered(_ text: String, row: Int, column: Int = 0, width: Int? = nil, style: Style = .plain) -> Int {
    let span = width ?? (size.columns - column)
    let w = TextWidth.columns(text)
    let start = column + max(0, (span - w) / 2)
    return put(text, row: row, column: start, style: style, width: span - (start - column))
  }

  /// Fills a rectangle with one style (spaces).
  public mutating func fill(row: Int, column: Int, width: Int, height: Int, style: Style) {
    for y in max(0, row)..<min(size.rows, row + height) where y >= max(0, row) {
      for x in max(0, column)..<max(max(0, column), min(size.columns, column + width)) {
        set(y, x, Cell(ascii: 0x20, style: style))
      }
    }
  }

  /// Writes one cell (clipped to the screen); BigDigits draws its glyphs with it.
  mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
    let index = row * size.columns + column
    // Overwriting half of a wide character blanks its other half (also when the new cell is
    // the second half of another wide character: no continuation is left without its first).
    let old = cells[index]
    if old.isContinuation, column > 0, !cell.isContinuation {
      cells[index - 1] = Cell(ascii: 0x20, style: cells[index - 1].style)
    } else if old.isWide, column + 1 < size.columns {
      cells[index + 1] = Cell(ascii: 0x20, style: old.style)
    }
    cells[index] = cell
  }

  /// The text of each row, continuation cells left out, trailing spaces kept.
  public var lines: [String] {
    (0..<size.rows).map { row in
      var line: [UInt8] = []
      line.reserveCapacity(size.columns)
      for column in 0..<size.columns { cells[row * size.columns + column].appendUTF8(to: &line) }
      return String(decoding: line, as: UTF8.self)
    }
  }

  /// The colour of each cell as one letter (g, r, y, c; `.` for none), for snapshot tests.
  public var colorLines: [String] {
    (0..<size.rows).map { row in
      String((0..<size.columns).map { column -> Character in
        switch cells[row * size.columns + column].style.color {
        case .green: "g"
        case .red: "r"
        case .yellow: "y"
        case .cyan: "c"
        case nil: "."
        }
      })
    }
  }
}

