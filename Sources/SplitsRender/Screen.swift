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
  /// Whether a blank looks the same in `a` as in `b`: colours are foreground only, so bold,
  /// dim and colour do not show on a blank; reverse video does.
  public static func blanksLookAlike(_ a: Style, _ b: Style) -> Bool { !a.reverse && !b.reverse }

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
///
/// Plain data, so that a frame of cells is created, compared and freed without reference
/// counting: the character is kept as its UTF-8 bytes packed in a `UInt64` (first byte in the
/// lowest eight bits; no bytes for a continuation). A character of more than eight bytes (a
/// long grapheme cluster such as a family emoji) keeps the whole Unicode scalars that fit,
/// without a joiner left dangling at the end, and the width of the whole cluster (see
/// docs/decisions.md, 2026-11-23).
public struct Cell: Equatable, Sendable {
  /// The character's UTF-8 bytes, first byte lowest; 0 for a continuation.
  var bytes: UInt64
  /// The character takes two columns (the next cell is its continuation).
  var wide: Bool
  public var style: Style

  public init(_ text: String = " ", style: Style = .plain) {
    bytes = Self.pack(text.unicodeScalars)
    wide = TextWidth.columns(text) >= 2
    self.style = style
  }

  /// A cell for one character whose width is already known.
  init(_ character: Character, width: Int, style: Style) {
    bytes = Self.pack(character.unicodeScalars)
    wide = width >= 2
    self.style = style
  }

  /// A cell for one printable ASCII byte.
  init(ascii byte: UInt8, style: Style) {
    bytes = UInt64(byte)
    wide = false
    self.style = style
  }

  /// A cell for a character already packed (see `pack`), one column wide.
  init(packed: UInt64, style: Style) {
    bytes = packed
    wide = false
    self.style = style
  }

  /// The second column of a wide character.
  static func continuation(style: Style) -> Cell { Cell(packed: 0, style: style) }

  public static let blank = Cell(ascii: 0x20, style: .plain)

  public var isContinuation: Bool { bytes == 0 }
  /// The character takes two columns.
  public var isWide: Bool { wide }

  /// Packs the UTF-8 bytes of the whole scalars that fit in eight bytes; when scalars are
  /// left out, a zero-width joiner at the end of what is kept goes too.
  static func pack(_ scalars: some Sequence<Unicode.Scalar>) -> UInt64 {
    var packed: UInt64 = 0
    var count = 0
    var joinerAt: Int?
    for scalar in scalars {
      let utf8 = scalar.utf8
      if count + utf8.count > 8 {
        if let at = joinerAt { packed &= (UInt64(1) << UInt64(at * 8)) &- 1 }
        break
      }
      joinerAt = scalar == "\u{200D}" ? count : nil
      for byte in utf8 {
        packed |= UInt64(byte) << UInt64(count * 8)
        count += 1
      }
    }
    return packed
  }

  /// The character (empty for a continuation). Setting it measures the new text's width.
  public var text: String {
    get {
      var out = ""
      appendText(to: &out)
      return out
    }
    set { self = Cell(newValue, style: style) }
  }

  /// Number of UTF-8 bytes of the character.
  var utf8Count: Int { (64 - bytes.leadingZeroBitCount + 7) / 8 }

  /// Appends the character's UTF-8 bytes to `buffer`.
  func appendUTF8(to buffer: inout [UInt8]) {
    var rest = bytes
    while rest != 0 {
      buffer.append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }

  /// Appends the character to `string`.
  func appendText(to string: inout String) {
    if bytes == 0 { return }
    if bytes < 0x80 {
      string.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: bytes)))
      return
    }
    withUnsafeBytes(of: bytes.littleEndian) { raw in
      string += String(decoding: UnsafeRawBufferPointer(rebasing: raw.prefix(utf8Count)), as: UTF8.self)
    }
  }
}

