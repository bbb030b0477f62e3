import SplitsSensors
import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// The sweet-spot workout with `--erg`, 18 min in, whose trainer refused control at 18:03.
private func refusedRide() -> RideScreenState {
  var s = workoutRide(at: 1_083_000)
  s.erg = ErgFeature(enabled: true, ftp: 250)
  let trainer = "C0:FF:EE:00:00:01"
  let features = FitnessMachineFeatures(machine: 0, targetSetting: 0b1000)
  let now = Now(monotonic: t(1_083_100), wallMilliseconds: 0)
  _ = RideReducer.reduce(&s, Action(.sensor(.trainer(address: trainer, features, nil)), at: now))
  let refused = ControlPointResponse(request: 0x00, result: .controlNotPermitted)
  _ = RideReducer.reduce(&s, Action(.sensor(.trainerAnswered(address: trainer, refused)), at: now))
  return s
}

@Suite("ERG's refusal on the workout screen")
struct ErgBannerTests {
  @Test("a trainer that refuses control is said on the banner line, in both languages, until the next key")
  func refusal() {
    var s = refusedRide()
    #expect(render(s, 64, 6) == [
      " 2/8 · Sweet spot 1 · active                                    ",
      " 88–92% · 220–230 W · 90 rpm                                    ",
      " 01:57  left in step · RUNNING                                  ",
      " » Two minutes: stay seated                                     ",
      " ERG off: the trainer refused control (another app may hold it) ",
      " space pause  l skip step  ? help  q quit                       ",
    ])
    #expect(render(s, 64, 6, language: .ko) == [
      " 2/8 · Sweet spot 1 · 운동                                      ",
      " 88–92% · 220–230 W · 90 rpm                                    ",
      " 01:57  단계 남은 시간 · 주행 중                                ",
      " » Two minutes: stay seated                                     ",
      " ERG 꺼짐: 트레이너가 제어를 거부했습니다 (다른 앱이 제어 중일  ",
      " space 일시정지  l 단계 건너뛰기  ? 도움말  q 종료              ",
    ])
    _ = RideReducer.reduce(&s, .key(.character("?"), at: t(1_083_200)))
    _ = RideReducer.reduce(&s, .key(.character("?"), at: t(1_083_300)))
    #expect(!render(s, 64, 6).joined().contains("ERG"))
  }
}
