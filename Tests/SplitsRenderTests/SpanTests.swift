import SplitsCore
import SplitsTestSupport
import Testing

@testable import SplitsRender

/// A widget notes a moving figure only by drawing it (`Screen.put(_ spans:)`, `put(big:)`):
/// the digits noted are the ones drawn, where they were drawn.
@Suite("Spans: a figure is noted where it is drawn, as far as it is drawn")
struct SpanTests {
  @Test func aFigureAfterItsLabelIsNotedAtItsOwnColumns() {
    var screen = Screen(size: Size(columns: 40, rows: 2))
    let written = screen.put([.text("Elapsed "), .figure(ClockFigure(.elapsed, "00:12:34"))], row: 1, column: 1)
    #expect(written == 16)
    #expect(screen.lines[1] == " Elapsed 00:12:34" + String(repeating: " ", count: 23))
    #expect(screen.clocks[.elapsed] == .seconds(1))
    // Covering the label alone hides nothing; covering the figure's columns hides it all.
    var label = screen
    label.cover(rows: 1..<2, columns: 0..<9)
    #expect(label.clocks[.elapsed] == .seconds(1))
    screen.cover(rows: 1..<2, columns: 9..<17)
    #expect(screen.clocks[.elapsed] == nil)
  }

  @Test func aFigureCutAtTheScreensEdgeChangesOnlyWithTheDigitsLeft() {
    var screen = Screen(size: Size(columns: 12, rows: 1))
    screen.put([.text("Elapsed "), .figure(ClockFigure(.elapsed, "00:12:34"))], row: 0, column: 0)
    #expect(screen.lines == ["Elapsed 00:1"])
    #expect(screen.clocks[.elapsed] == .seconds(600))
  }

  @Test func aFittedFigureNotesTheFieldsItKeepsNotTheirMark() {
    var screen = Screen(size: Size(columns: 20, rows: 1))
    screen.put([.figure(ClockFigure(.moving, "00:12:34.56"), fitting: 9)], row: 0, column: 0)
    #expect(screen.lines == ["00:12:34…" + String(repeating: " ", count: 11)])
    #expect(screen.clocks[.moving] == .seconds(1))
  }

  @Test func aRunningLapFigureKeepsItsOrigin() {
    var screen = Screen(size: Size(columns: 20, rows: 1))
    screen.put([.figure(ClockFigure(.moving, "00:00:01.5", origin: .milliseconds(1_234)))], row: 0, column: 0)
    #expect(screen.clocks.lattices(.moving).map(\.origin) == [.milliseconds(1_234)])
    #expect(screen.clocks.lattices(.moving).map(\.place) == [.milliseconds(100)])
  }

  @Test func aFigureOffTheScreenIsNotNoted() {
    var screen = Screen(size: Size(columns: 10, rows: 2))
    screen.put([.figure(ClockFigure(.moving, "00:00:01"))], row: 0, column: 10)
    screen.put([.figure(ClockFigure(.moving, "00:00:01"))], row: 2, column: 0)
    #expect(screen.clocks[.moving] == nil)
  }

  @Test func aMarkShowingNothingYetIsNotedWhereItCanAppear() {
    var screen = Screen(size: Size(columns: 10, rows: 1))
    screen.put([.mark("", turningWith: .moving, every: .milliseconds(100), from: [.zero])], row: 0, column: 4)
    #expect(screen.clocks[.moving] == .milliseconds(100))
    screen.cover(rows: 0..<1, columns: 4..<5)
    #expect(screen.clocks[.moving] == nil)
  }

  @Test func aMarkerIsNotedAlongItsWholeTrack() {
    var screen = Screen(size: Size(columns: 10, rows: 1))
    screen.put([.marker("▲", along: 1..<9, turningWith: .moving, every: .seconds(1), from: .zero)], row: 0, column: 3)
    #expect(screen.lines == ["   ▲      "])
    // Covering the marker's own cell is not enough: it can move anywhere on its track.
    var own = screen
    own.cover(rows: 0..<1, columns: 3..<4)
    #expect(own.clocks[.moving] == .seconds(1))
    screen.cover(rows: 0..<1, columns: 0..<10)
    #expect(screen.clocks[.moving] == nil)
  }

  @Test func plainTextNotesNothing() {
    var screen = Screen(size: Size(columns: 20, rows: 1))
    screen.put([.text("00:12:34")], row: 0, column: 0)
    #expect(screen.clocks == ShownClocks())
  }

  @Test func bigDigitsNoteEachGlyph() {
    var screen = Screen(size: Size(columns: 80, rows: 10))
    let face = BigDigits.Face(font: .small, scale: 1)
    screen.put(big: ClockFigure(.countdown, "00:05"), face: face, row: 1, column: 2)
    #expect(screen.clocks[.countdown] == .seconds(1))
    let glyphs = BigDigits.glyphColumns("00:05", face: face, column: 2)
    screen.cover(rows: 1..<1 + face.height, columns: glyphs[4])
    #expect(screen.clocks[.countdown] == .seconds(10))
  }

