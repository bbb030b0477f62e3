import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

private let boot = "workout-journal-boot"
private let wall0: Int64 = 1_795_316_400_000

@Suite("Journal: a workout ride keeps its workout and how each step ended")
struct WorkoutJournalTests {
  @Test func aWorkoutRideIsRestoredWithItsWorkoutAndStepEnds() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let source = WorkoutSource(text: "- 3s warmup\n- lap\n- 5s rest\n", fileName: "short.txt")
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
      try journal.append(RideEvent(.start, at: ms(1_000), workout: source), ride: 1, wallMilliseconds: wall0)
      try journal.append(RideEvent(.lap, at: ms(4_000), stepEnd: .time), ride: 1, wallMilliseconds: wall0 + 3_000)
      try journal.append(RideEvent(.lap, at: ms(9_000), stepEnd: .lap), ride: 1, wallMilliseconds: wall0 + 8_000)
      try journal.append(RideEvent(.lap, at: ms(10_000), stepEnd: .skip), ride: 1, wallMilliseconds: wall0 + 9_000)
      try journal.append(RideEvent(.pause, at: ms(10_000)), ride: 1, wallMilliseconds: wall0 + 9_000)
      try journal.close()
    }
    let now = Now(monotonic: ms(20_000), wallMilliseconds: wall0 + 19_000)
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    let restored = try journal.restoreCurrentRide(now: now)
    #expect(restored.workout == source)
    #expect(restored.ride.stepEnds == [.time, .lap, .skip])
    #expect(restored.ride.splits == [.seconds(3), .seconds(8), .seconds(9)])
    #expect(restored.events.compactMap(\.stepEnd) == [.time, .lap, .skip])
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    #expect(try reader.rides(now: now).first?.workout == source)
    #expect(try reader.ride(number: 1, now: now)?.workout == source)
  }

  @Test func aPlainRideHasNoWorkoutAndALaterStartReplacesAnAbandonedOne() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
    let now = Now(monotonic: ms(2_000), wallMilliseconds: wall0 + 1_000)
    #expect(try journal.restoreCurrentRide(now: now).workout == nil)
    // A countdown cancelled, then a start with another workout: the ride keeps the last.
    let first = WorkoutSource(text: "- 1m", fileName: "a")
    let second = WorkoutSource(text: "- 2m", fileName: nil)
    // Ride 1 is open: ride 2 cannot begin, workout or not.
    #expect(throws: JournalError.self) {
      try journal.append(RideEvent(.countdownStart, at: ms(1_000), countdownSteps: 3, workout: first), ride: 2, wallMilliseconds: wall0)
    }
    try journal.append(RideEvent(.pause, at: ms(3_000)), ride: 1, wallMilliseconds: wall0 + 2_000)
    try journal.append(RideEvent(.finish, at: ms(3_000)), ride: 1, wallMilliseconds: wall0 + 2_000)
    try journal.append(RideEvent(.countdownStart, at: ms(4_000), countdownSteps: 3, workout: first), ride: 2, wallMilliseconds: wall0 + 3_000)
    try journal.append(RideEvent(.countdownCancel, at: ms(5_000)), ride: 2, wallMilliseconds: wall0 + 4_000)
    try journal.append(RideEvent(.start, at: ms(6_000), workout: second), ride: 2, wallMilliseconds: wall0 + 5_000)
    let restored = try journal.restoreCurrentRide(now: Now(monotonic: ms(7_000), wallMilliseconds: wall0 + 6_000))
    #expect(restored.ride.number == 2)
    #expect(restored.workout == second)
  }
}
