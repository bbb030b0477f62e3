import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// Ride 3 of "Loop", 4 min 58.8 s in, five laps against two earlier finished rides of the
/// name: the personal best is ride 2 (4:59), the best segments add up to 4:56.
func comparedRide(at now: Int64 = 298_800, kind: ComparisonKind? = nil) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: 3), precision: .cs, now: t(0))
  s.clock.name = "Loop"
  s.comparison.rideName = "Loop"
  s.comparison.comparisons.attempts["Loop"] = [
    Attempt(number: 1, laps: [60_000, 60_000, 60_000, 60_000, 60_000]),
    Attempt(number: 2, laps: [58_000, 62_000, 60_000, 61_000, 58_000]),
  ]
  if let kind { s.comparison.comparisons.choices["Loop"] = kind }
  for (key, at) in [(" ", 0), ("l", 57_000), ("l", 120_500), ("l", 180_300), ("l", 240_300)] as [(Character, Int64)] {
    _ = RideReducer.reduce(&s, .key(.character(key), at: t(at)))
  }
  _ = RideReducer.reduce(&s, .tick(at: t(now)))
  return s
}

func screenOf(_ s: RideScreenState, _ columns: Int, _ rows: Int, colors: Bool = true) -> Screen {
  RideView.render(s, size: Size(columns: columns, rows: rows), options: ViewOptions(plain: true, colors: colors))
}

@Suite("Ride screen snapshots with a comparison")
struct RideViewComparisonTests {
  static let at80x16 = [
    " Splits · Ride 3 · Loop                                                 RUNNING ",
    "                                                                                ",
    " 00:04:58.80                                                                    ",
    "                                                                                ",
    " Elapsed 00:04:58   Paused 00:00:00   Laps 4                                    ",
    "                                                                                ",
    "   Lap   Lap time      Split              Diff           Δ                      ",
    " ›   5   00:00:58.50   00:04:58.80   -00:01.50   -00:00.20 ⇡                    ",
    "     4   00:01:00.00   00:04:00.30   +00:00.20   -00:00.70 ⇈                    ",
    "     3   00:00:59.80   00:03:00.30   -00:03.70   +00:00.30 ⇣★                   ",
    " ▼   2   00:01:03.50   00:02:00.50   +00:06.50   +00:00.50 ⇊                    ",
    " ▲   1   00:00:57.00   00:00:57.00               -00:01.00 ⇈★                   ",
    "                                                                                ",
    "                                                                                ",
    " vs PB (ride 2) 00:04:59.00 · predicted 00:04:58.80 · sum of best 00:04:56.00   ",
    " space pause  l lap  u undo  c compare  ? help  q quit                          ",
  ]

