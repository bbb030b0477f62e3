import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport
import SplitsTestSystem

/// A trainer ride its sensors measured (`SensorRides`: a lap at 200 W, one at 300 W with a
/// 5 s dropout) in `show`, `show --json`, `history` and the JSON and CSV exports; a ride
/// without samples shows none of it.
@Suite("Sensor figures in show, history and the JSON and CSV exports")
struct SensorReportTests {
  let utc = TimeZone(secondsFromGMT: 0)!

  @Test func showSaysEachFiguresAverageAndMaximumAndEachLapsAverages() {
    let text = HistoryReport.show(SensorRides.ride(), strings: .english, timeZone: utc)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false) == [
      "Ride 4 · finished · biking · 2026-11-22 03:00",
      "Moving 00:02:00.00 · Elapsed 00:02:11.00 · Paused 00:00:11.00",
      "Power avg 248 W · max 300 W · NP 261 W · IF 1.04 · TSS 3.5 · FTP 250 W",
      "Heart rate avg 150 bpm · max 160 bpm",
      "Cadence avg 95 rpm · max 100 rpm",
      "Speed avg 32.9 km/h · max 36.0 km/h",
      "Laps 1 · best lap 00:01:00.00 · worst lap 00:01:00.00 · average lap 00:01:00.00",
      "",
      "      Lap     Lap time        Split  Diff      W  bpm  rpm",
      "        1  00:01:00.00  00:01:00.00          200  140   90",
      "to finish  00:01:00.00  00:02:00.00          300  160  100",
      "",
    ])
  }

  @Test func showInKoreanAndImperialWithoutAnFTPHasNoIntensity() {
    let text = HistoryReport.show(SensorRides.ride(ftp: nil), strings: .korean, timeZone: utc, units: .imperial)
    #expect(text.contains("파워 평균 248 W · 최대 300 W · NP 261 W\n"))
    #expect(text.contains("심박 평균 150 bpm · 최대 160 bpm\n"))
    #expect(text.contains("케이던스 평균 95 rpm · 최대 100 rpm\n"))
    #expect(text.contains("속도 평균 20.4 mph · 최대 22.4 mph\n"))
  }

  @Test func aRideWithoutSamplesShowsNoSensorLineNorColumn() {
    let text = HistoryReport.show(SensorRides.ride(samples: []), strings: .english, timeZone: utc)
    #expect(!text.contains("Power") && !text.contains("bpm") && !text.contains("  W"))
    #expect(!Export.rideJSON(SensorRides.ride(samples: [])).contains("sensors"))
    #expect(!HistoryReport.json([SensorRides.ride(samples: [])]).contains("sensors"))
  }

  @Test func showJSONHasTheRidesFiguresAndEachLaps() {
    let json = Export.rideJSON(SensorRides.ride())
    #expect(json.contains(
      #""sensors": {"power_avg_w": 248, "power_max_w": 300, "heart_rate_avg_bpm": 150, "heart_rate_max_bpm": 160, "cadence_avg_rpm": 95, "cadence_max_rpm": 100, "speed_avg_kmh": 32.868, "speed_max_kmh": 36, "normalized_power_w": 261.1, "intensity_factor": 1.044, "training_stress_score": 3.5, "ftp_w": 250}}"#
    ))
    #expect(json.contains(
      #""split_ms": 60000, "step_name": null, "step_kind": null, "step_planned_ms": null, "step_end": null, "sensors": {"power_avg_w": 200, "power_max_w": 200, "heart_rate_avg_bpm": 140, "heart_rate_max_bpm": 140, "cadence_avg_rpm": 90, "cadence_max_rpm": 90, "speed_avg_kmh": 29.999, "speed_max_kmh": 29.999, "normalized_power_w": 200, "intensity_factor": 0.8, "training_stress_score": 1.1, "ftp_w": 250}}"#
    ))
    // The whole JSON reads back as JSON.
    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
  }

  @Test func historyHasAverageWattsAndHeartRateColumnsWhenARideHasThem() {
    let table = HistoryReport.table([SensorRides.ride(), SensorRides.ride(samples: [])], strings: .english, timeZone: utc)
    let lines = table.split(separator: "\n")
    #expect(lines[0].hasSuffix("Best lap  Avg W  Avg HR  Name"))
    #expect(lines[1].hasSuffix("00:01:00.00    248     150"))
    #expect(lines[2].hasSuffix("00:01:00.00"))
    #expect(HistoryReport.table([SensorRides.ride()], strings: .korean, timeZone: utc).contains("평균 W  평균 심박"))
    #expect(!HistoryReport.table([SensorRides.ride(samples: [])], strings: .english, timeZone: utc).contains("Avg"))
    #expect(HistoryReport.json([SensorRides.ride()]).contains(#""sensors": {"power_avg_w": 248"#))
  }

  @Test func theJSONExportWithSamplesHasEachSecondAndNoneForTheDropout() throws {
    let json = Export.json([SensorRides.ride()], samples: true)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let rides = try #require(object["rides"] as? [[String: Any]])
    let samples = try #require(rides.first?["samples"] as? [[String: Any]])
    #expect(samples.count == 115)
    #expect(!samples.contains { ($0["second"] as? Int).map { (70..<75).contains($0) } ?? true })
    #expect(json.contains(
      #"{"second": 0, "elapsed_ms": 0, "lap": 1, "heart_rate_bpm": 140, "power_w": 200, "cadence_rpm": 90, "speed_m_s": 8.333}"#))
    // Second 90 began at the resume, 100 s after the start.
    #expect(json.contains(#"{"second": 90, "elapsed_ms": 100000, "lap": 2, "heart_rate_bpm": 160"#))
    #expect(!Export.json([SensorRides.ride()]).contains("\"samples\""))
  }

  @Test func theCSVWithSamplesIsTheirTableARowASecond() throws {
    let records = try parseCSV(SampleExport.csv([SensorRides.ride(), SensorRides.ride(samples: [])]))
    #expect(records.first == SampleExport.csvHeader)
    #expect(records.count == 1 + 115)
    #expect(records[1] == ["4", "0", "0", "2026-11-22T03:00:01.000Z", "1", "140", "200", "90", "8.333"])
    #expect(records[91] == ["4", "95", "105000", "2026-11-22T03:01:46.000Z", "2", "160", "300", "100", "10"])
    // The CSV of the laps is unchanged by the samples.
    #expect(Export.csv([SensorRides.ride()]) == Export.csv([SensorRides.ride(samples: [])]))
  }

  @Test func aSampleWithoutAFigureLeavesItsCellsEmptyNeverZero() throws {
    let ride = SensorRides.ride(samples: [SensorSample(second: 3, power: 180)])
    let records = try parseCSV(SampleExport.csv([ride]))
    #expect(records[1] == ["4", "3", "3000", "2026-11-22T03:00:04.000Z", "1", "", "180", "", ""])
    #expect(Export.json([ride], samples: true).contains(
      #"{"second": 3, "elapsed_ms": 3000, "lap": 1, "heart_rate_bpm": null, "power_w": 180, "cadence_rpm": null, "speed_m_s": null}"#))
  }
}

