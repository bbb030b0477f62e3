import SplitsCore
import SplitsRuntime
import SplitsTestRandom
import Testing

@testable import SplitsRender
@testable import SplitsTerminal

/// A frame's bytes played on a model of a terminal (xterm's cursor, margins and
/// attributes) that gives the characters of uncertain width another width than the screen
/// counts: every character still lands where the screen has it, in its run's attributes.
@MainActor
@Suite("Frames on a terminal that counts widths otherwise")
struct FramePlacementTests {
  static let xterm = Sequences.Capabilities(
    sgr0: Array("\u{1B}(B\u{1B}[m".utf8), op: Array("\u{1B}[39;49m".utf8), bold: Array("\u{1B}[1m".utf8), dim: Array("\u{1B}[2m".utf8),
    rev: Array("\u{1B}[7m".utf8), setaf: Array("\u{1B}[3%p1%dm".utf8), cup: Array("\u{1B}[%i%p1%d;%p2%dH".utf8),
    cuf: Array("\u{1B}[%p1%dC".utf8), hpa: Array("\u{1B}[%i%p1%dG".utf8))
  static let styles: [Style] = [
    .plain, Style(color: .green, bold: true), Style(color: .cyan), Style(dim: true), Style(reverse: true),
  ]
  /// Characters of certain and uncertain widths, one and two columns.
  static let alphabet: [Unicode.Scalar] = ["a", "7", " ", ":", "█", "·", "▲", "›", "⚡", "한", "中", "é", "→"]

  @Test("every character lands at its row and column, in its style, whatever width the terminal gives the uncertain ones")
  func placedWhereTheScreenHasThem() throws {
    let loop = try #require(EventLoop(ring: .epoll))
    defer { loop.close() }
    var random = SplitMix64(state: 2_511)
    var checked = 0
    var wrapped = 0
    for terminal in 0..<300 {
      // A terminal that gives every uncertain character one column, or two.
      let uncertainWidth = terminal % 2 + 1
      let columns = Int.random(in: 6...24, using: &random)
      let writer = FrameWriter(sequences: Sequences(Self.xterm, colors: 8), loop: loop, output: -1)
      var model = TerminalModel(columns: columns, rows: 4) { scalar in
        let width = TextWidth.columns(scalar)
        return FrameWriter.hasCertainWidth(scalar, width) ? width : uncertainWidth
      }
      for _ in 0..<6 {
        let runs = Self.frame(columns: columns, rows: 4, using: &random)
        writer.encode(runs, columns: columns)
        let before = model.wrapped
        model.feed(writer.encoded)
        wrapped += model.wrapped - before
        for run in runs {
          var column = run.column
          for scalar in run.text.unicodeScalars {
            defer { column += TextWidth.columns(scalar) }
            // One that does not fit on the terminal's row wraps there, whatever is written.
            guard column + model.width(scalar) <= columns else { continue }
            let drawn = model.drawn[TerminalModel.Place(row: run.row, column: column)]
            #expect(drawn?.scalar == scalar, "\(runs) at \(run.row), \(column), \(columns) columns")
            // A blank looks the same in any attributes but reverse video.
            if scalar != " " {
              #expect(drawn?.style == TerminalModel.Attributes(run.style), "\(runs) at \(run.row), \(column)")
            } else {
              #expect(drawn?.style.reverse == run.style.reverse, "\(runs) at \(run.row), \(column)")
            }
            checked += 1
          }
        }
      }
    }
    #expect(checked > 10_000)
    #expect(wrapped > 20, "characters of uncertain width at the right margin")
  }

  @Test("a frame in two styles changes attributes once, starting with the runs of the attributes it finds")
  func runsOfTheAttributesFoundGoFirst() throws {
    let loop = try #require(EventLoop(ring: .epoll))
    defer { loop.close() }
    let writer = FrameWriter(sequences: Sequences(Self.xterm, colors: 8), loop: loop, output: -1)
    let bar = Style(color: .green, bold: true)
    let lap = Style(color: .cyan)
    writer.encode([Screen.Run(row: 11, column: 19, text: "2", style: lap)], columns: 80)
    #expect(String(decoding: writer.encoded, as: UTF8.self) == "\u{1B}[12;20H\u{1B}[36m2")
    // Cyan found: the lap's figures and the blanks first, then the bars in bold green.
    writer.encode(
      [
        Screen.Run(row: 4, column: 61, text: " ", style: bar),
        Screen.Run(row: 5, column: 61, text: "██", style: bar),
        Screen.Run(row: 11, column: 19, text: "3", style: lap),
      ], columns: 80)
    #expect(
      String(decoding: writer.encoded, as: UTF8.self)
        == "\u{1B}[5;62H \u{1B}[12;20H3\u{1B}[6;62H\u{1B}[1m\u{1B}[32m█\u{1B}[63G█")
    // Bold green found: the bars first, then the lap's figures.
    writer.encode(
      [
        Screen.Run(row: 5, column: 61, text: " ", style: bar),
        Screen.Run(row: 11, column: 19, text: "4", style: lap),
      ], columns: 80)
    #expect(String(decoding: writer.encoded, as: UTF8.self) == "\u{1B}[6;62H \u{1B}[12;20H\u{1B}(B\u{1B}[m\u{1B}[36m4")
  }

  @Test("after a character of uncertain width at the right margin, the next run on its row is addressed by row too")
  func atTheMarginTheRowIsNotKnown() throws {
    let loop = try #require(EventLoop(ring: .epoll))
    defer { loop.close() }
    let writer = FrameWriter(sequences: Sequences(Self.xterm, colors: 8), loop: loop, output: -1)
    let bar = Style(color: .green, bold: true)
    // The bar at the last column may wrap on a terminal that gives it two columns; the
    // second run (plain: written first) is not the one after it, the third is.
    writer.encode(
      [
        Screen.Run(row: 2, column: 7, text: "██", style: bar),
        Screen.Run(row: 3, column: 0, text: "x", style: .plain),
        Screen.Run(row: 2, column: 2, text: "█", style: bar),
      ], columns: 9)
    #expect(
      String(decoding: writer.encoded, as: UTF8.self)
        == "\u{1B}[4;1Hx\u{1B}[3;8H\u{1B}[1m\u{1B}[32m█\u{1B}[9G█\u{1B}[3;3H█")
  }

  /// Runs on `rows` rows of a screen `columns` wide, each row's from the left, none
  /// overlapping, as `Screen.changes` gives them.
  static func frame(columns: Int, rows: Int, using random: inout SplitMix64) -> [Screen.Run] {
    var runs: [Screen.Run] = []
    for row in 0..<rows {
      var column = Int.random(in: 0..<4, using: &random)
      while column < columns - 1, Int.random(in: 0..<4, using: &random) != 0 {
        var text = String.UnicodeScalarView()
        var end = column
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          let scalar = alphabet.randomElement(using: &random)!
          guard end + TextWidth.columns(scalar) <= columns else { break }
          text.append(scalar)
          end += TextWidth.columns(scalar)
        }
        guard !text.isEmpty else { break }
        runs.append(Screen.Run(row: row, column: column, text: String(text), style: styles.randomElement(using: &random)!))
        column = end + Int.random(in: 1...3, using: &random)
      }
    }
    return runs
  }
}

