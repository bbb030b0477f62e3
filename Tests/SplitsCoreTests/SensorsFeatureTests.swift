import SplitsSensors
import SplitsTestRandom
import SplitsTestSupport
import Testing

@testable import SplitsCore

/// A sensor's input at an instant.
func sensor(_ input: SensorInput, at instant: Instant) -> Action {
  Action(.sensor(input), at: Now(monotonic: instant, wallMilliseconds: 0))
}

let strap = "AA:BB:CC:DD:EE:01"
let meter = "AA:BB:CC:DD:EE:02"
let trainer = "AA:BB:CC:DD:EE:03"

func heart(_ bpm: Int) -> SensorMeasurement { .heartRate(HeartRateMeasurement(beatsPerMinute: bpm, contact: .detected)) }
func watts(_ value: Int) -> SensorMeasurement { .cyclingPower(CyclingPowerMeasurement(watts: value)) }
func bike(power: Int16? = nil, heartRate: UInt8? = nil, cadenceHalves: UInt16? = nil) -> SensorMeasurement {
  var data = IndoorBikeData()
  data.power = power
  data.heartRate = heartRate
  data.cadence = cadenceHalves
  return .indoorBike(data)
}

/// Feeds `measurement` from `address` at `ms` (from `t(0)`).
func hear(_ s: inout RideScreenState, _ address: String, _ measurement: SensorMeasurement, at ms: Int64) -> [Effect] {
  RideReducer.reduce(&s, sensor(.measurement(address: address, measurement), at: t(ms)))
}

func samples(_ effects: [Effect]) -> [SensorSample] {
  effects.compactMap { if case .recordSample(let sample, _) = $0 { sample } else { nil } }
}

@Suite("Sensors on the ride screen: figures, precedence, staleness, lost sensors")
struct SensorsFeatureTests {
  @Test func aHeartRateHeardShowsUntilItIsThreeSecondsOld() {
    var s = state(in: .running)
    _ = RideReducer.reduce(&s, sensor(.connected(address: strap, name: "Strap"), at: t(100)))
    #expect(s.sensors.figures(at: t(100)).isEmpty)
    _ = hear(&s, strap, heart(142), at: 200)
    #expect(s.sensors.figures(at: t(200)).heartRate == .value(142))
    #expect(s.sensors.figures(at: t(3199)).heartRate == .value(142))
    #expect(s.sensors.figures(at: t(3200)).heartRate == .stale)
    #expect(s.sensors.figures(at: t(3200)).power == nil)
  }

  @Test func theNextCandidateIsWhenTheShownFigureGoesStale() {
    var s = state(in: .paused)
    _ = hear(&s, strap, heart(130), at: 2000)
    #expect(s.sensors.nextCandidate(now: s.now) == t(5000))
    #expect(s.nextCandidate(shown: ShownClocks()) == t(5000))
    _ = RideReducer.reduce(&s, .tick(at: t(5000)))
    #expect(s.sensors.nextCandidate(now: s.now) == nil)
  }

  @Test func aSteady200WAt4HzWakesNothingAsEachReadingLeavesTheAverageOnlyWhenItGoesStale() {
    var s = state(in: .paused)
    for index in 0..<8 { _ = hear(&s, meter, watts(200), at: 1000 + 250 * Int64(index)) }
    // Each reading leaves the 3 s average from 4000 on, and the average stays 200 W: the
    // next change is the last reading going stale.
    #expect(s.sensors.nextCandidate(now: s.now) == t(5750))
    #expect(s.nextCandidate(shown: ShownClocks()) == t(5750))
  }

  @Test func aReadingLeavingTheAverageIsTheNextChangeWhenTheAverageMoves() {
    var s = state(in: .paused)
    _ = hear(&s, meter, watts(100), at: 1000)
    _ = hear(&s, meter, watts(300), at: 1250)
    _ = hear(&s, meter, watts(200), at: 1500)
    #expect(s.sensors.figures(at: t(1500)).powerAverage == .value(200))
    // At 4000 the 100 W leaves: 250 W.
    #expect(s.sensors.nextCandidate(now: s.now) == t(4000))
    #expect(s.sensors.figures(at: t(4000)).powerAverage == .value(250))
    _ = RideReducer.reduce(&s, .tick(at: t(4000)))
    // At 4250 the 300 W leaves: 200 W; then the last goes stale at 4500.
    #expect(s.sensors.nextCandidate(now: s.now) == t(4250))
  }

