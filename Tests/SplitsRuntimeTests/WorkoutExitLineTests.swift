import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

@Suite("The exit line of a workout ride")
struct WorkoutExitLineTests {
  @Test @MainActor func quittingAfterAFinishedWorkoutRideCountsItsStepsNotLaps() {
    let plan = Workout(steps: [
      WorkoutStep(name: "Warm-up", kind: .warmup, length: .seconds(3)),
      WorkoutStep(name: "On", kind: .active, length: .seconds(2)),
      WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
    ])
    let at = { (ms: Int64) in Now(monotonic: Instant(nanoseconds: ms * 1_000_000), wallMilliseconds: 0) }
    var s = RideScreenState(ride: Ride(number: 2), precision: .cs, countdownSteps: 0, now: at(0).monotonic)
    s.following.run = WorkoutRun(plan: plan, source: WorkoutSource(text: "plan"))
    _ = RideReducer.reduce(&s, Action(.key(.character(" ")), at: at(0)))
    _ = RideReducer.reduce(&s, Action(.key(.character("l")), at: at(1000)))
    _ = RideReducer.reduce(&s, Action(.key(.character(" ")), at: at(2000)))
    _ = RideReducer.reduce(&s, Action(.key(.character("r")), at: at(2500)))
    let program = RideProgram(state: s, options: ViewOptions(), persistent: true)
    #expect(program.summary(unwrittenEvents: 0)
      == "Ride 2 finished: Moving 00:00:02.00 · Steps 0/3 done · 1 skipped · 2 left")
  }
}