  @Test func aFormatPlacesItsValuesInOrder() {
    let spans = [Span].placed("%@ / %@ left", [.text("12:05"), .figure(ClockFigure(.moving, "47:55"))])
    #expect(spans.map(\.text) == ["12:05", " / ", "47:55", " left"])
    #expect(spans.columns == 18)
  }

  @Test func aFigureWrittenAgainReadsTheNewValue() {
    var screen = Screen(size: Size(columns: 16, rows: 1))
    screen.put([.text("T "), .figure(ClockFigure(.moving, reading: .clock(.cs), at: .milliseconds(1_230)))], row: 0, column: 0)
    let later = screen.patched { $0 == .moving ? .milliseconds(1_249) : nil }
    #expect(later?.lines == ["T 00:00:01.24   "])
    #expect(later?.clocks == screen.clocks)
  }

  @Test func aRunningLapsDifferenceFollowsTheLapLessTheLastLap() {
    // Last split at 10 s, last lap 4.5 s: at 12.34 s the lap is 2.34 s, 2.16 s under the last.
    let reading = Reading.difference(.cs, from: .seconds(10), less: .milliseconds(4_500))
    #expect(reading.text(.milliseconds(12_340)) == "-00:02.16")
    #expect(reading.text(.milliseconds(14_500)) == "+00:00.00")
  }

  @Test func aFigureDrawnOverIsLeftToARender() {
    var screen = Screen(size: Size(columns: 16, rows: 1))
    screen.put([.figure(ClockFigure(.moving, reading: .clock(.cs), at: .milliseconds(1_230)))], row: 0, column: 0)
    screen.put("banner", row: 0, column: 3)
    #expect(screen.patched { _ in .milliseconds(1_240) } == nil)
  }

  @Test func aFigureWithoutAReadingOrUnderAnOverlayIsLeftToARender() {
    var unread = Screen(size: Size(columns: 16, rows: 2))
    unread.put([.figure(ClockFigure(.moving, reading: .clock(.s), at: .seconds(1)))], row: 0, column: 0)
    unread.put([.figure(ClockFigure(.moving, "+00:01"))], row: 1, column: 0)
    #expect(unread.patched { _ in .seconds(2) } == nil)
    var covered = Screen(size: Size(columns: 16, rows: 2))
    covered.put([.figure(ClockFigure(.moving, reading: .clock(.s), at: .seconds(1)))], row: 0, column: 0)
    covered.cover(rows: 1..<2, columns: 0..<16)
    #expect(covered.patched { _ in .seconds(2) } == nil)
  }

  @Test func aFrameWrittenAgainIsComparedWithItsOwnFrameInTheRowsItWrote() throws {
    var screen = Screen(size: Size(columns: 16, rows: 3))
    screen.put("title", row: 0, column: 0)
    screen.put([.figure(ClockFigure(.moving, reading: .clock(.cs), at: .milliseconds(1_230)))], row: 1, column: 2)
    let later = try #require(screen.patched { _ in .milliseconds(1_240) })
    #expect(later.changes(since: screen) == [Screen.Run(row: 1, column: 12, text: "4", style: .plain)])
    #expect(!later.sameCells(as: screen))
    // Against any other frame, every row is compared: here the title differs too.
    var other = screen
    other.put("TITLE", row: 0, column: 0)
    #expect(later.changes(since: other).map(\.row) == [0, 1])
    #expect(!later.sameCells(as: other))
    // Drawn on afterwards, the frame is compared in full again.
    var drawnOn = later
    drawnOn.put("x", row: 2, column: 0)
    #expect(drawnOn.changes(since: screen).map(\.row) == [1, 2])
  }

  @Test func bigDigitsHangingOverTheLastRowAreComparedInTheScreensRowsOnly() throws {
    var screen = Screen(size: Size(columns: 80, rows: 4))
    screen.put(big: ClockFigure(.moving, reading: .clock(.cs), at: .milliseconds(1_230)), face: BigDigits.Face(font: .large, scale: 1), row: 2, column: 0)
    let later = try #require(screen.patched { _ in .milliseconds(1_240) })
    let runs = later.changes(since: screen)
    #expect(!runs.isEmpty && runs.allSatisfy { $0.row >= 2 && $0.row < 4 })
    #expect(!later.sameCells(as: screen))
  }

  @Test func aFrameWrittenAgainWithNothingNewShowsNoChange() throws {
    var screen = Screen(size: Size(columns: 16, rows: 1))
    screen.put([.figure(ClockFigure(.moving, reading: .clock(.s), at: .milliseconds(1_230)))], row: 0, column: 0)
    let later = try #require(screen.patched { _ in .milliseconds(1_240) })
    #expect(later.changes(since: screen).isEmpty)
    #expect(later.sameCells(as: screen))
    #expect(later == screen)
  }

  @Test func aTextThatGrowsIsLeftToARender() {
    var screen = Screen(size: Size(columns: 20, rows: 1))
    let almost = Duration.seconds(359_999) + .milliseconds(990)
    screen.put([.figure(ClockFigure(.moving, reading: .clock(.cs), at: almost))], row: 0, column: 0)
    #expect(screen.patched { _ in almost + .milliseconds(5) } != nil)
    #expect(screen.patched { _ in almost + .milliseconds(10) } == nil)
  }
}
