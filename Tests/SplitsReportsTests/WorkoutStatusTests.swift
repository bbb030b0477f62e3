import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport

@Suite("status of a workout ride: the step under way, from the moving time")
struct WorkoutStatusTests {
  typealias W = WorkoutRides

  static func workout(_ ride: RestoredRide?, plan: Workout? = WorkoutRides.plan) throws -> [String: Any]? {
    let text = StatusReport.json(ride, plan: plan)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object.keys.contains("workout"))
    return object["workout"] as? [String: Any]
  }

  static let keys = [
    "name", "step", "steps", "step_name", "kind", "step_left_ms", "target_low", "target_high", "complete",
  ]

  /// In the sweet spot, 100 s after the warm-up ran out.
  static var inSweetSpot: RestoredRide { W.ride([W.stored(.start, 1_000), W.stored(.lap, 301_000, .time)], at: 401_000) }

  @Test func theStepUnderWay() throws {
    let text = StatusReport.json(Self.inSweetSpot, plan: W.plan)
    #expect(!text.contains("\n"))
    #expect(
      text.hasSuffix(
        ", \"workout\": {\"name\": \"Sweet spot 2x\", \"step\": 2, \"steps\": 5, \"step_name\": \"Sweet spot\", "
          + "\"kind\": \"active\", \"step_left_ms\": 500000, \"target_low\": 87.5, \"target_high\": 93, "
          + "\"complete\": false}}"), "\(text)")
    // The keys of product.md, in its order: the workout last.
    let order = ["state", "ride", "started_at", "moving_ms", "elapsed_ms", "paused_ms", "laps", "workout"].map {
      text.range(of: "\"\($0)\"")!.lowerBound
    }
    #expect(order == order.sorted())
    let workout = try #require(try Self.workout(Self.inSweetSpot))
    #expect(Set(workout.keys) == Set(Self.keys))
    // The laps are as for any ride: the step ends recorded.
    #expect(StatusReport.json(Self.inSweetSpot, plan: W.plan).contains("\"laps\": [{\"number\": 1, \"lap_ms\": 300000, \"split_ms\": 300000}]"))
  }

  @Test func aPlainRideHasNoWorkout() throws {
    #expect(StatusReport.json(StatusTests.running).hasSuffix(", \"workout\": null}"))
    #expect(try Self.workout(nil) == nil)
    let ready = Restore.ride(number: 4, events: [], bootID: "s", now: Now(monotonic: ms(0), wallMilliseconds: 0))
    #expect(try Self.workout(ready) == nil)
    // A workout whose plan cannot be read says nothing of steps.
    #expect(try Self.workout(Self.inSweetSpot, plan: nil) == nil)
  }

  @Test func aRampGoesFromItsStartToItsEnd() throws {
    let warmingUp = W.ride([W.stored(.start, 1_000)], at: 61_500)
    let workout = try #require(try Self.workout(warmingUp))
    #expect(workout["step"] as? Int == 1)
    #expect(workout["kind"] as? String == "warmup")
    #expect(workout["step_left_ms"] as? Int == 239_500)
    #expect(workout["target_low"] as? Int == 50)
    #expect(workout["target_high"] as? Int == 75)
  }

  /// No event since the warm-up's end, and the screen closed: at 1,000 s of moving time the
  /// sweet spot ran out at 900 s, so the rest is under way with 20 s left.
  @Test func aStepWhoseTimeRanOutWhileNobodyLookedIsOver() throws {
    let ride = W.ride([W.stored(.start, 1_000), W.stored(.lap, 301_000, .time)], at: 1_001_000)
    #expect(ride.ride.splits.count == 1)
    let workout = try #require(try Self.workout(ride))
    #expect(workout["step"] as? Int == 3)
    #expect(workout["step_name"] as? String == "Easy")
    #expect(workout["kind"] as? String == "rest")
    #expect(workout["step_left_ms"] as? Int == 20_000)
    #expect(workout["target_low"] as? Int == 55)
    #expect(workout["complete"] as? Bool == false)
    // Right at a step's end, the next step has begun.
    let atTheEnd = try #require(try Self.workout(W.ride([W.stored(.start, 1_000)], at: 301_000)))
    #expect(atTheEnd["step"] as? Int == 2)
    #expect(atTheEnd["step_left_ms"] as? Int == 600_000)
  }

  @Test func aStepThatEndsOnALapHasNoTimeLeft() throws {
    let ride = W.ride(Array(W.wholeEvents.prefix(6)), at: 700_000)
    let workout = try #require(try Self.workout(ride))
    #expect(workout["step"] as? Int == 4)
    #expect(workout["step_name"] as? String == "Hold on")
    #expect(workout["step_left_ms"] is NSNull)
    #expect(workout["target_high"] as? Int == 105)
    #expect(Set(workout.keys) == Set(Self.keys))
    // However long it lasts.
    let later = try #require(try Self.workout(W.ride(Array(W.wholeEvents.prefix(6)), at: 90_000_000)))
    #expect(later["step"] as? Int == 4)
  }

  @Test func aCompleteWorkout() throws {
    // Paused where the cool-down ran out.
    let paused = W.ride(Array(W.wholeEvents.prefix(9)), at: 1_190_000)
    #expect(paused.phase == .paused)
    let text = StatusReport.json(paused, plan: W.plan)
    #expect(
      text.hasSuffix(
        "\"workout\": {\"name\": \"Sweet spot 2x\", \"step\": 5, \"steps\": 5, \"step_name\": \"Cool down\", "
          + "\"kind\": \"cooldown\", \"step_left_ms\": 0, \"target_low\": null, \"target_high\": null, "
          + "\"complete\": true}}"), "\(text)")
    // Still complete while riding on after it.
    let after = try #require(try Self.workout(W.ride(Array(W.wholeEvents.prefix(11)), at: 1_250_000)))
    #expect(after["complete"] as? Bool == true)
    #expect(after["step"] as? Int == 5)
    // Complete while nobody looked: every step's time ran out after the lap step's end.
    let unseen = try #require(try Self.workout(W.ride(Array(W.wholeEvents.prefix(7)), at: 1_500_000)))
    #expect(unseen["complete"] as? Bool == true)
    #expect(unseen["step_left_ms"] as? Int == 0)
  }

  @Test func theNameIsTheFilesWhenTheWorkoutNamesNone() throws {
    var plan = W.plan
    plan.name = nil
    #expect(try Self.workout(Self.inSweetSpot, plan: plan)?["name"] as? String == "sweet-spot.txt")
    var inline = Self.inSweetSpot
    inline.workout = WorkoutSource(text: "10m 60%")
    let text = StatusReport.json(inline, plan: plan)
    #expect(text.contains("\"workout\": {\"name\": null, "), "\(text)")
  }

  @Test func beforeTheClockStartsTheFirstStepIsAhead() throws {
    let counting = W.ride([W.stored(.countdownStart, 1_000, steps: 3)], at: 2_000)
    #expect(counting.phase == .countdown)
    let workout = try #require(try Self.workout(counting))
    #expect(workout["step"] as? Int == 1)
    #expect(workout["step_left_ms"] as? Int == 300_000)
    #expect(try StatusReport.line(counting, format: nil, precision: .s, strings: .english, plan: W.plan) == "… starts in 2")
  }

  @Test func theLineNamesTheStep() throws {
    let english = HistoryStrings.english
    // 100.3 s into the sweet spot: 499.7 s left, shown rounded up as a countdown is.
    let ride = W.ride([W.stored(.start, 1_000), W.stored(.lap, 301_000, .time)], at: 401_300)
    #expect(try StatusReport.line(ride, format: nil, precision: .s, strings: english, plan: W.plan) == "▶ 00:06:40 · 2/5 Sweet spot · 00:08:20 left")
    #expect(try StatusReport.line(ride, format: nil, precision: .s, strings: .korean, plan: W.plan) == "▶ 00:06:40 · 2/5 Sweet spot · 00:08:20 남음")
    #expect(
      try StatusReport.line(ride, format: "{step}/{steps} {step_name} {step_left} lap {lap}", precision: .cs, strings: english, plan: W.plan)
        == "2/5 Sweet spot 00:08:19.70 lap 2")
    // A step that ends on a lap has no time left.
    let holding = W.ride(Array(W.wholeEvents.prefix(6)), at: 700_000)
    #expect(try StatusReport.line(holding, format: nil, precision: .s, strings: english, plan: W.plan) == "▶ 00:10:39 · 4/5 Hold on")
    #expect(try StatusReport.line(holding, format: "[{step_left}]", precision: .s, strings: english, plan: W.plan) == "[]")
    // Once complete, the lap again; the step placeholders still say where it ended.
    let paused = W.ride(Array(W.wholeEvents.prefix(9)), at: 1_190_000)
    #expect(try StatusReport.line(paused, format: nil, precision: .s, strings: english, plan: W.plan) == "⏸ 00:18:20 · lap 6")
    #expect(try StatusReport.line(paused, format: "{step}/{steps} {step_left}", precision: .s, strings: english, plan: W.plan) == "5/5 00:00:00")
    // A plain ride leaves them empty, and its line is as it was.
    #expect(try StatusReport.line(StatusTests.running, format: "[{step}{steps}{step_name}{step_left}]", precision: .s, strings: english) == "[]")
    #expect(try StatusReport.line(StatusTests.running, format: nil, precision: .s, strings: english, plan: nil) == "▶ 00:42:10 · lap 4")
  }

  @Test func aStepNameStaysOnOneLine() throws {
    var plan = W.plan
    plan.steps[1].name = "Sweet\nspot\t\u{1B}[2J"
    let line = try StatusReport.line(Self.inSweetSpot, format: "{step_name}", precision: .s, strings: .english, plan: plan)
    #expect(line == "Sweet spot  [2J")
    #expect(StatusReport.json(Self.inSweetSpot, plan: plan).contains("\"step_name\": \"Sweet\\nspot\\t\\u001b[2J\""))
  }

  @Test func theNewPlaceholdersAreKnown() throws {
    try StatusReport.validate(format: "{step} {steps} {step_name} {step_left}")
    #expect(StatusReport.FormatError.unknownPlaceholder("x").description.contains("{step_left}"))
  }
}
