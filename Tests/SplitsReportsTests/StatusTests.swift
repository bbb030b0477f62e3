import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport

@Suite("status: one line, a template, and the JSON of product.md")
struct StatusTests {
  let english = HistoryStrings.english
  static let wall0: Int64 = 1_795_316_400_000

  static func stored(_ kind: RideEvent.Kind, _ at: Int64, steps: Int = 0) -> StoredEvent {
    StoredEvent(kind, wallMilliseconds: wall0 + at, bootID: "s", boottimeNanoseconds: at * 1_000_000, countdownSteps: steps)
  }

  /// product.md's example: running, 42:10 moving with 3 laps done (now in lap 4), after a
  /// 172.63 s pause.
  static var running: RestoredRide {
    Restore.ride(
      number: 12,
      events: [
        stored(.start, 0), stored(.lap, 780_000), stored(.lap, 1_500_000), stored(.pause, 1_600_000),
        stored(.resume, 1_772_630), stored(.lap, 2_000_000),
      ], bootID: "s", now: Now(monotonic: ms(2_703_000), wallMilliseconds: wall0 + 2_703_000))
  }

  @Test func oneLineWhileRunning() throws {
    #expect(try StatusReport.line(Self.running, format: nil, precision: .s, strings: english) == "▶ 00:42:10 · lap 4")
    #expect(try StatusReport.line(Self.running, format: nil, precision: .cs, strings: english) == "▶ 00:42:10.37 · lap 4")
    #expect(try StatusReport.line(Self.running, format: nil, precision: .s, strings: .korean) == "▶ 00:42:10 · 랩 4")
  }

  @Test func oneLineInEveryState() throws {
    let paused = Restore.ride(
      number: 3, events: [Self.stored(.start, 0), Self.stored(.pause, 65_000)], bootID: "s",
      now: Now(monotonic: ms(99_000), wallMilliseconds: Self.wall0 + 99_000))
    #expect(try StatusReport.line(paused, format: nil, precision: .s, strings: english) == "⏸ 00:01:05 · lap 1")
    let ready = Restore.ride(number: 4, events: [], bootID: "s", now: Now(monotonic: ms(0), wallMilliseconds: 0))
    #expect(try StatusReport.line(ready, format: nil, precision: .s, strings: english) == "■ ready")
    #expect(try StatusReport.line(nil, format: nil, precision: .s, strings: english) == "■ no ride")
    let countdown = Restore.ride(
      number: 5, events: [Self.stored(.countdownStart, 0, steps: 3)], bootID: "s",
      now: Now(monotonic: ms(1_200), wallMilliseconds: Self.wall0 + 1_200))
    #expect(try StatusReport.line(countdown, format: nil, precision: .s, strings: english) == "… starts in 2")
  }