/// What the two FIT decoders read of the sensors (`fit_sensors.py`).
struct FitSensors: Decodable {
  struct Record: Decodable {
    var timestamp: Int?
    var heart_rate: Int?
    var cadence: Int?
    var power: Int?
    var speed: Int?
  }
  struct Summary: Decodable {
    var avg_heart_rate: Int?
    var max_heart_rate: Int?
    var avg_cadence: Int?
    var max_cadence: Int?
    var avg_power: Int?
    var max_power: Int?
    var avg_speed: Int?
    var max_speed: Int?
    var normalized_power: Int?
    var training_stress_score: Int?
    var intensity_factor: Int?
    var threshold_power: Int?
  }
  struct Reader: Decodable {
    var records: [Record]
    var laps: [Summary]
    var sessions: [Summary]
    var sub_sport: String?
  }
  struct Garmin: Decodable {
    var errors: [String]
  }
  var garmin: Reader
  var garminErrors: Garmin
  var fitdecode: Reader

  enum CodingKeys: String, CodingKey { case garmin, fitdecode }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    garmin = try container.decode(Reader.self, forKey: .garmin)
    garminErrors = try container.decode(Garmin.self, forKey: .garmin)
    fitdecode = try container.decode(Reader.self, forKey: .fitdecode)
  }
}