/// A whole frame as a grid of cells: what every render function draws into. Drawing clips to
/// the grid, so no text, size or position can trap.
public struct Screen: Equatable, Sendable {
  public let size: Size
  public internal(set) var cells: [Cell]
  /// The clock figures drawn, and to which digit they are visible: what can change this frame
  /// without input (`Program.nextChange(from:)`).
  public var clocks = ShownClocks()

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
    if TextWidth.isPrintableASCII(text) {
      // One byte, one character, one column.
      for byte in text.utf8 {
        if x + 1 > limit { break }
        if x >= 0 { set(row, x, Cell(ascii: byte, style: style)) }
        x += 1
      }
      return max(0, x - column)
    }
    for character in text {
      let w = TextWidth.columns(character)
      if w == 0 { continue }
      if x + w > limit { break }
      if x >= 0 {
        set(row, x, Cell(character, width: w, style: style))
        if w == 2 { set(row, x + 1, .continuation(style: style)) }
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

  /// The cells that differ from `previous`, grouped into runs of one style on one row:
  /// what the terminal backend writes. A different size means everything changed.
  ///
  /// `bridging`: the most bytes of unchanged cells a run may take along to reach the next
  /// changed cell on its row, when writing them is cheaper than moving the cursor over them
  /// (a cursor address is 6–8 bytes). Taken along only when they look the same written in
  /// the run's style: the same style, or blanks outside reverse video (`looksAlike`). 0
  /// gives exactly the changed cells (plus the first cell of a wide character).
  public func changes(since previous: Screen?, bridging: Int = 0) -> [Run] {
    var runs: [Run] = []
    let old: [Cell]? = previous?.size == size ? previous?.cells : nil
    var text: [UInt8] = []
    text.reserveCapacity(size.columns * 4)
    for row in 0..<size.rows {
      let base = row * size.columns
      var column = 0
      while column < size.columns {
        if let old, old[base + column] == cells[base + column] {
          column += 1
          continue
        }
        // Start a run here; a run may not start on a continuation cell, so it starts on the
        // wide character's first cell, which is then written whether it changed or not.
        var start = column
        if cells[base + column].isContinuation, start > 0 { start -= 1 }
        let style = cells[base + start].style
        text.removeAll(keepingCapacity: true)
        var x = start
        while x < size.columns {
          let cell = cells[base + x]
          if x > start, !cell.isContinuation {
            if let old, old[base + x] == cell {
              guard bridging > 0, let end = gapEnd(row: row, from: x, old: old, style: style, limit: bridging)
              else { break }
              for i in x..<end { cells[base + i].appendUTF8(to: &text) }
              x = end
              continue
            }
            if cell.style != style { break }
          }
          cell.appendUTF8(to: &text)
          x += 1
        }
        runs.append(Run(row: row, column: start, text: String(decoding: text, as: UTF8.self), style: style))
        // Always past the cell that started the run.
        column = max(x, column + 1)
      }
    }
    return runs
  }

  /// Where the unchanged cells from `x` end at a changed cell of the same row, when they take
  /// at most `limit` bytes and look the same in `style`; nil otherwise.
  private func gapEnd(row: Int, from x: Int, old: [Cell], style: Style, limit: Int) -> Int? {
    let base = row * size.columns
    var bytes = 0
    var y = x
    while y < size.columns {
      let cell = cells[base + y]
      if old[base + y] != cell { return cell.isContinuation ? nil : y }
      if cell.isContinuation {
        // Only the second half of a wide character in the gap: its text is written with it.
        guard y > x, cells[base + y - 1].isWide else { return nil }
      } else if !Self.looksAlike(cell, in: style) {
        return nil
      }
      bytes += cell.utf8Count
      if bytes > limit { return nil }
      y += 1
    }
    return nil
  }

  /// Whether `cell` looks the same written in `style` as in its own: the same style, or a
  /// blank (colours are foreground only, so a blank looks the same bold, dim or coloured),
  /// unless either is reverse video.
  public static func looksAlike(_ cell: Cell, in style: Style) -> Bool {
    if cell.style == style { return true }
    return cell.bytes == 0x20 && Style.blanksLookAlike(cell.style, style)
  }

  /// Text of one style to write at a position.
  public struct Run: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var text: String
    public var style: Style
  }
}
