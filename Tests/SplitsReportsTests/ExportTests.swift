import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport
import SplitsTestSystem

/// Rides for the exports, rebuilt from stored events as the commands do.
enum SampleRides {
  static let boot = "export-boot"
  /// 2026-11-22T03:00:00Z
  static let wall0: Int64 = 1_795_316_400_000

  static func stored(_ kind: RideEvent.Kind, _ at: Int64, steps: Int = 0) -> StoredEvent {
    StoredEvent(kind, wallMilliseconds: wall0 + at, bootID: boot, boottimeNanoseconds: at * 1_000_000, countdownSteps: steps)
  }

  static let now = Now(monotonic: ms(100_000_000), wallMilliseconds: wall0 + 100_000_000)

  /// Laps of 780.123 s, 810 s, a pause, then 300.5 s to the finish.
  static var withLaps: RideFigures {
    RideFigures(
      Restore.ride(
        number: 7,
        events: [
          stored(.start, 1_000), stored(.lap, 781_123), stored(.lap, 1_591_123), stored(.pause, 1_700_000),
          stored(.resume, 1_800_000), stored(.pause, 1_991_623), stored(.finish, 2_000_000),
        ], bootID: boot, now: now))
  }

  /// No laps at all, started by a countdown.
  static var withoutLaps: RideFigures {
    RideFigures(
      Restore.ride(
        number: 8,
        events: [stored(.countdownStart, 3_000_000, steps: 3), stored(.pause, 3_063_000), stored(.finish, 3_064_000)],
        bootID: boot, now: now))
  }

  static var all: [RideFigures] { [withLaps, withoutLaps] }
}

/// RFC 4180: records of fields separated by commas, ended by CRLF; a quoted field may hold
/// commas, CR, LF and doubled quotes.
func parseCSV(_ text: String) throws -> [[String]] {
  struct Malformed: Error { var why: String }
  var records: [[String]] = []
  var record: [String] = []
  var field = ""
  var chars = Array(text.unicodeScalars)[...]
  var quoted = false
  var fieldStarted = false
  while let c = chars.popFirst() {
    if quoted {
      if c == "\"" {
        if chars.first == "\"" {
          chars.removeFirst()
          field.unicodeScalars.append("\"")
        } else {
          quoted = false
          guard chars.first == "," || chars.first == "\r" || chars.first == nil else {
            throw Malformed(why: "text after a closing quote")
          }
        }
      } else {
        field.unicodeScalars.append(c)
      }
      continue
    }
    switch c {
    case "\"":
      guard !fieldStarted && field.isEmpty else { throw Malformed(why: "a quote inside an unquoted field") }
      quoted = true
      fieldStarted = true
    case ",":
      record.append(field)
      field = ""
      fieldStarted = false
    case "\r":
      guard chars.popFirst() == "\n" else { throw Malformed(why: "CR without LF") }
      record.append(field)
      records.append(record)
      record = []
      field = ""
      fieldStarted = false
    case "\n":
      throw Malformed(why: "a bare LF ends a line")
    default:
      field.unicodeScalars.append(c)
      fieldStarted = true
    }
  }
  guard !quoted else { throw Malformed(why: "an unclosed quote") }
  guard record.isEmpty && field.isEmpty else { throw Malformed(why: "the last record has no CRLF") }
  return records
}

/// What `export --format json` writes, for JSONDecoder.
struct ExportedFile: Decodable, Equatable {
  struct Lap: Decodable, Equatable {
    var number: Int
    var lap_ms: Int64
    var split_ms: Int64
  }
  struct Ride: Decodable, Equatable {
    var state: String
    var ride: Int
    var started_at: String?
    var finished_at: String?
    var started_at_ms: Int64?
    var finished_at_ms: Int64?
    var moving_ms: Int64
    var elapsed_ms: Int64
    var paused_ms: Int64
    var laps: [Lap]
    var final_stretch: Lap?
  }
  var rides: [Ride]
}

