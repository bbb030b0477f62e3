import SplitsTestSupport
import Testing

@testable import SplitsCore

@Suite("Ride time: computed from instants, never counted")
struct RideTimeTests {
  @Test func movingElapsedAndPausedAcrossPauses() {
    var ride = Ride(number: 1)
    ride.apply(RideEvent(.start, at: t(0)))
    #expect(ride.moving(at: t(1500)) == .milliseconds(1500))
    ride.apply(RideEvent(.pause, at: t(2000)))
    #expect(ride.moving(at: t(9000)) == .milliseconds(2000))
    #expect(ride.elapsed(at: t(9000)) == .milliseconds(9000))
    #expect(ride.paused(at: t(9000)) == .milliseconds(7000))
    ride.apply(RideEvent(.resume, at: t(10000)))
    #expect(ride.moving(at: t(10250)) == .milliseconds(2250))
    #expect(ride.paused(at: t(10250)) == .milliseconds(8000))
  }

  @Test func aLongGapBetweenReadingsIsCountedInFull() {
    // A stopped process (Ctrl-Z) or a late tick: the next reading simply includes the gap.
    var ride = Ride(number: 1)
    ride.apply(RideEvent(.start, at: t(0)))
    #expect(ride.moving(at: t(3_600_000 * 30)) == .seconds(3600 * 30))
  }

  @Test func eventsThatMakeNoSenseChangeNothing() {
    var ride = Ride(number: 1)
    #expect(!applied(&ride, RideEvent(.pause, at: t(1))))
    #expect(!applied(&ride, RideEvent(.lap, at: t(1))))
    #expect(!applied(&ride, RideEvent(.finish, at: t(1))))
    ride.apply(RideEvent(.start, at: t(2)))
    #expect(!applied(&ride, RideEvent(.start, at: t(3))))
    #expect(!applied(&ride, RideEvent(.resume, at: t(3))))
    #expect(ride.phase == .running)
  }

  @Test func foldReplaysEvents() {
    let events = [
      RideEvent(.start, at: t(0)), RideEvent(.lap, at: t(1000)), RideEvent(.pause, at: t(1500)),
      RideEvent(.resume, at: t(2500)), RideEvent(.lap, at: t(3000)),
    ]
    let ride = Ride.fold(events, number: 3, now: t(4000))
    #expect(ride.phase == .running)
    #expect(ride.splits == [.milliseconds(1000), .milliseconds(2000)])
    #expect(ride.moving(at: t(4000)) == .milliseconds(3000))
    #expect(ride.paused(at: t(4000)) == .milliseconds(1000))
  }

  @Test func preStartCountdownStartsTheClockExactlyAtItsEnd() {
    var s = RideScreenState(ride: Ride(number: 1), countdownSteps: 3, now: t(0))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(100)))
    #expect(s.phase == .countdown)
    #expect(s.clock.ride.countdown?.step(at: t(100)) == 3)
    #expect(s.clock.ride.countdown?.step(at: t(1099)) == 3)
    #expect(s.clock.ride.countdown?.step(at: t(1100)) == 2)
    #expect(s.clock.ride.countdown?.step(at: t(3099)) == 1)
    #expect(s.nextChange() == t(1100))
    // A late tick, well after the end: the ride started at the end, not at the tick.
    _ = RideReducer.reduce(&s, .tick(at: t(3600)))
    #expect(s.phase == .running)
    #expect(s.clock.ride.firstStart == t(3100))
    #expect(s.moving == .milliseconds(500))
  }

  @Test func theCountdownFoldsFromItsOneEvent() {
    let ride = Ride.fold([RideEvent(.countdownStart, at: t(0), countdownSteps: 5)], number: 1, now: t(7000))
    #expect(ride.phase == .running)
    #expect(ride.moving(at: t(7000)) == .seconds(2))
  }

  @Test func nextChangeLandsOnDisplayBoundaries() {
    var s = RideScreenState(ride: Ride(number: 1), precision: .cs, now: t(0))
    #expect(s.nextChange() == nil)  // ready: nothing moves
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: Instant(nanoseconds: t(0).nanoseconds + 3_000_001)))
    #expect(s.nextChange() == t(10))
    s.clock.precision = .s
    #expect(s.nextChange() == t(1000))
    // After a pause of 300 ms the elapsed time's seconds fall elsewhere than the moving time's.
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(200)))
    #expect(s.nextChange() == t(1000))  // paused: the elapsed counter's next second
    var paused = s
    _ = RideReducer.reduce(&paused, .tick(at: t(1000)))
    #expect(paused.nextChange() == t(1200))  // then the paused counter's (1 s after the pause)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(500)))
    #expect(s.nextChange() == t(1000))  // elapsed reaches 1 s first
    _ = RideReducer.reduce(&s, .tick(at: t(1000)))
    #expect(s.nextChange() == t(1300))  // then moving reaches 1 s
  }
}

