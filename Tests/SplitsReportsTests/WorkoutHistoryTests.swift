import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport

/// `history` and `show` of a workout ride: its steps, never its shortest step as a best lap.
@Suite("Workout rides in history and show: steps, not a best lap")
struct WorkoutHistoryTests {
  static let utc = TimeZone(identifier: "UTC")!
  static var whole: RideFigures { RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan) }
  static var unfinished: RideFigures { RideFigures(WorkoutRides.unfinished, plan: WorkoutRides.plan) }

  @Test func theFiguresCountStepsAndTimeByKind() {
    let steps = Self.whole.workout
    #expect(steps?.steps == 5)
    #expect(steps?.done == 4)
    #expect(steps?.skipped == 1)
    #expect(steps?.left == 0)
    #expect(steps?.kinds.map(\.time) == [.seconds(300), .seconds(380), .seconds(120), .seconds(300)])
    #expect(steps?.afterWorkout == .seconds(60))
    #expect(Self.whole.bestLapMilliseconds == nil)
    #expect(SampleRides.withLaps.workout == nil)
    #expect(SampleRides.withLaps.bestLapMilliseconds != nil)
  }

  @Test func historyShowsStepsDoneWhereAPlainRideShowsItsBestLap() {
    let table = HistoryReport.table([Self.unfinished, Self.whole], strings: .english, timeZone: Self.utc)
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines[0].contains("Best lap"))
    #expect(lines[1].split(separator: " ").first == "22" && lines[1].contains("  steps 1/5"))
    #expect(lines[2].split(separator: " ").first == "21" && lines[2].contains("  steps 4/5"))
    #expect(!table.contains("00:02:00.00"))  // the shortest step (Easy) is no best lap
    let korean = HistoryReport.table([Self.whole], strings: .korean, timeZone: Self.utc)
    #expect(korean.contains("단계 4/5"))
  }

  @Test func historyJSONHasTheStepsAndNoBestLap() throws {
    let json = HistoryReport.json([Self.whole, SampleRides.withLaps])
    let rides = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(rides[0]["best_lap_ms"] is NSNull)
    let steps = try #require(rides[0]["workout_steps"] as? [String: Any])
    #expect(steps["steps"] as? Int == 5)
    #expect(steps["steps_done"] as? Int == 4)
    #expect(steps["steps_skipped"] as? Int == 1)
    #expect(steps["steps_left"] as? Int == 0)
    #expect(steps["after_workout_ms"] as? Int == 60_000)
    let kinds = try #require(steps["kinds_ms"] as? [String: Int])
    #expect(kinds == ["warmup": 300_000, "active": 380_000, "rest": 120_000, "cooldown": 300_000])
    #expect(json.contains("\"kinds_ms\": {\"warmup\": 300000, \"active\": 380000, \"rest\": 120000, \"cooldown\": 300000}"))
    #expect(rides[1]["workout_steps"] is NSNull)
  }

  @Test func showGivesTheStepsAgainstTheLastRideOfTheSameWorkout() {
    let text = HistoryReport.show(Self.whole, previous: Self.unfinished, strings: .english, timeZone: Self.utc)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(lines[2...9]) == [
      "Steps 4/5 done · 1 skipped · 0 left",
      "Against ride 22 of this workout: +12:40.00 · 1/5 steps done",
      "  warm-up            00:05:00  +00:00",
      "  active             00:06:20  +04:40",
      "  rest               00:02:00  +02:00",
      "  cool-down          00:05:00  +05:00",
      "  after the workout  00:01:00",
      "",
    ])
    #expect(!text.contains("best lap"))
    #expect(!text.contains("Moving time against"))
    let korean = HistoryReport.show(Self.whole, previous: nil, strings: .korean, timeZone: Self.utc)
    #expect(korean.contains("단계 4/5 완료 · 건너뜀 1 · 남음 0\n이 워크아웃의 첫 완료 라이드\n"))
  }

  @Test func showOfAnOpenWorkoutRideComparesWithNothing() {
    let open = RideFigures(
      WorkoutRides.ride([WorkoutRides.stored(.start, 1_000)], at: 200_000, number: 23), plan: WorkoutRides.plan)
    let text = HistoryReport.show(open, previous: Self.whole, strings: .english, timeZone: Self.utc)
    #expect(text.contains("Steps 0/5 done · 0 skipped · 5 left\n  warm-up    00:03:19\n"))
    #expect(!text.contains("Against"))
  }

  @Test func showJSONAndTheJSONExportCarryTheSteps() {
    let json = Export.rideJSON(Self.whole)
    #expect(json.contains("\"workout_steps\": {\"steps\": 5, \"steps_done\": 4, \"steps_skipped\": 1, \"steps_left\": 0, "))
    #expect(Export.rideJSON(SampleRides.withLaps).contains("\"workout_steps\": null"))
  }
}
