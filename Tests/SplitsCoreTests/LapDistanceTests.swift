import Testing

@testable import SplitsCore

/// `--lap-distance 400m`: what a runner types reads as that many millimetres, what is not a
/// distance is refused with what is accepted, and each lap's pace and speed follow.
@Suite("Lap distances, paces and speeds")
struct LapDistanceTests {
  static let accepted: [(String, Int64, String)] = [
    ("400m", 400_000, "400m"),
    ("0.4km", 400_000, "400m"),
    ("1km", 1_000_000, "1km"),
    ("1KM", 1_000_000, "1km"),
    ("1mi", 1_609_344, "1mi"),
    ("1.5mi", 2_414_016, "1.5mi"),
    ("200 m", 200_000, "200m"),
    ("1m", 1_000, "1m"),
    ("1000km", 1_000_000_000, "1000km"),
    ("42.195km", 42_195_000, "42.195km"),
    ("0.0005km", 500, ""),
    ("333.3333m", 333_333, "333.333m"),
  ]

  @Test func theFormsARunnerTypesReadAsTheirDistance() {
    for (text, millimetres, shown) in Self.accepted {
      let parsed = LapDistance.parse(text)
      if millimetres < LapDistance.minimum {
        #expect(parsed == .failure(.tooShort(text)), "\(text)")
        continue
      }
      #expect((try? parsed.get())?.millimetres == millimetres, "\(text)")
      #expect((try? parsed.get())?.text == shown, "\(text)")
    }
  }

