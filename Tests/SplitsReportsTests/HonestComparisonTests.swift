import Foundation
import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsReports

/// The comparisons of rides that share a name, as a newcomer met them: a ride cut short, a
/// ride longer than the earlier ones, and the rules that keep each figure honest.
@Suite("Comparisons that tell the truth about rides of one name")
struct HonestComparisonTests {
  /// Ride `number` named `name`: started at `start`, `l` at each of `laps` (moving time from
  /// the start, in ms), paused at `pause`, and finished 100 ms after the pause when `finished`.
  static func ride(
    _ number: Int, _ name: String, start: Int64, laps: [Int64], pause: Int64, finished: Bool = true
  ) -> RideFigures {
    var events = [SampleRides.stored(.start, start)]
    events += laps.map { SampleRides.stored(.lap, start + $0) }
    events.append(SampleRides.stored(.pause, start + pause))
    if finished { events.append(SampleRides.stored(.finish, start + pause + 100)) }
    var restored = Restore.ride(number: number, events: events, bootID: SampleRides.boot, now: SampleRides.now)
    restored.name = name
    return RideFigures(restored)
  }

  /// The screen of the next ride of `name`, with `earlier` as the journal gives them, after
  /// `keys` (key, ms) from a start at 0, shown at `at`.
  static func screen(
    _ name: String, number: Int, earlier: [RideFigures], keys: [(Character, Int64)] = [], at: Int64 = 0,
    kind: ComparisonKind? = nil, columns: Int = 80, rows: Int = 20, strings: Language = .en
  ) -> (state: RideScreenState, lines: [String]) {
    let origin = Instant(nanoseconds: 1_000_000_000_000)
    var comparisons = RideComparisons()
    comparisons.attempts[name] = earlier.map(Attempt.init)
    if let kind { comparisons.choices[name] = kind }
    var state = RideOpening(restored: nil, precision: .cs, name: name, comparisons: comparisons).state(at: origin)
    state.clock.ride = Ride(number: number)
    for (key, ms) in keys {
      _ = RideReducer.reduce(&state, .key(.character(key), at: origin + .milliseconds(ms)))
    }
    _ = RideReducer.reduce(&state, .tick(at: origin + .milliseconds(at)))
    let screen = RideView.render(
      state, size: Size(columns: columns, rows: rows), options: ViewOptions(plain: true, colors: false, language: strings))
    return (state, screen.lines)
  }

  // MARK: A ride cut short

  /// Three rides named Run with 3 laps each (about 4 s), then a fourth: one lap, pause, `r`
  /// 0.1 s later.
  static let run: [RideFigures] = [
    ride(1, "Run", start: 1_000, laps: [1_300, 2_600, 3_900], pause: 4_000),
    ride(2, "Run", start: 100_000, laps: [1_310, 2_620, 3_930], pause: 4_050),
    ride(3, "Run", start: 200_000, laps: [1_320, 2_640, 3_960], pause: 4_100),
    ride(4, "Run", start: 300_000, laps: [1_020], pause: 1_130),
  ]

  @Test func aCutShortRidesFinalStretchIsNotMarkedANewBestSegment() throws {
    let cut = Self.run[3]
    let gold = RideComparison(cut, kind: .gold, among: Self.run)
    // Its one lap (ended by l) is faster than every earlier first lap: a best segment. The
    // 0.11 s from that lap to the finish is no segment: not compared, never gold.
    #expect(gold.laps.map(\.number) == [1])
    #expect(gold.laps.map(\.isNewGold) == [true])
    let text = HistoryReport.show(cut, comparison: gold, strings: .english)
    let stretch = try #require(text.split(separator: "\n").first { $0.hasPrefix("to finish") })
    #expect(!stretch.contains("★") && !stretch.contains("⇈"), "\(text)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(cut, gold).utf8)) as? [String: Any])
    let final = try #require(json["final_stretch"] as? [String: Any])
    #expect(final["delta_ms"] is NSNull && final["compare_ms"] is NSNull)
  }

  @Test func theNextRideIsNotComparedWithTheCutShortRideAsItsPersonalBest() {
    let lines = Self.screen("Run", number: 5, earlier: Self.run).lines
    // The personal best is among rides of as many laps: the three of 3 laps, the fastest
    // ending its last lap at 3.90 s; the best segments are the laps ended by l.
    #expect(lines.contains { $0.hasPrefix(" vs PB (ride 1) 00:00:03.90 · sum of best 00:00:03.62") }, "\(lines)")
  }

  // MARK: A ride longer than the earlier ones

  /// Three finished 4-lap Track rides (10 s laps, ride 2 the fastest), then a ride of 6.
  static let track: [RideFigures] = [
    ride(1, "Track", start: 1_000, laps: [10_000, 20_000, 30_000, 40_000], pause: 40_500),
    ride(2, "Track", start: 100_000, laps: [9_000, 19_000, 29_000, 39_000], pause: 39_200),
    ride(3, "Track", start: 200_000, laps: [10_500, 21_000, 31_500, 42_000], pause: 42_700),
  ]
  static let sixLaps: [(Character, Int64)] =
    [(" ", 0)] + [9_500, 19_000, 28_500, 38_000, 47_500, 57_000].map { ("l", $0) }

  @Test func theFooterSaysWhichRidesThereAreWhenNoneHasAsManyLaps() {
    let (state, lines) = Self.screen("Track", number: 4, earlier: Self.track, keys: Self.sixLaps, at: 60_000)
    #expect(state.clock.ride.splits.count == 6)
    let footer = lines.first { $0.hasPrefix(" vs ") }
    #expect(footer?.hasPrefix(" vs PB: no finished ride of 6+ laps yet (3 with 4 laps) · Δ vs best segments") == true, "\(lines)")
    #expect(lines.allSatisfy { !$0.contains("no finished ride of this name") })
  }

