import Testing

@testable import SplitsCore

@Suite("Text width: ASCII fast paths agree with the scalar-by-scalar measure")
struct TextWidthTests {
  static let samples: [String] = [
    "", "a", " ", "Hello, world", "00:12:34.56", " space start  ? help  q quit", "~!@#$%^&*()_+{}|<>?",
    "tab\there", "line\r\nbreak", "cr\rlf\n", "del\u{7F}x", "nul\u{0}x", "esc\u{1B}[0m", "café", "cafe\u{301}",
    "한국어 라이딩", "mixed 한 a", "😀 smile", "👨‍👩‍👧 family", "e\u{301}\u{302}\u{303}\u{304}", "🇰🇷🇰🇷",
    "─ Keys ─", "█ █", "\u{200B}zero\u{200B}width", "ａｂｃ fullwidth", "\u{85}next line",
    String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self),
  ]

  static func referenceColumns(_ character: Character) -> Int {
    character.unicodeScalars.map { TextWidth.columns($0) }.max() ?? 0
  }

  static func referenceColumns(_ text: String) -> Int {
    text.reduce(0) { $0 + referenceColumns($1) }
  }

  static func referencePrefix(_ text: String, columns limit: Int) -> String {
    var width = 0
    var end = text.startIndex
    for index in text.indices {
      let w = referenceColumns(text[index])
      if width + w > limit { break }
      width += w
      end = text.index(after: index)
    }
    return String(text[..<end])
  }

  @Test("An emoji in a workout title takes the two columns a terminal gives it: 🚴 ⚡ ✅ 🫡 🛶 🥇")
  func wideEmoji() {
    for emoji in ["🚴", "⚡", "✅", "🫡", "🛶", "🥇", "⌚", "⭐", "🚀", "🏃", "😀"] {
      #expect(TextWidth.columns(emoji) == 2, "\(emoji)")
    }
    #expect(TextWidth.columns("Trainer 🚴 hour") == 15)
    for narrow in ["♂", "☀", "→", "─", "█", "é"] { #expect(TextWidth.columns(narrow) == 1, "\(narrow)") }
  }

  @Test func characters() {
    let characters = Self.samples.flatMap { Array($0) } + (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    for character in characters {
      #expect(TextWidth.columns(character) == Self.referenceColumns(character), "\(character.debugDescription)")
    }
  }

  @Test func strings() {
    for text in Self.samples {
      #expect(TextWidth.columns(text) == Self.referenceColumns(text), "\(text.debugDescription)")
      #expect(TextWidth.isPrintableASCII(text) == text.utf8.allSatisfy { (0x20...0x7E).contains($0) })
    }
  }

  @Test func prefixes() {
    for text in Self.samples {
      for limit in [-1, 0, 1, 2, 3, 5, 8, 13, 40, 200] {
        #expect(
          TextWidth.prefix(text, columns: limit) == Self.referencePrefix(text, columns: limit),
          "\(text.debugDescription) in \(limit)")
      }
      #expect(TextWidth.columns(TextWidth.padded(text, to: 12)) == 12)
      #expect(TextWidth.columns(TextWidth.leftPadded(text, to: 12)) == 12)
    }
  }
}
