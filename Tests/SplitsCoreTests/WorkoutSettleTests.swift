import SplitsWorkout
import Testing

@testable import SplitsCore

/// What the read-only commands make of a workout that went on with no screen open: the same
/// ride the screen would record.
@Suite("Workout settle: the events a workout ride owes its journal")
struct WorkoutSettleTests {
  static func stored(_ kind: RideEvent.Kind, _ ms: Int64, _ end: StepEnd? = nil) -> StoredEvent {
    StoredEvent(kind, wallMilliseconds: 1_000_000 + ms, bootID: "b", boottimeNanoseconds: ms * 1_000_000, stepEnd: end)
  }

  @Test func aWorkoutCompletedWithNoScreenIsReadPausedAtItsEnd() {
    let restored = Restore.ride(
      number: 1, events: [Self.stored(.start, 1_000), Self.stored(.lap, 4_000, .time)], bootID: "b",
      now: Now(monotonic: Instant(nanoseconds: 60_000_000_000), wallMilliseconds: 1_060_000))
    #expect(restored.phase == .running && restored.moving == .seconds(59))
    let settled = restored.settled(by: twelveSeconds)
    #expect(settled.phase == .paused)
    #expect(settled.moving == .seconds(12))
    #expect(settled.ride.splits == [3, 5, 7, 9, 11, 12].map { Duration.seconds($0) })
    #expect(settled.ride.stepEnds == Array(repeating: .time, count: 6))
    #expect(settled.lapElapsed == [3, 5, 7, 9, 11, 12].map { Duration.seconds($0) })
    #expect(settled.events.suffix(6).map(\.kind) == [.lap, .lap, .lap, .lap, .lap, .pause])
    // The screen, opened at the same instant, records exactly these events.
    var state = RideScreenState(ride: restored.ride, now: restored.at)
    state.following.run = WorkoutRun(plan: twelveSeconds, source: WorkoutSource(text: "plan"))
    state.observeWorkoutFromNow()
    let effects = RideReducer.reduce(&state, .redraw(at: restored.at))
    #expect(recorded(effects).map(\.1) == settled.events.suffix(6).map(\.at))
  }

  @Test func aRideMidStepOwesOnlyTheEndsThatPassed() {
    let restored = Restore.ride(
      number: 1, events: [Self.stored(.start, 0)], bootID: "b",
      now: Now(monotonic: Instant(nanoseconds: 6_500_000_000), wallMilliseconds: 1_006_500))
    let settled = restored.settled(by: twelveSeconds)
    #expect(settled.phase == .running)
    #expect(settled.ride.splits == [.seconds(3), .seconds(5)])
    #expect(settled.moving == .milliseconds(6_500))
  }

  @Test func aFinishedOrPlainOrPausedRideOwesNothing() {
    let paused = Restore.ride(
      number: 1, events: [Self.stored(.start, 0), Self.stored(.pause, 1_000)], bootID: "b",
      now: Now(monotonic: Instant(nanoseconds: 90_000_000_000), wallMilliseconds: 0))
    #expect(paused.settled(by: twelveSeconds) == paused)
    let finished = Restore.ride(
      number: 1, events: [Self.stored(.start, 0), Self.stored(.pause, 1_000), Self.stored(.finish, 2_000)],
      bootID: "b", now: Now(monotonic: Instant(nanoseconds: 90_000_000_000), wallMilliseconds: 0))
    #expect(finished.settled(by: twelveSeconds) == finished)
    #expect(WorkoutSettle.owed(Ride(number: 1), plan: twelveSeconds, at: Instant(nanoseconds: 5)).isEmpty)
  }
}
