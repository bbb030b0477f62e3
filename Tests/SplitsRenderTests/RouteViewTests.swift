import SplitsRoutes
import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// The route "Celeste" with three complete attempts ridden: the personal best 3:58.20
/// (1:00.00, 2:00.50, 3:58.20), golds 0:58.00, 0:59.00, 1:55.00.
func celesteRoute() -> Route {
  var route = Route(name: "Celeste", segmentNames: ["Forsaken City", "Old Site", "Celestial Resort"])
  let attempts: [[Int64]] = [[61_000, 121_000, 240_000], [60_000, 120_500, 238_200], [58_000, 121_000, 241_000]]
  route = RouteTimer.apply(
    attempts.map { RouteAttemptLog.real($0.map { .milliseconds($0) }, complete: true) }, to: route)
  route.attemptCount = 5
  return route
}

/// Ride 7 of "Celeste", `keys` pressed at their instants, read at `now` (ms).
func routeRide(_ keys: [(Character, Int64)], at now: Int64) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: 7), precision: .cs, now: t(0))
  s.clock.name = "Celeste"
  s.comparison.rideName = "Celeste"
  s.route = RouteFeature(route: celesteRoute())
  for (key, at) in keys { _ = RideReducer.reduce(&s, .key(.character(key), at: t(at))) }
  _ = RideReducer.reduce(&s, .tick(at: t(now)))
  return s
}

@Suite("Ride screen snapshots on a route")
struct RouteViewTests {
  /// 2:01.45 in: Forsaken City split at 0:59.00 (a second ahead, gaining), Old Site under way
  /// and behind its personal-best split by 0.95 s (the live delta shows, behind and losing).
  static let riding = routeRide([(" ", 0), ("l", 59_000)], at: 121_456)
  /// Complete: a gold on Forsaken City (0:57 against 0:58), Old Site skipped, the last split
  /// 1.20 s ahead but losing against the lead after the first; the clock stopped there.
  static let complete = routeRide([(" ", 0), ("l", 57_000), ("s", 60_000), ("l", 237_000)], at: 240_000)

  static let at80x24 = [
      " Splits · Ride 7 · Celeste                                              RUNNING ",
      "                                                                                ",
      " 00:02:01.45                                                                    ",
      "                                                                                ",
      " Elapsed 00:02:01   Paused 00:00:00   Laps 1                                    ",
      "                                                                                ",
      "  Segment                                                     Time          Δ   ",
      "  Forsaken City                                        00:00:59.00  -00:01.00 ⇈ ",
      "› Old Site                                             00:02:00.50  +00:00.95 ⇊ ",
      "  Celestial Resort                                     00:03:58.20              ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " vs Personal Best · #6, 3 complete                                              ",
      " sum of best 00:03:55.70 · save 00:00:02.50 · finish 00:03:57.20                ",
      " space pause  l lap  u undo  s skip  c compare  ? help  q quit                  ",
  ]

  static let at60x20 = [
      " Splits · Ride 7 · Celeste                          RUNNING ",
      "                                                            ",
      " 00:02:01.45                                                ",
      "                                                            ",
      " Elapsed 00:02:01   Paused 00:00:00   Laps 1                ",
      "                                                            ",
      "  Segment                                 Time          Δ   ",
      "  Forsaken City                    00:00:59.00  -00:01.00 ⇈ ",
      "› Old Site                         00:02:00.50  +00:00.95 ⇊ ",
      "  Celestial Resort                 00:03:58.20              ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      " vs Personal Best · #6, 3 complete                          ",
      " sum of best 00:03:55.70 · finish 00:03:57.20               ",
      " space pause  l lap  u undo  s skip  ? help  q quit         ",
  ]

  static let at40x12 = [
      " Splits · Ride 7 · Celeste      RUNNING ",
      "                                        ",
      " 00:02:01.45                            ",
      " Elapsed 00:02:01   Paused 00:00:00     ",
      "  Segment             Time          Δ   ",
      "  Forsaken Ci  00:00:59.00  -00:01.00 ⇈ ",
      "› Old Site     00:02:00.50  +00:00.95 ⇊ ",
      "  Celestial R  00:03:58.20              ",
      "                                        ",
      " vs Personal Best · #6, 3 complete      ",
      " finish 00:03:57.20                     ",
      " space pause  l lap  ? help  q quit     ",
  ]

