import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

/// A ride screen for rides named `name`, with earlier finished rides of that name.
func namedState(_ name: String? = "Loop", earlier: [[Int64]] = [], number: Int = 7) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: number), precision: .cs, now: t(0))
  s.clock.name = name
  s.comparison.rideName = name
  if let name {
    s.comparison.comparisons.attempts[name] = earlier.enumerated().map { Attempt(number: $0.offset + 1, laps: $0.element) }
  }
  return s
}

@Suite("Ride reducer: c cycles the comparison")
struct RideComparisonReducerTests {
  static let c = Key.character("c")

  @Test func cCyclesFromThePersonalBestThroughEveryComparisonAndRemembersEach() {
    var s = namedState()
    #expect(s.comparisonKind == .best)
    var seen: [ComparisonKind] = []
    var effects: [Effect] = []
    for at in [100, 200, 300, 400] as [Int64] {
      effects += RideReducer.reduce(&s, .key(Self.c, at: t(at)))
      seen.append(s.comparisonKind ?? .none)
    }
    #expect(seen == [.gold, .none, .previous, .best])
    #expect(
      effects == [
        .rememberComparison(.gold, name: "Loop"), .rememberComparison(.none, name: "Loop"),
        .rememberComparison(.previous, name: "Loop"), .rememberComparison(.best, name: "Loop"),
      ])
    #expect(s.chrome.hints.hint == nil)
  }

  @Test func theChoiceIsPerNameAndARememberedOneIsWhereCStarts() {
    var s = namedState()
    s.comparison.comparisons.choices = ["Loop": .previous, "Hill": .gold]
    #expect(s.comparisonKind == .previous)
    let effects = RideReducer.reduce(&s, .key(Self.c, at: t(100)))
    #expect(effects == [.rememberComparison(.best, name: "Loop")])
    #expect(s.comparison.comparisons.choices == ["Loop": .best, "Hill": .gold])
  }

  @Test func cWorksInEveryPhaseAndWithUppercase() {
    var s = namedState()
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character("C"), at: t(500)))
    #expect(s.comparisonKind == .gold)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1000)))
    _ = RideReducer.reduce(&s, .key(Self.c, at: t(1500)))
    #expect(s.comparisonKind == ComparisonKind.none)
    #expect(s.phase == .paused)
  }

  @Test func aRideWithoutANameIsNotComparedAndCSaysWhy() {
    var s = namedState(nil)
    let before = s
    let effects = RideReducer.reduce(&s, .key(Self.c, at: t(100)))
    #expect(effects.isEmpty)
    #expect(s.chrome.hints.hint == .compareNeedsName)
    #expect(s.comparison.comparisons == before.comparison.comparisons)
    #expect(s.liveComparison == nil)
    #expect(!KeyTable.isEnabled(.compare, in: .ready, helpShown: false, canCompare: s.canCompare))
  }

  @Test func aWorkoutRideIsNotCompared() {
    var s = namedState()
    s.following.run = WorkoutRun(plan: Workout(name: "W", steps: [WorkoutStep(name: "Go", kind: .free, length: .untilLap)]), source: WorkoutSource(text: "w"))
    let effects = RideReducer.reduce(&s, .key(Self.c, at: t(100)))
    #expect(effects.isEmpty)
    #expect(s.chrome.hints.hint == .compareWorkout)
    #expect(s.liveComparison == nil)
  }

  @Test func theKeyTableAndTheReducerAgreeOnCForANamedRide() {
    for phase in [Ride.Phase.ready, .countdown, .running, .paused] {
      var s = state(in: phase)
      s.clock.name = "Loop"
      s.comparison.rideName = "Loop"
      let before = s
      let effects = RideReducer.reduce(&s, .key(Self.c, at: t(1500)))
      #expect(KeyTable.isEnabled(.compare, in: phase, helpShown: false, canCompare: before.canCompare))
      #expect(!effects.isEmpty && s.chrome.hints.hint == nil, "\(phase)")
    }
  }

  @Test func aRideFinishedHereIsTheNextRidesPrevious() {
    var s = namedState(earlier: [[30_000, 30_000]])
    s.comparison.comparisons.choices["Loop"] = .previous
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(10_000)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(25_000)))
    #expect(s.liveComparison?.reference?.rideNumber == 1)
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(26_000)))
    #expect(s.clock.ride.number == 8)
    // Its one recorded lap: the stretch from it to the finish is no lap.
    #expect(
      s.comparison.comparisons.attempts["Loop"]?.last
        == Attempt(number: 7, isFinished: true, movingMilliseconds: 25_000, laps: [10_000], splits: [10_000]))
    let live = s.liveComparison
    #expect(live?.reference?.rideNumber == 7)
    #expect(live?.reference?.laps == millis([10_000]))
    // Its lap counts for the best segments too.
    #expect(live?.gold == millis([10_000, 30_000]))
  }

  @Test func theNextRideTakesTheScreensNameAfterARestoredRideOfAnother() {
    var s = namedState("Hill")
    s.clock.name = "Loop"
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(5_000)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(6_000)))
    #expect(s.comparison.comparisons.attempts["Hill"]?.map(\.number) == [7])
    #expect(s.comparison.rideName == "Loop")
  }

  @Test func duringARideThePersonalBestHasTheLapsMostRidesWithTheLapsSoFarHave() {
    // Rides 1 and 4: two laps, 40 s and 39 s; ride 2: one lap, 30 s; ride 3: three, 50 s.
    let earlier = [Attempt(number: 1, laps: [20_000, 20_000]), Attempt(number: 2, laps: [30_000]),
                   Attempt(number: 3, laps: [10_000, 20_000, 20_000]), Attempt(number: 4, laps: [19_000, 20_000])]
    // No lap recorded, or one: two laps, as most rides have; the fastest of them, ride 4.
    #expect(LiveComparison(kind: .best, earlier: earlier, lapsSoFar: 1).reference?.rideNumber == 4)
    #expect(LiveComparison(kind: .best, earlier: earlier, lapsSoFar: 2).reference?.rideNumber == 4)
    #expect(LiveComparison(kind: .best, earlier: earlier, lapsSoFar: 3).reference?.rideNumber == 4)
    // Three recorded: only ride 3 has as many.
    #expect(LiveComparison(kind: .best, earlier: earlier, lapsSoFar: 4).reference?.rideNumber == 3)
    // Four recorded: none has as many; the laps are compared with the best segments, and why
    // is kept (two rides have two laps).
    let past = LiveComparison(kind: .best, earlier: earlier, lapsSoFar: 5)
    #expect(past.reference?.kind == .gold && past.reference?.laps == millis([10_000, 20_000, 20_000]))
    #expect(past.missingBest == MissingBest(laps: .atLeast(4), usualLaps: 2, ridesWithUsualLaps: 2))
    #expect(LiveComparison(kind: .gold, earlier: earlier, lapsSoFar: 5).missingBest == nil)
    #expect(LiveComparison(kind: .none, earlier: earlier, lapsSoFar: 1).reference == nil)
    // No earlier ride: nothing is missing, there is nothing.
    #expect(LiveComparison(kind: .best, earlier: [], lapsSoFar: 3).missingBest == nil)
  }

  @Test func theLiveDeltaInstantIsACandidateExactlyWhenTheLapReachesTheGold() {
    // The personal best (ride 2) rode lap 1 in 11 s; the gold there is ride 1's 10.25 s.
    var s = namedState(earlier: [[10_250, 12_000], [11_000, 9_000]])
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    #expect(s.liveComparison?.reference?.rideNumber == 2)
    // Nothing else shown: the one change to come is the delta's appearance.
    #expect(s.nextCandidate(shown: ShownClocks()) == t(10_250))
    _ = RideReducer.reduce(&s, .tick(at: t(10_249)))
    #expect(s.nextCandidate(shown: ShownClocks()) == t(10_250))
    _ = RideReducer.reduce(&s, .tick(at: t(10_250)))
    #expect(s.nextCandidate(shown: ShownClocks()) == nil)
    // After a lap, the next lap's moment: 9 s into lap 2 (both its PB and gold lap).
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(12_000)))
    #expect(s.nextCandidate(shown: ShownClocks()) == t(21_000))
  }

  @Test func noCandidateWithoutAComparisonLapOrWhilePaused() {
    var s = namedState(earlier: [[10_000]])
    s.comparison.comparisons.choices["Loop"] = ComparisonKind.none
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    #expect(s.nextCandidate(shown: ShownClocks()) == nil)
    s.comparison.comparisons.choices["Loop"] = .previous
    #expect(s.nextCandidate(shown: ShownClocks()) == t(10_000))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(1_000)))
    // Lap 2: the previous ride has no lap 2.
    #expect(s.nextCandidate(shown: ShownClocks()) == nil)
    _ = RideReducer.reduce(&s, .key(.character("u"), at: t(2_000)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(3_000)))
    #expect(s.nextCandidate(shown: ShownClocks()) == nil)
  }

  @Test func thePredictedFinishIsFixedUntilTheLapPassesTheComparisonsThenGrows() {
    let live = LiveComparison(kind: .previous, earlier: [Attempt(number: 1, laps: [10_000, 20_000])], lapsSoFar: 1)
    #expect(live.predictedFinish(moving: .seconds(4), lapOrigin: .zero, lap: 1) == .seconds(30))
    #expect(live.predictedFinish(moving: .seconds(10), lapOrigin: .zero, lap: 1) == .seconds(30))
    #expect(live.predictedFinish(moving: .seconds(12), lapOrigin: .zero, lap: 1) == .seconds(32))
    #expect(live.predictionOrigin(lap: 1) == .seconds(-20))
    #expect(live.predictedFinish(moving: .seconds(15), lapOrigin: .seconds(12), lap: 2) == .seconds(32))
    #expect(live.predictedFinish(moving: .seconds(15), lapOrigin: .seconds(12), lap: 3) == nil)
    #expect(live.sumOfBest == .seconds(30))
    #expect(live.finish == .seconds(30))
  }

  @Test func aFinishedRideAsTheJournalWillReadIt() {
    var ride = Ride(number: 4)
    ride.splits = [.milliseconds(10_000) + .nanoseconds(999_999), .milliseconds(20_500)]
    // Each lap and split truncated on its own, as `RideFigures` reads them from the journal:
    // the laps can add up to a millisecond less than the split.
    #expect(
      Attempt(finished: ride, moving: .milliseconds(20_500))
        == Attempt(number: 4, isFinished: true, movingMilliseconds: 20_500, laps: [10_000, 10_499], splits: [10_000, 20_500]))
    #expect(Attempt(finished: Ride(number: 5), moving: .seconds(3)) == Attempt(number: 5, laps: [3_000]))
  }
}