  @Test func aLostSensorShowsLostNeverZeroAndComesBackWhenItSendsAgain() {
    var s = state(in: .running)
    _ = hear(&s, meter, watts(210), at: 100)
    _ = RideReducer.reduce(&s, sensor(.lost(address: meter), at: t(500)))
    let figures = s.sensors.figures(at: t(600))
    #expect(figures.power == .lost)
    #expect(figures.powerAverage == .lost)
    #expect(s.sensors.nextCandidate(now: t(600)) == nil)
    _ = RideReducer.reduce(&s, sensor(.connected(address: meter, name: nil), at: t(4000)))
    #expect(s.sensors.figures(at: t(4000)).power == .stale)
    _ = hear(&s, meter, watts(190), at: 4100)
    #expect(s.sensors.figures(at: t(4100)).power == .value(190))
    #expect(s.sensors.figures(at: t(4100)).powerAverage == .value(190))
  }

  @Test func thePowerAverageIsTheMeanOfTheLastThreeSeconds() {
    var s = state(in: .running)
    for (ms, value) in [(0, 100), (1000, 200), (2000, 300), (3000, 400)] as [(Int64, Int)] {
      _ = hear(&s, meter, watts(value), at: ms)
    }
    let figures = s.sensors.figures(at: t(3000))
    #expect(figures.power == .value(400))
    #expect(figures.powerAverage == .value(300))
    #expect(s.sensors.powerAverage(at: t(4500)) == 350)
  }

  @Test func aPowerMeterIsShownBeforeATrainerAndAStrapBeforeATrainersHeartRate() {
    var s = state(in: .running)
    _ = hear(&s, trainer, bike(power: 250, heartRate: 120, cadenceHalves: 180), at: 0)
    #expect(s.sensors.figures(at: t(0)).power == .value(250))
    #expect(s.sensors.figures(at: t(0)).cadence == .value(90))
    _ = hear(&s, meter, watts(240), at: 100)
    _ = hear(&s, strap, heart(150), at: 100)
    let figures = s.sensors.figures(at: t(200))
    #expect(figures.power == .value(240))
    #expect(figures.heartRate == .value(150))
    #expect(figures.cadence == .value(90))
    // The power meter stops: the trainer's figure is shown again.
    _ = hear(&s, trainer, bike(power: 260), at: 3000)
    #expect(s.sensors.figures(at: t(3100)).power == .value(260))
  }

  @Test func cadenceComesFromTheCranksCounterWithItsWrap() {
    var s = state(in: .running)
    let csc = "AA:BB:CC:DD:EE:04"
    _ = hear(&s, csc, .speedAndCadence(CSCMeasurement(crank: CrankRevolutions(revolutions: 65535, eventTime: 64512))), at: 0)
    #expect(s.sensors.figures(at: t(0)).cadence == nil)
    // One revolution in one second, across both counters' wraps: 60 rpm.
    _ = hear(&s, csc, .speedAndCadence(CSCMeasurement(crank: CrankRevolutions(revolutions: 0, eventTime: 0))), at: 1000)
    #expect(s.sensors.figures(at: t(1000)).cadence == .value(60))
  }

  @Test func aMalformedNotificationIsCountedAndChangesNoFigure() {
    var s = state(in: .running)
    _ = hear(&s, strap, heart(120), at: 0)
    let before = s.sensors.figures(at: t(10))
    guard case .failure(let error) = Result(catching: { () throws(SensorPacketError) in try HeartRateMeasurement([]) }) else {
      Issue.record("an empty packet was read")
      return
    }
    _ = RideReducer.reduce(&s, sensor(.malformed(address: strap, error), at: t(10)))
    #expect(s.sensors.links[strap]?.malformed == 1)
    #expect(s.sensors.figures(at: t(10)) == before)
  }

