import CNcurses
import SplitsRender
import Testing

@testable import SplitsTerminal

/// The bytes frames are made of, from given capability strings: attribute changes, cursor
/// moves and the way home, for terminals with and without colours, dim and `sgr`.
@Suite("Sequences from capability strings")
@MainActor
struct SequencesTests {
  static func b(_ s: String) -> [UInt8] { Array(s.utf8) }

  /// xterm-256color's strings, as its terminfo entry holds them.
  static let xterm = Sequences.Capabilities(
    sgr0: b("\u{1B}(B\u{1B}[m"), op: b("\u{1B}[39;49m"), bold: b("\u{1B}[1m"), dim: b("\u{1B}[2m"),
    rev: b("\u{1B}[7m"), home: b("\u{1B}[H"),
    sgr: b(
      "%?%p9%t\u{1B}(0%e\u{1B}(B%;\u{1B}[0%?%p6%t;1%;%?%p5%t;2%;%?%p2%t;4%;%?%p1%p3%|%t;7%;%?%p4%t;5%;%?%p7%t;8%;m"),
    setaf: b("\u{1B}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"),
    cup: b("\u{1B}[%i%p1%d;%p2%dH"), cuf: b("\u{1B}[%p1%dC"), hpa: b("\u{1B}[%i%p1%dG"))

  /// vt100's: no colours, no dim, padding on most strings.
  static let vt100 = Sequences.Capabilities(
    sgr0: b("\u{1B}[m\u{0F}$<2>"), bold: b("\u{1B}[1m$<2>"), rev: b("\u{1B}[7m$<2>"), home: b("\u{1B}[H"),
    sgr: b("\u{1B}[0%?%p1%p6%|%t;1%;%?%p2%t;4%;%?%p1%p3%|%t;7%;%?%p4%t;5%;m%?%p9%t\u{0E}%e\u{0F}%;$<2>"),
    cup: b("\u{1B}[%i%p1%d;%p2%dH$<5>"), cuf: b("\u{1B}[%p1%dC"))

  /// A terminal whose attribute reset leaves the colours alone, and that has no `sgr`.
  static let keepsColors = Sequences.Capabilities(
    sgr0: b("\u{1B}[22;27m"), op: b("\u{1B}[39m"), bold: b("\u{1B}[1m"), dim: b("\u{1B}[2m"), rev: b("\u{1B}[7m"),
    home: b("\u{1B}[H"), setaf: b("\u{1B}[3%p1%dm"), cup: b("\u{1B}[%i%p1%d;%p2%dH"))

  static let green = Style(color: .green)
  static let boldGreen = Style(color: .green, bold: true)

