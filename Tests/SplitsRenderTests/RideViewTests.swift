import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender

func t(_ ms: Int64) -> Instant { Instant(nanoseconds: 9_000_000_000 + ms * 1_000_000) }

/// A ride 1 h 2 min in, paused once, with three laps (the second the best, the third the worst).
func sampleRide(at now: Int64 = 3_725_456) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: 12), precision: .cs, now: t(0))
  for (key, at) in [(" ", 0), ("l", 600_000), ("l", 1_150_250), (" ", 1_500_000), (" ", 1_560_000), ("l", 2_400_990)] as [(Character, Int64)] {
    _ = RideReducer.reduce(&s, .key(.character(key), at: t(at)))
  }
  _ = RideReducer.reduce(&s, .tick(at: t(now)))
  return s
}

@Suite("Ride screen snapshots")
struct RideViewTests {
  @Test func readyAt80x24() {
    let s = RideScreenState(ride: Ride(number: 1), now: t(0))
    let screen = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions())
    #expect(screen.lines == [
      " Splits · Ride 1                                                          READY ",
      "                                                                                ",
      "             █████ █████   █████ █████   █████ █████   █████ █████              ",
      "             █   █ █   █ █ █   █ █   █ █ █   █ █   █   █   █ █   █              ",
      "             █   █ █   █   █   █ █   █   █   █ █   █   █   █ █   █              ",
      "             █   █ █   █ █ █   █ █   █ █ █   █ █   █   █   █ █   █              ",
      "             █████ █████   █████ █████   █████ █████ █ █████ █████              ",
      "                                                                                ",
      " Elapsed 00:00:00   Paused 00:00:00   Laps 0                                    ",
    ] + Array(repeating: String(repeating: " ", count: 80), count: 14) + [
      " space start  ? help  q quit                                                    ",
    ])
  }

  @Test func runningWithLapsAt80x24() {
    let screen = RideView.render(sampleRide(), size: Size(columns: 80, rows: 24), options: ViewOptions())
    #expect(Array(screen.lines.prefix(16)) == [
      " Splits · Ride 12                                                       RUNNING ",
      "                                                                                ",
      "             █████   █     █████   █     █████ █████   █   █ █████              ",
      "             █   █  ██   █ █   █  ██   █ █   █ █       █   █ █                  ",
      "             █   █   █     █   █   █     █   █ █████   █████ █████              ",
      "             █   █   █   █ █   █   █   █ █   █     █       █     █              ",
      "             █████  ███    █████  ███    █████ █████ █     █ █████              ",
      "                                                                                ",
      " Elapsed 01:02:05   Paused 00:01:00   Laps 3                                    ",
      "                                                                                ",
      "   Lap   Lap time      Split              Diff                                  ",
      " ›   4   00:22:04.46   01:01:05.45   +02:13.72                                  ",
      " ▼   3   00:19:50.74   00:39:00.99   +10:40.49                                  ",
      " ▲   2   00:09:10.25   00:19:10.25   -00:49.75                                  ",
      "     1   00:10:00.00   00:10:00.00                                              ",
      "                                                                                ",
    ])
    #expect(screen.lines[23] == " space pause  l lap  u undo  ? help  q quit" + String(repeating: " ", count: 37))
  }

  @Test func lapNumbersPastNineHundredNinetyNineAreNotCut() {
    var s = RideScreenState(ride: Ride(number: 1), precision: .s, now: t(0))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    for i in 1...1_000 { _ = RideReducer.reduce(&s, .key(.character("l"), at: t(Int64(i) * 1_000))) }
    _ = RideReducer.reduce(&s, .tick(at: t(1_000_500)))
    let screen = RideView.render(s, size: Size(columns: 60, rows: 24), options: ViewOptions(plain: true))
    let table = screen.lines.drop { !$0.contains("Lap time") }.prefix(4)
    #expect(Array(table) == [
      "    Lap   Lap time   Split        Diff                      ",
      " › 1001   00:00:00   00:16:40   -00:01                      ",
      "   1000   00:00:01   00:16:40   +00:00                      ",
      "    999   00:00:01   00:16:39   +00:00                      ",
    ])
  }

  @Test func coloursMarkBestWorstAndState() {
    let size = Size(columns: 80, rows: 24)
    let colour = RideView.render(sampleRide(), size: size, options: ViewOptions(colors: true))
    #expect(colour.colorLines[11] == String(repeating: "c", count: 46) + String(repeating: ".", count: 34))  // running lap
    #expect(colour.colorLines[12] == String(repeating: "r", count: 46) + String(repeating: ".", count: 34))  // worst
    #expect(colour.colorLines[13] == String(repeating: "g", count: 46) + String(repeating: ".", count: 34))  // best
    #expect(colour.colorLines[14].allSatisfy { $0 == "." })  // plain lap
    #expect(colour.colorLines[0].hasSuffix("ggggggg."))  // RUNNING
    let plain = RideView.render(sampleRide(), size: size, options: ViewOptions(colors: false))
    #expect(plain.colorLines.allSatisfy { $0.allSatisfy { $0 == "." } })
    #expect(plain.lines == colour.lines)  // the marks stay without colour
  }

  @Test func at40x10TheSmallFontAndTwoLapRowsTheNewestAndTheMarkOfTheRest() {
    let screen = RideView.render(sampleRide(), size: Size(columns: 40, rows: 10), options: ViewOptions())
    #expect(screen.lines == [
      " Splits · Ride 12               RUNNING ",
      " ┏━┓   ╻   ┏━┓   ╻   ┏━┓ ┏━╸   ╻ ╻ ┏━╸  ",
      " ┃ ┃   ┃ : ┃ ┃   ┃ : ┃ ┃ ┗━┓   ┗━┫ ┗━┓  ",
      " ┗━┛   ╹   ┗━┛   ╹   ┗━┛ ╺━┛ .   ╹ ╺━┛  ",
      " Elapsed 01:02:05   Paused 00:01:00     ",
      "   Lap   Lap time      Split            ",
      " ›   4   00:22:04.46   01:01:05.45      ",
      " ▼   3   00:19:50.74   00:39:00.99      ",
      "    … 2 earlier laps                    ",
      " space pause  l lap  ? help  q quit     ",
    ])
  }

  @Test func at20x5TheTimeIsText() {
    let screen = RideView.render(sampleRide(), size: Size(columns: 20, rows: 5), options: ViewOptions())
    #expect(screen.lines == [
      " 01:01:05.45        ",
      " RUNNING            ",
      "   Lap   Lap time   ",
      " ›   4   00:22:04.46",
      " space pause  q quit",
    ])
  }

  @Test("the key line was cut mid-word at 10×3: whole entries go, quit last")
  func theKeyLineLosesWholeEntriesAt10x3() {
    let screen = RideView.render(sampleRide(), size: Size(columns: 10, rows: 3), options: ViewOptions())
    #expect(screen.lines == [
      "01:01:05… ",
      " RUNNING  ",
      " q quit   ",
    ])
  }

  @Test("in Korean the key line was cut mid-word at 30×3 and 20×5")
  func theKoreanKeyLineLosesWholeEntries() {
    let korean = ViewOptions(language: .ko)
    #expect(RideView.render(sampleRide(), size: Size(columns: 30, rows: 3), options: korean).lines == [
      " 01:01:05.45  주행 중         ",
      " 경과 01:02:05   정지 00:01:00",
      " space 일시정지  l 랩  q 종료 ",
    ])
    #expect(RideView.render(sampleRide(), size: Size(columns: 20, rows: 5), options: korean).lines == [
      " 01:01:05.45        ",
      " 주행 중            ",
      "    랩   랩 타임    ",
      " ›   4   00:22:04.46",
      " q 종료             ",
    ])
  }

  @Test("at 20×5 in English the key line keeps space pause and quit, never half of lap")
  func theEnglishKeyLineAt20x5() {
    let lines = RideView.render(sampleRide(), size: Size(columns: 20, rows: 5), options: ViewOptions()).lines
    #expect(lines[4] == " space pause  q quit")
    // Every entry shown whole: each label is one of the ride's.
    for width in 1...60 {
      let line = RideView.helpLine(sampleRide(), .korean, columns: width)
      #expect(TextWidth.columns(line) <= max(width, 0) || line.isEmpty, "\(width): \(line)")
    }
  }

  @Test func theHelpOverlayAt40x12WrapsInsteadOfCutting() {
    // At 40×12 it read "record a lap (while runnin".
    var s = sampleRide()
    s.chrome.showingHelp = true
    let screen = RideView.render(s, size: Size(columns: 40, rows: 12), options: ViewOptions())
    let text = screen.lines.joined(separator: " ").replacingOccurrences(of: "│", with: " ")
      .split(separator: " ").joined(separator: " ")
    for binding in KeyTable.bindings where binding.command != .skip {  // `s` is a route's
      #expect(text.contains(Strings.english.describe(binding.command)), "\(binding.command):\n\(screen.lines.joined(separator: "\n"))")
    }
    #expect(screen.lines.contains { $0.contains("┌─ Keys") })
  }

  @Test func theHelpOverlaySaysHowLargeItNeedsTheTerminal() {
    var s = sampleRide()
    s.chrome.showingHelp = true
    let screen = RideView.render(s, size: Size(columns: 24, rows: 8), options: ViewOptions())
    #expect(screen.lines.joined(separator: " ").contains("The keys need a"), "\(screen.lines)")
    #expect(!screen.lines.contains { $0.contains("┌") })
  }

  @Test func after41LapsAt100x30TheGapIsMarkedAndTheBestAndWorstStay() throws {
    // Laps 1–24 were off screen, the worst among them, and nothing said so.
    var s = RideScreenState(ride: Ride(number: 3), precision: .cs, now: t(0))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    var at: Int64 = 0
    for lap in 1...41 {
      // Lap 3 the slowest (90 s), lap 5 the fastest (20 s), the rest 60 s.
      at += lap == 3 ? 90_000 : lap == 5 ? 20_000 : 60_000
      _ = RideReducer.reduce(&s, .key(.character("l"), at: t(at)))
    }
    _ = RideReducer.reduce(&s, .tick(at: t(at + 1_000)))
    let lines = RideView.render(s, size: Size(columns: 100, rows: 30), options: ViewOptions()).lines
    let text = lines.joined(separator: "\n")
    #expect(lines.contains { $0.contains("  41   00:01:00.00") }, "\(text)")
    #expect(lines.contains { $0.contains("▲   5   00:00:20.00") }, "the best lap pinned:\n\(text)")
    #expect(lines.contains { $0.contains("▼   3   00:01:30.00") }, "the worst lap pinned:\n\(text)")
    let marker = try #require(lines.first { $0.contains("earlier laps") }, "\(text)")
    let shown = lines.filter { $0.range(of: #"^ [▲▼ ]\s+\d+   \d\d:"#, options: .regularExpression) != nil }.count
    #expect(marker.contains("… \(41 - shown) earlier laps"), "\(marker) with \(shown) laps shown:\n\(text)")
  }

  @Test func lapTableRowsKeepTheNewestThenTheMarkThenTheBestAndWorst() {
    let rows = LapTable.rows(splits: [5, 15, 20, 28, 36, 44].map { Duration.seconds($0) }, precision: .s)
    // Laps: 5, 10, 5, 8, 8, 8 s: best lap 1, worst lap 2.
    let shown = LapTable.visible(rows, rowsAvailable: 5)
    #expect(shown.map { entry -> String in
      switch entry {
      case .lap(let r): return "\(r.number)"
      case .earlier(let count): return "…\(count)"
      }
    } == ["6", "5", "…2", "2", "1"])
    #expect(LapTable.visible(rows, rowsAvailable: 6).count == 6)
    #expect(LapTable.visible(rows, rowsAvailable: 1) == [.earlier(count: 6)])
    #expect(LapTable.visible(rows, rowsAvailable: 0).isEmpty)
  }

  @Test("a running ride's screen said Ride 12: a run says Run 12, in Korean 달리기 12")
  func aRunSaysRun() {
    var s = sampleRide()
    s.clock.sport = .running
    let english = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions()).lines
    #expect(english[0] == " Splits · Run 12                                                        RUNNING ")
    let korean = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions(language: .ko)).lines
    #expect(korean[0].hasPrefix(" Splits · 달리기 12 "))
    // The summary after r is the run's; the next ride (biking by --sport) is a ride again.
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(3_725_456)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(3_730_000)))
    s.clock.sport = .biking
    let summary = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions()).lines
    #expect(summary[2].hasPrefix(" Run 12 finished "))
    let koreanSummary = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions(language: .ko)).lines
    #expect(koreanSummary[2].hasPrefix(" 달리기 12 완료 "))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(3_731_000)))
    #expect(RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions()).lines[0].hasPrefix(" Splits · Ride 13 "))
  }

  @Test("an open run reopened without --sport still says Run")
  func anOpenRunReopenedSaysRun() {
    var restored = Restore.ride(
      number: 4, events: [StoredEvent(.start, wallMilliseconds: 0, bootID: "b", boottimeNanoseconds: 1_000)], bootID: "b",
      now: Now(monotonic: Instant(nanoseconds: 2_000), wallMilliseconds: 0))
    restored.sport = .running
    let state = RideOpening(restored: restored, precision: .cs).state(at: Instant(nanoseconds: 2_000))
    #expect(state.clock.sport == .biking && state.rideSport == .running)
    let lines = RideView.render(state, size: Size(columns: 40, rows: 12), options: ViewOptions()).lines
    #expect(lines[0].hasPrefix(" Splits · Run 4 "))
  }

  @Test("a named ride's title said only Splits · Ride 12")
  func theTitleNamesTheRide() {
    var s = sampleRide()
    s.comparison.rideName = "Hill repeats"
    #expect(
      RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions()).lines[0]
        == " Splits · Ride 12 · Hill repeats                                        RUNNING ")
    s.comparison.rideName = "언덕 반복"
    #expect(
      RideView.render(s, size: Size(columns: 60, rows: 12), options: ViewOptions(language: .ko)).lines[0]
        .hasPrefix(" Splits · 라이드 12 · 언덕 반복 "))
  }

  @Test func afterRTheSummaryOfTheFinishedRide() {
    // The screen jumped straight to "Ride 13 … READY 00:00:00.00".
    var s = sampleRide()
    s.chrome.previousMoving = .seconds(3_600)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(3_725_456)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(3_730_000)))
    let lines = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions()).lines
    #expect(Array(lines[2...9]) == [
      " Ride 12 finished                                                               ",
      " Moving 01:01:05.45                                                             ",
      " Elapsed 01:02:10   Paused 00:01:04                                             ",
      " Laps 3                                                                         ",
      " ▲ best lap 00:09:10.25                                                         ",
      " ▼ worst lap 00:19:50.74                                                        ",
      "   average lap 00:13:00.33                                                      ",
      " Moving time against ride 11: +01:05.45                                         ",
    ])
    #expect(lines[0].hasPrefix(" Splits · Ride 13"))
  }

  @Test func at1x1ItShowsWhatFits() {
    // Not "0", which reads as no time at all: a mark that the time did not fit.
    let screen = RideView.render(sampleRide(), size: Size(columns: 1, rows: 1), options: ViewOptions())
    #expect(screen.lines == ["…"])
  }

  @Test func aTimeThatDoesNotFitLosesWholeFieldsNeverHalfOfOne() {
    // At 10×3 the time read 00:00:30.8 (cut inside the hundredths), at 5×2 00:00 (zero).
    var s = RideScreenState(ride: Ride(number: 1), precision: .cs, now: t(0))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(30_840)))
    let at10x3 = RideView.render(s, size: Size(columns: 10, rows: 3), options: ViewOptions())
    #expect(at10x3.lines[0] == "00:00:30… ")
    let at5x2 = RideView.render(s, size: Size(columns: 5, rows: 2), options: ViewOptions())
    #expect(at5x2.lines[0] == "00…  ")
    #expect(!at5x2.lines[0].hasPrefix("00:00"))
  }

  @Test func fittedDropsFieldsFromTheLeastSignificantEnd() {
    #expect(TimeFormat.fitted("00:00:30.84", columns: 11) == ("00:00:30.84", 11))
    #expect(TimeFormat.fitted("00:00:30.84", columns: 10) == ("00:00:30…", 8))
    #expect(TimeFormat.fitted("00:00:30.84", columns: 8) == ("00:00…", 5))
    #expect(TimeFormat.fitted("00:00:30.84", columns: 5) == ("00…", 2))
    #expect(TimeFormat.fitted("01:01:59:59", columns: 10) == ("01:01:59…", 8))
    #expect(TimeFormat.fitted("00:00:30", columns: 2) == ("…", 0))
    #expect(TimeFormat.fitted("00:00:30", columns: 0) == ("", 0))
  }

  @Test func everySizeRendersWithoutTrapping() {
    let s = sampleRide()
    var helpShown = s
    helpShown.chrome.showingHelp = true
    for columns in 0...90 {
      for rows in 0...26 {
        for state in [s, helpShown] {
          let screen = RideView.render(state, size: Size(columns: columns, rows: rows), options: ViewOptions(language: .ko))
          #expect(screen.lines.count == rows)
        }
      }
    }
  }

  @Test func plainPutsTheMovingTimeFirst() {
    let screen = RideView.render(sampleRide(), size: Size(columns: 80, rows: 24), options: ViewOptions(plain: true))
    let firstTime = screen.lines.lazy.compactMap { $0.firstMatch(of: /\d\d:\d\d:\d\d(\.\d+)?/) }.first
    #expect(firstTime.map { String($0.output.0) } == "01:01:05.45")
  }

  @Test func helpOverlayIsBuiltFromTheKeyTable() {
    var s = sampleRide()
    s.chrome.showingHelp = true
    let screen = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions())
    let text = screen.lines.joined(separator: "\n")
    for binding in KeyTable.bindings where binding.command != .skip {  // `s` is a route's
      #expect(text.contains(binding.fullLabel + " "))
      #expect(text.contains(Strings.english.describe(binding.command)))
    }
    #expect(screen.lines[23].contains("Esc close"))
  }

  @Test func koreanIsLaidOutInColumns() {
    let screen = RideView.render(sampleRide(), size: Size(columns: 80, rows: 24), options: ViewOptions(language: .ko))
    // Every row is exactly 80 columns, the state label ends one column from the edge.
    #expect(screen.lines.allSatisfy { TextWidth.columns($0) == 80 })
    #expect(screen.lines[0].hasPrefix(" Splits · 라이드 12 "))
    #expect(screen.lines[0].hasSuffix(" 주행 중 "))
    #expect(screen.lines[8].hasPrefix(" 경과 01:02:05   정지 00:01:00   랩 3 "))
    #expect(screen.lines[10].hasPrefix("    랩   랩 타임       스플릿             차이 "))
    #expect(screen.lines[11].hasPrefix(" ›   4   00:22:04.46   01:01:05.45   +02:13.72 "))
  }

  @Test func aHintReplacesTheKeyLine() {
    var s = RideScreenState(ride: Ride(number: 1), now: t(0))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(1)))
    let screen = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions())
    #expect(screen.lines[23].hasPrefix(" Laps are recorded while running: space starts"))
  }
}
