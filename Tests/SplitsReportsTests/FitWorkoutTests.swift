import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport
import SplitsTestSystem

/// What fit_check.py prints of a workout ride, beyond `FitSummary`.
struct FitWorkoutSummary: Decodable {
  struct Workout: Decodable {
    var wkt_name: String?
    var sport: String
    var sub_sport: String
    var num_valid_steps: Int
  }
  struct Step: Decodable {
    var message_index: Int
    var wkt_step_name: String
    var duration_type: String
    var duration_value: Int64?
    var target_type: String
    var custom_target_value_low: Int64?
    var custom_target_value_high: Int64?
    var intensity: String
  }
  struct Lap: Decodable {
    var intensity: String
    var wkt_step_index: Int?
  }
  struct Session: Decodable {
    var sport: String
    var sub_sport: String
  }

  var integrity: Bool
  var errors: [String]
  var workouts: [Workout]
  var workout_steps: [Step]
  var laps: [Lap]
  var sessions: [Session]
  var unknown_messages: [String]
}

@Suite("FIT export of a workout ride: step names, intensities and a trainer's sub-sport")
struct FitWorkoutTests {
  static func decoded(_ ride: RideFigures, name: String) throws -> FitWorkoutSummary {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let file = temp.file("\(name).fit")
    writeFile(FitExport.activity(ride), to: file)
    return try OutsideReaders.summary(FitWorkoutSummary.self, tool: "fit_check.py", file: file)
  }

  @Test func garminsDecoderReadsEachLapsStepNameAndIntensityAndAnIndoorCyclingSession() throws {
    let file = try Self.decoded(RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan), name: "workout")
    #expect(file.integrity)
    #expect(file.errors.isEmpty)
    #expect(file.unknown_messages.isEmpty)
    #expect(file.sessions.map(\.sub_sport) == ["indoor_cycling"])
    #expect(file.sessions.map(\.sport) == ["cycling"])
    let workout = try #require(file.workouts.first)
    #expect(file.workouts.count == 1)
    #expect(workout.wkt_name == "Sweet spot 2x")
    #expect(workout.sport == "cycling")
    #expect(workout.sub_sport == "indoor_cycling")
    #expect(workout.num_valid_steps == 5)
    #expect(file.workout_steps.map(\.wkt_step_name) == ["Warm up", "Sweet spot", "Easy", "Hold on", "Cool down"])
    #expect(file.workout_steps.map(\.message_index) == [0, 1, 2, 3, 4])
    #expect(file.workout_steps.map(\.intensity) == ["warmup", "active", "rest", "active", "cooldown"])
    #expect(file.workout_steps.map(\.duration_type) == ["time", "time", "time", "open", "time"])
    #expect(file.workout_steps.map(\.duration_value) == [300_000, 600_000, 120_000, nil, 300_000])
    #expect(file.workout_steps.map(\.target_type) == ["power", "power", "power", "power", "open"])
    #expect(file.workout_steps.map(\.custom_target_value_low) == [50, 88, 55, 100, nil])
    #expect(file.workout_steps.map(\.custom_target_value_high) == [75, 93, 55, 105, nil])
    // Five steps, then a lap of the ride's own and the stretch to the finish: active, no step.
    #expect(file.laps.map(\.intensity) == ["warmup", "active", "rest", "active", "cooldown", "active", "active"])
    #expect(file.laps.map(\.wkt_step_index) == [0, 1, 2, 3, 4, nil, nil])
  }

  @Test func aRideFinishedInAStepNamesItAndAPlainOrRunningRideIsNoTrainerRide() throws {
    let unfinished = try Self.decoded(RideFigures(WorkoutRides.unfinished, plan: WorkoutRides.plan), name: "unfinished")
    #expect(unfinished.errors.isEmpty)
    #expect(unfinished.laps.map(\.wkt_step_index) == [0, 1])
    #expect(unfinished.laps.map(\.intensity) == ["warmup", "active"])
    let plain = try Self.decoded(SampleRides.withLaps, name: "plain")
    #expect(plain.errors.isEmpty)
    #expect(plain.sessions.map(\.sub_sport) == ["generic"])
    #expect(plain.workouts.isEmpty && plain.workout_steps.isEmpty)
    #expect(plain.laps.allSatisfy { $0.wkt_step_index == nil && $0.intensity == "active" })
    var running = RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan)
    running.sport = .running
    let run = try Self.decoded(running, name: "running")
    #expect(run.errors.isEmpty)
    #expect(run.sessions.map(\.sub_sport) == ["generic"])
    #expect(run.workouts.map(\.sub_sport) == ["generic"])
  }

  /// The profile's name of a step kind's intensity, worked out apart from the encoder.
  static func intensityName(_ kind: WorkoutStep.Kind?) -> String {
    switch kind {
    case .warmup: "warmup"
    case .rest: "rest"
    case .cooldown: "cooldown"
    default: "active"
    }
  }

  @Test func aLongStepNameIsCutAtACharactersEnd() {
    let field = FitExport.Field(0, string: String(repeating: "é", count: 100))
    let bytes = field.bytes ?? []
    #expect(bytes.count == 63)  // 31 two-byte characters and the NUL
    #expect(bytes.last == 0)
    #expect(String(decoding: bytes.dropLast(), as: UTF8.self) == String(repeating: "é", count: 31))
  }
}
