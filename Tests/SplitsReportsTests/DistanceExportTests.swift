import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport
import SplitsTestSystem

/// A run of four 400 m laps (98, 95.4, 96.6 and 93.5 s) and a final stretch of 16.5 s, then
/// finished: 1.6 km in the reports and every export, the final stretch carrying none.
enum TrackRides {
  static var run: RideFigures {
    var restored = Restore.ride(
      number: 7,
      events: [
        FitRides.stored(.start, 1_000), FitRides.stored(.lap, 99_000), FitRides.stored(.lap, 194_400),
        FitRides.stored(.lap, 291_000), FitRides.stored(.lap, 384_500), FitRides.stored(.pause, 401_000),
        FitRides.stored(.finish, 402_000),
      ], bootID: FitRides.boot, now: Now(monotonic: ms(500_000), wallMilliseconds: FitRides.wall0 + 500_000))
    restored.sport = .running
    restored.lapDistance = LapDistance(millimetres: 400_000)
    return RideFigures(restored)
  }
}

/// What the readers say of the distances (`tcx_check.py`, `fit_check.py`).
struct TcxDistances: Decodable {
  struct Reader: Decodable {
    var distance: Double?
    var lap_distances: [Double?]
  }
  struct Parser: Decodable {
    struct Activity: Decodable { var distance: Double }
    var activities: [Activity]
  }
  var tcxreader: Reader
  var tcxparser: Parser
}

struct FitDistances: Decodable {
  struct Distances: Decodable {
    var sessions: [Int?]
    var laps: [Int?]
    var records: [Int?]
  }
  var integrity: Bool
  var errors: [String]
  var distances: Distances
}

@Suite("A run with a lap distance: distance, pace and speed in show, history and the exports")
struct DistanceExportTests {
  @Test func theJSONCarriesTheDistanceAndEachLapsPaceAndSpeed() {
    let json = Export.rideJSON(TrackRides.run)
    #expect(json.contains(#""lap_distance_m": 400, "distance_m": 1600"#))
    #expect(json.contains(#"{"number": 1, "lap_ms": 98000, "split_ms": 98000, "step_name": null, "step_kind": null, "step_planned_ms": null, "step_end": null, "distance_m": 400, "pace_s_per_km": 245, "speed_kmh": 14.694}"#))
    #expect(json.contains(#""final_stretch": {"number": 5, "lap_ms": 16500, "split_ms": 400000, "step_name": null, "step_kind": null, "step_planned_ms": null, "step_end": null, "distance_m": 0, "pace_s_per_km": null, "speed_kmh": null}"#))
    // A ride without a lap distance has none of these keys.
    #expect(!Export.rideJSON(FitRides.tiny).contains("distance_m"))
  }

  @Test func theCSVHasEachLapsDistanceAndNoneForTheFinalStretch() throws {
    let records = try parseCSV(Export.csv([TrackRides.run, FitRides.tiny]))
    let column = try #require(records.first?.firstIndex(of: "distance_m"))
    #expect(records.dropFirst().map { $0[column] } == ["400", "400", "400", "400", "0", "", ""])
  }

