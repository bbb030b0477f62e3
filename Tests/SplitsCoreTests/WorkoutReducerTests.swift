import SplitsTestRandom
import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

/// `- 3s warmup`, `2x` of `- 2s` and `- 2s rest`, `- 1s cooldown`: 12 s in six steps.
let twelveSeconds = Workout(
  name: "Twelve", steps: [
    WorkoutStep(name: "Warm-up", kind: .warmup, length: .seconds(3)),
    WorkoutStep(name: "On", kind: .active, length: .seconds(2), cues: [WorkoutStep.Cue(offset: 1, text: "Go")]),
    WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
    WorkoutStep(name: "On", kind: .active, length: .seconds(2), cues: [WorkoutStep.Cue(offset: 1, text: "Go")]),
    WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
    WorkoutStep(name: "Cool-down", kind: .cooldown, length: .seconds(1)),
  ])

/// A ten-second step, then a step that ends on a lap, then a five-second step.
let withLapStep = Workout(
  steps: [
    WorkoutStep(name: "Hard", kind: .active, length: .seconds(10), cues: [WorkoutStep.Cue(offset: 5, text: "Halfway")]),
    WorkoutStep(name: "Until lap", kind: .free, length: .untilLap),
    WorkoutStep(name: "Easy", kind: .rest, length: .seconds(5)),
  ])

func workoutState(_ plan: Workout, bells: Bool = true, countdown: Int = 0) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: 3), precision: .cs, countdownSteps: countdown, now: t(0))
  s.following.run = WorkoutRun(plan: plan, source: WorkoutSource(text: "plan", fileName: "plan.txt"), bells: bells)
  return s
}

/// What a list of effects recorded, as (kind, instant, how a step ended).
func recorded(_ effects: [Effect]) -> [(RideEvent.Kind, Instant, StepEnd?)] {
  effects.compactMap {
    if case .record(let event, _, _) = $0 { return (event.kind, event.at, event.stepEnd) }
    return nil
  }
}

func bells(_ effects: [Effect]) -> Int { effects.filter { $0 == .bell }.count }

func cues(_ effects: [Effect]) -> [WorkoutCue] {
  effects.compactMap {
    if case .cue(let cue) = $0 { return cue }
    return nil
  }
}

@Suite("Workout reducer: steps on the moving time")
struct WorkoutReducerTests {
  @Test func theFirstEventCarriesTheWorkout() {
    var s = workoutState(twelveSeconds)
    let effects = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    guard case .record(let event, _, _) = effects.first else {
      Issue.record("no event: \(effects)")
      return
    }
    #expect(event.kind == .start)
    #expect(event.workout == WorkoutSource(text: "plan", fileName: "plan.txt"))
    var counted = workoutState(twelveSeconds, countdown: 3)
    guard case .record(let countdown, _, _) = RideReducer.reduce(&counted, .key(.character(" "), at: t(0))).first else {
      Issue.record("no countdown event")
      return
    }
    #expect(countdown.kind == .countdownStart && countdown.workout != nil)
  }

  @Test func thePreStartCountdownStartsTheFirstStepAtItsEnd() {
    var s = workoutState(twelveSeconds, countdown: 3)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    #expect(s.phase == .countdown && s.workoutPosition == nil)
    _ = RideReducer.reduce(&s, .tick(at: t(3000)))
    #expect(s.phase == .running)
    #expect(s.workoutPosition?.step == 0 && s.workoutPosition?.intoStep == .zero)
    // The warm-up's 3 s run from the countdown's end.
    let effects = RideReducer.reduce(&s, .tick(at: t(6500)))
    #expect(recorded(effects).map(\.1) == [t(6000)])
    #expect(cues(effects) == [WorkoutCue(.step(1), text: "On")])
  }