@Suite("Exports: CSV parses back, JSON round-trips, TCX validates")
struct ExportTests {
  @Test func figuresAddUp() {
    let ride = SampleRides.withLaps
    #expect(ride.state == .finished)
    #expect(ride.laps.map(\.lapMilliseconds) == [780_123, 810_000])
    #expect(ride.movingMilliseconds == 780_123 + 810_000 + 108_877 + 191_623)
    #expect(ride.finalStretch?.lapMilliseconds == ride.movingMilliseconds - 1_590_123)
    #expect(ride.elapsedMilliseconds == 1_999_000)
    #expect(ride.pausedMilliseconds == ride.elapsedMilliseconds - ride.movingMilliseconds)
    #expect(ride.segments.map(\.startElapsedMilliseconds) == [0, 780_123, 1_590_123])
    #expect(SampleRides.withoutLaps.segments.count == 1)
    #expect(SampleRides.withoutLaps.startedAtWallMilliseconds == SampleRides.wall0 + 3_003_000)
  }

  @Test func csvParsesBack() throws {
    let text = Export.csv(SampleRides.all)
    let records = try parseCSV(text)
    #expect(records.first == Export.csvHeader)
    let rows = records.dropFirst()
    #expect(rows.count == 3 + 1)
    #expect(rows.allSatisfy { $0.count == Export.csvHeader.count })
    let column = Dictionary(uniqueKeysWithValues: Export.csvHeader.enumerated().map { ($1, $0) })
    for ride in SampleRides.all {
      let mine = rows.filter { $0[column["ride"]!] == String(ride.number) }
      #expect(mine.count == ride.segments.count)
      let sum = mine.compactMap { Int64($0[column["lap_ms"]!]) }.reduce(0, +)
      #expect(sum == ride.movingMilliseconds)
      #expect(mine.last?[column["ended_by"]!] == "finish")
      #expect(mine.allSatisfy { $0[column["moving_ms"]!] == String(ride.movingMilliseconds) })
      #expect(mine.allSatisfy { $0[column["started_at"]!] == WallTime.iso8601(ride.startedAtWallMilliseconds!) })
    }
    #expect(text.hasSuffix("\r\n"))
  }

  @Test(arguments: ["plain", "with,comma", "with \"quotes\"", "line\r\nbreak", "", "ünïcode, 한글"])
  func csvFieldsQuoteWhatNeedsIt(value: String) throws {
    let line = [Export.csvField(value), Export.csvField("x")].joined(separator: ",") + "\r\n"
    #expect(try parseCSV(line) == [[value, "x"]])
  }

  @Test func jsonRoundTrips() throws {
    let rides = SampleRides.all
    let decoded = try JSONDecoder().decode(ExportedFile.self, from: Data(Export.json(rides).utf8))
    #expect(decoded.rides.count == 2)
    for (file, ride) in zip(decoded.rides, rides) {
      #expect(file.ride == ride.number)
      #expect(file.state == "finished")
      #expect(file.started_at_ms == ride.startedAtWallMilliseconds)
      #expect(file.finished_at_ms == ride.finishedAtWallMilliseconds)
      #expect(file.started_at == ride.startedAtWallMilliseconds.map { WallTime.iso8601($0) })
      #expect(file.moving_ms == ride.movingMilliseconds)
      #expect(file.elapsed_ms == ride.elapsedMilliseconds)
      #expect(file.paused_ms == ride.pausedMilliseconds)
      #expect(file.laps.map(\.lap_ms) == ride.laps.map(\.lapMilliseconds))
      #expect(file.laps.map(\.split_ms) == ride.laps.map(\.splitMilliseconds))
      #expect(file.final_stretch?.lap_ms == ride.finalStretch?.lapMilliseconds)
    }
    let empty = try JSONDecoder().decode(ExportedFile.self, from: Data(Export.json([]).utf8))
    #expect(empty.rides.isEmpty)
  }

