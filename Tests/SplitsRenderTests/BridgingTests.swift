import SplitsCore
import Testing

@testable import SplitsRender

/// Runs that take short unchanged gaps along (`Screen.changes(since:bridging:)`): fewer
/// cursor moves, and what the terminal shows is the same.
@Suite("Screen: changes bridging unchanged gaps")
struct BridgingTests {
  static let bar = Style(color: .green, bold: true)

  /// `runs` written over `before` cell by cell: a wide character fills its cell and the next.
  static func apply(_ runs: [Screen.Run], to before: Screen) -> Screen {
    var screen = before
    for run in runs {
      var x = run.column
      for character in run.text {
        let width = TextWidth.columns(character)
        let index = run.row * screen.size.columns + x
        screen.cells[index] = Cell(character, width: width, style: run.style)
        if width == 2 { screen.cells[index + 1] = Cell.continuation(style: run.style) }
        x += width
      }
    }
    return screen
  }

  /// Same characters everywhere, and the same look: the same style, or blanks that look alike.
  static func looksAlike(_ a: Screen, _ b: Screen) -> Bool {
    a.size == b.size
      && zip(a.cells, b.cells).allSatisfy { x, y in
        x.bytes == y.bytes && (x.style == y.style || (x.bytes == 0x20 && Style.blanksLookAlike(x.style, y.style)))
      }
  }

  /// The cells that do not look alike, as (index, shown, wanted) text.
  static func differences(_ a: Screen, _ b: Screen) -> String {
    zip(a.cells, b.cells).enumerated().filter { _, pair in
      !(pair.0.bytes == pair.1.bytes && (pair.0.style == pair.1.style || (pair.0.bytes == 0x20 && Style.blanksLookAlike(pair.0.style, pair.1.style))))
    }.map { i, pair in "\(i): \(pair.0.text.debugDescription) \(pair.0.style) vs \(pair.1.text.debugDescription) \(pair.1.style)" }
    .joined(separator: "; ")
  }

  @Test("a big digit's row: bars and blanks around an unchanged gap become one run")
  func digitRow() {
    var before = Screen(size: Size(columns: 12, rows: 1))
    before.put("█  █ █", row: 0, column: 2, style: Self.bar)
    var after = before
    after.put("██", row: 0, column: 2, style: Self.bar)
    after.put(" ", row: 0, column: 7, style: Self.bar)
    // Exactly the changes: two runs, two cursor moves.
    #expect(after.changes(since: before) == [
      Screen.Run(row: 0, column: 3, text: "█", style: Self.bar),
      Screen.Run(row: 0, column: 7, text: " ", style: Self.bar),
    ])
    // Bridged: the unchanged " █ " between goes along (5 bytes instead of a cursor move).
    #expect(after.changes(since: before, bridging: 6) == [
      Screen.Run(row: 0, column: 3, text: "█ █  ", style: Self.bar)
    ])
  }

  @Test("gaps too long, of another look, or at the end of the row are not taken")
  func notBridged() {
    var before = Screen(size: Size(columns: 20, rows: 2))
    before.put("a       b", row: 0, column: 0)
    before.put("x한y", row: 1, column: 0, style: .bold)
    var after = before
    after.put("A", row: 0, column: 0)
    after.put("B", row: 0, column: 8)
    after.put("X", row: 1, column: 0, style: .bold)
    after.put("Y", row: 1, column: 3, style: .bold)
    after.put("Z", row: 1, column: 19, style: .bold)
    // Row 0: seven blanks (7 bytes) is more than 6. Row 1: the Hangul (3 bytes, bold, same
    // style) is taken along; the blanks after Y up to Z (15 bytes) are not.
    #expect(after.changes(since: before, bridging: 6) == [
      Screen.Run(row: 0, column: 0, text: "A", style: .plain),
      Screen.Run(row: 0, column: 8, text: "B", style: .plain),
      Screen.Run(row: 1, column: 0, text: "X한Y", style: .bold),
      Screen.Run(row: 1, column: 19, text: "Z", style: .bold),
    ])
    // Text of another style in the gap is not rewritten in the run's style.
    var styled = Screen(size: Size(columns: 6, rows: 1))
    styled.put("1", row: 0, column: 2, style: .dim)
    var changed = styled
    changed.put("a", row: 0, column: 0, style: .bold)
    changed.put("b", row: 0, column: 4, style: .bold)
    #expect(changed.changes(since: styled, bridging: 6).count == 2)
    // Reverse-video blanks are not taken along by a plain run.
    var reversed = Screen(size: Size(columns: 6, rows: 1))
    reversed.put("  ", row: 0, column: 1, style: Style(reverse: true))
    var after2 = reversed
    after2.put("a", row: 0, column: 0)
    after2.put("b", row: 0, column: 3)
    #expect(after2.changes(since: reversed, bridging: 6).count == 2)
  }

  /// A small deterministic generator, so that a failure can be replayed.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  @Test("random frames: the bridged runs written over the old frame look like the new one")
  func randomFrames() {
    let texts = ["█", " ", "  ", "a", "12", "한", "▲", "  █", "x y"]
    let styles: [Style] = [.plain, Self.bar, .bold, .dim, Style(reverse: true), Style(color: .red)]
    var random = Generator(state: 0x5EED)
    for _ in 0..<500 {
      let size = Size(columns: 1 + random.next(30), rows: 1 + random.next(4))
      var before = Screen(size: size)
      for _ in 0..<random.next(20) {
        before.put(texts[random.next(texts.count)], row: random.next(size.rows), column: random.next(size.columns),
          style: styles[random.next(styles.count)])
      }
      var after = before
      for _ in 0..<random.next(10) {
        after.put(texts[random.next(texts.count)], row: random.next(size.rows), column: random.next(size.columns),
          style: styles[random.next(styles.count)])
      }
      for bridging in [0, 3, 6, 12] {
        let runs = after.changes(since: before, bridging: bridging)
        let shown = Self.apply(runs, to: before)
        let alike = Self.looksAlike(shown, after)
        if bridging == 0 {
          let same = shown == after
          #expect(same, "\(size): \(Self.differences(shown, after)) runs \(runs)")
        } else {
          #expect(alike, "\(size) bridging \(bridging): \(Self.differences(shown, after)) runs \(runs)")
          #expect(runs.count <= after.changes(since: before).count)
        }
      }
    }
  }
}

@Suite("Screen: wide characters overwritten")
struct WideOverwriteTests {
  @Test("a wide character written one column before another leaves no half behind")
  func noOrphanContinuation() {
    var screen = Screen(size: Size(columns: 6, rows: 1))
    screen.put("한", row: 0, column: 2)
    screen.put("글", row: 0, column: 1)
    #expect(screen.lines == [" 글   "])
    #expect(screen.cells[1].isWide && screen.cells[2].isContinuation)
    #expect(!screen.cells[3].isContinuation && screen.cells[3].text == " ")
  }
}