  @Test func aSensorIsNotTheRiderItLeavesTheHintAndTheBanner() {
    var s = state(in: .running)
    s.chrome.banner = "a note"
    s.chrome.confirmingQuit = true
    s.showHint(.unknownKey)
    _ = hear(&s, strap, heart(120), at: 10)
    _ = RideReducer.reduce(&s, sensor(.lost(address: strap), at: t(20)))
    #expect(s.chrome.banner == "a note")
    #expect(s.chrome.confirmingQuit)
    #expect(s.chrome.hints.hint == .unknownKey)
  }

  /// For every sequence of readings, a figure shown is one heard less than 3 s ago from a
  /// connected sensor, and no shown figure outlives the next candidate unchanged.
  @Test func aShownFigureIsAlwaysFreshFromAConnectedSensor() {
    var rng = SplitMix64(state: 0x5E45_0001)
    for _ in 0..<200 {
      var s = state(in: .running)
      var at: Int64 = 0
      for _ in 0..<30 {
        at += Int64.random(in: 0...2500, using: &rng)
        let address = [strap, meter, trainer].randomElement(using: &rng)!
        let input: SensorInput =
          switch Int.random(in: 0..<6, using: &rng) {
          case 0: .lost(address: address)
          case 1: .connected(address: address, name: nil)
          case 2: .measurement(address: address, heart(Int.random(in: 40...200, using: &rng)))
          case 3: .measurement(address: address, watts(Int.random(in: 0...1500, using: &rng)))
          default: .measurement(address: address, bike(power: Int16.random(in: 0...900, using: &rng)))
          }
        _ = RideReducer.reduce(&s, sensor(input, at: t(at)))
        let probe = t(at + Int64.random(in: 0...4000, using: &rng))
        for figure in SensorFigure.allCases {
          guard let (address, reading) = s.sensors.chosen(figure, at: probe) else { continue }
          #expect(s.sensors.links[address]?.connected == true)
          #expect(reading.at <= probe && probe - reading.at < .seconds(3))
        }
        if let next = s.sensors.nextCandidate(now: t(at)) {
          #expect(next > t(at))
          let justBefore = next - .nanoseconds(1)
          #expect(s.sensors.figures(at: justBefore) == s.sensors.figures(at: t(at)))
        } else {
          #expect(s.sensors.figures(at: t(at + 10_000)) == s.sensors.figures(at: t(at)))
        }
      }
    }
  }
}

