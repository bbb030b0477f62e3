import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// A runner's ride of 400 m laps (`--lap-distance 400m`), four laps done and the fifth under
/// way, paused: each done lap with its pace and speed, the distance of the whole laps.
func trackRide(units: DistanceUnits = .metric) -> RideScreenState {
  var s = RideOpening(restored: nil, precision: .cs, lapDistance: LapDistance(millimetres: 400_000), units: units)
    .state(at: t(0))
  for (key, at) in [(" ", 0), ("l", 98_000), ("l", 193_400), ("l", 290_000), ("l", 383_500), (" ", 400_000)]
    as [(Character, Int64)]
  {
    _ = RideReducer.reduce(&s, .key(.character(key), at: t(at)))
  }
  _ = RideReducer.reduce(&s, .tick(at: t(402_000)))
  return s
}

@Suite("Ride screen snapshots with a lap distance")
struct RideViewDistanceTests {
  static func lines(_ s: RideScreenState, _ columns: Int, _ rows: Int, _ language: Language = .en) -> [String] {
    RideView.render(s, size: Size(columns: columns, rows: rows), options: ViewOptions(plain: true, language: language))
      .lines
  }

  static let blank = String(repeating: " ", count: 80)

  @Test func eachDoneLapShowsItsPaceAndSpeedAndTheFiguresTheDistance() {
    #expect(Self.lines(trackRide(), 80, 24) == [
      " Splits · Ride 1                                                         PAUSED ",
      Self.blank,
      " 00:06:40.00                                                                    ",
      Self.blank,
      " Elapsed 00:06:42   Paused 00:00:02   Laps 4   Distance 1.60 km                 ",
      Self.blank,
      "   Lap   Lap time      Split              Diff   min/km   km/h                  ",
      " ›   5   00:00:16.50   00:06:40.00   -01:17.00                                  ",
      " ▲   4   00:01:33.50   00:06:23.50   -00:03.10     3:54   15.4                  ",
      "     3   00:01:36.60   00:04:50.00   +00:01.20     4:02   14.9                  ",
      "     2   00:01:35.40   00:03:13.40   -00:02.60     3:59   15.1                  ",
      " ▼   1   00:01:38.00   00:01:38.00                 4:05   14.7                  ",
    ] + Array(repeating: Self.blank, count: 11) + [
      " space resume  u undo  r finish  ? help  q quit                                 ",
    ])
  }

  @Test func inKoreanThePaceIsMinutesPerKilometreToo() {
    #expect(Array(Self.lines(trackRide(), 80, 24, .ko)[4...11]) == [
      " 경과 00:06:42   정지 00:00:02   랩 4   거리 1.60 km                            ",
      Self.blank,
      "    랩   랩 타임       스플릿             차이   분/km   km/h                   ",
      " ›   5   00:00:16.50   00:06:40.00   -01:17.00                                  ",
      " ▲   4   00:01:33.50   00:06:23.50   -00:03.10    3:54   15.4                   ",
      "     3   00:01:36.60   00:04:50.00   +00:01.20    4:02   14.9                   ",
      "     2   00:01:35.40   00:03:13.40   -00:02.60    3:59   15.1                   ",
      " ▼   1   00:01:38.00   00:01:38.00                4:05   14.7                   ",
    ])
  }

  @Test func imperialUnitsShowMinutesPerMileMilesAnHourAndMiles() {
    #expect(Array(Self.lines(trackRide(units: .imperial), 80, 24)[4...11]) == [
      " Elapsed 00:06:42   Paused 00:00:02   Laps 4   Distance 0.99 mi                 ",
      Self.blank,
      "   Lap   Lap time      Split              Diff   min/mi   mph                   ",
      " ›   5   00:00:16.50   00:06:40.00   -01:17.00                                  ",
      " ▲   4   00:01:33.50   00:06:23.50   -00:03.10     6:16   9.6                   ",
      "     3   00:01:36.60   00:04:50.00   +00:01.20     6:29   9.3                   ",
      "     2   00:01:35.40   00:03:13.40   -00:02.60     6:24   9.4                   ",
      " ▼   1   00:01:38.00   00:01:38.00                 6:34   9.1                   ",
    ])
  }

  @Test func narrowTheSpeedGoesFirstThenThePaceBeforeAnyOtherColumn() {
    #expect(Self.lines(trackRide(), 56, 12) == [
      " Splits · Ride 1                                 PAUSED ",
      "                                                        ",
      " 00:06:40.00                                            ",
      " Elapsed 00:06:42   Paused 00:00:02   Laps 4            ",
      "   Lap   Lap time      Split              Diff   min/km ",
      " ›   5   00:00:16.50   00:06:40.00   -01:17.00          ",
      " ▲   4   00:01:33.50   00:06:23.50   -00:03.10     3:54 ",
      "     3   00:01:36.60   00:04:50.00   +00:01.20     4:02 ",
      "     2   00:01:35.40   00:03:13.40   -00:02.60     3:59 ",
      " ▼   1   00:01:38.00   00:01:38.00                 4:05 ",
      "                                                        ",
      " space resume  u undo  r finish  ? help  q quit         ",
    ])
    // One column short of the pace: the difference stays, the pace goes.
    #expect(Self.lines(trackRide(), 55, 12)[4] == "   Lap   Lap time      Split              Diff         ")
    #expect(Self.lines(trackRide(), 40, 12, .ko) == [
      " Splits · 라이드 1             일시정지 ",
      "                                        ",
      " 00:06:40.00                            ",
      " 경과 00:06:42   정지 00:00:02   랩 4   ",
      "    랩   랩 타임       스플릿           ",
      " ›   5   00:00:16.50   00:06:40.00      ",
      " ▲   4   00:01:33.50   00:06:23.50      ",
      "     3   00:01:36.60   00:04:50.00      ",
      "     2   00:01:35.40   00:03:13.40      ",
      " ▼   1   00:01:38.00   00:01:38.00      ",
      "                                        ",
      " space 재개  r 완료  ? 도움말  q 종료   ",
    ])
  }

  @Test func theSummaryAfterRSaysTheDistanceAndTheLapsPace() {
    var done = trackRide()
    _ = RideReducer.reduce(&done, .key(.character("r"), at: t(403_000)))
    #expect(Array(Self.lines(done, 80, 24)[2...9]) == [
      " Ride 1 finished                                                                ",
      " Moving 00:06:40.00                                                             ",
      " Elapsed 00:06:43   Paused 00:00:03                                             ",
      " Laps 4                                                                         ",
      " Distance 1.60 km · pace 4:00/km · 15.0 km/h                                    ",
      " ▲ best lap 00:01:33.50                                                         ",
      " ▼ worst lap 00:01:38.00                                                        ",
      "   average lap 00:01:35.87                                                      ",
    ])
    #expect(Self.lines(done, 80, 24, .ko)[6] == " 거리 1.60 km · 페이스 4:00/km · 15.0 km/h                                      ")
  }

  @Test func aRideWithoutALapDistanceShowsNoPaceAndNoDistance() {
    var plain = trackRide()
    plain.distance = DistanceFeature()
    let lines = Self.lines(plain, 80, 24)
    #expect(lines[4] == " Elapsed 00:06:42   Paused 00:00:02   Laps 4                                    ")
    #expect(lines[8] == " ▲   4   00:01:33.50   00:06:23.50   -00:03.10                                  ")
  }
}

