import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport
import SplitsTestSystem

/// Workout rides rebuilt from stored events, as the commands read them, with their plan.
enum WorkoutRides {
  static let boot = "workout-boot"
  /// 2026-11-22T03:00:00Z
  static let wall0: Int64 = 1_795_316_400_000

  /// A warm-up ramp, a sweet-spot interval, a rest, an effort that ends on a lap and a
  /// cool-down without a target: 5 + 10 + 2 + lap + 5 minutes.
  static let plan = Workout(
    name: "Sweet spot 2x", ftp: 250,
    steps: [
      WorkoutStep(name: "Warm up", kind: .warmup, length: .seconds(300), target: .ramp(from: 50, to: 75)),
      WorkoutStep(name: "Sweet spot", kind: .active, length: .seconds(600), target: .steady(low: 87.5, high: 93)),
      WorkoutStep(name: "Easy", kind: .rest, length: .seconds(120), target: .steady(low: 55, high: 55)),
      WorkoutStep(name: "Hold on", kind: .active, length: .untilLap, target: .steady(low: 100, high: 105)),
      WorkoutStep(name: "Cool down", kind: .cooldown, length: .seconds(300)),
    ])

  static let source = WorkoutSource(text: "# Sweet spot 2x\n…", fileName: "workouts/sweet-spot.txt")

  static func stored(_ kind: RideEvent.Kind, _ at: Int64, _ end: StepEnd? = nil, steps: Int = 0) -> StoredEvent {
    StoredEvent(
      kind, wallMilliseconds: wall0 + at, bootID: boot, boottimeNanoseconds: at * 1_000_000, countdownSteps: steps,
      stepEnd: end)
  }

  static func now(_ at: Int64) -> Now { Now(monotonic: ms(at), wallMilliseconds: wall0 + at) }

  static func ride(_ events: [StoredEvent], at: Int64 = 100_000_000, number: Int = 21) -> RestoredRide {
    var restored = Restore.ride(number: number, events: events, bootID: boot, now: now(at))
    restored.workout = source
    return restored
  }

  /// The clock starts at 1 s. Moving times: the warm-up runs out at 300 s; the sweet spot is
  /// skipped at 500 s; a minute's pause at 550 s; the rest runs out at 620 s; `l` ends the
  /// lap step at 800 s; the cool-down runs out at 1,100 s and the ride pauses there. Then
  /// 30 s more, a lap of the ride's own, 30 s more and the finish.
  static let wholeEvents: [StoredEvent] = [
    stored(.start, 1_000),
    stored(.lap, 301_000, .time),
    stored(.lap, 501_000, .skip),
    stored(.pause, 551_000), stored(.resume, 611_000),
    stored(.lap, 681_000, .time),
    stored(.lap, 861_000, .lap),
    stored(.lap, 1_161_000, .time), stored(.pause, 1_161_000),
    stored(.resume, 1_200_000), stored(.lap, 1_230_000), stored(.pause, 1_260_000),
    stored(.finish, 1_270_000),
  ]

  static var whole: RestoredRide { ride(wholeEvents) }

  /// Finished during the sweet spot: the warm-up ran out, then 100 s of the next step.
  static var unfinished: RestoredRide {
    ride(
      [stored(.start, 1_000), stored(.lap, 301_000, .time), stored(.pause, 401_000), stored(.finish, 402_000)],
      number: 22)
  }
}