/// What the two TCX readers read of the sensors (`tcx_check.py`).
struct TcxSensors: Decodable {
  struct Reader: Decodable {
    var heart_rates: [Int?]
    var cadences: [Int?]
    var watts: [Double?]
  }
  struct Parser: Decodable {
    var heart_rates: [Int]
    var cadences: [Int]
    var watts: [Int]
  }
  var tcxreader: Reader
  var tcxparser: Parser
}

@Suite("Sensor samples in FIT and TCX, as outside readers read them")
struct SensorExportReadersTests {
  @Test func garminsDecoderAndFitdecodeReadEachSecondsSampleAndTheAverages() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("trainer.fit")
    let ride = SensorRides.ride()
    writeFile(FitExport.activity(ride), to: path)
    let both = try OutsideReaders.summary(FitSensors.self, tool: "fit_sensors.py", file: path)
    #expect(both.garminErrors.errors.isEmpty)
    for reader in [both.garmin, both.fitdecode] {
      let sampled = reader.records.filter { $0.power != nil }
      #expect(sampled.count == 115)
      // Every record with one figure has all four; none has a zero.
      let measured = reader.records.filter { record in
        record.heart_rate != nil || record.cadence != nil || record.speed != nil
      }
      #expect(measured.count == 115)
      #expect(!reader.records.contains { record in record.power == 0 || record.heart_rate == 0 })
      let first: [[Int?]] = sampled.prefix(60).map { [$0.power, $0.heart_rate, $0.cadence, $0.speed] }
      let second: [[Int?]] = sampled.dropFirst(60).map { [$0.power, $0.heart_rate, $0.cadence, $0.speed] }
      #expect(first == Array(repeating: [200, 140, 90, 8_333], count: 60))
      #expect(second == Array(repeating: [300, 160, 100, 10_000], count: 55))
      // Each at the wall time its second began: second 0 at the start, second 90 at the
      // resume (100 s of elapsed time after it); the dropout's seconds 70–74 have none.
      let start = Int(FitExport.timestamp(wallMilliseconds: SensorRides.wall0 + 1_000))
      #expect(sampled.first?.timestamp == start)
      #expect(sampled[60].timestamp == start + 60)
      #expect(sampled[69].timestamp == start + 69)
      #expect(sampled[70].timestamp == start + 75)
      #expect(sampled[84].timestamp == start + 89)
      #expect(sampled[85].timestamp == start + 100)
      #expect(reader.laps.map { (lap: FitSensors.Summary) in lap.avg_power } == [200, 300])
      #expect(reader.laps.map { (lap: FitSensors.Summary) in lap.max_heart_rate } == [140, 160])
      #expect(reader.laps.map { (lap: FitSensors.Summary) in lap.avg_cadence } == [90, 100])
      #expect(reader.laps.map { (lap: FitSensors.Summary) in lap.normalized_power } == [200, 300])
      let session = try #require(reader.sessions.first)
      #expect(session.avg_power == 248 && session.max_power == 300)
      #expect(session.avg_heart_rate == 150 && session.max_heart_rate == 160)
      #expect(session.avg_cadence == 95 && session.max_cadence == 100)
      #expect(session.avg_speed == 9_130 && session.max_speed == 10_000)
      // 261.1 W; TSS 3.5 (tenths), IF 1.044 (thousandths), FTP 250 W.
      #expect(session.normalized_power == 261)
      #expect(session.training_stress_score == 35 && session.intensity_factor == 1_044)
      #expect(session.threshold_power == 250)
      #expect(reader.sub_sport == "indoor_cycling")
    }
  }

  @Test func aRideWithHeartRateAloneIsNoTrainerRideAndHasNoIntensity() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("strap.fit")
    let samples = (0..<120).map { SensorSample(second: $0, heartRate: 130) }
    writeFile(FitExport.activity(SensorRides.ride(samples: samples)), to: path)
    let both = try OutsideReaders.summary(FitSensors.self, tool: "fit_sensors.py", file: path)
    for reader in [both.garmin, both.fitdecode] {
      #expect(reader.records.filter { $0.heart_rate == 130 }.count == 120)
      #expect(!reader.records.contains { $0.power != nil || $0.cadence != nil })
      #expect(reader.sessions.first?.avg_power == nil && reader.sessions.first?.training_stress_score == nil)
      #expect(reader.sub_sport == "generic")
    }
  }

  @Test(
    .enabled(
      if: Spawn.which("xmllint") != nil,
      "skipped: xmllint is not installed (Debian: libxml2-utils; `make test` installs it)"))
  func theTCXValidatesAndBothReadersReadHeartRateCadenceAndWatts() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("trainer.tcx")
    let tcx = Export.tcx([SensorRides.ride()])
    writeFile(Array(tcx.utf8), to: path)
    // Garmin's schema takes extensions laxly: the ActivityExtension schema is not here, so
    // TPX and LX are checked by the readers and by hand.
    let xmllint = try #require(Spawn.which("xmllint"))
    let schema = try #require(ExportTests.schemaPath, "TrainingCenterDatabasev2.xsd not found")
    let result = try Spawn.run([xmllint, "--noout", "--schema", schema, path], timeout: nil)
    #expect(result.shellStatus == 0 && result.output.contains("validates"), "\(result.output)")
    #expect(tcx.contains(
      "<Trackpoint><Time>2026-11-22T03:00:01.000Z</Time><HeartRateBpm><Value>140</Value></HeartRateBpm><Cadence>90</Cadence>"
        + "<Extensions><ns3:TPX><ns3:Speed>8.333</ns3:Speed><ns3:Watts>200</ns3:Watts></ns3:TPX></Extensions></Trackpoint>"))
    #expect(tcx.contains("<Extensions><ns3:LX><ns3:AvgSpeed>10</ns3:AvgSpeed><ns3:AvgWatts>300</ns3:AvgWatts><ns3:MaxWatts>300</ns3:MaxWatts></ns3:LX></Extensions>"))
    let readers = try OutsideReaders.summary(TcxSensors.self, tool: "tcx_check.py", file: path)
    #expect(readers.tcxreader.heart_rates.compactMap { $0 }.count == 115)
    #expect(readers.tcxreader.watts.compactMap { $0 } == Array(repeating: 200, count: 60) + Array(repeating: 300, count: 55))
    #expect(readers.tcxreader.cadences.compactMap { $0 }.count == 115)
    #expect(readers.tcxparser.heart_rates == Array(repeating: 140, count: 60) + Array(repeating: 160, count: 55))
    #expect(readers.tcxparser.watts == Array(repeating: 200, count: 60) + Array(repeating: 300, count: 55))
    // Its Cadence are the points' and each lap's average, before its points.
    #expect(readers.tcxparser.cadences == [90] + Array(repeating: 90, count: 60) + [100] + Array(repeating: 100, count: 55))
    // A file without samples declares no extension.
    #expect(!Export.tcx([SensorRides.ride(samples: [])]).contains("ns3"))
  }
}
