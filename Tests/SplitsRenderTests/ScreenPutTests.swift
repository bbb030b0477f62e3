import SplitsCore
import SplitsTestRandom
import Testing

@testable import SplitsRender

/// `Screen.put` writes printable ASCII in one pass and texts of characters that stand alone
/// scalar by scalar: for every text, place, width and screen (wide characters under it, cut
/// at either end) it gives the cells and the count that writing character by character gives.
@Suite("Screen: put's fast ways agree with writing character by character")
struct ScreenPutTests {
  static let pieces: [String] = [
    "a", "Lap 12", " ", "~", "00:09:10.25", "·", "…", "›", "▲", "█", "é", "랩", "漢", "ｱ", "🚴", "e\u{301}",
    "\u{1100}\u{1161}", "가\u{11A8}", "👨\u{200D}👩", "⚡\u{FE0F}", "🇰🇷", "\r\n", "\t", "\u{AD}", "\u{200B}",
  ]

  static func text(_ rng: inout SplitMix64) -> String {
    (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }.joined()
  }

  @Test func everyTextGivesTheCellsItsCharactersGive() {
    var rng = SplitMix64(state: 0x9075_C311)
    let size = Size(columns: 12, rows: 3)
    for _ in 0..<4_000 {
      var screen = Screen(size: size)
      // Wide characters and their halves under what is written.
      for _ in 0..<3 {
        let limit = size.columns
        _ = screen.put(
          characters: Self.text(&rng), row: Int.random(in: 0..<size.rows, using: &rng),
          column: Int.random(in: -2...11, using: &rng), limit: limit, style: .dim)
      }
      let text = Self.text(&rng)
      let row = Int.random(in: -1...size.rows, using: &rng)
      let column = Int.random(in: -14...14, using: &rng)
      let width: Int? = Bool.random(using: &rng) ? nil : Int.random(in: -3...14, using: &rng)
      var fast = screen
      let written = fast.put(text, row: row, column: column, style: .bold, width: width)
      var slow = screen
      let limit = min(size.columns, width.map { column + max(0, $0) } ?? size.columns)
      let expected = row >= 0 && row < size.rows ? slow.put(characters: text, row: row, column: column, limit: limit, style: .bold) : 0
      #expect(written == expected, "\(text.debugDescription) at \(row),\(column) width \(String(describing: width))")
      #expect(fast.cells == slow.cells, "\(text.debugDescription) at \(row),\(column) width \(String(describing: width))")
    }
  }

  @Test func farPlacesTrapNothing() {
    var screen = Screen(size: Size(columns: 10, rows: 2))
    #expect(screen.put("abc", row: 0, column: Int.min) == 3)
    #expect(screen.put("abc", row: 0, column: Int.max) == 0)
    #expect(screen.put("abc", row: 0, column: Int.min, width: 5) == 3)
    #expect(screen.put("abc", row: 0, column: -2) == 3)
    #expect(screen.lines[0] == "c         ")
    for text in ["·▲", "e\u{301}랩"] {
      #expect(screen.put(text, row: 1, column: Int.max) == 0)
      #expect(screen.put(text, row: 1, column: Int.max - 1, width: 5) == 0)
      // Far to the left, every character is taken (counted) and none drawn.
      #expect(screen.put(text, row: 1, column: Int.min) == TextWidth.columns(text))
      #expect(screen.put(text, row: 1, column: Int.min, width: Int.max) == TextWidth.columns(text))
    }
    #expect(screen.put("abc", row: 1, column: 8, width: Int.max) == 2)
    #expect(screen.lines[1] == "        ab")
  }
}