extension RideViewDistanceTests {
  @Test func withBigDigitsAt80x24ThePacesAreInTheBestAndWorstLapsColours() {
    let screen = RideView.render(trackRide(), size: Size(columns: 80, rows: 24), options: ViewOptions(language: .en))
    #expect(screen.lines == [
      " Splits · Ride 1                                                         PAUSED ",
      Self.blank,
      "             █████ █████   █████ █████   █   █ █████   █████ █████              ",
      "             █   █ █   █ █ █   █ █     █ █   █ █   █   █   █ █   █              ",
      "             █   █ █   █   █   █ █████   █████ █   █   █   █ █   █              ",
      "             █   █ █   █ █ █   █ █   █ █     █ █   █   █   █ █   █              ",
      "             █████ █████   █████ █████       █ █████ █ █████ █████              ",
      Self.blank,
      " Elapsed 00:06:42   Paused 00:00:02   Laps 4   Distance 1.60 km                 ",
      Self.blank,
      "   Lap   Lap time      Split              Diff   min/km   km/h                  ",
      " ›   5   00:00:16.50   00:06:40.00   -01:17.00                                  ",
      " ▲   4   00:01:33.50   00:06:23.50   -00:03.10     3:54   15.4                  ",
      "     3   00:01:36.60   00:04:50.00   +00:01.20     4:02   14.9                  ",
      "     2   00:01:35.40   00:03:13.40   -00:02.60     3:59   15.1                  ",
      " ▼   1   00:01:38.00   00:01:38.00                 4:05   14.7                  ",
    ] + Array(repeating: Self.blank, count: 7) + [
      " space resume  u undo  r finish  ? help  q quit                                 ",
    ])
    // The best lap's pace and speed in its green, the worst's in its red.
    #expect(Array(screen.colorLines[12])[52] == "g" && Array(screen.colorLines[12])[58] == "g")
    #expect(Array(screen.colorLines[15])[52] == "r" && Array(screen.colorLines[15])[58] == "r")
  }
}
