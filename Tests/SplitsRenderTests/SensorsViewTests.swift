import SplitsSensors
import SplitsTestSupport
import Testing

@testable import SplitsCore
@testable import SplitsRender

@Suite("The sensors' line on the ride and workout screens, at every size, in both languages")
struct SensorsViewTests {
  static let start = Instant(nanoseconds: 1_000_000_000_000)

  /// A ride 65 s in with a power meter (3 s: 200, 220, 240 W), a strap at 142 bpm and a lost
  /// speed and cadence sensor.
  static func riding(_ edit: (inout RideScreenState) -> Void = { _ in }) -> RideScreenState {
    var s = RideScreenState(ride: Ride(number: 4), precision: .s, now: start)
    edit(&s)
    _ = RideReducer.reduce(&s, Action(.key(.character(" ")), at: Now(monotonic: start, wallMilliseconds: 0)))
    func send(_ input: SensorInput, _ ms: Int64) {
      _ = RideReducer.reduce(&s, Action(.sensor(input), at: Now(monotonic: start + .milliseconds(ms), wallMilliseconds: 0)))
    }
    send(.measurement(address: "AA:00:00:00:00:03", .speedAndCadence(CSCMeasurement(crank: CrankRevolutions(revolutions: 1, eventTime: 1024)))), 60_000)
    send(.measurement(address: "AA:00:00:00:00:03", .speedAndCadence(CSCMeasurement(crank: CrankRevolutions(revolutions: 2, eventTime: 2048)))), 61_000)
    send(.lost(address: "AA:00:00:00:00:03"), 62_000)
    for (ms, watts) in [(63_000, 200), (64_000, 220), (65_000, 240)] as [(Int64, Int)] {
      send(.measurement(address: "AA:00:00:00:00:01", .cyclingPower(CyclingPowerMeasurement(watts: watts))), ms)
    }
    send(.measurement(address: "AA:00:00:00:00:02", .heartRate(HeartRateMeasurement(beatsPerMinute: 142, contact: .detected))), 65_000)
    return s
  }

  func lines(_ state: RideScreenState, _ columns: Int, _ rows: Int, _ language: Language = .en) -> [String] {
    RideView.render(state, size: Size(columns: columns, rows: rows), options: ViewOptions(plain: true, colors: false, language: language)).lines
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test func theRideScreenShowsPowerHeartRateAndALostSensorBelowTheFigures() {
    #expect(lines(Self.riding(), 72, 8) == [
      " Splits · Ride 4                                                RUNNING",
      " 00:01:05",
      " Elapsed 00:01:05   Paused 00:00:00   Laps 0",
      " Power 3s 220 W   now 240 W   HR 142 bpm   Cadence lost",
      "   Lap   Lap time   Split        Diff",
      " ›   1   00:01:05   00:01:05",
      "",
      " space pause  l lap  ? help  q quit",
    ])
  }

  @Test func inKoreanTheSameFiguresHaveKoreanWords() {
    #expect(lines(Self.riding(), 72, 8, .ko)[3] == " 파워 3초 220 W   지금 240 W   심박 142 bpm   케이던스 끊김")
  }

  @Test func aNarrowScreenDropsTheCadenceAndTheLatestPowerFirst() {
    #expect(lines(Self.riding(), 30, 8)[3] == " Power 3s 220 W   HR 142 bpm")
    #expect(lines(Self.riding(), 18, 8)[3] == " Power 3s 220 W")
  }

  @Test func withOneRowLeftTheSensorsLineTakesItBeforeTheFigures() {
    #expect(lines(Self.riding(), 72, 3) == [
      " 00:01:05  RUNNING",
      " Power 3s 220 W   now 240 W   HR 142 bpm   Cadence lost",
      " space pause  l lap  ? help  q quit",
    ])
  }

  @Test func aFigureNotHeardForThreeSecondsIsADashAndNoSensorShowsNoLine() {
    var s = Self.riding()
    _ = RideReducer.reduce(&s, Action(.tick, at: Now(monotonic: Self.start + .milliseconds(68_000), wallMilliseconds: 0)))
    #expect(lines(s, 72, 8)[3] == " Power 3s –   HR –   Cadence lost")
    let none = RideScreenState(ride: Ride(number: 4), precision: .s, now: Self.start)
    #expect(!lines(none, 72, 8).contains { $0.contains("Power") || $0.contains("HR") })
  }
}

