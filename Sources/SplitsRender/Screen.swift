import SplitsCore

/// A terminal size in columns and rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  public var description: String { "\(columns)×\(rows)" }
}

/// The few colours the screens use. The terminal layer maps them to colour pairs.
public enum Color: UInt8, CaseIterable, Sendable {
  case green = 1, red, yellow, cyan
}

public struct Style: Hashable, Sendable {
  public var color: Color?
  public var bold: Bool
  public var dim: Bool
  public var reverse: Bool

  public init(color: Color? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
    self.color = color
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
  }

  public static let plain = Style()
  public static let bold = Style(bold: true)
  public static let dim = Style(dim: true)
  public static let reverse = Style(reverse: true)
}

/// One terminal cell. A wide character (Hangul, CJK) sits in its first cell and leaves the
/// next one as a continuation (`text` empty).
public struct Cell: Equatable, Sendable {
  public var text: String
  public var style: Style

  public init(_ text: String = " ", style: Style = .plain) {
    self.text = text
    self.style = style
  }

  public static let blank = Cell()
  public var isContinuation: Bool { text.isEmpty }
}

/// A whole frame as a grid of cells: what every render function draws into. Drawing clips to
/// the grid, so no text, size or position can trap.
public struct Screen: Equatable, Sendable {
  public let size: Size
  public internal(set) var cells: [Cell]

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
    let limit = min(size.columns, width.map { column + max(0, $0) } ?? size.columns)
    var x = column
    for character in text {
      let w = TextWidth.columns(character)
      if w == 0 { continue }
      if x + w > limit { break }
      if x >= 0 {
        set(row, x, Cell(String(character), style: style))
        if w == 2 { set(row, x + 1, Cell("", style: style)) }
      }
      x += w
    }
    return max(0, x - column)
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
        set(y, x, Cell(" ", style: style))
      }
    }
  }

  private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
    guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return }
    let index = row * size.columns + column
    // Overwriting half of a wide character blanks its other half.
    let old = cells[index]
    if old.isContinuation, column > 0, !cell.isContinuation {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)
    } else if !old.isContinuation, TextWidth.columns(Character(old.text)) == 2, column + 1 < size.columns, !cell.isContinuation {
      cells[index + 1] = Cell(" ", style: old.style)
    }
    cells[index] = cell
  }

  /// The text of each row, continuation cells left out, trailing spaces kept.
  public var lines: [String] {
    (0..<size.rows).map { row in
      var line = ""
      for column in 0..<size.columns {
        let cell = cells[row * size.columns + column]
        if !cell.isContinuation { line += cell.text }
      }
      return line
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

  /// The cells that differ from `previous`, grouped into runs of one style on one row:
  /// what the terminal backend writes. A different size means everything changed.
  public func changes(since previous: Screen?) -> [Run] {
    var runs: [Run] = []
    let same = previous?.size == size
    for row in 0..<size.rows {
      var column = 0
      while column < size.columns {
        let index = row * size.columns + column
        if same, let previous, previous.cells[index] == cells[index] {
          column += 1
          continue
        }
        // Start a run here; a run may not start on a continuation cell, so it starts on the
        // wide character's first cell, which is then written whether it changed or not.
        var start = column
        if cells[index].isContinuation, start > 0 { start -= 1 }
        let style = cells[row * size.columns + start].style
        var text = ""
        var x = start
        while x < size.columns {
          let i = row * size.columns + x
          let cell = cells[i]
          if x > start, !cell.isContinuation {
            let changed = !same || previous.map { $0.cells[i] != cell } ?? true
            if !changed || cell.style != style { break }
          }
          text += cell.text
          x += 1
        }
        runs.append(Run(row: row, column: start, text: text, style: style))
        // Always past the cell that started the run.
        column = max(x, column + 1)
      }
    }
    return runs
  }

  /// Text of one style to write at a position.
  public struct Run: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var text: String
    public var style: Style
  }
}
