import Foundation
import SplitsCore
import SplitsStore
import SplitsWorkout
import Testing

@testable import SplitsCLI

/// The commands hand a workout ride's kept workout to the plan reader and print its steps.
@Suite("splits status and the exports with a workout ride's plan")
struct WorkoutPlansTests {
  static let source = WorkoutSource(text: "# Two steps\n1m 50%\nlap 80%\n", fileName: "two.txt")
  static let plan = Workout(
    name: "Two steps",
    steps: [
      WorkoutStep(name: "Easy", kind: .active, length: .seconds(60), target: .steady(low: 50, high: 50)),
      WorkoutStep(name: "Steady", kind: .active, length: .untilLap, target: .steady(low: 80, high: 80)),
    ])

  /// A data directory holding one workout ride started at this boot, its first step ended
  /// at once: the second, which ends on a lap, is under way whatever the time.
  func journal() throws -> String {
    let directory = NSTemporaryDirectory() + "/splits-cli-\(UUID().uuidString)"
    let journal = try Journal.open(dataDirectory: directory)
    try journal.append(RideEvent(.start, at: Instant(nanoseconds: 0), workout: Self.source), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.lap, at: Instant(nanoseconds: 0), stepEnd: .time), ride: 1, wallMilliseconds: 0)
    try journal.close()
    return directory
  }

  @Test func statusAsksForThePlanOfTheKeptWorkout() throws {
    let directory = try journal()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var asked: [WorkoutSource] = []
    let json = try StatusCommand.output(
      directory: directory, json: true, format: nil, precision: .s, strings: .english,
      plans: { asked.append($0); return Self.plan })
    #expect(asked == [Self.source])
    #expect(json.contains("\"workout\": {\"name\": \"Two steps\", \"step\": 2, \"steps\": 2, \"step_name\": \"Steady\", \"kind\": \"active\", \"step_left_ms\": null, \"target_low\": 80"), "\(json)")
    let line = try StatusCommand.output(
      directory: directory, json: false, format: "{step}/{steps} {step_name}", precision: .s, strings: .english,
      plans: { _ in Self.plan })
    #expect(line == "2/2 Steady")
    // A workout that cannot be read: nothing of steps.
    let unread = try StatusCommand.output(
      directory: directory, json: true, format: nil, precision: .s, strings: .english, plans: { _ in nil })
    #expect(unread.hasSuffix("\"workout\": null}"), "\(unread)")
  }

  @Test func aPlainRideAsksForNoPlan() throws {
    let directory = NSTemporaryDirectory() + "/splits-cli-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let journal = try Journal.open(dataDirectory: directory)
    try journal.append(RideEvent(.start, at: Instant(nanoseconds: 0)), ride: 1, wallMilliseconds: 0)
    try journal.close()
    let json = try StatusCommand.output(
      directory: directory, json: true, format: nil, precision: .s, strings: .english,
      plans: { _ in Issue.record("a plain ride has no workout"); return nil })
    #expect(json.hasSuffix("\"workout\": null}"), "\(json)")
  }
}
