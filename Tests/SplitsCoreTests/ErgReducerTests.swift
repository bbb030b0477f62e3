import SplitsSensors
import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

private let trainerAddress = "C0:FF:EE:00:00:01"
private let features = FitnessMachineFeatures(machine: 0x4000, targetSetting: 0b1000)
private let range = SupportedPowerRange(minimum: 0, maximum: 800, increment: 1)

/// 10 s at 100 % then a 10 s ramp from 50 % to 100 %, then 5 s without a target.
private let plan = Workout(
  name: "ERG", ftp: 200,
  steps: [
    WorkoutStep(name: "Hold", kind: .active, length: .seconds(10), target: .steady(low: 100, high: 100)),
    WorkoutStep(name: "Ramp", kind: .active, length: .seconds(10), target: .ramp(from: 50, to: 100)),
    WorkoutStep(name: "Free", kind: .free, length: .seconds(5)),
  ])

private func writes(_ effects: [Effect]) -> [ControlPointRequest] {
  effects.compactMap {
    if case .trainer(let request, let address) = $0, address == trainerAddress { return request }
    return nil
  }
}

private func ok(_ request: ControlPointRequest) -> SensorInput {
  .trainerAnswered(address: trainerAddress, ControlPointResponse(request: request.opCode, result: .success))
}

/// A workout screen with `--erg`, its trainer connected and granted control, the ride started at 0.
private func holding() -> (RideScreenState, [ControlPointRequest]) {
  var s = workoutState(plan)
  s.erg = ErgFeature(enabled: true, ftp: 200)
  var written: [ControlPointRequest] = []
  written += writes(RideReducer.reduce(&s, sensor(.trainer(address: trainerAddress, features, range), at: t(0))))
  written += writes(RideReducer.reduce(&s, sensor(ok(.requestControl), at: t(10))))
  written += writes(RideReducer.reduce(&s, .key(.character(" "), at: t(100))))
  written += writes(RideReducer.reduce(&s, sensor(ok(.startOrResume), at: t(110))))
  return (s, written)
}

@Suite("ERG on the ride screen: each step's target written to the trainer, in order")
struct ErgReducerTests {
  @Test("control, start, then the step's 200 W once the ride runs")
  func order() {
    let (_, written) = holding()
    #expect(written == [.requestControl, .startOrResume, .setTargetPower(200)])
  }

  @Test("a ramp step: a new target each whole second, 100 W to 200 W over 10 s")
  func ramp() {
    var (s, _) = holding()
    var written: [ControlPointRequest] = []
    written += writes(RideReducer.reduce(&s, sensor(ok(.setTargetPower(200)), at: t(120))))
    for second in 10...13 {
      written += writes(RideReducer.reduce(&s, .tick(at: t(Int64(second) * 1000 + 100))))
      if case .setTargetPower(let watts)? = written.last {
        written += writes(RideReducer.reduce(&s, sensor(ok(.setTargetPower(watts)), at: t(Int64(second) * 1000 + 150))))
      }
    }
    #expect(written == [.setTargetPower(100), .setTargetPower(110), .setTargetPower(120), .setTargetPower(130)])
    #expect(s.erg.target == 130)
  }

  @Test("pause lets go of the trainer; resume starts it and sets the target again")
  func pauseResume() {
    var (s, _) = holding()
    _ = RideReducer.reduce(&s, sensor(ok(.setTargetPower(200)), at: t(120)))
    #expect(writes(RideReducer.reduce(&s, .key(.character(" "), at: t(3000)))) == [.pause])
    #expect(writes(RideReducer.reduce(&s, sensor(ok(.pause), at: t(3010)))) == [])
    #expect(writes(RideReducer.reduce(&s, .key(.character(" "), at: t(5000)))) == [.startOrResume])
    #expect(writes(RideReducer.reduce(&s, sensor(ok(.startOrResume), at: t(5010)))) == [.setTargetPower(200)])
  }

  @Test("q stops the trainer before the screen quits")
  func quitStops() {
    var (s, _) = holding()
    let effects = RideReducer.reduce(&s, .key(.character("q"), at: t(2000)))
    #expect(writes(effects) == [.stop])
    #expect(effects.last?.isQuit == true)
    let stop = effects.firstIndex { if case .trainer = $0 { true } else { false } }
    #expect(stop == effects.count - 2)
  }

  @Test("a trainer that refuses control: said once on the banner line until the next key, and nothing more written")
  func refused() {
    var s = workoutState(plan)
    s.erg = ErgFeature(enabled: true, ftp: 200)
    _ = RideReducer.reduce(&s, sensor(.trainer(address: trainerAddress, features, range), at: t(0)))
    let refusal = SensorInput.trainerAnswered(
      address: trainerAddress, ControlPointResponse(request: 0x00, result: .controlNotPermitted))
    _ = RideReducer.reduce(&s, sensor(refusal, at: t(10)))
    #expect(s.erg.refusal == .controlNotPermitted)
    #expect(s.erg.showingRefusal)
    #expect(writes(RideReducer.reduce(&s, .key(.character(" "), at: t(100)))) == [])
    #expect(!s.erg.showingRefusal)
    #expect(writes(RideReducer.reduce(&s, .tick(at: t(12_000)))) == [])
  }

  @Test("no answer: the request is sent again after a second, at the ticker's candidate")
  func retried() {
    var (s, _) = holding()
    #expect(s.nextChange().map { $0 <= t(1110) } == true)
    #expect(writes(RideReducer.reduce(&s, .tick(at: t(1110)))) == [.setTargetPower(200)])
  }

  @Test("a lost trainer's session ends; connected again, control is asked again and the target set")
  func reconnect() {
    var (s, _) = holding()
    _ = RideReducer.reduce(&s, sensor(ok(.setTargetPower(200)), at: t(120)))
    _ = RideReducer.reduce(&s, sensor(.lost(address: trainerAddress), at: t(2000)))
    #expect(writes(RideReducer.reduce(&s, .tick(at: t(3000)))) == [])
    var written = writes(RideReducer.reduce(&s, sensor(.trainer(address: trainerAddress, features, range), at: t(4000))))
    written += writes(RideReducer.reduce(&s, sensor(ok(.requestControl), at: t(4010))))
    written += writes(RideReducer.reduce(&s, sensor(ok(.startOrResume), at: t(4020))))
    #expect(written == [.requestControl, .startOrResume, .setTargetPower(200)])
  }

  @Test("without --erg a trainer is never written to")
  func disabled() {
    var s = workoutState(plan)
    var effects = RideReducer.reduce(&s, sensor(.trainer(address: trainerAddress, features, range), at: t(0)))
    effects += RideReducer.reduce(&s, .key(.character(" "), at: t(100)))
    effects += RideReducer.reduce(&s, .key(.character("q"), at: t(200)))
    #expect(writes(effects) == [])
  }
}
