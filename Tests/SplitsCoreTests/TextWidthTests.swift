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

  /// `standsAlone`: every scalar of the set (the whole set is in the Basic Multilingual Plane)
  /// makes a character of its own beside itself and beside a sample of each kind in the set,
  /// as Swift's own grapheme breaking reads them (a combining mark, a joiner or a jamo among
  /// them would join one of these pairs).
  @Test func scalarsThatStandAloneNeverJoinANeighbour() {
    let samples: [Unicode.Scalar] = ["a", " ", "\u{A0}", "\u{2B0}", "·", "…", "▲", "█", "⚡", "あ", "ｱ", "漢", "가", "힣"]
    var members = 0
    var joined: [String] = []
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value), TextWidth.standsAlone(scalar) else { continue }
      members += 1
      for (first, second) in samples.flatMap({ [(scalar, $0), ($0, scalar)] }) + [(scalar, scalar)] {
        var pair = ""
        pair.unicodeScalars.append(first)
        pair.unicodeScalars.append(second)
        if pair.count != 2, joined.count < 5 { joined.append(String(first.value, radix: 16) + "+" + String(second.value, radix: 16)) }
      }
    }
    #expect(members > 40_000)
    #expect(joined.isEmpty, "joined: \(joined)")
    for scalar in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1161}", "\u{11A8}", "\u{1F1F0}", "\r", "\u{AD}", "\u{200B}"] as [Unicode.Scalar] {
      #expect(!TextWidth.standsAlone(scalar), "\(scalar.value)")
    }
  }
}