@Suite("Lap table")
struct LapTableTests {
  @Test func lapsAndSplitsAreEachTruncatedWithBestAndWorstMarked() {
    let splits: [Duration] = [.milliseconds(61_239), .milliseconds(119_996), .milliseconds(185_001)]
    let rows = LapTable.rows(splits: splits, precision: .cs)
    #expect(rows.map(\.split) == [.milliseconds(61_230), .milliseconds(119_990), .milliseconds(185_000)])
    // Laps of 61.239, 58.757 and 65.005 s (not 58.76 and 65.01, the differences of the splits).
    #expect(rows.map(\.lap) == [.milliseconds(61_230), .milliseconds(58_750), .milliseconds(65_000)])
    #expect(rows.map(\.difference) == [nil, .milliseconds(-2_480), .milliseconds(6_250)])
    #expect(rows.map(\.mark) == [nil, .best, .worst])
  }

  @Test func oneLapOrEqualLapsAreNotMarked() {
    #expect(LapTable.rows(splits: [.seconds(5)], precision: .s).map(\.mark) == [nil])
    #expect(LapTable.rows(splits: [.seconds(5), .seconds(10)], precision: .s).map(\.mark) == [nil, nil])
  }

  @Test func tiesMarkTheEarliest() {
    let rows = LapTable.rows(splits: [.seconds(5), .seconds(15), .seconds(20), .seconds(30)], precision: .s)
    #expect(rows.map(\.mark) == [.best, .worst, nil, nil])
  }

  @Test func theRunningLapCountsFromTheLastSplit() {
    let row = LapTable.runningLap(splits: [.milliseconds(10_000), .milliseconds(25_000)], moving: .milliseconds(31_999), precision: .ds)
    #expect(row.number == 3)
    #expect(row.lap == .milliseconds(6_900))
    #expect(row.split == .milliseconds(31_900))
    #expect(row.difference == .milliseconds(6_900 - 15_000))
  }

  @Test func theRunningLapTruncatesItsOwnTime() {
    // The last split at 0.503 s: 0.497 s later the lap reads 0.49 (the split reads 1.00).
    let row = LapTable.runningLap(splits: [.milliseconds(503)], moving: .milliseconds(1_000), precision: .cs)
    #expect(row.lap == .milliseconds(490))
    #expect(row.split == .milliseconds(1_000))
    #expect(row.difference == .milliseconds(490 - 500))
    #expect(LapTable.runningLapOrigin(splits: [.milliseconds(503)]) == .milliseconds(503))
  }
}

@Suite("Time format")
struct TimeFormatTests {
  @Test func fixedWidthAtEachPrecisionTruncating() {
    let d = Duration.milliseconds(3_723_456)
    #expect(TimeFormat.clock(d, precision: .s) == "01:02:03")
    #expect(TimeFormat.clock(d, precision: .ds) == "01:02:03.4")
    #expect(TimeFormat.clock(d, precision: .cs) == "01:02:03.45")
    #expect(TimeFormat.clock(.milliseconds(999), precision: .s) == "00:00:00")
    #expect(TimeFormat.clock(.seconds(-5), precision: .cs) == "00:00:00.00")
  }

  @Test func pastNinetyNineHoursTheHoursGrow() {
    #expect(TimeFormat.clock(.seconds(99 * 3600 + 3599), precision: .cs) == "99:59:59.00")
    #expect(TimeFormat.clock(.seconds(100 * 3600), precision: .cs) == "100:00:00.00")
    #expect(TimeFormat.clock(.seconds(1000 * 3600), precision: .s) == "1000:00:00")
    // 30 days of riding: 720 hours, no drift.
    #expect(TimeFormat.clock(.seconds(30 * 86400) + .milliseconds(10), precision: .cs) == "720:00:00.01")
  }

  @Test func aSummaryNeverSaysMinus00_00_00AgainstTheRideBefore() {
    #expect(TimeFormat.signedDifference(.milliseconds(-4), precision: .cs) == "+00:00.00")
    #expect(TimeFormat.signedDifference(.milliseconds(-999), precision: .s) == "+00:00")
    #expect(TimeFormat.signedDifference(.milliseconds(-90), precision: .ds) == "+00:00.0")
    #expect(TimeFormat.signedDifference(.milliseconds(-10), precision: .cs) == "-00:00.01")
    #expect(TimeFormat.signedDifference(.milliseconds(-1_000), precision: .s) == "-00:01")
  }

  @Test func signedDifferences() {
    #expect(TimeFormat.signedDifference(.milliseconds(-2_470), precision: .cs) == "-00:02.47")
    #expect(TimeFormat.signedDifference(.milliseconds(6_250), precision: .cs) == "+00:06.25")
    #expect(TimeFormat.signedDifference(.seconds(3700), precision: .s) == "+01:01:40")
  }

  @Test func textWidthCountsHangulAsTwoColumns() {
    #expect(TextWidth.columns("라이드 1") == 8)
    #expect(TextWidth.prefix("라이드", columns: 3) == "라")
    #expect(TextWidth.padded("랩", to: 4) == "랩  ")
    #expect(TextWidth.columns("▲ ▼ ›") == 5)
  }

  @Test func languageFromTheEnvironment() {
    #expect(Language.from(environment: ["LANG": "ko_KR.UTF-8"]) == .ko)
    #expect(Language.from(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ko_KR.UTF-8"]) == .en)
    #expect(Language.from(environment: ["LC_ALL": "", "LC_MESSAGES": "ko", "LANG": "C"]) == .ko)
    #expect(Language.from(environment: [:]) == .en)
  }
}
