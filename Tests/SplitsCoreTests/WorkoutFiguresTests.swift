import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

/// A workout ride summarised by its steps: done, skipped, left, the time in each kind, and
/// the last ride of the same workout it is compared with.
@Suite("Workout figures: a workout ride by its steps")
struct WorkoutFiguresTests {
  /// `twelveSeconds` started at 0, its warm-up skipped at 1 s, paused 4 s in and finished.
  func finishedInStepThree(before: WorkoutRideBefore? = nil, previousMoving: Duration? = .seconds(99))
    -> RideScreenState
  {
    var s = workoutState(twelveSeconds)
    s.chrome.previousMoving = previousMoving
    s.chrome.workoutRideBefore = before
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(1000)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(4000)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(5000)))
    return s
  }

  @Test func finishingInTheThirdStepCountsOneDoneOneSkippedAndFourLeft() {
    let figures = finishedInStepThree().chrome.lastFinished?.workout?.figures
    #expect(figures?.steps == 6)
    #expect(figures?.done == 1)
    #expect(figures?.skipped == 1)
    #expect(figures?.left == 4)
    // The skipped warm-up's second, the first effort's two, the second of the recovery
    // under way at the pause; no cool-down yet.
    #expect(figures?.kinds == [
      .init(.warmup, .seconds(1)), .init(.active, .seconds(2)), .init(.rest, .seconds(1)),
      .init(.cooldown, .zero),
    ])
    #expect(figures?.afterWorkout == .zero)
  }

  @Test func stepsWhoseTimeRanOutUnrecordedEndedOnTime() {
    // The journal holds no end yet, 8 s in: the warm-up and two steps after it ran out.
    let figures = WorkoutFigures(plan: twelveSeconds, splits: [], stepEnds: [], moving: .seconds(8))
    #expect(figures.done == 3)
    #expect(figures.skipped == 0)
    #expect(figures.left == 3)
    #expect(figures.time(.warmup) == .seconds(3))
    #expect(figures.time(.active) == .seconds(3))
    #expect(figures.time(.rest) == .seconds(2))
  }

  @Test func aCompleteWorkoutRiddenOnKeepsWhatCameAfterApart() {
    let ends: [Duration] = [3, 5, 7, 9, 11, 12].map { .seconds($0) }
    let figures = WorkoutFigures(
      plan: twelveSeconds, splits: ends + [.seconds(20)], stepEnds: Array(repeating: .time, count: 6),
      moving: .seconds(30))
    #expect(figures.done == 6)
    #expect(figures.left == 0)
    #expect(figures.afterWorkout == .seconds(18))
    #expect(figures.kinds.map(\.time).reduce(.zero, +) == .seconds(12))
  }

  @Test func theSummaryOfAWorkoutRideIsNotAgainstTheRideBefore() {
    let summary = finishedInStepThree().chrome.lastFinished
    #expect(summary?.previousMoving == nil)
    #expect(summary?.difference == nil)
    #expect(summary?.workout?.before == nil)
  }

  @Test func theSummaryIsAgainstTheLastRideOfTheSameWorkoutAndTheNextIsAgainstThisOne() {
    let earlier = WorkoutRideBefore(
      number: 1, moving: .seconds(12),
      figures: WorkoutFigures(
        steps: 6, done: 6, skipped: 0,
        kinds: [.init(.warmup, .seconds(3)), .init(.active, .seconds(4)), .init(.rest, .seconds(4)), .init(.cooldown, .seconds(1))]))
    let s = finishedInStepThree(before: earlier)
    let workout = s.chrome.lastFinished?.workout
    #expect(workout?.before == earlier)
    let rows = workout?.kindRows() ?? []
    #expect(rows.map(\.kind) == [.warmup, .active, .rest, .cooldown])
    #expect(rows.map(\.difference) == [.seconds(-2), .seconds(-2), .seconds(-3), .seconds(-1)])
    // The next ride on this screen follows the same workout: it is compared with ride 3.
    #expect(s.chrome.workoutRideBefore?.number == 3)
    #expect(s.chrome.workoutRideBefore?.moving == .seconds(4))
    #expect(s.chrome.workoutRideBefore?.figures == workout?.figures)
  }

  @Test func aPlainRideStillComparesWithTheRideBefore() {
    var s = RideScreenState(ride: Ride(number: 2), precision: .cs, countdownSteps: 0, now: t(0))
    s.chrome.previousMoving = .seconds(3)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(4000)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(5000)))
    #expect(s.chrome.lastFinished?.workout == nil)
    #expect(s.chrome.lastFinished?.difference == .seconds(1))
  }

  @Test func splitsFinishOnAWorkoutRideRepliesWithItsSteps() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(1000)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(4000)))
    let outcome = replies(RideReducer.reduce(&s, remote(.finish, at: t(5000))))
    #expect(outcome == [.finishedWorkout(ride: 3, moving: .seconds(4), steps: 6, done: 1, skipped: 1)])
    #expect(RemoteStrings.english.describe(outcome[0], precision: .cs)
      == "ride 3 finished: moving 00:00:04.00 · steps 1/6 done, 1 skipped, 4 left")
    #expect(RemoteStrings.korean.describe(outcome[0], precision: .s)
      == "라이드 3 완료: 이동 00:00:04 · 단계 1/6 완료, 건너뜀 1, 남음 4")
  }

  @Test func theSameWorkoutIsTheSameFileNameWhereverItWasGivenFrom() {
    let saved = WorkoutSource(text: "- 10m 75%", fileName: "sweetspot.txt")
    let path = WorkoutSource(text: "- 10m 80%", fileName: "../plans/workouts/sweetspot.txt")
    let other = WorkoutSource(text: "- 10m 75%", fileName: "threshold.txt")
    #expect(saved.identity == path.identity)
    #expect(saved.identity != other.identity)
    #expect(WorkoutSource(text: "- 10m 75%").identity == WorkoutSource(text: "- 10m 75%").identity)
    #expect(WorkoutSource(text: "- 10m 75%").identity != WorkoutSource(text: "- 10m 80%").identity)
    #expect(WorkoutSource(text: "- 10m 75%").identity != saved.identity)
  }
}
