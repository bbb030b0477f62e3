import Testing

@testable import SplitsCore

/// The units of a text as the terminal sends it (UTF-8).
private func units(_ text: String) -> [KeyDecoder.Unit] { text.utf8.map { .byte($0) } }

/// Each argument is one read from the terminal.
private func decode(_ reads: String...) -> [Key] {
  var decoder = KeyDecoder()
  return reads.flatMap { decoder.decode(units($0)) }
}

private func decode(bytes reads: [UInt8]...) -> [Key] {
  var decoder = KeyDecoder()
  return reads.flatMap { decoder.decode($0.map { .byte($0) }) }
}

@Suite("Key decoder: escape sequences curses does not know are one key that means nothing")
struct KeyDecoderTests {
  @Test func plainKeys() {
    #expect(decode(" lq?") == [.character(" "), .character("l"), .character("q"), .character("?")])
    #expect(decode("\r\n") == [.enter, .enter])
    #expect(decode("\u{1}\u{7f}") == [.other, .other])
    #expect(decode("라") == [.character("라")])
  }

  @Test func aLoneEscIsTheEscKey() {
    #expect(decode("\u{1b}") == [.escape])
    #expect(decode("\u{1b}\u{1b}") == [.escape, .escape])
    #expect(decode("\u{1b}", "q") == [.escape, .character("q")])
  }

  @Test func csiSequencesWithModifiersAndReportsAreOneKey() {
    for sequence in ["[1;7Q", "[1;7R", "[1;8Q", "[1;8R", "[12;40R", "[?2004;1$y", "[<0;10;20M", "[32;10;20M", "[15;5~", "[A"] {
      #expect(decode("\u{1b}" + sequence) == [.other], "\(sequence)")
      #expect(decode("\u{1b}" + sequence + "q") == [.other, .character("q")], "\(sequence) then q")
    }
  }

  @Test func x10MouseReportsTakeTheirThreeBytes() {
    // Button, column and row as bytes: here a space, `q` and `r`, none of them keys.
    #expect(decode("\u{1b}[M qr") == [.other])
    #expect(decode("\u{1b}[M qr ") == [.other, .character(" ")])
  }

  @Test func ss3AndAltKeys() {
    #expect(decode("\u{1b}OP") == [.other])
    #expect(decode("\u{1b}q") == [.other])
    #expect(decode("\u{1b}r ") == [.other, .character(" ")])
  }

  @Test func stringsEndAtBelOrStringTerminator() {
    #expect(decode("\u{1b}]11;rgb:0000/0000/0000\u{7}") == [.other])
    #expect(decode("\u{1b}]0;quit ride\u{1b}\\q") == [.other, .character("q")])
    #expect(decode("\u{1b}P1$r0m\u{1b}\\") == [.other])
    #expect(decode("\u{1b}_hello rq\u{7}") == [.other])
  }

  @Test func aBracketedPasteIsNotTyped() {
    #expect(decode("\u{1b}[200~q r l\u{1b}[201~") == [.other])
    #expect(decode("\u{1b}[200~q r", " l\u{1b}[20", "1~q") == [.other, .character("q")])
    // An Esc inside the paste that does not end it stays in the paste.
    #expect(decode("\u{1b}[200~a\u{1b}[2q\u{1b}[201~ ") == [.other, .character(" ")])
  }

  @Test func aSequenceCutByTheEndOfAReadSwallowsNoLaterKey() {
    #expect(decode("\u{1b}[1;7", "q") == [.other, .character("q")])
    #expect(decode("\u{1b}]0;title", "q") == [.other, .character("q")])
    #expect(decode("\u{1b}O", " ") == [.other, .character(" ")])
  }

  @Test func aControlByteEndsASequenceAndCounts() {
    #expect(decode("\u{1b}[1;\r") == [.other, .enter])
    #expect(decode("\u{1b}]0;x\u{1b}q") == [.other, .other])
  }

  @Test func keysCursesRecognisedEndAnOpenSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([.functionKey, .enterKey]) == [.other, .enter])
    #expect(decoder.decode([.byte(27), .byte(0x5B), .enterKey]) == [.other, .enter])
    #expect(decoder.decode([.byte(27), .functionKey]) == [.other])
  }

  @Test func overlongParametersStayInTheSequence() {
    let long = String(repeating: "1;", count: KeyDecoder.parameterLimit)
    #expect(decode("\u{1b}[" + long + "q ") == [.other, .character(" ")])
  }

  @Test func utf8IsAssembledFromBytes() {
    #expect(decode("é라😀") == [.character("é"), .character("라"), .character("😀")])
    // A character cut by the end of a read goes on in the next.
    #expect(decode(bytes: [0xEB], [0x9D, 0xBC]) == [.character("라")])
    #expect(decode(bytes: [0xF0, 0x9F], [0x98], [0x80]) == [.character("😀")])
  }

  @Test func invalidUTF8IsOneKeyAndTheByteThatBrokeItCounts() {
    // A Latin-1 terminal's é (0xE9, a three-byte lead), then space: the space still starts.
    #expect(decode(bytes: [0xE9, 0x20]) == [.other, .character(" ")])
    #expect(decode(bytes: [0xE9], [0x20]) == [.other, .character(" ")])
    #expect(decode(bytes: [0xE2, 0x82, 0x71]) == [.other, .character("q")])
    #expect(decode(bytes: [0xE9, 0x1B, 0x5B, 0x41]) == [.other, .other])  // é, then an arrow
    // Lone continuation bytes and bytes that never start a character.
    #expect(decode(bytes: [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF]) == Array(repeating: .other, count: 6))
    // Overlong forms and surrogates.
    #expect(decode(bytes: [0xE0, 0x80, 0x80]) == [.other])
    #expect(decode(bytes: [0xED, 0xA0, 0x80]) == [.other])
    #expect(decode(bytes: [0xC3, 0x41]) == [.other, .character("A")])
  }

  @Test func altAndANonASCIICharacterIsOneKey() {
    #expect(decode("\u{1b}é ") == [.other, .character(" ")])
  }

  @Test func x10MouseCoordinatesAreBytes() {
    // Coordinates past 95 are bytes of 0x80 and above: not UTF-8, still three bytes.
    #expect(decode(bytes: [0x1B, 0x5B, 0x4D, 0x20, 0xC3, 0xA9, 0x20]) == [.other, .character(" ")])
  }
}
