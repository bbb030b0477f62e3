import SplitsCore
import Testing

@testable import SplitsRender

@Suite("Screen: cells, writing and changes")
struct ScreenTests {
  @Test("A run moved back onto an unchanged wide character still advances", .timeLimit(.minutes(1)))
  func changesAdvancePastAWideCharacterWhoseContinuationAloneChanged() {
    var before = Screen(size: Size(columns: 6, rows: 2))
    before.put("a한b", row: 0, column: 0)
    before.put("글", row: 1, column: 4)
    var after = before
    // Only the continuation cells differ (their style); the wide characters themselves do not.
    after.cells[2] = Cell("", style: .bold)
    after.cells[6 + 5] = Cell("", style: .dim)
    #expect(before.cells[1] == after.cells[1] && before.cells[2] != after.cells[2])
    let runs = after.changes(since: before)
    #expect(runs == [
      Screen.Run(row: 0, column: 1, text: "한", style: .plain),
      Screen.Run(row: 1, column: 4, text: "글", style: .plain),
    ])
  }

  @Test("Changes: runs of one style, wide characters whole, everything when the size differs")
  func changes() {
    var before = Screen(size: Size(columns: 10, rows: 1))
    before.put("00:12", row: 0, column: 0)
    var after = before
    after.put("34", row: 0, column: 3)
    after.put("한", row: 0, column: 7, style: .bold)
    #expect(after.changes(since: before) == [
      Screen.Run(row: 0, column: 3, text: "34", style: .plain),
      Screen.Run(row: 0, column: 7, text: "한", style: .bold),
    ])
    #expect(after.changes(since: Screen(size: Size(columns: 9, rows: 1))) == [
      Screen.Run(row: 0, column: 0, text: "00:34  ", style: .plain),
      Screen.Run(row: 0, column: 7, text: "한", style: .bold),
      Screen.Run(row: 0, column: 9, text: " ", style: .plain),
    ])
    #expect(after.changes(since: after).isEmpty)
  }

  @Test("A cell is plain data: no reference counting in a frame")
  func cellIsPlainData() {
    #expect(_isPOD(Cell.self))
    #expect(_isPOD(Style.self))
  }

  @Test("Cells keep ASCII, Hangul, emoji and short clusters whole")
  func packing() {
    let ascii = Cell("a")
    #expect(ascii.text == "a" && !ascii.isWide && !ascii.isContinuation)
    #expect(ascii.bytes == 0x61)
    #expect(Cell.blank.text == " " && Cell.blank == Cell(" ") && Cell.blank == Cell())
    let hangul = Cell("한", style: .bold)
    #expect(hangul.text == "한" && hangul.isWide && !hangul.isContinuation && hangul.style == .bold)
    let emoji = Cell("😀")
    #expect(emoji.text == "😀" && emoji.isWide)
    // Eight bytes exactly: a flag (two regional indicators) and a letter with three marks.
    #expect(Cell("🇰🇷").text == "🇰🇷")
    #expect(Cell("e\u{301}\u{302}\u{303}").text == "e\u{301}\u{302}\u{303}")
    #expect(!Cell("e\u{301}").isWide)
    let continuation = Cell("", style: .dim)
    #expect(continuation.isContinuation && continuation.text.isEmpty && !continuation.isWide)
    #expect(continuation.bytes == 0)
    var changed = Cell("x")
    changed.text = "글"
    #expect(changed.text == "글" && changed.isWide)
  }

  @Test("A cluster longer than eight bytes keeps the whole scalars that fit, and its width")
  func longClusters() {
    // Man, ZWJ, woman, ZWJ, girl (18 bytes): the man, without the joiner after him.
    let family = Cell("👨‍👩‍👧")
    #expect(family.text == "👨" && family.isWide)
    // Rainbow flag (14 bytes): white flag and its variation selector (7 bytes).
    #expect(Cell("🏳️‍🌈").text == "🏳\u{FE0F}")
    // A letter with four combining marks (9 bytes): the last mark goes.
    #expect(Cell("e\u{301}\u{302}\u{303}\u{304}").text == "e\u{301}\u{302}\u{303}")
    // On a screen the cluster keeps its two columns, so nothing after it moves.
    var screen = Screen(size: Size(columns: 6, rows: 1))
    #expect(screen.put("👨‍👩‍👧ab", row: 0, column: 0) == 4)
    #expect(screen.cells[1].isContinuation)
    #expect(screen.lines == ["👨ab  "])
  }

  @Test("Writing half of a wide character blanks its other half")
  func overwritingWideCharacters() {
    var screen = Screen(size: Size(columns: 6, rows: 1))
    screen.put("한글", row: 0, column: 0)
    #expect(screen.lines == ["한글  "])
    #expect(screen.cells.map(\.isContinuation) == [false, true, false, true, false, false])
    screen.put("x", row: 0, column: 1)
    #expect(screen.lines == [" x글  "])
    screen.put("y", row: 0, column: 2)
    #expect(screen.lines == [" xy   "])
  }

  static let samples: [String] = [
    "", "a", " ", "Hello, world", "00:12:34.56", " space start  ? help  q quit", "~!@#$%^&*()_+{}|<>?",
    "tab\there", "line\r\nbreak", "cr\rlf\n", "del\u{7F}x", "nul\u{0}x", "esc\u{1B}[0m", "café", "cafe\u{301}",
    "한국어 라이딩", "mixed 한 a", "😀 smile", "👨‍👩‍👧 family", "e\u{301}\u{302}\u{303}\u{304}", "🇰🇷🇰🇷",
    "─ Keys ─", "█ █", "\u{200B}zero\u{200B}width", "ａｂｃ fullwidth", "\u{85}next line",
    String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self),
  ]

  /// What `put` wrote before its ASCII fast path: character by character, each cell's text.
  static func referencePut(_ text: String, columns: Int, column: Int, width: Int?) -> (cells: [String], written: Int) {
    var cells = Array(repeating: " ", count: columns)
    let limit = min(columns, width.map { column + max(0, $0) } ?? columns)
    var x = column
    for character in text {
      let w = character.unicodeScalars.map { TextWidth.columns($0) }.max() ?? 0
      if w == 0 { continue }
      if x + w > limit { break }
      if x >= 0 {
        cells[x] = String(character)
        if w == 2 { cells[x + 1] = "" }
      }
      x += w
    }
    return (cells, max(0, x - column))
  }

  @Test("put: the ASCII fast path writes what the character-by-character path writes")
  func putAgreesWithReference() {
    for text in Self.samples {
      for (column, width) in [(0, nil), (3, nil), (-2, nil), (1, 5), (0, 0), (30, nil)] as [(Int, Int?)] {
        var screen = Screen(size: Size(columns: 40, rows: 1))
        let written = screen.put(text, row: 0, column: column, style: .bold, width: width)
        let expected = Self.referencePut(text, columns: 40, column: column, width: width)
        #expect(written == expected.written, "\(text.debugDescription) at \(column)")
        #expect(screen.cells.map(\.text) == expected.cells.map { Cell($0).text }, "\(text.debugDescription) at \(column)")
      }
    }
  }
}
