import SplitsCore
import SplitsTestSupport
import Testing

@testable import SplitsRender

@Suite("Countdown screen")
struct CountdownViewTests {
  static let start = Now(monotonic: Instant(nanoseconds: 5_000_000_000_000), wallMilliseconds: 1_795_341_600_000)

  static func states() -> [CountdownState] {
    let start = Self.start
    var paused = CountdownState(target: .duration(.seconds(3725)), start: start)
    _ = CountdownReducer.reduce(&paused, .key(.character(" "), at: start))
    var help = CountdownState(target: .date(wallMilliseconds: start.wallMilliseconds + 40 * 86_400_000), start: start)
    _ = CountdownReducer.reduce(&help, .key(.character("?"), at: start))
    var hint = CountdownState(target: .duration(.seconds(9)), start: start)
    _ = CountdownReducer.reduce(&hint, .key(.character("x"), at: start))
    return [
      CountdownState(target: .duration(.seconds(90)), start: start),
      CountdownState(target: .duration(CountdownTarget.longestDuration), start: start),
      CountdownState(target: .date(wallMilliseconds: 253_402_300_799_000), start: start),
      CountdownState(target: .date(wallMilliseconds: 0), start: start),
      paused, help, hint,
    ]
  }

  @Test("Every size from 0×0 to 90×30 draws without trapping, every row exactly as wide as the screen")
  func everySize() {
    for state in Self.states() {
      for language in Language.allCases {
        for plain in [false, true] {
          let options = ViewOptions(plain: plain, language: language)
          for columns in Array(0...24) + [30, 40, 50, 79, 80, 90] {
            for rows in Array(0...12) + [20, 24, 30] {
              let screen = CountdownView.render(state, size: Size(columns: columns, rows: rows), options: options)
              #expect(screen.lines.count == rows)
              for line in screen.lines where TextWidth.columns(line) != columns {
                Issue.record("\(columns)×\(rows) \(language): a row of \(TextWidth.columns(line)) columns: \(line)")
              }
            }
          }
        }
      }
    }
  }

  @Test("The time keeps its place and width from the first second to zero, label included")
  func fixedPlace() {
    for language in Language.allCases {
      for (columns, rows) in [(80, 24), (20, 5), (120, 40), (45, 9)] {
        var state = CountdownState(target: .duration(.seconds(100)), start: Self.start)
        var clocks = Self.start
        var boxes: Set<[Int]> = []
        var labelColumns: Set<Int> = []
        while true {
          let screen = CountdownView.render(
            state, size: Size(columns: columns, rows: rows), options: ViewOptions(language: language))
          boxes.insert(Self.inkBox(screen, rows: 0..<(rows - 1)))
          let label = CountdownView.label(state, .of(language))
          if let column = Self.column(of: label, in: screen) { labelColumns.insert(column) }
          guard let next = state.nextChange() else { break }
          clocks = Now(monotonic: next, wallMilliseconds: clocks.wallMilliseconds)
          _ = CountdownReducer.reduce(&state, .tick(at: clocks))
        }
        #expect(state.display == "00:00:00")
        // "88:88:88" would fill the box; every value must stay inside the same columns.
        #expect(boxes.map { $0[0] }.min() == boxes.map { $0[0] }.max(), "\(columns)×\(rows) \(language): left edge moved")
        #expect(labelColumns.count == 1, "\(columns)×\(rows) \(language): the label moved: \(labelColumns)")
      }
    }
  }

  /// The leftmost and rightmost columns with ink in `rows`, and their top row.
  static func inkBox(_ screen: Screen, rows: Range<Int>) -> [Int] {
    var left = Int.max
    var top = Int.max
    for row in rows {
      for column in 0..<screen.size.columns where screen[row, column].text != " " && !screen[row, column].text.isEmpty {
        left = min(left, column)
        top = min(top, row)
      }
    }
    return [left, top]
  }