  static let refused: [(String, LapDistanceError, String)] = [
    ("0m", .tooShort("0m"), "a lap distance must be at least 1m, not 0m."),
    ("-1km", .negative("-1km"), "a lap distance must be positive, not -1km: give a number and a unit: 400m, 0.4km, 1mi."),
    ("400", .noUnit("400"), "'400' has no unit: write 400m, 400km or 400mi."),
    ("400yd", .unknownUnit("400yd", unit: "yd"), "'400yd': 'yd' is not a unit of lap distance; use m, km or mi."),
    ("1001km", .tooLong("1001km"), "a lap distance must be at most 1000km, not 1001km."),
    ("", .notADistance(""), "'' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("km", .notADistance("km"), "'km' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("inf", .notADistance("inf"), "'inf' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("nan", .notADistance("nan"), "'nan' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("1.km", .notADistance("1.km"), "'1.km' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("1.2.3m", .notADistance("1.2.3m"), "'1.2.3m' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("1,5km", .notADistance("1,5km"), "'1,5km' is not a lap distance: give a number and a unit: 400m, 0.4km, 1mi."),
    ("99999999999999m", .tooLong("99999999999999m"), "a lap distance must be at most 1000km, not 99999999999999m."),
  ]

  @Test func whatIsNotADistanceIsRefusedSayingWhatIs() {
    for (text, error, message) in Self.refused {
      #expect(LapDistance.parse(text) == .failure(error), "\(text)")
      #expect(error.description == message, "\(text)")
    }
  }

  @Test func aJournalValueOutsideTheBoundsIsNoDistance() {
    #expect(LapDistance(millimetres: 0) == nil)
    #expect(LapDistance(millimetres: -400_000) == nil)
    #expect(LapDistance(millimetres: 1_000_000_001) == nil)
    #expect(LapDistance(millimetres: 400_000)?.metres == 400)
  }

  static let track = LapDistance(millimetres: 400_000)!

  @Test func aLapOf98SecondsOver400mIsA4_05PaceAt14_7KilometresAnHour() {
    let lap = Duration.milliseconds(98_000)
    #expect(Pace.paceText(lap: lap, distance: Self.track, units: .metric) == "4:05")
    #expect(Pace.speedText(lap: lap, distance: Self.track, units: .metric) == "14.7")
    #expect(Pace.paceText(lap: lap, distance: Self.track, units: .imperial) == "6:34")
    #expect(Pace.speedText(lap: lap, distance: Self.track, units: .imperial) == "9.1")
  }

  @Test func aSlowLapShowsHoursAndALapOfNoTimeShowsNothing() {
    let mile = LapDistance(millimetres: 1_609_344)!
    #expect(Pace.paceText(lap: .seconds(3_723), distance: mile, units: .imperial) == "1:02:03")
    #expect(Pace.paceText(lap: .zero, distance: mile, units: .metric) == "")
    #expect(Pace.speedText(lap: .zero, distance: mile, units: .metric) == "")
    // A hundred years over a metre: no trap, a figure.
    let metre = LapDistance(millimetres: 1_000)!
    #expect(!Pace.paceText(lap: .seconds(3_155_760_000), distance: metre, units: .metric).isEmpty)
  }

  @Test func aRidesDistanceIsItsWholeLaps() {
    #expect(Pace.total(laps: 4, distance: Self.track) == 1_600_000)
    #expect(Pace.distanceText(millimetres: 1_600_000, units: .metric) == "1.60")
    #expect(Pace.distanceText(millimetres: 1_609_344, units: .imperial) == "1.00")
    #expect(Pace.total(laps: Int.max, distance: Self.track) == Int64.max)
  }
}

/// The lap distance goes with the ride: recorded with its first event, the open ride's own
/// on screen, the next ride's after a finish.
@Suite("A ride's lap distance on the ride screen")
struct LapDistanceRideTests {
  static let origin = Instant(nanoseconds: 1_000_000_000_000)
  static func at(_ ms: Int64) -> Instant { origin + .milliseconds(ms) }
  static let track = LapDistance(millimetres: 400_000)!
  static let mile = LapDistance(millimetres: 1_609_344)!

  @Test func theStartOfARideOpenedWith400mCarriesItToTheJournal() {
    var state = RideOpening(restored: nil, precision: .cs, lapDistance: Self.track).state(at: Self.origin)
    let effects = RideReducer.reduce(&state, .key(.character(" "), at: Self.at(0)))
    guard case .record(let event, _, _)? = effects.first else {
      Issue.record("no event recorded: \(effects)")
      return
    }
    #expect(event.kind == .start && event.lapDistance == Self.track)
    let pause = RideReducer.reduce(&state, .key(.character(" "), at: Self.at(1_000)))
    guard case .record(let paused, _, _)? = pause.first else { return }
    #expect(paused.lapDistance == nil)
  }

  @Test func theCountdownsStartCarriesIt() {
    var state = RideOpening(restored: nil, precision: .cs, countdownSteps: 3, lapDistance: Self.track)
      .state(at: Self.origin)
    let effects = RideReducer.reduce(&state, .key(.character(" "), at: Self.at(0)))
    guard case .record(let event, _, _)? = effects.first else { return }
    #expect(event.kind == .countdownStart && event.lapDistance == Self.track)
  }

  @Test func anOpenRideKeepsItsOwnDistanceAndTheNextRideGetsTheOneGiven() {
    var restored = Restore.ride(number: 3, events: [], bootID: "b", now: Now(monotonic: Self.origin, wallMilliseconds: 0))
    restored.ride.apply(RideEvent(.start, at: Self.at(0)))
    restored.lapDistance = Self.mile
    var state = RideOpening(restored: restored, precision: .cs, lapDistance: Self.track).state(at: Self.at(10_000))
    #expect(state.lapDistance == Self.mile)
    _ = RideReducer.reduce(&state, .key(.character(" "), at: Self.at(20_000)))
    _ = RideReducer.reduce(&state, .key(.character("r"), at: Self.at(21_000)))
    #expect(state.chrome.lastFinished?.lapDistance == Self.mile)
    #expect(state.lapDistance == Self.track)
    // An open ride without one shows none, whatever the next ride gets.
    restored.lapDistance = nil
    #expect(RideOpening(restored: restored, precision: .cs, lapDistance: Self.track).state(at: Self.at(10_000)).lapDistance == nil)
  }
}
