import SplitsTestRandom
import Testing

@testable import SplitsSensors

private let erg = FitnessMachineFeatures(machine: 0x4000, targetSetting: 0b1000)
private let range = SupportedPowerRange(minimum: 0, maximum: 1000, increment: 5)

private func ok(_ request: ControlPointRequest) -> ControlPointResponse {
  ControlPointResponse(request: request.opCode, result: .success)
}

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// A session begun and started: control granted, trainer started.
private func started() -> ErgSession {
  var session = ErgSession(features: erg, range: range)
  _ = session.begin(at: .zero)
  _ = session.indicated(ok(.requestControl), at: ms(10))
  _ = session.resume(nil, at: ms(15))
  _ = session.indicated(ok(.startOrResume), at: ms(20))
  return session
}

@Suite("ERG: the trainer's control point written in order, answered, retried, refused once")
struct ErgSessionTests {
  @Test("control, then start when the ride runs, then the step's target: one request at a time, each after its answer")
  func order() {
    var session = ErgSession(features: erg, range: range)
    #expect(session.begin(at: .zero) == [.write(.requestControl)])
    #expect(session.resume(200, at: ms(5)) == [])
    #expect(session.indicated(ok(.requestControl), at: ms(10)) == [.write(.startOrResume)])
    #expect(session.indicated(ok(.startOrResume), at: ms(20)) == [.write(.setTargetPower(200))])
    #expect(session.indicated(ok(.setTargetPower(200)), at: ms(30)) == [])
    #expect(session.deadline == nil)
  }

  @Test("a ramp's targets wanted while one is in flight: only the latest is sent after the answer")
  func latestOnly() {
    var session = started()
    #expect(session.hold(150, at: ms(100)) == [.write(.setTargetPower(150))])
    #expect(session.hold(155, at: ms(1100)) == [])
    #expect(session.hold(160, at: ms(1150)) == [])
    #expect(session.indicated(ok(.setTargetPower(150)), at: ms(1200)) == [.write(.setTargetPower(160))])
    #expect(session.indicated(ok(.setTargetPower(160)), at: ms(1300)) == [])
    #expect(session.hold(160, at: ms(2000)) == [], "a target already held is not written again")
  }

