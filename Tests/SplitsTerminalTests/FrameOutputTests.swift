import SplitsCore
@testable import SplitsRender
import SplitsTestRandom
import Testing

@testable import SplitsTerminal

/// The pure parts of writing frames: which runs need no attribute change, and which
/// terminfo strings reset colours too.
@Suite("Frame output")
struct FrameOutputTests {
  static let bar = Style(color: .green, bold: true)

  @Test("blanks are written in whatever foreground attributes are set")
  func blanksKeepTheAttributes() {
    let blanks = Screen.Run(row: 0, column: 0, text: "   ", style: .plain)
    #expect(FrameWriter.looksTheSame(blanks, in: Self.bar))
    #expect(FrameWriter.looksTheSame(blanks, in: Style(dim: true)))
    #expect(FrameWriter.looksTheSame(Screen.Run(row: 0, column: 0, text: " ", style: Self.bar), in: .plain))
  }

  @Test("text, reverse video and unknown attributes take their own")
  func otherRunsDoNot() {
    #expect(!FrameWriter.looksTheSame(Screen.Run(row: 0, column: 0, text: " █ ", style: .plain), in: Self.bar))
    #expect(!FrameWriter.looksTheSame(Screen.Run(row: 0, column: 0, text: "  ", style: .plain), in: Style(reverse: true)))
    #expect(!FrameWriter.looksTheSame(Screen.Run(row: 0, column: 0, text: "  ", style: Style(reverse: true)), in: .plain))
    #expect(!FrameWriter.looksTheSame(Screen.Run(row: 0, column: 0, text: "  ", style: .plain), in: nil))
    // A no-break space or an ideographic space is not ASCII blank: left alone.
    #expect(!FrameWriter.looksTheSame(Screen.Run(row: 0, column: 0, text: "\u{3000}", style: .plain), in: Self.bar))
  }

  @Test("an SGR reset in a terminfo string is recognised")
  func resets() {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    #expect(Sequences.resetsColors(bytes("\u{1B}(B\u{1B}[m")))
    #expect(Sequences.resetsColors(bytes("\u{1B}[0m")))
    #expect(Sequences.resetsColors(bytes("\u{1B}[0;1m")))
    #expect(!Sequences.resetsColors(bytes("\u{1B}[1m")))
    #expect(!Sequences.resetsColors(bytes("\u{1B}[10m")))
    #expect(!Sequences.resetsColors(bytes("\u{1B}")))
  }

  @Test("padding is dropped from terminfo strings")
  func padding() {
    let withPadding = "\u{1B}[H$<5>\u{1B}[2J$<2*/>"
    let bytes = withPadding.withCString { Sequences.bytes($0) }
    #expect(bytes == Array("\u{1B}[H\u{1B}[2J".utf8))
  }

  @Test("after an emoji the next character is placed by its column, after Hangul it follows on")
  func placedAfterUncertainWidths() {
    for (text, width) in [("🚴", 2), ("⚡", 2), ("🚴\u{200D}♂\u{FE0F}", 2), ("☀\u{FE0F}", 1), ("▲", 1), ("e\u{301}", 1)] {
      #expect(!FrameWriter.hasCertainWidth(Character(text), width), "\(text)")
    }
    for (text, width) in [("a", 1), ("é", 1), ("·", 1), ("한", 2), ("カ", 2), ("中", 2)] {
      #expect(FrameWriter.hasCertainWidth(Character(text), width), "\(text)")
    }
  }

  @Test("a run read scalar by scalar writes the bytes of reading it by characters, and leaves the cursor where it knows it")
  @MainActor func placedByScalarsIsPlacedByCharacters() {
    let xterm = Sequences.Capabilities(
      cup: Array("\u{1B}[%i%p1%d;%p2%dH".utf8), cuf: Array("\u{1B}[%p1%dC".utf8), hpa: Array("\u{1B}[%i%p1%dG".utf8))
    let sequences = Sequences(xterm, colors: 0)
    // Characters of their own (one and two columns, certain and uncertain widths), and
    // scalars that join a neighbour or are not one character alone.
    let alone: [Unicode.Scalar] = ["█", "·", "▲", "›", "…", "한", "中", "カ", "a", "é", " ", "⚡", "→", "Ａ"]
    let joining: [Unicode.Scalar] = ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F6B4}", "\u{1100}", "\u{1161}", "\u{1F1F0}"]
    var random = SplitMix64(state: 25)
    var byScalars = 0
    for _ in 0..<3_000 {
      let mixed = Int.random(in: 0..<3, using: &random) == 0
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...12, using: &random) {
        let pool = mixed && Bool.random(using: &random) ? joining : alone
        scalars.append(pool.randomElement(using: &random)!)
      }
      let run = Screen.Run(
        row: Int.random(in: 0..<50, using: &random), column: Int.random(in: 0..<200, using: &random),
        text: String(scalars), style: .plain)
      if run.text.unicodeScalars.allSatisfy(TextWidth.standsAlone) { byScalars += 1 }
      var fast: [UInt8] = []
      var reference: [UInt8] = []
      // Some runs reach the right margin.
      let columns = run.column + Int.random(in: 1...30, using: &random)
      let placed = FrameWriter.appendPlaced(run, columns: columns, sequences: sequences, to: &fast)
      let referencePlaced = FrameWriter.appendPlacedByCharacters(run, columns: columns, sequences: sequences, to: &reference)
      #expect(fast == reference, "\(run.text.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(placed == referencePlaced)
    }
    // Both ways were taken often.
    #expect(byScalars > 1_500 && byScalars < 2_900)
  }
}