@Suite("Workout rides in the exports: each step a lap, named, with how it ended")
struct WorkoutExportTests {
  @Test func figuresCarryTheSteps() {
    let figures = RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan)
    #expect(figures.laps.map(\.lapMilliseconds) == [300_000, 200_000, 120_000, 180_000, 300_000, 30_000])
    #expect(figures.finalStretch?.lapMilliseconds == 30_000)
    #expect(figures.laps.map { $0.step?.name } == ["Warm up", "Sweet spot", "Easy", "Hold on", "Cool down", nil])
    #expect(figures.laps.map { $0.step?.kind } == [.warmup, .active, .rest, .active, .cooldown, nil])
    #expect(figures.laps.map { $0.step?.plannedSeconds } == [300, 600, 120, nil, 300, nil])
    #expect(figures.laps.map { $0.step?.ended } == [.time, .skip, .time, .lap, .time, nil])
    // After the workout the ride is the rider's own.
    #expect(figures.finalStretch?.step == nil)
    // A plain ride has no steps.
    #expect(SampleRides.withLaps.segments.allSatisfy { $0.step == nil })
  }

  @Test func theStretchAfterTheLastStepEndIsTheStepUnderWay() {
    let figures = RideFigures(WorkoutRides.unfinished, plan: WorkoutRides.plan)
    #expect(figures.laps.map { $0.step?.ended } == [.time])
    let stretch = figures.finalStretch?.step
    #expect(stretch == RideFigures.Step(name: "Sweet spot", kind: .active, plannedSeconds: 600, ended: nil))
  }

  /// A running ride whose step ran out while no screen was open: the stretch since the last
  /// recorded end spans steps the journal does not close yet, so it is no one step.
  @Test func aStretchOverStepsNotYetEndedIsNoStep() {
    let running = WorkoutRides.ride([WorkoutRides.stored(.start, 1_000)], at: 400_000)
    let figures = RideFigures(running, plan: WorkoutRides.plan)
    #expect(figures.laps.isEmpty)
    #expect(figures.finalStretch?.step == nil)
    let early = WorkoutRides.ride([WorkoutRides.stored(.start, 1_000)], at: 200_000)
    #expect(RideFigures(early, plan: WorkoutRides.plan).finalStretch?.step?.name == "Warm up")
  }

  /// Without the plan (a workout that cannot be read), the laps still say how each step
  /// ended: the journal holds that.
  @Test func withoutThePlanOnlyHowStepsEnded() {
    let figures = RideFigures(WorkoutRides.whole)
    #expect(figures.laps.map { $0.step?.ended } == [.time, .skip, .time, .lap, .time, nil])
    #expect(figures.laps.allSatisfy { $0.step?.name == nil && $0.step?.kind == nil && $0.step?.plannedSeconds == nil })
  }

  @Test func csvAddsTheStepColumnsAtTheEnd() throws {
    #expect(
      Export.csvHeader == [
        "ride", "started_at", "finished_at", "moving_ms", "elapsed_ms", "paused_ms", "lap", "lap_ms", "split_ms",
        "lap_start_elapsed_ms", "distance_m", "ended_by", "step_name", "step_kind", "step_planned_ms", "step_end",
        "ride_name", "ride_note",
      ])
    let rides = [RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan), SampleRides.withLaps]
    let records = try parseCSV(Export.csv(rides))
    #expect(records.dropFirst().allSatisfy { $0.count == Export.csvHeader.count })
    let steps = records.dropFirst().map { Array($0.dropLast(2).suffix(4)) }
    #expect(
      steps == [
        ["Warm up", "warmup", "300000", "time"],
        ["Sweet spot", "active", "600000", "skip"],
        ["Easy", "rest", "120000", "time"],
        ["Hold on", "active", "", "lap"],
        ["Cool down", "cooldown", "300000", "time"],
        ["", "", "", ""],  // a lap of the ride's own
        ["", "", "", ""],  // the stretch to the finish
        // The plain ride: two laps and the stretch to the finish.
        ["", "", "", ""], ["", "", "", ""], ["", "", "", ""],
      ])
    // The columns before are as they were (a ride without a lap distance has no distance_m).
    #expect(records[1].prefix(12) == ["21", "2026-11-22T03:00:01Z", "2026-11-22T03:21:10Z", "1160000", "1269000", "109000", "1", "300000", "300000", "0", "", "lap"])
    let unfinished = try parseCSV(Export.csv([RideFigures(WorkoutRides.unfinished, plan: WorkoutRides.plan)]))
    #expect(unfinished.last.map { Array($0.dropLast(2).suffix(5)) } == ["finish", "Sweet spot", "active", "600000", ""])
  }

  @Test func csvQuotesAStepNameThatNeedsIt() throws {
    var plan = WorkoutRides.plan
    plan.steps[0].name = "Warm up, \"easy\""
    let records = try parseCSV(Export.csv([RideFigures(WorkoutRides.whole, plan: plan)]))
    #expect(records[1][Export.csvHeader.firstIndex(of: "step_name")!] == "Warm up, \"easy\"")
  }

  @Test func jsonAddsTheStepFieldsAtTheEnd() throws {
    let text = Export.json([RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan), SampleRides.withLaps])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let rides = try #require(object["rides"] as? [[String: Any]])
    let laps = try #require(rides[0]["laps"] as? [[String: Any]])
    #expect(laps.map { $0["step_name"] as? String } == ["Warm up", "Sweet spot", "Easy", "Hold on", "Cool down", nil])
    #expect(laps.map { $0["step_kind"] as? String } == ["warmup", "active", "rest", "active", "cooldown", nil])
    #expect(laps.map { $0["step_planned_ms"] as? Int } == [300_000, 600_000, 120_000, nil, 300_000, nil])
    #expect(laps.map { $0["step_end"] as? String } == ["time", "skip", "time", "lap", "time", nil])
    // Every lap has every field, null when it says nothing.
    for lap in laps + (rides[1]["laps"] as? [[String: Any]] ?? []) {
      #expect(Set(lap.keys) == ["number", "lap_ms", "split_ms", "step_name", "step_kind", "step_planned_ms", "step_end"])
    }
    #expect(laps[5]["step_name"] is NSNull)
    #expect((rides[0]["final_stretch"] as? [String: Any])?["step_end"] is NSNull)
    // The lap's own fields come first, in their order.
    #expect(text.contains("{\"number\": 4, \"lap_ms\": 180000, \"split_ms\": 800000, \"step_name\": \"Hold on\", \"step_kind\": \"active\", \"step_planned_ms\": null, \"step_end\": \"lap\"}"))
    // The export still decodes as before.
    let decoded = try JSONDecoder().decode(ExportedFile.self, from: Data(text.utf8))
    #expect(decoded.rides[0].laps.map(\.lap_ms) == [300_000, 200_000, 120_000, 180_000, 300_000, 30_000])
    let unfinished = Export.rideJSON(RideFigures(WorkoutRides.unfinished, plan: WorkoutRides.plan))
    #expect(unfinished.hasSuffix("\"final_stretch\": {\"number\": 2, \"lap_ms\": 100000, \"split_ms\": 400000, \"step_name\": \"Sweet spot\", \"step_kind\": \"active\", \"step_planned_ms\": 600000, \"step_end\": null}, \"sport\": \"biking\", \"name\": null, \"note\": null, \"workout_steps\": {\"steps\": 5, \"steps_done\": 1, \"steps_skipped\": 0, \"steps_left\": 4, \"kinds_ms\": {\"warmup\": 300000, \"active\": 100000, \"rest\": 0, \"cooldown\": 0}, \"after_workout_ms\": 0}}"))
  }

  @Test func tcxRestsAndStepsEndedByTime() {
    let text = Export.tcx([RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan)])
    let laps = text.components(separatedBy: "<Lap ").dropFirst()
    #expect(laps.count == 7)
    let intensities = laps.map { $0.contains("<Intensity>Resting</Intensity>") ? "Resting" : "Active" }
    #expect(intensities == ["Active", "Active", "Resting", "Active", "Active", "Active", "Active"])
    let triggers = laps.map { $0.contains("<TriggerMethod>Time</TriggerMethod>") ? "Time" : "Manual" }
    #expect(triggers == ["Time", "Manual", "Time", "Manual", "Time", "Manual", "Manual"])
    #expect(laps.allSatisfy { $0.contains("<Intensity>") && $0.contains("<TriggerMethod>") })
    // A rest step the ride finished in is still a rest.
    let resting = WorkoutRides.ride(
      [
        WorkoutRides.stored(.start, 1_000), WorkoutRides.stored(.lap, 301_000, .time),
        WorkoutRides.stored(.lap, 901_000, .time), WorkoutRides.stored(.pause, 961_000),
        WorkoutRides.stored(.finish, 962_000),
      ], number: 23)
    let tcx = Export.tcx([RideFigures(resting, plan: WorkoutRides.plan)])
    #expect(tcx.components(separatedBy: "<Lap ").last?.contains("<Intensity>Resting</Intensity>") == true)
    #expect(tcx.components(separatedBy: "<Lap ").last?.contains("<TriggerMethod>Manual</TriggerMethod>") == true)
  }

  @Test(
    .enabled(
      if: Spawn.which("xmllint") != nil,
      "skipped: xmllint is not installed (Debian: libxml2-utils; `make test` installs it)"))
  func tcxOfAWorkoutRideValidatesAgainstGarminsSchema() throws {
    let xmllint = try #require(Spawn.which("xmllint"))
    let schema = try #require(ExportTests.schemaPath, "TrainingCenterDatabasev2.xsd not found")
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let file = temp.file("workout.tcx")
    let rides = [
      RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan),
      RideFigures(WorkoutRides.unfinished, plan: WorkoutRides.plan), SampleRides.withLaps,
    ]
    writeFile(Array(Export.tcx(rides).utf8), to: file)
    let result = try Spawn.run([xmllint, "--noout", "--schema", schema, file], timeout: nil)
    #expect(result.shellStatus == 0, "\(result.output)")
    #expect(result.output.contains("validates"), "\(result.output)")
  }
}