  @Test("no answer within a second: sent again once; no answer again: given up, said once, nothing more")
  func retryOnce() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    #expect(session.deadline == ms(1000))
    #expect(session.elapse(to: ms(999)) == [])
    #expect(session.elapse(to: ms(1000)) == [.write(.setTargetPower(200))])
    #expect(session.deadline == ms(2000))
    #expect(session.elapse(to: ms(2000)) == [.refused(.noAnswer(.setTargetPower(200)))])
    #expect(session.refusal == .noAnswer(.setTargetPower(200)))
    #expect(session.hold(250, at: ms(3000)) == [])
    #expect(session.elapse(to: ms(9000)) == [])
    #expect(session.deadline == nil)
  }

  @Test("an answer after the retry is taken: the target is held")
  func lateAnswer() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    _ = session.elapse(to: ms(1000))
    #expect(session.indicated(ok(.setTargetPower(200)), at: ms(1500)) == [])
    #expect(session.refusal == nil)
    #expect(session.hold(210, at: ms(1600)) == [.write(.setTargetPower(210))])
  }

  @Test("a trainer that refuses control: said once, and nothing is written after")
  func controlRefused() {
    var session = ErgSession(features: erg, range: range)
    _ = session.begin(at: .zero)
    let refused = ControlPointResponse(request: 0x00, result: .controlNotPermitted)
    #expect(session.indicated(refused, at: ms(10)) == [.refused(.controlNotPermitted)])
    #expect(session.hold(200, at: ms(20)) == [])
    #expect(session.pause(at: ms(30)) == [])
    #expect(session.resume(200, at: ms(40)) == [])
    #expect(session.indicated(ok(.requestControl), at: ms(50)) == [])
    #expect(session.stop() == [])
  }

  @Test("a target the trainer does not take: refused with its result")
  func targetRefused() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    let refused = ControlPointResponse(request: 0x05, result: .notSupported)
    #expect(session.indicated(refused, at: ms(10)) == [.refused(.refused(.setTargetPower(200), .notSupported))])
    #expect(session.hold(300, at: ms(20)) == [])
  }

  @Test("a trainer whose features hold no target power: refused at once, without a write")
  func noTargetPower() {
    var session = ErgSession(features: FitnessMachineFeatures(machine: 0x4000, targetSetting: 0b0100), range: range)
    #expect(session.begin(at: .zero) == [.refused(.targetPowerNotSupported)])
    #expect(session.hold(200, at: ms(10)) == [])
  }

  @Test("pause lets go of the target; resume starts again and sets it again, even the same watts")
  func pauseResume() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    _ = session.indicated(ok(.setTargetPower(200)), at: ms(10))
    #expect(session.pause(at: ms(100)) == [.write(.pause)])
    #expect(ControlPointRequest.pause.bytes == [0x08, 0x02])
    #expect(session.indicated(ok(.pause), at: ms(110)) == [])
    #expect(session.resume(200, at: ms(500)) == [.write(.startOrResume)])
    #expect(session.indicated(ok(.startOrResume), at: ms(510)) == [.write(.setTargetPower(200))])
  }

  @Test("a pause and resume before the trainer answered: the pause is dropped, the start kept")
  func pauseResumeQuickly() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    #expect(session.pause(at: ms(5)) == [])
    #expect(session.resume(220, at: ms(6)) == [])
    #expect(session.indicated(ok(.setTargetPower(200)), at: ms(10)) == [.write(.startOrResume)])
    #expect(session.indicated(ok(.startOrResume), at: ms(20)) == [.write(.setTargetPower(220))])
  }

  @Test("quitting stops the trainer (08 01) at once, in flight or not, and nothing follows")
  func quit() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    #expect(session.stop() == [.write(.stop)])
    #expect(ControlPointRequest.stop.bytes == [0x08, 0x01])
    #expect(session.indicated(ok(.setTargetPower(200)), at: ms(10)) == [])
    #expect(session.elapse(to: ms(5000)) == [])
    #expect(session.stop() == [])
  }

  @Test("an indication that answers another request is ignored")
  func strayAnswer() {
    var session = started()
    _ = session.hold(200, at: ms(0))
    #expect(session.indicated(ok(.startOrResume), at: ms(10)) == [])
    #expect(session.deadline == ms(1000))
  }

  @Test("targets clamped to the trainer's range, on its steps")
  func clamped() {
    #expect(range.clamp(203) == 205)
    #expect(range.clamp(202) == 200)
    #expect(range.clamp(5000) == 1000)
    #expect(range.clamp(-40) == 0)
    let odd = SupportedPowerRange(minimum: 10, maximum: 23, increment: 5)
    #expect(odd.clamp(23) == 20, "the steps from the minimum end at 20, below the maximum")
    #expect(SupportedPowerRange(minimum: 50, maximum: 10, increment: 0).clamp(30) == 50)
    var session = started()
    #expect(session.hold(1_400, at: .zero) == [.write(.setTargetPower(1000))])
  }

  @Test("the requests' bytes, and the answers, features and range read from theirs")
  func bytes() throws {
    #expect(ControlPointRequest.requestControl.bytes == [0x00])
    #expect(ControlPointRequest.startOrResume.bytes == [0x07])
    #expect(ControlPointRequest.setTargetPower(250).bytes == [0x05, 0xFA, 0x00])
    #expect(ControlPointRequest.setTargetPower(-5).bytes == [0x05, 0xFB, 0xFF])
    #expect(ControlPointRequest.setTargetPower(40_000).bytes == [0x05, 0xFF, 0x7F])
    #expect(try ControlPointResponse([0x80, 0x05, 0x01]) == ControlPointResponse(request: 0x05, result: .success))
    #expect(try ControlPointResponse([0x80, 0x00, 0x05]).result == .controlNotPermitted)
    #expect(try ControlPointResponse([0x80, 0x00, 0x09]).result == .other(9))
    #expect(throws: TrainerPacketError.self) { try ControlPointResponse([0x81, 0x05, 0x01]) }
    #expect(throws: TrainerPacketError.self) { try ControlPointResponse([0x80, 0x05]) }
    let features = try FitnessMachineFeatures([0x02, 0x40, 0, 0, 0x08, 0, 0, 0])
    #expect(features.holdsTargetPower)
    #expect(features.machine == 0x4002)
    #expect(throws: TrainerPacketError.self) { try FitnessMachineFeatures([1, 2, 3]) }
    #expect(try SupportedPowerRange([0x00, 0x00, 0xD0, 0x07, 0x01, 0x00]) == SupportedPowerRange(minimum: 0, maximum: 2000, increment: 1))
    #expect(throws: TrainerPacketError.self) { try SupportedPowerRange([0, 0, 0, 0, 1]) }
  }

  @Test("for any order of targets, pauses, answers and silences: one request in flight, and a settled trainer holds the last target wanted")
  func property() {
    var random = SplitMix64(state: 0xE86)
    for _ in 0..<500 {
      var session = ErgSession(features: erg, range: range)
      var now = Duration.zero
      var outstanding: ControlPointRequest? = nil
      var wanted: Int? = nil
      var paused = true
      func take(_ outputs: [ErgSession.Output]) {
        for output in outputs {
          if case .write(let request) = output {
            #expect(outstanding == nil || outstanding == request, "a second request while one is in flight")
            outstanding = request
          }
        }
      }
      take(session.begin(at: now))
      for _ in 0..<40 {
        now += .milliseconds(Int.random(in: 1...700, using: &random))
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4:
          let watts = Int.random(in: -50...1200, using: &random)
          if !paused { wanted = range.clamp(watts) }
          take(paused ? [] : session.hold(watts, at: now))
        case 4:
          if !paused {
            paused = true
            take(session.pause(at: now))
          } else {
            paused = false
            take(session.resume(wanted, at: now))
          }
        case 5..<9:
          if let request = outstanding {
            outstanding = nil
            take(session.indicated(ok(request), at: now))
          }
        default:
          take(session.elapse(to: now))
        }
      }
      // Every answer given, promptly: the trainer settles.
      for _ in 0..<10 {
        guard let request = outstanding else { break }
        outstanding = nil
        take(session.indicated(ok(request), at: now))
      }
      guard session.refusal == nil else { continue }
      #expect(outstanding == nil)
      if !paused, let wanted {
        #expect(session.hold(wanted, at: now) == [], "the trainer does not hold \(wanted) W")
      }
    }
  }
}