@Suite("The sensors' line on the workout screen: the step's target and whether the power holds it")
struct SensorsWorkoutViewTests {
  /// Sweet spot 1 (88–92 % of 250 W: 220–230 W), 12 minutes in, with a power meter at `watts`.
  func riding(_ watts: Int) -> RideScreenState {
    var s = workoutRide(at: 720_000)
    for ms in [718_000, 719_000, 720_000] as [Int64] {
      _ = RideReducer.reduce(
        &s, Action(.sensor(.measurement(address: "AA:00:00:00:00:01", .cyclingPower(CyclingPowerMeasurement(watts: watts)))),
          at: Now(monotonic: t(ms), wallMilliseconds: 0)))
    }
    return s
  }

  func line(_ state: RideScreenState, _ columns: Int = 80, _ rows: Int = 24, _ language: Language = .en) -> String? {
    render(state, columns, rows, plain: true, colors: false, language: language)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
      .first { $0.contains("W") && ($0.contains("Power") || $0.contains("파워")) }
  }

  @Test func theTargetShowsBesideThePowerWithWhetherTheAverageHoldsIt() {
    #expect(line(riding(225)) == " Power 3s 225 W   now 225 W   target 220–230 W on target")
    #expect(line(riding(200)) == " Power 3s 200 W   now 200 W   target 220–230 W low")
    #expect(line(riding(250)) == " Power 3s 250 W   now 250 W   target 220–230 W high")
    #expect(line(riding(225), 80, 24, .ko) == " 파워 3초 225 W   지금 225 W   목표 220–230 W 목표 안")
  }

  @Test func aTrainerHeldToThePlanSaysERGWhereTheTargetIsUntilItRefuses() {
    var s = riding(225)
    s.erg = ErgFeature(enabled: true, ftp: 250)
    let trainer = "AA:00:00:00:00:04"
    let now = Now(monotonic: t(720_100), wallMilliseconds: 0)
    let features = FitnessMachineFeatures(machine: 0, targetSetting: 0b1000)
    _ = RideReducer.reduce(&s, Action(.sensor(.trainer(address: trainer, features, nil)), at: now))
    #expect(line(s) == " Power 3s 225 W   now 225 W   ERG 220–230 W on target")
    let refused = ControlPointResponse(request: 0x00, result: .controlNotPermitted)
    _ = RideReducer.reduce(&s, Action(.sensor(.trainerAnswered(address: trainer, refused)), at: now))
    #expect(line(s) == " Power 3s 225 W   now 225 W   target 220–230 W on target")
  }

  @Test func aSmallWorkoutScreenKeepsTheSensorsUnderTheTimeLeft() {
    let lines = render(riding(200), 60, 10, plain: true, colors: false)
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(lines == [
      " 2/8 · Sweet spot 1 · active",
      " 88–92% · 220–230 W · 90 rpm",
      " 08:00  left in step · RUNNING",
      " Power 3s 200 W   now 200 W   target 220–230 W low",
      "",
      " Next: Recovery · 05:00 · 55% · 138 W",
      " ▄▅▅▅▅▆▆▆▆█████████▅▅▅▅▅█████████▅▅▅▅▅█████████▅▅▅▅▅▅▅▅▄▄▄▄",
      "            ▲",
      " 12:00 / 51:00 left",
      " space pause  l skip step  ? help  q quit",
    ])
  }

  @Test func fivePercentEitherSideIsStillOnTarget() {
    #expect(SensorTarget.compliance(average: 209, target: 220...230) == .on)
    #expect(SensorTarget.compliance(average: 208, target: 220...230) == .low)
    #expect(SensorTarget.compliance(average: 241, target: 220...230) == .on)
    #expect(SensorTarget.compliance(average: 242, target: 220...230) == .high)
  }

  @Test func theSensorsLineStaysOnASmallWorkoutScreenAfterTheNextStepGoes() {
    for rows in [6, 8, 12, 24] {
      #expect(line(riding(225), 60, rows) != nil, "\(rows) rows")
    }
  }
}
