import SplitsCore

/// Big digits for times: two fonts, each scalable by whole factors, and the choice of the
/// largest that fits. Characters other than digits, `:` and `.` are drawn as blanks.
public enum BigDigits {
  public enum Font: Sendable, CaseIterable {
    /// Five rows of full blocks.
    case large
    /// Three rows of box-drawing segments.
    case small

    var height: Int { self == .large ? 5 : 3 }
  }

  /// A font and a whole scale factor.
  public struct Face: Equatable, Sendable {
    public var font: Font
    public var scale: Int
    public var height: Int { font.height * scale }
  }

  static func glyph(_ character: Character, _ font: Font) -> [String] {
    switch font {
    case .large: large[character] ?? Array(repeating: "     ", count: 5)
    case .small: small[character] ?? Array(repeating: "   ", count: 3)
    }
  }

  /// A glyph ready to draw: its width and, row by row, each column's character packed as a
  /// cell's bytes (0 where the glyph has no ink).
  struct Glyph: Sendable {
    var width: Int
    var rows: [[UInt64]]

    init(_ lines: [String]) {
      width = TextWidth.columns(lines[0])
      rows = lines.map { line in
        line.map { character in character == " " ? 0 : Cell.pack(character.unicodeScalars) }
      }
    }
  }

  /// The glyphs of the characters drawn (see `index`), then the blank for any other; built
  /// once.
  static let largeGlyphs = (drawn + ["?"]).map { Glyph(glyph($0, .large)) }
  static let smallGlyphs = (drawn + ["?"]).map { Glyph(glyph($0, .small)) }
  static let drawn: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ":", ".", " "]

  /// Where `character`'s glyph is in `largeGlyphs` and `smallGlyphs`.
  static func index(_ character: Character) -> Int {
    guard let byte = character.asciiValue else { return drawn.count }
    return index(ascii: byte)
  }

  static func index(ascii byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: ":"): 10
    case UInt8(ascii: "."): 11
    case UInt8(ascii: " "): 12
    default: 13
    }
  }

  static func glyphs(_ font: Font) -> [Glyph] { font == .large ? largeGlyphs : smallGlyphs }

  static func glyphWidth(_ character: Character, _ font: Font) -> Int {
    glyphs(font)[index(character)].width
  }

  /// The glyph indices of `text`'s characters.
  static func indices(_ text: String) -> [Int] {
    if TextWidth.isPrintableASCII(text) { return text.utf8.map { index(ascii: $0) } }
    return text.map { index($0) }
  }

  /// Columns `text` takes in `face` (one blank column between glyphs).
  public static func width(_ text: String, face: Face) -> Int {
    width(indices(text), face: face)
  }

  static func width(_ indices: [Int], face: Face) -> Int {
    let table = glyphs(face.font)
    var total = 0
    for index in indices { total += table[index].width * face.scale }
    return total + max(0, indices.count - 1) * face.scale
  }

  /// The largest face in which `text` fits in `columns` × `rows`, or nil when even the
  /// small font at scale 1 does not (then the caller draws text).
  public static func bestFace(for text: String, columns: Int, rows: Int, maxScale: Int = 4) -> Face? {
    let indices = indices(text)
    var best: Face?
    for font in Font.allCases {
      // Box-drawing segments do not scale; blocks do.
      for scale in 1...(font == .large ? max(1, maxScale) : 1) {
        let face = Face(font: font, scale: scale)
        guard face.height <= rows, width(indices, face: face) <= columns else { break }
        if best == nil || face.height > best!.height || (face.height == best!.height && font == .large) {
          best = face
        }
      }
    }
    return best
  }

  /// The columns each character of `text` takes when drawn from `column`.
  public static func glyphColumns(_ text: String, face: Face, column: Int) -> [Range<Int>] {
    let table = glyphs(face.font)
    var x = column
    return indices(text).map { index in
      let width = table[index].width * face.scale
      defer { x += width + face.scale }
      return x..<x + width
    }
  }

  /// Draws `text` with its top-left corner at (`row`, `column`).
  public static func draw(_ text: String, face: Face, into screen: inout Screen, row: Int, column: Int, style: Style = .plain) {
    let table = glyphs(face.font)
    let scale = face.scale
    var x = column
    for index in indices(text) {
      let glyph = table[index]
      for (lineIndex, line) in glyph.rows.enumerated() {
        for repeatRow in 0..<scale {
          let y = row + lineIndex * scale + repeatRow
          // Draw only the inked cells, so blanks never overwrite a neighbour.
          for (offset, packed) in line.enumerated() where packed != 0 {
            let cell = Cell(packed: packed, style: style)
            for repeatColumn in 0..<scale { screen.set(y, x + offset * scale + repeatColumn, cell) }
          }
        }
      }
      x += (glyph.width + 1) * scale
    }
  }

  static let large: [Character: [String]] = [
    "0": ["█████", "█   █", "█   █", "█   █", "█████"],
    "1": ["  █  ", " ██  ", "  █  ", "  █  ", " ███ "],
    "2": ["█████", "    █", "█████", "█    ", "█████"],
    "3": ["█████", "    █", " ████", "    █", "█████"],
    "4": ["█   █", "█   █", "█████", "    █", "    █"],
    "5": ["█████", "█    ", "█████", "    █", "█████"],
    "6": ["█████", "█    ", "█████", "█   █", "█████"],
    "7": ["█████", "    █", "   █ ", "  █  ", "  █  "],
    "8": ["█████", "█   █", "█████", "█   █", "█████"],
    "9": ["█████", "█   █", "█████", "    █", "█████"],
    ":": [" ", "█", " ", "█", " "],
    ".": [" ", " ", " ", " ", "█"],
    " ": ["  ", "  ", "  ", "  ", "  "],
  ]

  static let small: [Character: [String]] = [
    "0": ["┏━┓", "┃ ┃", "┗━┛"],
    "1": ["  ╻", "  ┃", "  ╹"],
    "2": ["╺━┓", "┏━┛", "┗━╸"],
    "3": ["╺━┓", " ━┫", "╺━┛"],
    "4": ["╻ ╻", "┗━┫", "  ╹"],
    "5": ["┏━╸", "┗━┓", "╺━┛"],
    "6": ["┏━╸", "┣━┓", "┗━┛"],
    "7": ["╺━┓", "  ┃", "  ╹"],
    "8": ["┏━┓", "┣━┫", "┗━┛"],
    "9": ["┏━┓", "┗━┫", "╺━┛"],
    ":": [" ", ":", " "],
    ".": [" ", " ", "."],
    " ": [" ", " ", " "],
  ]
}
