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

  static func glyphWidth(_ character: Character, _ font: Font) -> Int {
    TextWidth.columns(glyph(character, font)[0])
  }

  /// Columns `text` takes in `face` (one blank column between glyphs).
  public static func width(_ text: String, face: Face) -> Int {
    var total = 0
    for character in text { total += glyphWidth(character, face.font) * face.scale }
    return total + max(0, text.count - 1) * face.scale
  }

  /// The largest face in which `text` fits in `columns` × `rows`, or nil when even the
  /// small font at scale 1 does not (then the caller draws text).
  public static func bestFace(for text: String, columns: Int, rows: Int, maxScale: Int = 4) -> Face? {
    var best: Face?
    for font in Font.allCases {
      // Box-drawing segments do not scale; blocks do.
      for scale in 1...(font == .large ? max(1, maxScale) : 1) {
        let face = Face(font: font, scale: scale)
        guard face.height <= rows, width(text, face: face) <= columns else { break }
        if best == nil || face.height > best!.height || (face.height == best!.height && font == .large) {
          best = face
        }
      }
    }
    return best
  }

  /// Draws `text` with its top-left corner at (`row`, `column`).
  public static func draw(_ text: String, face: Face, into screen: inout Screen, row: Int, column: Int, style: Style = .plain) {
    var x = column
    for character in text {
      let lines = glyph(character, face.font)
      for (lineIndex, line) in lines.enumerated() {
        var scaled = ""
        for c in line { scaled += String(repeating: String(c), count: face.scale) }
        for repeatRow in 0..<face.scale {
          let y = row + lineIndex * face.scale + repeatRow
          // Draw only the inked cells, so blanks never overwrite a neighbour.
          var offset = 0
          for c in scaled {
            if c != " " { screen.put(String(c), row: y, column: x + offset, style: style) }
            offset += 1
          }
        }
      }
      x += (glyphWidth(character, face.font) + 1) * face.scale
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
