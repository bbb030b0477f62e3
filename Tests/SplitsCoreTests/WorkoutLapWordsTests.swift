import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

/// What `l` says on a workout ride that is not running: it ends or skips the step, once the
/// ride runs; "laps are recorded while running" only once the workout is complete.
@Suite("Workout reducer: what l says while the ride waits")
struct WorkoutLapWordsTests {
  @Test func lWhilePausedInATimedStepSaysItSkipsTheStepWhileRiding() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1000)))
    let effects = RideReducer.reduce(&s, .key(.character("l"), at: t(2000)))
    #expect(recorded(effects).isEmpty)
    #expect(s.chrome.hints.hint == .stepWhileStopped(lapStep: false, paused: true))
    #expect(WorkoutStrings.english.stepWhileStopped(lapStep: false, paused: true)
      == "l skips the step while riding: space resumes")
    #expect(s.clock.ride.splits.isEmpty)
  }

  @Test func lWhilePausedInALapStepSaysItEndsTheStepWhileRiding() {
    var s = workoutState(withLapStep)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(12_000)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(12_000)))
    #expect(s.workoutPosition?.step == 1)
    #expect(recorded(RideReducer.reduce(&s, .key(.enter, at: t(13_000)))).isEmpty)
    #expect(s.chrome.hints.hint == .stepWhileStopped(lapStep: true, paused: true))
    #expect(WorkoutStrings.korean.stepWhileStopped(lapStep: true, paused: true)
      == "l 은 주행 중에 단계를 끝냅니다: space 로 재개")
  }

  @Test func lBeforeTheStartSaysItSkipsTheFirstStepWhileRiding() {
    var s = workoutState(twelveSeconds)
    #expect(recorded(RideReducer.reduce(&s, .key(.character("l"), at: t(0)))).isEmpty)
    #expect(s.chrome.hints.hint == .stepWhileStopped(lapStep: false, paused: false))
    #expect(WorkoutStrings.english.stepWhileStopped(lapStep: false, paused: false)
      == "l skips the step while riding: space starts")
  }

  @Test func lAfterTheWorkoutIsCompleteSaysLapsAreRecordedWhileRunning() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(15_000)))
    #expect(s.phase == .paused)
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(16_000)))
    #expect(s.chrome.hints.hint == .lapPaused)
  }

  @Test func aPlainRideStillSaysLapsAreRecordedWhileRunning() {
    var s = RideScreenState(ride: Ride(number: 1), precision: .cs, countdownSteps: 0, now: t(0))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1000)))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(2000)))
    #expect(s.chrome.hints.hint == .lapPaused)
  }

  @Test func splitsLapWhileAWorkoutRideIsPausedSaysItEndsOrSkipsTheStepWhileRiding() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1000)))
    let effects = RideReducer.reduce(&s, remote(.lap, at: t(2000)))
    #expect(replies(effects) == [.refused(.stepWhilePaused)])
    #expect(recorded(effects).isEmpty)
    #expect(RemoteStrings.english.describe(.refused(.stepWhilePaused), precision: .cs)
      == "lap ends or skips the workout's step only while riding: splits resume first")
  }
}
