@testable import SplitsRender
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
}