  @Test func tcxHasOneLapPerLap() {
    let text = Export.tcx([SampleRides.withLaps])
    #expect(text.components(separatedBy: "<Lap ").count - 1 == 3)
    #expect(text.contains("<Activity Sport=\"Biking\">"))
    #expect(text.contains("<Id>2026-11-22T03:00:01.000Z</Id>"))
    #expect(text.contains("<Lap StartTime=\"2026-11-22T03:00:01.000Z\">"))
    #expect(text.contains("<Lap StartTime=\"2026-11-22T03:13:01.123Z\">"))
    #expect(text.contains("<TotalTimeSeconds>780.123</TotalTimeSeconds>"))
    #expect(text.contains("<TotalTimeSeconds>810</TotalTimeSeconds>"))
    #expect(text.components(separatedBy: "<TriggerMethod>Manual</TriggerMethod>").count - 1 == 3)
    #expect(text.components(separatedBy: "<Intensity>Active</Intensity>").count - 1 == 3)
    // A track for each lap, one more for the stretch to the finish, paused inside, and the
    // finish's own point after the last pause.
    #expect(text.components(separatedBy: "<Track>").count - 1 == 5)
    #expect(text.contains("<Trackpoint><Time>2026-11-22T03:00:01.000Z</Time></Trackpoint>"))
  }

  /// Garmin's schema, committed with the tests (`Tests/Fixtures/tcx`).
  static let schema = OutsideReaders.packageRoot + "/Tests/Fixtures/tcx/TrainingCenterDatabasev2.xsd"

  /// The schema's path, nil when the checkout lacks it.
  static var schemaPath: String? { FileManager.default.fileExists(atPath: schema) ? schema : nil }

  @Test(
    .enabled(
      if: Spawn.which("xmllint") != nil,
      "skipped: xmllint is not installed (Debian: libxml2-utils; `make test` installs it)"),
    arguments: [("one ride with laps", [SampleRides.withLaps]), ("all rides", SampleRides.all), ("no ride", []),
      ("awkward instants", [AwkwardRide.figures])])
  func tcxValidatesAgainstGarminsSchema(name: String, rides: [RideFigures]) throws {
    let xmllint = try #require(Spawn.which("xmllint"))
    let schema = try #require(Self.schemaPath, "TrainingCenterDatabasev2.xsd not found")
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let file = temp.file("ride.tcx")
    writeFile(Array(Export.tcx(rides).utf8), to: file)
    let result = try Spawn.run([xmllint, "--noout", "--schema", schema, file], timeout: nil)
    #expect(result.shellStatus == 0, "\(name): \(result.output)")
    #expect(result.output.contains("validates"), "\(name): \(result.output)")
  }

  @Test func isoDates() {
    #expect(WallTime.iso8601(0) == "1970-01-01T00:00:00Z")
    #expect(WallTime.iso8601(SampleRides.wall0) == "2026-11-22T03:00:00Z")
    #expect(WallTime.iso8601(951_782_400_000 + 86_399_999, milliseconds: true) == "2000-02-29T23:59:59.999Z")
    #expect(WallTime.iso8601(-1) == "1969-12-31T23:59:59Z")
    #expect(WallTime.localDateTime(SampleRides.wall0, timeZone: TimeZone(identifier: "Asia/Seoul")!) == "2026-11-22 12:00")
    #expect(WallTime.localDateTime(SampleRides.wall0, timeZone: TimeZone(secondsFromGMT: 0)!) == "2026-11-22 03:00")
  }

  @Test func formatFromTheFileName() {
    #expect(ExportFormat.from(fileName: "ride.TCX") == .tcx)
    #expect(ExportFormat.from(fileName: "a.b.csv") == .csv)
    #expect(ExportFormat.from(fileName: "ride") == nil)
    #expect(ExportFormat.from(fileName: "ride.gpx") == nil)
  }
}