  /// The column where `text` starts on some row, in columns.
  static func column(of text: String, in screen: Screen) -> Int? {
    for line in screen.lines {
      if let range = line.range(of: text) { return TextWidth.columns(String(line[..<range.lowerBound])) }
    }
    return nil
  }

  @Test("Colours: green while running, yellow paused, red ended; none with --no-color")
  func colors() {
    let running = CountdownState(target: .duration(.seconds(90)), start: Self.start)
    let ended = CountdownState(target: .date(wallMilliseconds: 0), start: Self.start)
    var paused = running
    _ = CountdownReducer.reduce(&paused, .key(.character(" "), at: Self.start))
    for (state, letter) in [(running, "g"), (paused, "y"), (ended, "r")] {
      let screen = CountdownView.render(state, size: Size(columns: 80, rows: 24), options: ViewOptions())
      let colored = Set(screen.colorLines.joined().filter { $0 != "." })
      #expect(colored == [Character(letter)])
      let plain = CountdownView.render(state, size: Size(columns: 80, rows: 24), options: ViewOptions(colors: false))
      #expect(Set(plain.colorLines.joined()) == ["."])
    }
  }

  @Test("The key line lists what works now and gives up help, then pause, before quit")
  func keyLine() {
    let duration = CountdownState(target: .duration(.seconds(90)), start: Self.start)
    let date = CountdownState(target: .date(wallMilliseconds: Self.start.wallMilliseconds + 90_000), start: Self.start)
    var paused = duration
    _ = CountdownReducer.reduce(&paused, .key(.character(" "), at: Self.start))
    var help = duration
    _ = CountdownReducer.reduce(&help, .key(.character("?"), at: Self.start))
    #expect(CountdownView.helpLine(duration, .english) == "space pause  ? help  q quit")
    #expect(CountdownView.helpLine(paused, .english) == "space resume  ? help  q quit")
    #expect(CountdownView.helpLine(date, .english) == "? help  q quit")
    #expect(CountdownView.helpLine(help, .english) == "space pause  ? help  Esc close  q quit")
    #expect(CountdownView.helpLine(duration, .korean) == "space 일시정지  ? 도움말  q 종료")
    #expect(CountdownView.helpLine(duration, .english, columns: 19) == "space pause  q quit")
    #expect(CountdownView.helpLine(duration, .korean, columns: 19) == "q 종료")
    #expect(CountdownView.helpLine(help, .english, columns: 30) == "space pause  Esc close  q quit")
    #expect(CountdownView.helpLine(duration, .english, columns: 3) == "q quit")
  }

  @Test("--plain puts the label and the time on the first line under the title, as text")
  func plainFirstLine() {
    let state = CountdownState(target: .duration(.seconds(86_400 * 12 + 61)), start: Self.start)
    for (language, expected) in [(Language.en, " Ends in 12:00:01:01"), (.ko, " 종료까지 12:00:01:01")] {
      let screen = CountdownView.render(state, size: Size(columns: 80, rows: 24), options: ViewOptions(plain: true, language: language))
      #expect(screen.lines[1].hasPrefix(expected + " "))
      #expect(!screen.lines.joined().contains("█"))
    }
  }
}

@Suite("Countdown screen: a time that does not fit")
struct CountdownFitTests {
  @Test("At 10×3 the countdown read 01:01:59:5 (cut inside the seconds): whole fields go, marked")
  func wholeFieldsOnly() {
    let start = Now(monotonic: Instant(nanoseconds: 5_000_000_000_000), wallMilliseconds: 1_795_341_600_000)
    let state = CountdownState(target: .duration(.seconds(90_000 + 3_599)), start: start)
    #expect(state.display == "01:01:59:59")
    let screen = CountdownView.render(state, size: Size(columns: 10, rows: 3), options: ViewOptions(plain: true))
    #expect(screen.lines.contains { $0.contains("01:01:59…") }, "\(screen.lines)")
    #expect(!screen.lines.contains { $0.contains("01:01:59:5") }, "\(screen.lines)")
  }
}