  /// The bytes of a change from `old` to `new`, as a string.
  static func change(_ sequences: Sequences, _ old: Style?, _ new: Style) -> String {
    var buffer: [UInt8] = []
    sequences.appendChange(from: old, to: new, to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  static func move(_ sequences: Sequences, from: (Int, Int), to: (Int, Int)) -> String {
    var buffer: [UInt8] = []
    sequences.appendMove(fromRow: from.0, fromColumn: from.1, toRow: to.0, toColumn: to.1, to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  static func home(_ sequences: Sequences) -> String {
    var buffer: [UInt8] = []
    sequences.appendHome(to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  @Test("cursor moves written directly are tiparm's bytes, wherever they go")
  func directMovesAreTiparms() {
    for capabilities in [Self.xterm, Self.vt100] {
      let direct = Sequences(capabilities, colors: 8)
      let expanded = Sequences(capabilities, colors: 8, directMoves: false)
      #expect(direct.ecmaAddress && direct.ecmaRight && direct.ecmaColumn == (capabilities.hpa != nil))
      #expect(!expanded.ecmaAddress && !expanded.ecmaColumn)
      var rng = SystemRandomNumberGenerator()
      var moves = [((0, 0), (0, 0)), ((3, 5), (3, 6)), ((3, 5), (3, 1_005)), ((9, 99), (99, 9)), ((0, 8), (0, 9))]
      for _ in 0..<2_000 {
        let row = Int.random(in: 0..<300, using: &rng)
        // The column or the row the cursor is on not known (-1) now and then.
        let fromRow = Int.random(in: 0..<8, using: &rng) == 0 ? -1 : row
        let fromColumn = Int.random(in: 0..<4, using: &rng) == 0 ? -1 : Int.random(in: 0..<1_200, using: &rng)
        moves.append(((fromRow, fromColumn), (row + Int.random(in: 0...1, using: &rng), Int.random(in: 0..<1_200, using: &rng))))
      }
      for (from, to) in moves {
        #expect(Self.move(direct, from: from, to: to) == Self.move(expanded, from: from, to: to), "\(from) → \(to)")
      }
    }
  }

  @Test("a terminal whose cursor address is not ECMA-48's gets tiparm's")
  func otherCursorAddresses() {
    // VT52's: ESC Y, then the row and the column as characters from the space.
    let vt52 = Sequences.Capabilities(cup: Self.b("\u{1B}Y%p1%' '%+%c%p2%' '%+%c"))
    let s = Sequences(vt52, colors: 0)
    #expect(!s.ecmaAddress)
    #expect(Self.move(s, from: (0, 0), to: (2, 3)) == "\u{1B}Y\"#")
  }

  @Test("attributes on one by one, off through sgr0 or sgr")
  func attributes() {
    let s = Sequences(Self.xterm, colors: 256)
    #expect(Self.change(s, .plain, .bold) == "\u{1B}[1m")
    #expect(Self.change(s, .bold, .plain) == "\u{1B}(B\u{1B}[m")
    #expect(Self.change(s, .reverse, .plain) == "\u{1B}(B\u{1B}[m")
    #expect(Self.change(s, .dim, .plain) == "\u{1B}(B\u{1B}[m")
    #expect(Self.change(s, Style(bold: true, reverse: true), .bold) == "\u{1B}(B\u{1B}[0;1m")
    #expect(Self.change(s, Style(bold: true), Style(dim: true)) == "\u{1B}(B\u{1B}[0;2m")
    #expect(Self.change(s, .reverse, Style(dim: true, reverse: true)) == "\u{1B}[2m")
    #expect(Self.change(s, .plain, Style(bold: true, reverse: true)) == "\u{1B}[1m\u{1B}[7m")
  }

  @Test("the same style writes nothing")
  func sameStyle() {
    let s = Sequences(Self.xterm, colors: 256)
    #expect(Self.change(s, .plain, .plain) == "")
    #expect(Self.change(s, Self.boldGreen, Self.boldGreen) == "")
    #expect(Self.change(s, .reverse, .reverse) == "")
  }

  @Test("unknown attributes (nil): a reset first, then the style")
  func unknown() {
    let s = Sequences(Self.xterm, colors: 256)
    #expect(Self.change(s, nil, .plain) == "\u{1B}(B\u{1B}[m")
    #expect(Self.change(s, nil, .bold) == "\u{1B}(B\u{1B}[0;1m")
    #expect(Self.change(s, nil, Style(dim: true, reverse: true)) == "\u{1B}(B\u{1B}[0;2;7m")
    #expect(Self.change(s, nil, Self.green) == "\u{1B}(B\u{1B}[m\u{1B}[32m")
    #expect(Self.change(s, nil, Self.boldGreen) == "\u{1B}(B\u{1B}[0;1m\u{1B}[32m")
  }

  @Test("colours: setaf when one comes or changes, op only when no reset cleared it")
  func colours() {
    let s = Sequences(Self.xterm, colors: 256)
    #expect(Self.change(s, .plain, Self.green) == "\u{1B}[32m")
    #expect(Self.change(s, Self.green, Style(color: .red)) == "\u{1B}[31m")
    #expect(Self.change(s, .plain, Style(color: .cyan, bold: true)) == "\u{1B}[1m\u{1B}[36m")
    #expect(Self.change(s, Self.green, Style(color: .yellow, dim: true)) == "\u{1B}[2m\u{1B}[33m")
    // The colour goes, no attribute does: op.
    #expect(Self.change(s, Self.green, .plain) == "\u{1B}[39;49m")
    #expect(Self.change(s, Self.boldGreen, .bold) == "\u{1B}[39;49m")
    // sgr0 and sgr reset the colours too: no op, and a colour that stays is set again.
    #expect(Self.change(s, Self.boldGreen, .plain) == "\u{1B}(B\u{1B}[m")
    #expect(Self.change(s, Self.boldGreen, Self.green) == "\u{1B}(B\u{1B}[m\u{1B}[32m")
    #expect(Self.change(s, Style(color: .red, bold: true, reverse: true), Style(color: .red, bold: true))
      == "\u{1B}(B\u{1B}[0;1m\u{1B}[31m")
  }

  @Test("a reset that leaves the colours alone takes an op first; no sgr: sgr0 and each attribute")
  func resetKeepsColours() {
    let s = Sequences(Self.keepsColors, colors: 8)
    #expect(Self.change(s, Self.boldGreen, .plain) == "\u{1B}[39m\u{1B}[22;27m")
    #expect(Self.change(s, nil, .plain) == "\u{1B}[39m\u{1B}[22;27m")
    #expect(Self.change(s, Self.boldGreen, Self.green) == "\u{1B}[22;27m\u{1B}[32m")
    #expect(Self.change(s, Self.green, .plain) == "\u{1B}[39m")
    #expect(Self.change(s, Style(bold: true, reverse: true), .bold) == "\u{1B}[22;27m\u{1B}[1m")
    #expect(Self.change(s, nil, Style(dim: true, reverse: true)) == "\u{1B}[39m\u{1B}[22;27m\u{1B}[2m\u{1B}[7m")
  }

  @Test("colours off: no setaf, no op, attributes as before")
  func coloursOff() {
    let s = Sequences(Self.xterm, colors: 0)
    #expect(!s.colors)
    #expect(Self.change(s, .plain, Self.green) == "")
    #expect(Self.change(s, Self.green, .plain) == "")
    #expect(Self.change(s, .plain, Self.boldGreen) == "\u{1B}[1m")
    #expect(Self.change(s, Self.boldGreen, .plain) == "\u{1B}(B\u{1B}[m")
    #expect(Self.change(s, nil, Self.green) == "\u{1B}(B\u{1B}[m")
    // A terminal with colours but no way to set a foreground writes none either.
    var noSetaf = Self.xterm
    noSetaf.setaf = nil
    let t = Sequences(noSetaf, colors: 256)
    #expect(!t.colors)
    #expect(Self.change(t, Self.green, .plain) == "")
  }

  @Test("only the colours the terminal has; setf numbers them its own way")
  func colourNumbers() {
    let two = Sequences(Self.xterm, colors: 2)
    #expect(two.colors)
    #expect(Self.change(two, .plain, Style(color: .red)) == "\u{1B}[31m")
    #expect(Self.change(two, .plain, Self.green) == "")
    var setf = Self.xterm
    setf.setaf = nil
    setf.setf = Self.b("\u{1B}[3%p1%dm")
    let s = Sequences(setf, colors: 8)
    #expect(Self.change(s, .plain, Style(color: .red)) == "\u{1B}[34m")
    #expect(Self.change(s, .plain, Self.green) == "\u{1B}[32m")
    #expect(Self.change(s, .plain, Style(color: .yellow)) == "\u{1B}[36m")
    #expect(Self.change(s, .plain, Style(color: .cyan)) == "\u{1B}[33m")
  }

  @Test("vt100: no dim, no colour, padding dropped")
  func vt100() {
    let s = Sequences(Self.vt100, colors: 0)
    #expect(Self.change(s, .plain, .dim) == "")
    #expect(Self.change(s, .plain, .bold) == "\u{1B}[1m")
    #expect(Self.change(s, .bold, .plain) == "\u{1B}[m\u{0F}")
    #expect(Self.change(s, Style(bold: true, reverse: true), .reverse) == "\u{1B}[0;7m\u{0F}")
    #expect(Self.change(s, nil, .dim) == "\u{1B}[0m\u{0F}")
    #expect(Self.change(s, .plain, Self.green) == "")
    #expect(Self.move(s, from: (-1, -1), to: (0, 0)) == "\u{1B}[1;1H")
  }

  @Test("moves: cuf to the right on the same row when shorter, hpa on the same row, cup otherwise")
  func moves() {
    let s = Sequences(Self.xterm, colors: 256)
    #expect(Self.move(s, from: (-1, -1), to: (2, 12)) == "\u{1B}[3;13H")
    #expect(Self.move(s, from: (2, 10), to: (2, 12)) == "\u{1B}[2C")
    // As long as hpa: hpa, which does not depend on the column the cursor was at.
    #expect(Self.move(s, from: (0, 0), to: (0, 100)) == "\u{1B}[101G")
    #expect(Self.move(s, from: (2, 10), to: (2, 5)) == "\u{1B}[6G")
    var noHpa = Self.xterm
    noHpa.hpa = nil
    #expect(Self.move(Sequences(noHpa, colors: 0), from: (0, 0), to: (0, 100)) == "\u{1B}[100C")
    #expect(Self.move(Sequences(noHpa, colors: 0), from: (2, 10), to: (2, 5)) == "\u{1B}[3;6H")
    #expect(Self.move(s, from: (1, 10), to: (2, 12)) == "\u{1B}[3;13H")
    // After text of unsure width the caller gives no row: an address.
    #expect(Self.move(s, from: (-1, 10), to: (2, 12)) == "\u{1B}[3;13H")
    // A cup no longer than cuf wins.
    var vt52 = Self.xterm
    vt52.cup = Self.b("\u{1B}Y%p1%' '%+%c%p2%' '%+%c")
    let short = Sequences(vt52, colors: 0)
    #expect(Self.move(short, from: (2, 10), to: (2, 12)) == "\u{1B}Y\",")
    #expect(Self.move(short, from: (2, 1), to: (2, 95)) == "\u{1B}Y\"\u{7F}")
    // No cuf: hpa on the same row, an address to another; no cup: cuf where it can.
    var noCuf = Self.xterm
    noCuf.cuf = nil
    #expect(Self.move(Sequences(noCuf, colors: 0), from: (2, 10), to: (2, 12)) == "\u{1B}[13G")
    #expect(Self.move(Sequences(noCuf, colors: 0), from: (1, 10), to: (2, 12)) == "\u{1B}[3;13H")
    var noCup = Self.xterm
    noCup.cup = nil
    #expect(Self.move(Sequences(noCup, colors: 0), from: (2, 10), to: (2, 12)) == "\u{1B}[2C")
  }

  @Test("moves on the same row from a column not known: hpa, shorter than an address")
  func columnMoves() {
    let s = Sequences(Self.xterm, colors: 256)
    #expect(Self.move(s, from: (2, -1), to: (2, 12)) == "\u{1B}[13G")
    #expect(Self.move(s, from: (2, -1), to: (2, 0)) == "\u{1B}[1G")
    // To the left of a known column, or far to the right of it: hpa too.
    #expect(Self.move(s, from: (2, 40), to: (2, 12)) == "\u{1B}[13G")
    #expect(Self.move(s, from: (2, 1), to: (2, 120)) == "\u{1B}[121G")
    // Near to the right: cuf, shorter still. Another row, or the row not known: an address.
    #expect(Self.move(s, from: (2, 10), to: (2, 12)) == "\u{1B}[2C")
    #expect(Self.move(s, from: (3, -1), to: (2, 12)) == "\u{1B}[3;13H")
    #expect(Self.move(s, from: (-1, -1), to: (2, 12)) == "\u{1B}[3;13H")
    // No hpa (vt100, screen): an address.
    #expect(Self.move(Sequences(Self.vt100, colors: 0), from: (2, -1), to: (2, 12)) == "\u{1B}[3;13H")
    // An hpa that is not ECMA-48's, when shorter than the address.
    var odd = Self.xterm
    odd.hpa = Self.b("\u{1B}&a%p1%dC")
    let oddMoves = Sequences(odd, colors: 0)
    #expect(!oddMoves.ecmaColumn)
    #expect(Self.move(oddMoves, from: (2, -1), to: (2, 12)) == "\u{1B}&a12C")
    #expect(Self.move(oddMoves, from: (2, 10), to: (2, 12)) == "\u{1B}[2C")
  }

  @Test("home: home, else cup of the corner, else nothing")
  func home() {
    #expect(Self.home(Sequences(Self.xterm, colors: 256)) == "\u{1B}[H")
    var noHome = Self.xterm
    noHome.home = nil
    #expect(Self.home(Sequences(noHome, colors: 256)) == "\u{1B}[1;1H")
    noHome.cup = nil
    #expect(Self.home(Sequences(noHome, colors: 256)) == "")
  }

  @Test("which resets also reset colours")
  func resetsColors() {
    #expect(Sequences.resetsColors(Self.b("\u{1B}(B\u{1B}[m")))
    #expect(Sequences.resetsColors(Self.b("\u{1B}[m\u{0F}")))
    #expect(Sequences.resetsColors(Self.b("\u{1B}[0;10m\u{0F}")))
    #expect(!Sequences.resetsColors(Self.b("\u{1B}[22;27m")))
    #expect(!Sequences.resetsColors(Self.b("\u{1B}[39;49m")))
  }

  @Test("padding is dropped wherever it stands, and a lone $ or < is kept")
  func padding() {
    #expect(Sequences.withoutPadding(Self.b("\u{1B}[1m$<2>")) == Self.b("\u{1B}[1m"))
    #expect(Sequences.withoutPadding(Self.b("$<5.5*/>\u{1B}[H")) == Self.b("\u{1B}[H"))
    #expect(Sequences.withoutPadding(Self.b("a$<b>$<>$<2")) == Self.b("a$<b>$<>$<2"))
    #expect(Sequences.withoutPadding(Self.b("$")) == Self.b("$"))
  }

  @Test("from terminfo: xterm-256color's entry gives the same bytes")
  func fromTerminfo() throws {
    // The entry comes with ncurses (ncurses-base); nothing is written to the terminal.
    var status: Int32 = 0
    try #require(setupterm("xterm-256color", 1, &status) == OK && status == 1)
    defer { splits_free_cur_term() }
    let read = Sequences.terminfo(colors: true)
    let given = Sequences(Self.xterm, colors: 256)
    for (old, new) in [(Style?.none, Self.boldGreen), (.plain, .bold), (Self.boldGreen, .plain), (Self.green, .plain)] {
      #expect(Self.change(read, old, new) == Self.change(given, old, new))
    }
    #expect(Self.move(read, from: (2, 10), to: (2, 12)) == "\u{1B}[2C")
    #expect(Self.move(read, from: (-1, -1), to: (2, 12)) == "\u{1B}[3;13H")
    #expect(Self.home(read) == "\u{1B}[H")
    #expect(!Sequences.terminfo(colors: false).colors)
  }
}