  @Test func showSaysTheDistanceAndEachLapsPaceInTheUnitsAsked() {
    let utc = TimeZone(secondsFromGMT: 0)!
    let text = HistoryReport.show(TrackRides.run, strings: .english, timeZone: utc)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false) == [
      "Ride 7 · finished · running · 2026-11-22 03:00",
      "Moving 00:06:40.00 · Elapsed 00:06:41.00 · Paused 00:00:01.00",
      "Distance 1.60 km · lap distance 400m · pace 4:00/km · 15.0 km/h",
      "Laps 4 · best lap 00:01:33.50 · worst lap 00:01:38.00 · average lap 00:01:35.87",
      "",
      "      Lap     Lap time        Split       Diff     min/km  km/h",
      "        1  00:01:38.00  00:01:38.00             ▼    4:05  14.7",
      "        2  00:01:35.40  00:03:13.40  -00:02.60       3:59  15.1",
      "        3  00:01:36.60  00:04:50.00  +00:01.20       4:02  14.9",
      "        4  00:01:33.50  00:06:23.50  -00:03.10  ▲    3:54  15.4",
      "to finish  00:00:16.50  00:06:40.00",
      "",
    ])
    let imperial = HistoryReport.show(
      TrackRides.run, strings: .korean, timeZone: utc, units: .imperial, distanceStrings: .korean)
    #expect(imperial.contains("거리 0.99 mi · 랩 거리 400m · 페이스 6:26/mi · 9.3 mph"))
    #expect(imperial.contains("분/mi  mph"))
  }

  @Test func historyHasADistanceColumnWhenARideHasOne() {
    let utc = TimeZone(secondsFromGMT: 0)!
    let table = HistoryReport.table([TrackRides.run, FitRides.tiny], strings: .english, timeZone: utc)
    let lines = table.split(separator: "\n")
    #expect(lines[0].contains("Best lap  Distance  Name"))
    #expect(lines[1].hasSuffix("1.60 km"))
    #expect(!HistoryReport.table([FitRides.tiny], strings: .english, timeZone: utc).contains("Distance"))
    #expect(HistoryReport.json([TrackRides.run]).contains(#""distance_m": 1600"#))
    #expect(HistoryReport.json([FitRides.tiny]).contains(#""distance_m": null"#))
  }

  @Test(
    .enabled(
      if: Spawn.which("xmllint") != nil,
      "skipped: xmllint is not installed (Debian: libxml2-utils; `make test` installs it)"))
  func theTCXValidatesAndBothReadersSee1600Metres() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("run.tcx")
    let tcx = Export.tcx([TrackRides.run])
    writeFile(Array(tcx.utf8), to: path)
    #expect(tcx.components(separatedBy: "<DistanceMeters>400</DistanceMeters>\n").count - 1 == 4)
    let xmllint = try #require(Spawn.which("xmllint"))
    let schema = try #require(ExportTests.schemaPath, "TrainingCenterDatabasev2.xsd not found")
    let result = try Spawn.run([xmllint, "--noout", "--schema", schema, path], timeout: nil)
    #expect(result.shellStatus == 0 && result.output.contains("validates"), "\(result.output)")
    let readers = try OutsideReaders.summary(TcxDistances.self, tool: "tcx_check.py", file: path)
    #expect(readers.tcxreader.lap_distances == [400, 400, 400, 400, 0])
    #expect(readers.tcxreader.distance == 1600)
    #expect(readers.tcxparser.activities.map(\.distance) == [1600])
  }

  @Test func garminsDecoderReadsTheDistancesOfTheLapsTheSessionAndTheRecords() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("run.fit")
    writeFile(FitExport.activity(TrackRides.run), to: path)
    let summary = try OutsideReaders.summary(FitDistances.self, tool: "fit_check.py", file: path)
    #expect(summary.integrity && summary.errors.isEmpty)
    #expect(summary.distances.sessions == [160_000])
    #expect(summary.distances.laps == [40_000, 40_000, 40_000, 40_000, 0])
    let records = summary.distances.records.compactMap { $0 }
    #expect(records.count == summary.distances.records.count)
    #expect(records.first == 0 && records.last == 160_000)
    #expect(zip(records, records.dropFirst()).allSatisfy { $0 <= $1 })
    // The end of the first lap, 98 s in: 400 m.
    #expect(records[98] == 40_000)
    // A ride without a lap distance writes no distance at all.
    let plain = temp.file("plain.fit")
    writeFile(FitExport.activity(FitRides.tiny), to: plain)
    let none = try OutsideReaders.summary(FitDistances.self, tool: "fit_check.py", file: plain)
    #expect(none.distances.sessions == [nil] && none.distances.laps.allSatisfy { $0 == nil })
  }
}
