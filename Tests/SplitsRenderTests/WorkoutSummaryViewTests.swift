import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// Sweet spot 3×10 (ride 7) with its first effort skipped at 11:40, paused at 13:20 in the
/// first recovery and finished with `r`; compared with `before` when given.
func finishedInRecovery(before: WorkoutRideBefore? = nil) -> RideScreenState {
  var s = workoutRide(keys: [("l", 700_000)], at: 800_000)
  s.chrome.workoutRideBefore = before
  s.chrome.previousMoving = .seconds(10)
  _ = RideReducer.reduce(&s, .key(.character(" "), at: t(800_000)))
  _ = RideReducer.reduce(&s, .key(.character("r"), at: t(810_000)))
  return s
}

/// Ride 4 of the same workout, every step done in 1:03:00.
let wholeSweetSpot = WorkoutRideBefore(
  number: 4, moving: .seconds(3780),
  figures: WorkoutFigures(
    steps: 8, done: 8, skipped: 0,
    kinds: [
      .init(.warmup, .seconds(600)), .init(.active, .seconds(1800)), .init(.rest, .seconds(900)),
      .init(.cooldown, .seconds(480)),
    ]))

@Suite("Workout ride summary after r")
struct WorkoutSummaryViewTests {
  @Test func finishingInStepThreeOfEightSaysStepsAndTimeByKindAgainstTheLastRideOfTheWorkout() {
    let state = finishedInRecovery(before: wholeSweetSpot)
    #expect(render(state, 64, 16) == [
      " Splits · Ride 8 · Sweet spot 3×10                        READY ",
      "                                                                ",
      " Ride 7 finished                                                ",
      " Moving 00:13:20.00                                             ",
      " Elapsed 00:13:30   Paused 00:00:10                             ",
      " Steps 1/8 done · 1 skipped · 6 left                            ",
      " Against ride 4 of this workout: -49:40.00 · 8/8 steps done     ",
      "   warm-up    00:10:00  +00:00                                  ",
      "   active     00:01:40  -28:20                                  ",
      "   rest       00:01:40  -13:20                                  ",
      "   cool-down  00:00:00  -08:00                                  ",
      "                                                                ",
      "                                                                ",
      "                                                                ",
      "                                                                ",
      " space start  ? help  q quit                                    ",
    ])
    #expect(render(state, 64, 16, language: .ko) == [
      " Splits · 라이드 8 · Sweet spot 3×10                       준비 ",
      "                                                                ",
      " 라이드 7 완료                                                  ",
      " 이동 시간 00:13:20.00                                          ",
      " 경과 00:13:30   정지 00:00:10                                  ",
      " 단계 1/8 완료 · 건너뜀 1 · 남음 6                              ",
      " 이 워크아웃의 라이드 4 대비: -49:40.00 · 단계 8/8 완료         ",
      "   워밍업  00:10:00  +00:00                                     ",
      "   운동    00:01:40  -28:20                                     ",
      "   휴식    00:01:40  -13:20                                     ",
      "   쿨다운  00:00:00  -08:00                                     ",
      "                                                                ",
      "                                                                ",
      "                                                                ",
      "                                                                ",
      " space 시작  ? 도움말  q 종료                                   ",
    ])
  }

  @Test func theFirstRideOfAWorkoutSaysSoAndNoBestLap() {
    let frame = render(finishedInRecovery(), 40, 10)
    #expect(frame == [
      " Splits · Ride 8 · Sweet spot 3×  READY ",
      " Ride 7 finished                        ",
      " Moving 00:13:20.00                     ",
      " Elapsed 00:13:30   Paused 00:00:10     ",
      " Steps 1/8 done · 1 skipped · 6 left    ",
      " The first finished ride of this workout",
      "   warm-up    00:10:00                  ",
      "   active     00:01:40                  ",
      "   rest       00:01:40                  ",
      " space start  ? help  q quit            ",
    ])
    // Never against whatever ride came before, nor a best lap.
    #expect(!frame.contains { $0.contains("best lap") || $0.contains("against ride") || $0.contains("Laps") })
  }

  @Test func aSmallScreenKeepsTheStepsFirst() {
    #expect(render(finishedInRecovery(before: wholeSweetSpot), 30, 6) == [
      " Ride 7 finished              ",
      " Moving 00:13:20.00           ",
      " Elapsed 00:13:30   Paused 00:",
      " Steps 1/8 done · 1 skipped · ",
      " Against ride 4 of this workou",
      " space start  ? help  q quit  ",
    ])
  }
}
