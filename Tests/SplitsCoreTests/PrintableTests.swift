import Testing

@testable import SplitsCore

/// What a reply from the control socket may print on the user's terminal.
@Suite("Printable text: no control character reaches the terminal")
struct PrintableTests {
  @Test func escapeSequencesAndControlsAreRemoved() {
    #expect(Printable.text("\u{1B}[2J\u{1B}]0;pwned\u{07}refused") == "[2J]0;pwnedrefused")
    #expect(Printable.text("a\u{9B}31mb\u{7F}c\u{00}d") == "a31mbcd")
    #expect(Printable.text("one\ntwo\r\tthree") == "one two  three")
    #expect(Printable.text("abc\u{202E}fed\u{2066}x\u{2069}") == "abcfedx")
  }

  @Test func ordinaryTextIsKept() {
    let text = "the ride is already running · 주행 3 · naïve 100%"
    #expect(Printable.text(text) == text)
    #expect(Printable.text("") == "")
  }

  @Test func nothingPrintedHasAControlCharacter() {
    let all = String(String.UnicodeScalarView((0..<0x300).compactMap(Unicode.Scalar.init)))
    let printed = Printable.text(all)
    #expect(!printed.unicodeScalars.contains { $0.properties.generalCategory == .control })
  }
}