  @Test func stepsChangeExactlyAtTheirBoundaries() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    #expect(recorded(RideReducer.reduce(&s, .tick(at: t(2999)))).isEmpty)
    #expect(s.workoutPosition?.step == 0)
    #expect(s.workoutPosition?.left(in: twelveSeconds) == .milliseconds(1))
    let effects = RideReducer.reduce(&s, .tick(at: t(3000)))
    #expect(recorded(effects).map(\.0) == [.lap])
    #expect(recorded(effects).map(\.1) == [t(3000)])
    #expect(recorded(effects).map(\.2) == [.time])
    #expect(s.workoutPosition?.step == 1)
    #expect(s.workoutPosition?.left(in: twelveSeconds) == .seconds(2))
    #expect(cues(effects) == [WorkoutCue(.step(1), text: "On")])
  }

  @Test func aLateTickLandsInTheRightStepAndRecordsEachEndOnceAtItsOwnInstant() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(1000)))
    let effects = RideReducer.reduce(&s, .tick(at: t(7500)))
    #expect(recorded(effects).map(\.1) == [t(3000), t(5000), t(7000)])
    #expect(recorded(effects).allSatisfy { $0.0 == .lap && $0.2 == .time })
    #expect(s.workoutPosition?.step == 3)
    #expect(s.workoutPosition?.intoStep == .milliseconds(500))
    // The step change is announced once, for the step now under way; no stale bells.
    #expect(cues(effects) == [WorkoutCue(.step(3), text: "On")])
    #expect(bells(effects) == 0)
    #expect(recorded(RideReducer.reduce(&s, .tick(at: t(7500)))).isEmpty)
  }

  @Test func threeBellsBeforeEveryStepChangeOnceEach() {
    var s = workoutState(withLapStep)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    var rung: [Int64] = []
    for ms in stride(from: Int64(0), through: 10_000, by: 125) {
      for _ in 0..<2 {  // every tick twice: a repeated instant rings nothing more
        let effects = RideReducer.reduce(&s, .tick(at: t(ms)))
        for _ in 0..<bells(effects) { rung.append(ms) }
      }
    }
    #expect(rung == [7000, 8000, 9000])
    // A step that ends on a lap has no end to ring for.
    for ms in stride(from: Int64(10_000), through: 60_000, by: 500) {
      #expect(bells(RideReducer.reduce(&s, .tick(at: t(ms)))) == 0)
    }
  }

  @Test func aLateTickRingsOnceAndAStaleBellNotAtAll() {
    var s = workoutState(withLapStep)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(6000)))
    // Past the 3 s and 2 s bells at once, within the second of the latest: one bell.
    #expect(bells(RideReducer.reduce(&s, .tick(at: t(8500)))) == 1)
    // The 1 s bell at 9 s, seen 1.2 s late: not rung.
    #expect(bells(RideReducer.reduce(&s, .tick(at: t(9999)))) == 1)
    var late = workoutState(withLapStep)
    _ = RideReducer.reduce(&late, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&late, .tick(at: t(6000)))
    #expect(bells(RideReducer.reduce(&late, .tick(at: t(9200)))) == 1)
    #expect(bells(RideReducer.reduce(&late, .tick(at: t(9300)))) == 0)
    var stale = workoutState(withLapStep)
    _ = RideReducer.reduce(&stale, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&stale, .tick(at: t(6000)))
    #expect(bells(RideReducer.reduce(&stale, .tick(at: t(9_000 + 1_001)))) == 0)
  }

  @Test func noBellWithNoBell() {
    var s = workoutState(withLapStep, bells: false)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    for ms in stride(from: Int64(0), through: 10_000, by: 250) {
      #expect(bells(RideReducer.reduce(&s, .tick(at: t(ms)))) == 0)
    }
  }

  @Test func aPauseFreezesTheStep() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1000)))
    #expect(s.phase == .paused)
    #expect(recorded(RideReducer.reduce(&s, .tick(at: t(100_000)))).isEmpty)
    #expect(s.workoutPosition?.step == 0)
    #expect(s.workoutPosition?.left(in: twelveSeconds) == .seconds(2))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(100_000)))
    let effects = RideReducer.reduce(&s, .tick(at: t(102_500)))
    #expect(recorded(effects).map(\.1) == [t(102_000)])
    #expect(s.workoutPosition?.step == 1)
  }

  @Test func lEndsTheStepSkippingATimedOneAndEndingALapOne() {
    var s = workoutState(withLapStep)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    let skip = RideReducer.reduce(&s, .key(.character("l"), at: t(4000)))
    #expect(recorded(skip).map(\.2) == [.skip])
    #expect(recorded(skip).map(\.1) == [t(4000)])
    #expect(cues(skip) == [WorkoutCue(.step(1), text: "Until lap")])
    #expect(s.workoutPosition?.step == 1)
    // The lap step waits as long as it takes.
    #expect(recorded(RideReducer.reduce(&s, .tick(at: t(500_000)))).isEmpty)
    #expect(s.workoutPosition?.intoStep == .seconds(496))
    let lap = RideReducer.reduce(&s, .key(.enter, at: t(500_000)))
    #expect(recorded(lap).map(\.2) == [.lap])
    #expect(s.workoutPosition?.step == 2)
    #expect(s.workoutPosition?.left(in: withLapStep) == .seconds(5))
    #expect(s.clock.ride.stepEnds == [.skip, .lap])
  }

  @Test func afterTheLastStepTheRidePausesAndSaysSo() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    let effects = RideReducer.reduce(&s, .tick(at: t(15_000)))
    #expect(recorded(effects).map(\.0) == [.lap, .lap, .lap, .lap, .lap, .lap, .pause])
    #expect(recorded(effects).map(\.1) == [3, 5, 7, 9, 11, 12, 12].map { t(Int64($0) * 1000) })
    #expect(cues(effects) == [WorkoutCue(.complete, text: "")])
    #expect(s.phase == .paused)
    #expect(s.moving == .seconds(12))
    #expect(s.following.run?.showingCompletion == true)
    #expect(s.workoutPosition?.isComplete == true)
    #expect(!s.isFollowingWorkout)
    // Space rides on freely: laps are the ride's own, and `u` may take them back.
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(20_000)))
    #expect(s.following.run?.showingCompletion == false)
    #expect(s.phase == .running)
    #expect(recorded(RideReducer.reduce(&s, .key(.character("l"), at: t(25_000)))).map(\.2) == [nil])
    #expect(s.canUndo)
    #expect(recorded(RideReducer.reduce(&s, .key(.character("u"), at: t(26_000)))).map(\.0) == [.undoLap])
    #expect(!s.canUndo)
  }

  @Test func lOnTheLastStepCompletesTheWorkout() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(11_200)))
    let effects = RideReducer.reduce(&s, .key(.character("l"), at: t(11_500)))
    #expect(recorded(effects).map(\.0) == [.lap, .pause])
    #expect(recorded(effects).map(\.2) == [.skip, nil])
    #expect(s.following.run?.showingCompletion == true)
    // `r` finishes the ride.
    let finish = RideReducer.reduce(&s, .key(.character("r"), at: t(13_000)))
    #expect(recorded(finish).map(\.0) == [.finish])
    #expect(s.following.run?.showingCompletion == false)
  }

  @Test func stepsCannotBeTakenBack() {
    var s = workoutState(twelveSeconds)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .tick(at: t(3500)))
    #expect(!s.canUndo)
    #expect(RideReducer.reduce(&s, .key(.character("u"), at: t(3600))).isEmpty)
    #expect(s.chrome.hints.hint == .stepsStay)
    #expect(s.clock.ride.splits.count == 1)
  }

  @Test func aCueIsAnnouncedOnceAndShownForTenSeconds() {
    var s = workoutState(withLapStep)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    var announced: [Int64] = []
    for ms in stride(from: Int64(0), through: 9_900, by: 100) {
      if !cues(RideReducer.reduce(&s, .tick(at: t(ms)))).filter({ $0.moment == .cue(step: 0) }).isEmpty {
        announced.append(ms)
      }
      #expect(s.workoutPosition?.shownCues(in: withLapStep).isEmpty == (ms < 5000))
    }
    #expect(announced == [5000])
  }

  @Test func aRestoredWorkoutAnnouncesNothingThatPassedButRecordsEveryEnd() {
    // Ridden to 4.2 s (step 1 begun at 3 s, recorded), then the screen went away until 8.5 s.
    var ride = Ride(number: 3)
    ride.apply(RideEvent(.start, at: t(0)))
    ride.apply(RideEvent(.lap, at: t(3000), stepEnd: .time))
    var s = RideScreenState(ride: ride, precision: .cs, now: t(8500))
    s.following.run = WorkoutRun(plan: twelveSeconds, source: WorkoutSource(text: "plan"))
    s.observeWorkoutFromNow()
    let effects = RideReducer.reduce(&s, .redraw(at: t(8500)))
    #expect(recorded(effects).map(\.1) == [t(5000), t(7000)])
    #expect(cues(effects).isEmpty)
    #expect(bells(effects) == 0)
    #expect(s.workoutPosition?.step == 3)
    // From here on, announcements as usual: step 4 at 9 s, its bell at 10 s.
    #expect(cues(RideReducer.reduce(&s, .tick(at: t(9000)))) == [WorkoutCue(.step(4), text: "Off")])
    #expect(bells(RideReducer.reduce(&s, .tick(at: t(10_000)))) == 1)
  }

  @Test func aPauseLostToACrashAfterTheLastEndIsRecordedAtThatEnd() {
    // The journal has every step's end but not the pause after the last (a crash between
    // the two commits): the ride comes back running.
    var ride = Ride(number: 3)
    ride.apply(RideEvent(.start, at: t(0)))
    for (ms, end) in [(3000, StepEnd.time), (5000, .time), (7000, .time), (9000, .time), (11_000, .time), (12_000, .time)] {
      ride.apply(RideEvent(.lap, at: t(Int64(ms)), stepEnd: end))
    }
    var s = RideScreenState(ride: ride, precision: .cs, now: t(40_000))
    s.following.run = WorkoutRun(plan: twelveSeconds, source: WorkoutSource(text: "plan"))
    s.observeWorkoutFromNow()
    let effects = RideReducer.reduce(&s, .redraw(at: t(40_000)))
    #expect(recorded(effects).map(\.0) == [.pause])
    #expect(recorded(effects).map(\.1) == [t(12_000)])
    #expect(s.phase == .paused && s.moving == .seconds(12))
    #expect(s.following.run?.showingCompletion == true)
    // Riding on after the end is not mistaken for it: the resume starts a new stretch.
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(50_000)))
    #expect(RideReducer.reduce(&s, .tick(at: t(60_000))).isEmpty)
    #expect(s.phase == .running)
  }

  /// Whatever the ticks, the events recorded are the same: every step's end, once, at its own
  /// instant, and the pause at the end.
  @Test(arguments: 0..<200) func anyTicksRecordTheSameEnds(seed: Int) {
    var rng = SplitMix64(state: UInt64(seed) &+ 0x51E9)
    var s = workoutState(twelveSeconds)
    var all: [(RideEvent.Kind, Instant, StepEnd?)] = []
    all += recorded(RideReducer.reduce(&s, .key(.character(" "), at: t(0))))
    var ms: Int64 = 0
    var bellCount = 0
    while ms < 14_000 {
      ms += Int64.random(in: 0...2_500, using: &rng)
      let effects = RideReducer.reduce(&s, Bool.random(using: &rng) ? .tick(at: t(ms)) : .redraw(at: t(ms)))
      all += recorded(effects)
      bellCount += bells(effects)
    }
    #expect(all.map(\.0) == [.start, .lap, .lap, .lap, .lap, .lap, .lap, .pause])
    #expect(all.map(\.1) == [0, 3, 5, 7, 9, 11, 12, 12].map { t(Int64($0) * 1000) })
    // At most one bell per mark: two for the 3 s step, one for each 2 s step, none for 1 s.
    #expect(bellCount <= 6)
  }
}