/// xterm's handling of what a frame holds: cursor addresses (`CSI r;c H`), columns (`CSI c G`),
/// moves right (`CSI n C`), attributes (`CSI … m`, `ESC ( B`), and characters, each `width`
/// columns, with its right margin: a character that ends on the last column leaves the
/// cursor there until the next one wraps, a wide one that does not fit wraps first.
struct TerminalModel {
  struct Place: Hashable {
    var row: Int
    var column: Int
  }

  struct Attributes: Equatable {
    var bold = false
    var dim = false
    var reverse = false
    var color: Int?

    init() {}

    init(_ style: Style) {
      bold = style.bold
      dim = style.dim
      reverse = style.reverse
      color = style.color.map { Int(Sequences.cursesColor($0)) }
    }
  }

  let columns: Int
  let rows: Int
  let width: (Unicode.Scalar) -> Int
  private var row = 0
  private var column = 0
  private var pendingWrap = false
  private var attributes = Attributes()
  /// How many characters wrapped to the next row.
  private(set) var wrapped = 0
  /// What was drawn last at each place, in which attributes (not counting those that wrapped).
  private(set) var drawn: [Place: (scalar: Unicode.Scalar, style: Attributes)] = [:]

  init(columns: Int, rows: Int, width: @escaping (Unicode.Scalar) -> Int) {
    self.columns = columns
    self.rows = rows
    self.width = width
  }

  mutating func feed(_ bytes: [UInt8]) {
    var i = 0
    var text: [UInt8] = []
    func flush(_ model: inout TerminalModel) {
      for scalar in String(decoding: text, as: UTF8.self).unicodeScalars { model.draw(scalar) }
      text.removeAll()
    }
    while i < bytes.count {
      guard bytes[i] == 0x1B, i + 1 < bytes.count else {
        text.append(bytes[i])
        i += 1
        continue
      }
      flush(&self)
      if bytes[i + 1] == UInt8(ascii: "(") {
        i += 3
        continue
      }
      // CSI: parameters, then the final byte.
      var j = i + 2
      while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[j]) { j += 1 }
      let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        .map { Int($0) ?? 0 }
      control(j < bytes.count ? bytes[j] : 0, parameters)
      i = j + 1
    }
    flush(&self)
  }

  private mutating func control(_ final: UInt8, _ p: [Int]) {
    func at(_ index: Int) -> Int { index < p.count ? max(1, p[index]) : 1 }
    switch final {
    case UInt8(ascii: "H"):
      row = min(rows, at(0)) - 1
      column = min(columns, at(1)) - 1
      pendingWrap = false
    case UInt8(ascii: "G"):
      column = min(columns, at(0)) - 1
      pendingWrap = false
    case UInt8(ascii: "C"):
      column = min(columns - 1, column + at(0))
      pendingWrap = false
    case UInt8(ascii: "m"):
      for parameter in p.isEmpty ? [0] : p {
        switch parameter {
        case 0: attributes = Attributes()
        case 1: attributes.bold = true
        case 2: attributes.dim = true
        case 7: attributes.reverse = true
        case 30...37: attributes.color = parameter - 30
        case 39: attributes.color = nil
        default: break
        }
      }
    default: break
    }
  }

  private mutating func draw(_ scalar: Unicode.Scalar) {
    let width = width(scalar)
    if pendingWrap || (width == 2 && column == columns - 1) {
      // Wrapped: a character that did not fit where the screen has it. It lands on the next
      // row whatever is written, so it is counted apart (it would hide what else is checked).
      row = min(rows - 1, row + 1)
      column = 0
      pendingWrap = false
      wrapped += 1
    } else {
      drawn[Place(row: row, column: column)] = (scalar, attributes)
    }
    column += width
    if column >= columns {
      column = columns - 1
      pendingWrap = true
    }
  }
}
