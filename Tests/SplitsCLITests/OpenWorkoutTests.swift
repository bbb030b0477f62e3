import ArgumentParser
import SplitsCore
import SplitsWorkout
import Testing

@testable import SplitsCLI

/// Which workout the screen follows when a ride is already open: one plan per ride.
@Suite("splits workout with a ride open")
struct OpenWorkoutTests {
  static let text = "- 3s warmup\n- 2s\n"

  static func open(workout: WorkoutSource?, phase: Ride.Phase = .running) -> RestoredRide {
    let events =
      phase == .ready ? [] : [StoredEvent(.start, wallMilliseconds: 0, bootID: "b", boottimeNanoseconds: 1_000)]
    var restored = Restore.ride(
      number: 4, events: events, bootID: "b", now: Now(monotonic: Instant(nanoseconds: 2_000), wallMilliseconds: 0))
    restored.workout = workout
    return restored
  }

  static func request(_ text: String) throws -> RideCommand.WorkoutRequest {
    RideCommand.WorkoutRequest(
      source: WorkoutSource(text: text), plan: try WorkoutReader.parse(WorkoutSource(text: text)).workout,
      bells: false, cueCommand: "true")
  }

  @Test func noRideOpenTakesTheRequest() throws {
    let chosen = try RideCommand.workout(open: Self.open(workout: nil, phase: .ready), requested: try Self.request(Self.text))
    #expect(chosen.request?.source.text == Self.text)
    #expect(try RideCommand.workout(open: nil, requested: nil).request == nil)
  }

  @Test func theSameWorkoutReopensWithTheNewOptions() throws {
    let chosen = try RideCommand.workout(
      open: Self.open(workout: WorkoutSource(text: Self.text, fileName: "a.txt")), requested: try Self.request(Self.text))
    #expect(chosen.request?.source.fileName == "a.txt")
    #expect(chosen.request?.plan.steps.count == 2)
    #expect(chosen.request?.bells == false && chosen.request?.cueCommand == "true")
    // `splits` alone reopens it with bells and no command.
    let alone = try RideCommand.workout(open: Self.open(workout: WorkoutSource(text: Self.text)), requested: nil)
    #expect(alone.request?.bells == true && alone.request?.cueCommand == nil)
  }

  @Test func anotherWorkoutOrAPlainRideOpenIsRefused() throws {
    #expect(throws: ExitCode.self) {
      try RideCommand.workout(open: Self.open(workout: WorkoutSource(text: "- 9m\n")), requested: try Self.request(Self.text))
    }
    #expect(throws: ExitCode.self) {
      try RideCommand.workout(open: Self.open(workout: nil), requested: try Self.request(Self.text))
    }
    #expect(try RideCommand.workout(open: Self.open(workout: nil), requested: nil).request == nil)
  }

  @Test("sweetspot.txt edited while its ride was open said the ride follows another workout")
  func theSameFileChangedGoesOnWithTheWorkoutAsItBegan() throws {
    let edited = "- 3s warmup\n- 9s\n"
    var request = try Self.request(edited)
    request.source.fileName = "plans/sweetspot.txt"
    let open = Self.open(workout: WorkoutSource(text: Self.text, fileName: "plans/sweetspot.txt"))
    let chosen = try RideCommand.workout(open: open, requested: request)
    // The journal's workout, not the file's new text, with the options given now.
    #expect(chosen.request?.source.text == Self.text)
    #expect(chosen.request?.plan.steps.map(\.length.seconds) == [3, 2])
    #expect(chosen.request?.cueCommand == "true")
    #expect(
      chosen.changed
        == "plans/sweetspot.txt changed since ride 4 began: it goes on with the workout as it was then (r finishes it)")
    let korean = try RideCommand.workout(open: open, requested: request, strings: .korean)
    #expect(korean.changed?.hasPrefix("plans/sweetspot.txt 이(가) 4번 라이드 시작 후 바뀌었습니다") == true)
    // Unchanged, nothing to say; another file with other text is still another workout.
    request.source.text = Self.text
    #expect(try RideCommand.workout(open: open, requested: request).changed == nil)
    request.source = WorkoutSource(text: edited, fileName: "other.txt")
    #expect(throws: ExitCode.self) { try RideCommand.workout(open: open, requested: request) }
  }

  @Test func anUnreadableWorkoutOpensAsAPlainRideAndSaysWhy() throws {
    let chosen = try RideCommand.workout(open: Self.open(workout: WorkoutSource(text: "- ten minutes\n")), requested: nil)
    #expect(chosen.request == nil)
    #expect(chosen.unreadable?.hasPrefix("line 1, column ") == true)
  }
}