  static let koreanAt60x20 = [
      " Splits · 라이드 7 · Celeste                        주행 중 ",
      "                                                            ",
      " 00:02:01.45                                                ",
      "                                                            ",
      " 경과 00:02:01   정지 00:00:00   랩 1                       ",
      "                                                            ",
      "  구간                                    시간          Δ   ",
      "  Forsaken City                    00:00:59.00  -00:01.00 ⇈ ",
      "› Old Site                         00:02:00.50  +00:00.95 ⇊ ",
      "  Celestial Resort                 00:03:58.20              ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      " 비교: Personal Best · #6, 완주 3                           ",
      " 최고 구간 합 00:03:55.70 · 예상 00:03:57.20                ",
      " space 일시정지  l 랩  u 취소  s 건너뛰기  ? 도움말  q 종료 ",
  ]

  static let completeWithoutColourAt60x20 = [
      " Splits · Ride 7 · Celeste                           PAUSED ",
      "                                                            ",
      " 00:03:57.00                                                ",
      "                                                            ",
      " Elapsed 00:04:00   Paused 00:00:03   Laps 2                ",
      "                                                            ",
      "  Segment                                 Time          Δ   ",
      "  Forsaken City                    00:00:57.00  -00:03.00 ★ ",
      "  Old Site                                   –              ",
      "  Celestial Resort                 00:03:57.00  -00:01.20 ⇡ ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      " vs Personal Best · #6, 3 complete                          ",
      " sum of best 00:03:55.70 · finish 00:03:57.00               ",
      " space resume  u undo  r finish  c compare  ? help  q quit  ",
  ]

  static let readyAt60x20 = [
      " Splits · Ride 7 · Celeste                            READY ",
      "                                                            ",
      " 00:00:00.00                                                ",
      "                                                            ",
      " Elapsed 00:00:00   Paused 00:00:00   Laps 0                ",
      "                                                            ",
      "  Segment                                         Time  Δ   ",
      "  Forsaken City                            00:01:00.00      ",
      "  Old Site                                 00:02:00.50      ",
      "  Celestial Resort                         00:03:58.20      ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      "                                                            ",
      " vs Personal Best · #5, 3 complete                          ",
      " sum of best 00:03:55.70 · finish 00:03:58.20               ",
      " space start  c compare  ? help  q quit                     ",
  ]

  @Test func ridingAt80x24() { #expect(screenOf(Self.riding, 80, 24).lines == Self.at80x24) }

  @Test func ridingAt60x20() { #expect(screenOf(Self.riding, 60, 20).lines == Self.at60x20) }

  @Test func ridingAt40x12() { #expect(screenOf(Self.riding, 40, 12).lines == Self.at40x12) }

  @Test func ridingInKorean() {
    let options = ViewOptions(plain: true, colors: false, language: .ko)
    #expect(RideView.render(Self.riding, size: Size(columns: 60, rows: 20), options: options).lines == Self.koreanAt60x20)
  }

  @Test func aCompleteAttemptWithoutColourMarksEachSplitByGlyph() {
    #expect(screenOf(Self.complete, 60, 20, colors: false).lines == Self.completeWithoutColourAt60x20)
    #expect(Self.complete.phase == .paused)
  }

  @Test func beforeTheStartTheSegmentsShowThePersonalBestsSplits() {
    #expect(screenOf(routeRide([], at: 0), 60, 20).lines == Self.readyAt60x20)
  }

  @Test func theLiveDeltaAppearsAtTheFirstShownHundredthTheSegmentIsSlowerThanItsGold() {
    // Old Site's gold is 1:00.00 and it began at 0:59.00: as livesplit-core shows it, the
    // delta to the split (2:00.50) appears once the segment is slower than its gold, at
    // 1:59.01 shown; nothing at 1:59.00, and the ticker wakes for the first.
    let before = routeRide([(" ", 0), ("l", 59_000)], at: 119_009)
    let after = routeRide([(" ", 0), ("l", 59_000)], at: 119_010)
    #expect(!screenOf(before, 80, 24).lines[8].contains("00:01."))
    #expect(screenOf(after, 80, 24).lines[8].hasSuffix("-00:01.49 ⇈ "))
    #expect(before.nextChange() == before.now + .nanoseconds(1_000_000))
  }

  @Test func theHelpOverlayOnARouteDescribesS() {
    var s = Self.riding
    s.chrome.showingHelp = true
    #expect(screenOf(s, 80, 24).lines.contains { $0.contains(Strings.english.helpSkip) })
  }
}