  @Test func theDeltaColumnKeepsTheLapsThatCanBeCompared() {
    let lines = Self.screen("Track", number: 4, earlier: Self.track, keys: Self.sixLaps, at: 60_000).lines
    // Laps 1 to 4 against the best segments (9 s, 10 s, 10 s, 10 s: splits 9, 19, 29, 39 s);
    // laps 5 and 6 have nothing to be compared with.
    func row(_ number: Int) -> String? {
      lines.first { $0.hasPrefix(String(repeating: " ", count: 6 - String(number).count) + "\(number)   ") }
    }
    #expect(row(1)?.contains("+00:00.50") == true, "\(lines)")
    #expect(row(4)?.contains("-00:01.00") == true, "\(lines)")
    // Number, lap time, split and difference: no delta, no mark.
    #expect(row(5)?.split(separator: " ").count == 4, "\(lines)")
  }

  @Test func showSaysWhichRidesThereAreWhenNoneHasAsManyLaps() throws {
    let six = Self.ride(4, "Track", start: 300_000, laps: [9_500, 19_000, 28_500, 38_000, 47_500, 57_000], pause: 57_300)
    let best = RideComparison(six, kind: .best, among: Self.track + [six])
    let text = HistoryReport.show(six, comparison: best, strings: .english)
    #expect(
      text.contains(
        "No earlier finished ride named Track with 6 laps to compare with (3 with 4 laps); Δ is against the best segments."),
      "\(text)")
    #expect(best.laps.map(\.delta?.milliseconds) == [500, 0, -500, -1_000, nil, nil])
    // The JSON says what the laps were compared with.
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(six, best).utf8)) as? [String: Any])
    #expect(json["compare"] as? String == "best" && json["compare_against"] as? String == "gold")
    #expect(json["compare_ride"] is NSNull)
  }
}

extension HonestComparisonTests {
  @Test func pastEveryEarlierRidesLapsTheScreenComparesWhatItCan() {
    let english = Self.screen("Track", number: 4, earlier: Self.track, keys: Self.sixLaps, at: 60_000).lines
    #expect(english == [
      " Splits · Ride 4 · Track                                                RUNNING ",
      "                                                                                ",
      " 00:01:00.00                                                                    ",
      "                                                                                ",
      " Elapsed 00:01:00   Paused 00:00:00   Laps 6                                    ",
      "                                                                                ",
      "   Lap   Lap time      Split              Diff           Δ                      ",
      " ›   7   00:00:03.00   00:01:00.00   -00:06.50                                  ",
      "     6   00:00:09.50   00:00:57.00   +00:00.00                                  ",
      "     5   00:00:09.50   00:00:47.50   +00:00.00                                  ",
      "     4   00:00:09.50   00:00:38.00   +00:00.00   -00:01.00 ⇈★                   ",
      "     3   00:00:09.50   00:00:28.50   +00:00.00   -00:00.50 ⇈★                   ",
      "     2   00:00:09.50   00:00:19.00   +00:00.00   +00:00.00  ★                   ",
      "     1   00:00:09.50   00:00:09.50               +00:00.50 ⇊                    ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " vs PB: no finished ride of 6+ laps yet (3 with 4 laps) · Δ vs best segments    ",
      " space pause  l lap  u undo  c compare  ? help  q quit                          ",
    ])
    let korean = Self.screen("Track", number: 4, earlier: Self.track, keys: Self.sixLaps, at: 60_000, strings: .ko).lines
    #expect(korean[18] == " 최고 기록 대비: 랩 6개 이상인 라이드 없음 (라이드 3개는 랩 4개) · Δ: 구간 최고 ")
  }
}

extension HonestComparisonTests {
  @Test func ridesWithoutLapsAreOneLapEachAndComparedWithEachOther() {
    // Three rides of a name ridden without l: each is one lap, its whole moving time.
    let commutes = [
      Self.ride(1, "Commute", start: 1_000, laps: [], pause: 600_000),
      Self.ride(2, "Commute", start: 1_000_000, laps: [], pause: 580_000),
    ]
    let third = Self.ride(3, "Commute", start: 2_000_000, laps: [], pause: 590_000)
    let best = RideComparison(third, kind: .best, among: commutes + [third])
    #expect(best.reference?.rideNumber == 2)
    #expect(best.laps.map(\.delta?.milliseconds) == [10_000])
    let lines = Self.screen("Commute", number: 4, earlier: commutes + [third]).lines
    #expect(lines.contains { $0.hasPrefix(" vs PB (ride 2) 00:09:40.00 · sum of best 00:09:40.00") }, "\(lines)")
  }

  @Test func onATieOfLapCountsTheScreensPersonalBestHasTheMoreLaps() {
    let earlier = [Attempt(number: 1, laps: [1_000, 1_000]), Attempt(number: 2, laps: [500, 500, 500])]
    #expect(Comparison.bestLapCount(earlier, laps: .atLeast(0)) == 3)
    #expect(Comparison.personalBest(earlier, laps: .atLeast(0))?.number == 2)
    #expect(Comparison.personalBest(earlier, laps: .exactly(2))?.number == 1)
    #expect(Comparison.lapCounts(earlier + [Attempt(number: 3, laps: [900, 900])]).map(\.laps) == [2, 3])
  }
}
