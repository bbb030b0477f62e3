import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

private let boot = "workout-rides-boot"
private let wall0: Int64 = 1_795_316_400_000

@Suite("Journal: the last finished ride of the same workout")
struct WorkoutRidesJournalTests {
  /// Rides 1 and 3 follow sweetspot.txt (ride 3 given by path), ride 2 another file, ride 4
  /// is a plain ride, ride 5 sweetspot.txt again, still open.
  func journal(_ temp: TemporaryDirectory) throws -> Journal {
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    let sources: [WorkoutSource?] = [
      WorkoutSource(text: "- 10s\n", fileName: "sweetspot.txt"), WorkoutSource(text: "- 10s\n", fileName: "other.txt"),
      WorkoutSource(text: "- 20s\n", fileName: "plans/sweetspot.txt"), nil,
      WorkoutSource(text: "- 10s\n", fileName: "sweetspot.txt"),
    ]
    for (index, source) in sources.enumerated() {
      let ride = index + 1
      let start = Int64(index) * 100_000
      try journal.append(RideEvent(.start, at: ms(start), workout: source), ride: ride, wallMilliseconds: wall0 + start)
      guard ride < 5 else { break }
      try journal.append(RideEvent(.pause, at: ms(start + 5_000)), ride: ride, wallMilliseconds: wall0 + start + 5_000)
      try journal.append(RideEvent(.finish, at: ms(start + 5_000)), ride: ride, wallMilliseconds: wall0 + start + 5_000)
    }
    return journal
  }

  @Test func theScreenComparesAWorkoutRideWithTheLastFinishedRideOfTheSameFileName() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try journal(temp)
    let now = Now(monotonic: ms(1_000_000), wallMilliseconds: wall0 + 1_000_000)
    let sweetspot = WorkoutSource(text: "- 30s\n", fileName: "sweetspot.txt")
    #expect(try journal.lastFinishedRide(following: sweetspot, now: now)?.ride.number == 3)
    #expect(try journal.lastFinishedRide(following: WorkoutSource(text: "", fileName: "x/other.txt"), now: now)?.ride.number == 2)
    #expect(try journal.lastFinishedRide(following: WorkoutSource(text: "- 10s\n"), now: now) == nil)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    #expect(try reader.lastFinishedRide(following: sweetspot, before: 3, now: now)?.ride.number == 1)
    #expect(try reader.lastFinishedRide(following: sweetspot, before: 1, now: now) == nil)
  }
}
