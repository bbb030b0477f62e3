import SplitsRoutes
import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

@Suite("The ride screen's features: one input step, one opening state")
struct RideFeaturesTests {
  /// A running named ride with everything an input clears on screen.
  func cluttered() -> RideScreenState {
    var s = state(in: .running)
    s.chrome.banner = "a note"
    s.comparison.notSaved = "disk full"
    s.chrome.confirmingQuit = true
    s.showHint(.unknownKey)
    return s
  }

  @Test func aRemoteCommandTakenClearsWhatAKeyClears() {
    var byKey = cluttered()
    _ = RideReducer.reduce(&byKey, .key(.character("l"), at: t(10)))
    var byRemote = cluttered()
    _ = RideReducer.reduce(&byRemote, remote(.lap, at: t(10)))
    for s in [byKey, byRemote] {
      #expect(s.chrome.banner == nil)
      #expect(s.comparison.notSaved == nil)
      #expect(s.chrome.confirmingQuit == false)
      #expect(s.chrome.hints.hint == nil)
      #expect(s.chrome.showingSummary == false)
      #expect(s.clock.ride.splits.count == 1)
    }
    #expect(byKey == byRemote)
  }

  @Test func whetherARideFollowsAWorkoutOrRidesARouteIsKeptWithIt() {
    // `isFollowing` and `isTimed` stand for `run != nil` and `timer != nil` on the ticks'
    // path: set, changed in place and cleared, they agree.
    var s = state(in: .running)
    #expect(!s.following.isFollowing && !s.route.isTimed)
    s.following.run = WorkoutRun(plan: Workout(name: "W", steps: [WorkoutStep(name: "Go", kind: .free, length: .untilLap)]), source: WorkoutSource(text: "w"))
    s.following.run?.bells = false
    #expect(s.following.isFollowing)
    #expect(WorkoutFeature(run: s.following.run).isFollowing)
    s.following.run = nil
    #expect(!s.following.isFollowing)
    s.route = RouteFeature(route: Route(name: "Run", segmentNames: ["A", "B"]))
    #expect(s.route.isTimed)
    s.route.timer = nil
    #expect(!s.route.isTimed)
  }

  @Test func aRefusedRemoteCommandChangesNothingOnScreen() {
    var s = cluttered()
    let effects = RideReducer.reduce(&s, remote(.finish, at: t(0)))
    #expect(replies(effects) == [.refused(.finishWhileRunning)])
    #expect(s == cluttered())
  }

  @Test func theSummaryAfterFinishGoesWithTheNextRemoteCommand() {
    var s = state(in: .paused)
    s.comparison.rideName = "loop"
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(0)))
    #expect(s.chrome.showingSummary)
    #expect(s.comparison.comparisons.attempts["loop"]?.count == 1)
    _ = RideReducer.reduce(&s, remote(.start, at: t(1)))
    #expect(!s.chrome.showingSummary)
    #expect(s.phase == .running)
  }

  @Test func theNextCandidateIsTheEarliestOfTheFeatures() {
    var s = state(in: .running)
    s.showHint(.unknownKey)
    let hintGoes = s.now + ShownHint<RideScreenState.Hint, Ride.Phase>.lifetime
    #expect(s.nextCandidate(shown: ShownClocks()) == hintGoes)
    let hundredth = s.nextCandidate(shown: .everything(.cs))
    #expect(hundredth != nil && hundredth! < hintGoes)
  }

  @Test func theOpeningWithoutAJournalIsRideOneReady() {
    let s = RideOpening(restored: nil, precision: .ds, countdownSteps: 3, sport: .running, name: "").state(at: t(5))
    #expect(s.clock.ride == Ride(number: 1))
    #expect(s.now == t(5))
    #expect(s.clock.precision == .ds)
    #expect(s.clock.countdownSteps == 3)
    #expect(s.clock.sport == .running)
    #expect(s.clock.name == nil)
    #expect(s.comparison.rideName == nil)
    #expect(s.chrome.banner == nil)
  }

  @Test func theOpeningOfAnOpenRideKeepsItsNameAndTime() {
    let boot = "b"
    let stored = [StoredEvent(.start, wallMilliseconds: 0, bootID: boot, boottimeNanoseconds: 1_000_000_000)]
    var restored = Restore.ride(
      number: 4, events: stored, bootID: boot, now: Now(monotonic: Instant(nanoseconds: 3_000_000_000), wallMilliseconds: 2_000))
    restored.name = "hill"
    // The screen asks a little after the restore; the headless run at the restore's own now.
    let screen = RideOpening(restored: restored, precision: .cs, name: "next").state(at: Instant(nanoseconds: 4_000_000_000))
    let headless = RideOpening(restored: restored, precision: .cs).state(at: Instant(nanoseconds: 2_000_000_000))
    #expect(screen.clock.ride == restored.ride)
    #expect(screen.comparison.rideName == "hill")
    #expect(screen.clock.name == "next")
    #expect(screen.now == Instant(nanoseconds: 4_000_000_000))
    // A clock reading before the restore's is not taken: the ride never goes back.
    #expect(headless.now == restored.at)
    #expect(headless.comparison.rideName == "hill")
  }

  @Test func theOpeningSaysWhatItCouldNotRead() {
    var restored = Restore.ride(number: 2, events: [], bootID: "b", now: Now(monotonic: t(0), wallMilliseconds: 0))
    restored.wallClockWentBackwards = true
    let backwards = RideOpening(restored: restored, precision: .cs, language: .ko).state(at: t(0))
    #expect(backwards.chrome.banner == HistoryStrings.of(.ko).wallClockWentBackwards)
    let unreadable = RideOpening(restored: restored, precision: .cs, unreadableWorkout: "bad step").state(at: t(0))
    #expect(unreadable.chrome.banner?.contains("bad step") == true)
  }

  @Test("a .zwo warning (skipped <RestDay>) was printed under the screen and seen only after quitting")
  func theOpeningSaysWhatTheWorkoutsReaderSkipped() {
    let skipped = "line 5: skipped <RestDay>, not a block Splits knows"
    var opening = RideOpening(restored: nil, precision: .cs)
    opening.workoutWarnings = [skipped]
    #expect(opening.state(at: t(0)).chrome.banner == "Warning: line 5: skipped <RestDay>, not a block Splits knows")
    opening.workoutWarnings = [skipped, "line 9: skipped a cue without a message", "line 12: skipped <Foo>"]
    #expect(
      opening.state(at: t(0)).chrome.banner
        == "Warning: line 5: skipped <RestDay>, not a block Splits knows (and 2 more: splits workout check lists them)")
    opening.language = .ko
    #expect(opening.state(at: t(0)).chrome.banner?.hasPrefix("경고: line 5: skipped <RestDay>") == true)
    // With the command line's note, both are said.
    opening.language = .en
    opening.workoutWarnings = [skipped]
    opening.note = "Ride 1 is open: now running"
    #expect(opening.state(at: t(0)).chrome.banner == "Warning: \(skipped) · Ride 1 is open: now running")
    opening.workoutWarnings = []
    #expect(opening.state(at: t(0)).chrome.banner == "Ride 1 is open: now running")
  }
}