  @Test func templates() throws {
    let ride = Self.running
    #expect(
      try StatusReport.line(ride, format: "{state} #{ride} {moving} / {elapsed} (paused {paused}) {laps} laps", precision: .s, strings: english)
        == "running #12 00:42:10 / 00:45:03 (paused 00:02:52) 3 laps")
    #expect(try StatusReport.line(ride, format: "{moving_ms} {elapsed_ms} {paused_ms}", precision: .s, strings: english) == "2530370 2703000 172630")
    #expect(try StatusReport.line(ride, format: "{{{lap}}} {last_lap} {started_at}", precision: .s, strings: english) == "{4} 00:05:27 2026-11-22T03:00:00Z")
    #expect(try StatusReport.line(nil, format: "[{icon}{ride}{moving}]", precision: .s, strings: english) == "[■00:00:00]")
    #expect(throws: StatusReport.FormatError.unknownPlaceholder("speed")) { try StatusReport.validate(format: "{speed}") }
    #expect(throws: StatusReport.FormatError.unclosedBrace) { try StatusReport.validate(format: "{moving") }
    #expect(StatusReport.FormatError.unknownPlaceholder("x").description.contains("{moving}"))
  }

  /// The keys of product.md, in its order, with its types.
  @Test func jsonShape() throws {
    let text = StatusReport.json(Self.running)
    #expect(!text.contains("\n"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["state", "ride", "started_at", "moving_ms", "elapsed_ms", "paused_ms", "laps", "workout"])
    let positions = ["state", "ride", "started_at", "moving_ms", "elapsed_ms", "paused_ms", "laps", "workout"].map {
      text.range(of: "\"\($0)\"")!.lowerBound
    }
    #expect(positions == positions.sorted())
    #expect(object["state"] as? String == "running")
    #expect(object["ride"] as? Int == 12)
    #expect(object["started_at"] as? String == "2026-11-22T03:00:00Z")
    #expect(object["moving_ms"] as? Int == 2_530_370)
    #expect(object["elapsed_ms"] as? Int == 2_703_000)
    #expect(object["paused_ms"] as? Int == 172_630)
    let laps = try #require(object["laps"] as? [[String: Any]])
    #expect(laps.count == 3)
    #expect(Set(laps[0].keys) == ["number", "lap_ms", "split_ms"])
    #expect(laps.map { $0["lap_ms"] as? Int } == [780_000, 720_000, 327_370])
    #expect(laps.map { $0["split_ms"] as? Int } == [780_000, 1_500_000, 1_827_370])
    // A plain ride follows no workout.
    #expect(object["workout"] is NSNull)
    #expect(text.hasPrefix("{\"state\": \"running\", \"ride\": 12, \"started_at\": \"2026-11-22T03:00:00Z\", \"moving_ms\": 2530370, \"elapsed_ms\": 2703000, \"paused_ms\": 172630, \"laps\": [{\"number\": 1, \"lap_ms\": 780000, \"split_ms\": 780000}, "))
  }

  @Test func jsonWhenThereIsNothing() throws {
    #expect(
      StatusReport.json(nil)
        == "{\"state\": \"none\", \"ride\": null, \"started_at\": null, \"moving_ms\": 0, \"elapsed_ms\": 0, \"paused_ms\": 0, \"laps\": [], \"workout\": null}")
    let ready = Restore.ride(number: 4, events: [], bootID: "s", now: Now(monotonic: ms(0), wallMilliseconds: 0))
    #expect(StatusReport.json(ready).hasPrefix("{\"state\": \"ready\", \"ride\": 4, \"started_at\": null"))
  }

  @Test func jsonEscapesStrings() {
    #expect(JSONText.string("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
  }

  @Test func historyTableAndShow() {
    let rides = [RideFigures(Self.running), SampleRides.withLaps]
    let utc = TimeZone(secondsFromGMT: 0)!
    let table = HistoryReport.table(rides, strings: english, timeZone: utc)
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("Ride") && lines[0].contains("Best lap"))
    #expect(lines[1].contains("12 ▶") && lines[1].contains("2026-11-22 03:00") && lines[1].contains("00:42:10.37"))
    #expect(lines[2].contains("00:13:00.12"))
    // Korean headers are two columns a character: the columns still line up.
    let korean = HistoryReport.table(rides, strings: .korean, timeZone: utc).split(separator: "\n").map(String.init)
    #expect(korean.count == 3)
    // The date column starts at the same terminal column on every row.
    let header = korean[0]
    let dateColumn = TextWidth.columns(String(header[..<header.range(of: "날짜")!.lowerBound]))
    for row in korean.dropFirst() {
      #expect(TextWidth.columns(String(row[..<row.range(of: "2026-")!.lowerBound])) == dateColumn, "\(korean)")
    }

    let show = HistoryReport.show(SampleRides.withLaps, strings: english, timeZone: utc)
    #expect(show.hasPrefix("Ride 7 · finished · biking · 2026-11-22 03:00\n"))
    #expect(lines[0].contains("Sport") && lines[1].contains("biking"))
    #expect(show.contains("▲") && show.contains("▼"))
    #expect(show.contains("to finish"))
    // The summary the screen shows after r, above the table.
    #expect(show.contains("Laps 2 · best lap 00:13:00.12 · worst lap 00:13:30.00 · average lap 00:13:15.06"), "\(show)")
    let next = HistoryReport.show(SampleRides.withoutLaps, previous: SampleRides.withLaps, strings: english, timeZone: utc)
    let difference = SampleRides.withoutLaps.movingMilliseconds - SampleRides.withLaps.movingMilliseconds
    #expect(next.contains("Moving time against ride 7: " + TimeFormat.signedDifference(.milliseconds(difference), precision: .cs)), "\(next)")
    #expect(next.contains("No laps."))
    let json = HistoryReport.json(rides)
    let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(array?.count == 2)
    #expect(array?.first?["lap_count"] as? Int == 3)
    #expect(array?.last?["best_lap_ms"] as? Int == 780_123)
  }
}