@Suite("Sensor samples: one a second of moving time, absent when nothing was heard")
struct SensorSamplesTests {
  @Test func eachSecondOfMovingTimeIsRecordedOnceItHasPassedAsTheMeanOfItsReadings() {
    var s = state(in: .running)
    var recorded: [SensorSample] = []
    for ms in stride(from: Int64(0), through: 3000, by: 250) {
      recorded += samples(hear(&s, meter, watts(ms < 1000 ? 200 : 300), at: ms))
      recorded += samples(hear(&s, strap, heart(ms < 1000 ? 140 : 141), at: ms))
    }
    #expect(recorded == [
      SensorSample(second: 0, heartRate: 140, power: 200), SensorSample(second: 1, heartRate: 141, power: 300),
      SensorSample(second: 2, heartRate: 141, power: 300),
    ])
  }

  @Test func nothingIsRecordedWhilePausedAndTheSecondsAreTheMovingTimes() {
    var s = state(in: .running)
    var recorded: [SensorSample] = []
    recorded += samples(hear(&s, strap, heart(120), at: 500))
    recorded += samples(RideReducer.reduce(&s, .key(.character(" "), at: t(1500))))  // pause at 1.5 s of moving time
    for ms in stride(from: Int64(1600), through: 9000, by: 500) { recorded += samples(hear(&s, strap, heart(99), at: ms)) }
    #expect(recorded == [SensorSample(second: 0, heartRate: 120)])
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(10_000)))  // resume
    recorded += samples(hear(&s, strap, heart(130), at: 10_200))  // moving 1.7 s: still second 1
    recorded += samples(hear(&s, strap, heart(131), at: 10_600))  // moving 2.1 s
    #expect(recorded == [SensorSample(second: 0, heartRate: 120), SensorSample(second: 1, heartRate: 130)])
  }

  @Test func aLostSensorsSecondsAreAbsentNeverZero() {
    var s = state(in: .running)
    var recorded: [SensorSample] = []
    for ms in stride(from: Int64(0), through: 2000, by: 500) { recorded += samples(hear(&s, meter, watts(200), at: ms)) }
    _ = RideReducer.reduce(&s, sensor(.lost(address: meter), at: t(2100)))
    for ms in stride(from: Int64(2200), through: 7000, by: 100) { recorded += samples(RideReducer.reduce(&s, .tick(at: t(ms)))) }
    _ = RideReducer.reduce(&s, sensor(.connected(address: meter, name: nil), at: t(7050)))
    for ms in stride(from: Int64(7100), through: 9100, by: 500) { recorded += samples(hear(&s, meter, watts(250), at: ms)) }
    #expect(recorded.map(\.second) == [0, 1, 2, 7, 8])
    #expect(recorded.allSatisfy { $0.power != nil && $0.power != 0 })
  }

  @Test func theTrainersPowerIsNotRecordedWhileThePowerMeterIsShown() {
    var s = state(in: .running)
    var recorded: [SensorSample] = []
    for ms in stride(from: Int64(0), through: 1000, by: 250) {
      recorded += samples(hear(&s, meter, watts(200), at: ms))
      recorded += samples(hear(&s, trainer, bike(power: 400), at: ms + 1))
    }
    #expect(recorded == [SensorSample(second: 0, power: 200)])
  }

  @Test func theLastPartialSecondIsRecordedBeforeTheFinish() {
    var s = state(in: .running)
    _ = hear(&s, strap, heart(150), at: 1200)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1400)))
    let effects = RideReducer.reduce(&s, .key(.character("r"), at: t(2000)))
    guard effects.count >= 2, case .recordSample(let sample, let ride) = effects[0], case .record(let event, _, _) = effects[1]
    else {
      Issue.record("expected a sample, then the finish: \(effects)")
      return
    }
    #expect(sample == SensorSample(second: 1, heartRate: 150))
    #expect(ride == 7)
    #expect(event.kind == .finish)
    // The next ride starts its own seconds from 0.
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(3000)))
    var next: [SensorSample] = []
    next += samples(hear(&s, strap, heart(100), at: 3100))
    next += samples(hear(&s, strap, heart(101), at: 4100))
    #expect(next == [SensorSample(second: 0, heartRate: 100)])
  }

  @Test func noReadingMeansNoSample() {
    var s = state(in: .running)
    var recorded: [SensorSample] = []
    for ms in stride(from: Int64(0), through: 10_000, by: 10) { recorded += samples(RideReducer.reduce(&s, .tick(at: t(ms)))) }
    #expect(recorded.isEmpty)
  }

  /// For any sequence of readings, ticks and pauses: seconds are recorded in order, each at
  /// most once, and never one the moving time has not passed.
  @Test func samplesComeInOrderOncePerSecondAndNeverAhead() {
    var rng = SplitMix64(state: 0x5E45_0002)
    for _ in 0..<100 {
      var s = state(in: .running)
      var at: Int64 = 0
      var seconds: [Int] = []
      for _ in 0..<60 {
        at += Int64.random(in: 1...900, using: &rng)
        let effects: [Effect] =
          switch Int.random(in: 0..<10, using: &rng) {
          case 0: RideReducer.reduce(&s, .key(.character(" "), at: t(at)))
          case 1: RideReducer.reduce(&s, .tick(at: t(at)))
          default: hear(&s, strap, heart(Int.random(in: 60...190, using: &rng)), at: at)
          }
        for sample in samples(effects) {
          #expect(sample.second < Int(s.moving.components.seconds))
          #expect(sample.heartRate != nil)
          seconds.append(sample.second)
        }
      }
      #expect(seconds == seconds.sorted() && Set(seconds).count == seconds.count)
    }
  }
}