  @Test func theDeltaColumnMarksEachLapFourWaysAndNewGoldWithColour() {
    let screen = screenOf(comparedRide(), 80, 16)
    #expect(screen.lines == Self.at80x16)
    // The delta and its mark in the standing's colour (green ahead, red behind), the new
    // best segment in yellow; the rest of each row as before (running lap cyan, the best and
    // worst lap green and red).
    #expect(Array(screen.colorLines[7...11]) == [
      "cccccccccccccccccccccccccccccccccccccccccccccc...ggggggggg.g....................",
      ".................................................ggggggggg.g....................",
      ".................................................rrrrrrrrr.ry...................",
      "rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr...rrrrrrrrr.r....................",
      "gggggggggggggggggggggggggggggggggggggggggggggg...ggggggggg.gy...................",
    ])
    // Gaining is bold, losing plain: ahead and gaining (lap 4) against ahead but losing (5).
    #expect(screen[8, 50].style.bold && !screen[7, 50].style.bold)
    #expect(!screen[9, 50].style.bold && screen[10, 50].style.bold)
  }

  @Test func withoutColourTheGlyphsAloneTellTheFourStandingsAndGold() {
    let screen = screenOf(comparedRide(), 80, 16, colors: false)
    #expect(screen.lines == Self.at80x16)
    #expect(Set(screen.colorLines.joined()) == ["."])
    for glyph in ["⇈", "⇡", "⇣", "⇊", "★"] { #expect(screen.lines.joined().contains(glyph), "\(glyph)") }
  }

  @Test func narrowTheDifferenceGoesFirstThenTheDeltaThenTheFooterShortens() {
    #expect(Array(screenOf(comparedRide(), 60, 16).lines[6...8]) == [
      "   Lap   Lap time      Split                 Δ              ",
      " ›   5   00:00:58.50   00:04:58.80   -00:00.20 ⇡            ",
      "     4   00:01:00.00   00:04:00.30   -00:00.70 ⇈            ",
    ])
    #expect(screenOf(comparedRide(), 60, 16).lines[14] == " vs PB (ride 2) 00:04:59.00 · predicted 00:04:58.80         ")
    let narrow = screenOf(comparedRide(), 46, 16).lines
    #expect(Array(narrow[6...7]) == [
      "   Lap   Lap time      Split                  ",
      " ›   5   00:00:58.50   00:04:58.80            ",
    ])
    #expect(narrow[14] == " vs PB (ride 2) 00:04:59.00                   ")
    // With no room for "c compare" on the key line, it goes before undo and help.
    #expect(narrow[15] == " space pause  l lap  u undo  ? help  q quit   ")
  }

  @Test func shortTheFooterStaysWhileTheLapTableHasItsHeaderAndRunningLap() {
    #expect(screenOf(comparedRide(), 80, 9).lines == [
      " Splits · Ride 3 · Loop                                                 RUNNING ",
      " 00:04:58.80                                                                    ",
      " Elapsed 00:04:58   Paused 00:00:00   Laps 4                                    ",
      "   Lap   Lap time      Split              Diff           Δ                      ",
      " ›   5   00:00:58.50   00:04:58.80   -00:01.50   -00:00.20 ⇡                    ",
      " ▼   2   00:01:03.50   00:02:00.50   +00:06.50   +00:00.50 ⇊                    ",
      "    … 3 earlier laps                                                            ",
      " vs PB (ride 2) 00:04:59.00 · predicted 00:04:58.80 · sum of best 00:04:56.00   ",
      " space pause  l lap  u undo  c compare  ? help  q quit                          ",
    ])
    // Two rows under the times: the lap table's header and running lap, no footer.
    #expect(screenOf(comparedRide(), 80, 5).lines == [
      " 00:04:58.80  RUNNING                                                           ",
      " Elapsed 00:04:58   Paused 00:00:00   Laps 4                                    ",
      "   Lap   Lap time      Split              Diff           Δ                      ",
      " ›   5   00:00:58.50   00:04:58.80   -00:01.50   -00:00.20 ⇡                    ",
      " space pause  l lap  u undo  c compare  ? help  q quit                          ",
    ])
  }

  @Test func theLiveDeltaAppearsWhenTheLapReachesTheGoldAndNotBefore() {
    // Lap 5 of the best (ride 2) is 58 s, its best segment 58 s too.
    let before = screenOf(comparedRide(at: 240_300 + 57_999), 80, 16)
    #expect(before.lines[7] == " ›   5   00:00:57.99   00:04:58.29   -00:02.01                                  ")
    let at = screenOf(comparedRide(at: 240_300 + 58_000), 80, 16)
    // Level with the best's lap is not gaining: ahead but losing.
    #expect(at.lines[7] == " ›   5   00:00:58.00   00:04:58.30   -00:02.00   -00:00.70 ⇡                    ")
  }

  @Test func eachComparisonNamesItselfInTheFooter() {
    // A part that does not fit is left out.
    #expect(screenOf(comparedRide(kind: .previous), 80, 16).lines[14]
      == " vs previous (ride 2) 00:04:59.00 · predicted 00:04:58.80                       ")
    #expect(screenOf(comparedRide(kind: .gold), 80, 16).lines[14]
      == " vs best segments 00:04:56.00 · predicted 00:04:58.80 · sum of best 00:04:56.00 ")
    let none = screenOf(comparedRide(kind: ComparisonKind.none), 80, 16).lines
    #expect(none[14] == " no comparison · sum of best 00:04:56.00                                        ")
    // No comparison: the delta column stays, empty; the new best segments are still marked.
    #expect(none[11] == " ▲   1   00:00:57.00   00:00:57.00                          ★                   ")
  }

  @Test func aFirstRideOfItsNameHasNothingToCompareWith() {
    var s = RideScreenState(ride: Ride(number: 1), precision: .cs, now: t(0))
    s.clock.name = "Loop"
    s.comparison.rideName = "Loop"
    #expect(screenOf(s, 80, 12).lines[10] == " vs PB: no finished ride of this name yet                                       ")
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(5_000)))
    // No delta column: there is nothing to compare any lap with.
    let lines = screenOf(s, 80, 16).lines
    #expect(lines[6] == "   Lap   Lap time      Split              Diff                                  ")
    #expect(lines[14] == " vs PB: no finished ride of this name yet                                       ")
  }

  @Test func theReadyScreenOfANamedRideShowsWhatItWillBeComparedWith() {
    var s = comparedRide()
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(298_800)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(299_000)))
    _ = RideReducer.reduce(&s, .key(.character("x"), at: t(299_500)))
    // Ride 3 finished with four laps (the stretch after its last lap is no lap): the personal
    // best is still ride 2, of five laps as most rides of the name; ride 3's laps count among
    // the best segments (three of them new).
    #expect(screenOf(s, 80, 16).lines[14] == " vs PB (ride 2) 00:04:59.00 · sum of best 00:04:54.80                           ")
  }

  @Test func aNameInKoreanToo() {
    let screen = RideView.render(comparedRide(), size: Size(columns: 80, rows: 16), options: ViewOptions(plain: true, language: .ko))
    #expect(screen.lines[14].hasPrefix(" 최고 기록 대비 (라이드 2) 00:04:59.00 · 예상 00:04:58.80"))
  }
}
