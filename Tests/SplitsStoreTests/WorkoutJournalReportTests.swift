import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

private let boot = "workout-journal-boot"
private let wall0: Int64 = 1_795_316_400_000

/// A workout ride written by the screen's journal and read back by the read-only commands'
/// reader: the workout and how each step ended reach the reports.
@Suite("A workout ride from the journal to status and the exports")
struct WorkoutJournalReportTests {
  static let plan = Workout(
    name: "Over-unders",
    steps: [
      WorkoutStep(name: "Warm up", kind: .warmup, length: .seconds(60), target: .steady(low: 60, high: 60)),
      WorkoutStep(name: "Over", kind: .active, length: .seconds(120), target: .steady(low: 105, high: 110)),
      WorkoutStep(name: "Spin", kind: .rest, length: .seconds(60)),
      WorkoutStep(name: "Until done", kind: .free, length: .untilLap),
    ])
  static let source = WorkoutSource(text: "# Over-unders\n10m 60%\n", fileName: "over-unders.txt")

  /// Warm-up ended by time at 60 s, the over skipped at 100 s, the spin ended by time at
  /// 160 s, the last step ended with `l` at 200 s, then the pause and the finish.
  func writeRide(in directory: String) throws {
    let journal = try Journal.open(dataDirectory: directory, bootID: boot)
    func append(_ event: RideEvent) throws {
      try journal.append(event, ride: 1, wallMilliseconds: wall0 + event.at.nanoseconds / 1_000_000)
    }
    try append(RideEvent(.start, at: ms(1_000), workout: Self.source))
    try append(RideEvent(.lap, at: ms(61_000), stepEnd: .time))
    try append(RideEvent(.lap, at: ms(101_000), stepEnd: .skip))
    try append(RideEvent(.lap, at: ms(161_000), stepEnd: .time))
    try append(RideEvent(.lap, at: ms(201_000), stepEnd: .lap))
    try append(RideEvent(.pause, at: ms(201_000)))
    try append(RideEvent(.finish, at: ms(202_000)))
    try journal.close()
  }

  @Test func theExportsNameEachStep() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    try writeRide(in: temp.path)
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    let now = Now(monotonic: ms(300_000), wallMilliseconds: wall0 + 300_000)
    for restored in [try #require(try reader.ride(number: 1, now: now)), try #require(try reader.rides(now: now).first)] {
      #expect(restored.workout == Self.source)
      #expect(restored.ride.stepEnds == [.time, .skip, .time, .lap])
      let figures = RideFigures(restored, plan: Self.plan)
      let rows = Export.csv([figures]).split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(2).suffix(4).joined(separator: ",") }
      #expect(rows == ["Warm up,warmup,60000,time", "Over,active,120000,skip", "Spin,rest,60000,time", "Until done,free,,lap"])
      let tcx = Export.tcx([figures])
      #expect(tcx.components(separatedBy: "<TriggerMethod>Time</TriggerMethod>").count - 1 == 2)
      #expect(tcx.components(separatedBy: "<Intensity>Resting</Intensity>").count - 1 == 1)
    }
  }

  @Test func statusReadsTheWorkoutOfTheOpenRide() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: ms(1_000), workout: Self.source), ride: 1, wallMilliseconds: wall0 + 1_000)
    try journal.append(RideEvent(.lap, at: ms(61_000), stepEnd: .time), ride: 1, wallMilliseconds: wall0 + 61_000)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: boot))
    // The over ran out at 180 s, while no screen was open: the spin has 30 s left.
    let ride = try #require(try reader.currentRide(now: Now(monotonic: ms(211_000), wallMilliseconds: wall0 + 211_000)))
    #expect(ride.workout == Self.source)
    let text = StatusReport.json(ride, plan: Self.plan)
    #expect(
      text.hasSuffix(
        "\"workout\": {\"name\": \"Over-unders\", \"step\": 3, \"steps\": 4, \"step_name\": \"Spin\", "
          + "\"kind\": \"rest\", \"step_left_ms\": 30000, \"target_low\": null, \"target_high\": null, "
          + "\"complete\": false}}"), "\(text)")
  }
}
