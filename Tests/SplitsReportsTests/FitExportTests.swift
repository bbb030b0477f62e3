import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport
import SplitsTestSystem

/// Rides for the FIT file, rebuilt from stored events as the commands do.
enum FitRides {
  static let boot = "fit-boot"
  /// 2026-11-22T03:00:00Z
  static let wall0: Int64 = 1_795_316_400_000

  static func stored(_ kind: RideEvent.Kind, _ at: Int64, wall: Int64 = wall0) -> StoredEvent {
    StoredEvent(kind, wallMilliseconds: wall + at, bootID: boot, boottimeNanoseconds: at * 1_000_000, countdownSteps: 0)
  }

  static func ride(_ events: [StoredEvent], at: Int64 = 100_000_000, wall: Int64 = wall0, number: Int = 1)
    -> RideFigures
  {
    RideFigures(
      Restore.ride(
        number: number, events: events, bootID: boot, now: Now(monotonic: ms(at), wallMilliseconds: wall + at)))
  }

  /// The golden file's ride: started at 03:00:01; a lap at 3 s; a pause from 5 s to 7.5 s
  /// of elapsed time; stopped and finished at 9 s. Moving 6.5 s, elapsed 9 s.
  static var tiny: RideFigures {
    ride([
      stored(.start, 1_000), stored(.lap, 4_000), stored(.pause, 6_000), stored(.resume, 8_500),
      stored(.pause, 10_000), stored(.finish, 10_000),
    ])
  }

  /// No laps: a minute of moving time.
  static var noLaps: RideFigures {
    ride([stored(.start, 1_000), stored(.pause, 61_000), stored(.finish, 61_000)])
  }

  /// One lap taken at the very end: the stretch after it is empty, so one lap in all.
  static var oneLap: RideFigures {
    ride([stored(.start, 1_000), stored(.lap, 91_500), stored(.pause, 91_500), stored(.finish, 95_000)])
  }

  /// Forty laps of uneven lengths (milliseconds included), a pause after every seventh, then
  /// the stretch to the finish; started at a wall time with milliseconds.
  static var fortyLaps: RideFigures {
    let wall = wall0 + 437
    var events = [stored(.start, 1_000, wall: wall)]
    var at: Int64 = 1_000
    for lap in 1...40 {
      at += 20_000 + Int64(lap) * 1_237
      events.append(stored(.lap, at, wall: wall))
      if lap % 7 == 0 {
        events.append(stored(.pause, at + 333, wall: wall))
        at += 5_000 + Int64(lap) * 11
        events.append(stored(.resume, at, wall: wall))
      }
    }
    events += [stored(.pause, at + 12_345, wall: wall), stored(.finish, at + 20_000, wall: wall)]
    return ride(events, wall: wall)
  }

  /// Pauses of every sort: a short one (under a second), one right after a lap (in the same
  /// millisecond), one ending in the same second it began, and the finish long after the
  /// last.
  static var pauses: RideFigures {
    ride([
      stored(.start, 2_250), stored(.pause, 10_100), stored(.resume, 10_700), stored(.lap, 20_000),
      stored(.lap, 30_500), stored(.pause, 30_500), stored(.resume, 40_250), stored(.pause, 45_100),
      stored(.resume, 45_900), stored(.lap, 60_000), stored(.pause, 70_000), stored(.finish, 300_000),
    ])
  }

  /// Across midnight UTC: from 23:59:30.250 on 2026-11-22 to 00:01:10 the next day, paused
  /// across midnight.
  static var acrossMidnight: RideFigures {
    let wall: Int64 = 1_795_391_940_000 + 250  // 2026-11-22T23:59:00.250Z
    return ride(
      [
        stored(.start, 30_000, wall: wall), stored(.lap, 55_000, wall: wall), stored(.pause, 59_000, wall: wall),
        stored(.resume, 62_500, wall: wall), stored(.lap, 90_000, wall: wall), stored(.pause, 130_000, wall: wall),
        stored(.finish, 130_000, wall: wall),
      ], wall: wall)
  }

  /// Still running: started, a lap, a pause and a resume, read 50.5 s after the start.
  static var open: RideFigures {
    ride(
      [stored(.start, 1_000), stored(.lap, 21_000), stored(.pause, 30_000), stored(.resume, 35_000)], at: 51_500)
  }
}

/// A FIT file read back by hand: every data message, its global number and its fields by
/// number (all of this file's values fit in 32 bits).
struct FitMessages {
  struct Message {
    var global: UInt16
    var fields: [UInt8: UInt32]
  }

  var messages: [Message] = []

  init(_ bytes: [UInt8]) throws {
    struct Bad: Error { var why: String }
    func le(_ at: Int, _ size: Int) -> UInt32 {
      (0..<size).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }
    guard bytes.count >= 16, bytes[0] == 14 else { throw Bad(why: "no 14-byte header") }
    let end = 14 + Int(le(4, 4))
    guard end + 2 == bytes.count else { throw Bad(why: "data size \(end - 14) in a file of \(bytes.count)") }
    var definitions: [UInt8: (global: UInt16, fields: [(number: UInt8, size: Int)])] = [:]
    var at = 14
    while at < end {
      let header = bytes[at]
      guard header & 0xA0 == 0 else { throw Bad(why: "a compressed or developer header at \(at)") }
      let local = header & 0x0F
      if header & 0x40 != 0 {
        guard bytes[at + 2] == 0 else { throw Bad(why: "big-endian at \(at)") }
        let count = Int(bytes[at + 5])
        let fields = (0..<count).map { (bytes[at + 6 + 3 * $0], Int(bytes[at + 7 + 3 * $0])) }
        definitions[local] = (UInt16(le(at + 3, 2)), fields)
        at += 6 + 3 * count
      } else {
        guard let definition = definitions[local] else { throw Bad(why: "undefined local type \(local) at \(at)") }
        at += 1
        var fields: [UInt8: UInt32] = [:]
        for field in definition.fields {
          fields[field.number] = le(at, field.size)
          at += field.size
        }
        messages.append(Message(global: definition.global, fields: fields))
      }
    }
  }

  func all(_ global: UInt16) -> [[UInt8: UInt32]] { messages.filter { $0.global == global }.map(\.fields) }
}

/// What Tests/tools/fit_check.py prints of a file, as Garmin's decoder reads it.
struct FitSummary: Decodable {
  struct Session: Decodable {
    var start_time: UInt32
    var timestamp: UInt32
    var sport: String
    var sub_sport: String
    var total_elapsed_time: Int64
    var total_timer_time: Int64
    var num_laps: Int
    var first_lap_index: Int
    var event: String
    var event_type: String
  }
  struct Activity: Decodable {
    var timestamp: UInt32
    var total_timer_time: Int64
    var num_sessions: Int
    var type: String
    var event: String
    var event_type: String
    var local_timestamp: UInt32
  }
  struct Lap: Decodable {
    var message_index: Int
    var start_time: UInt32
    var timestamp: UInt32
    var total_elapsed_time: Int64
    var total_timer_time: Int64
    var event: String
    var event_type: String
    var intensity: String
    var lap_trigger: String
  }
  struct Event: Decodable, Equatable {
    var timestamp: UInt32
    var event: String
    var event_type: String
  }
  struct Records: Decodable {
    var count: Int
    var first: UInt32?
    var last: UInt32?
    var timestamps: [UInt32]
  }
  struct FileID: Decodable {
    var type: String
    var manufacturer: String
    var product: Int
    var serial_number: UInt32
    var time_created: UInt32?
  }

  var is_fit: Bool
  var integrity: Bool
  var errors: [String]
  var file_id: [FileID]
  var sessions: [Session]
  var sport: String?
  var activities: [Activity]
  var laps: [Lap]
  var events: [Event]
  var records: Records
  struct SportMessage: Decodable {
    var sport: String
    var sub_sport: String
    var name: String?
  }
  var sports: [SportMessage]
  var session_names: [String?]
  var session_developer_fields: [[String: String]]
  var unknown_messages: [String]
}

@Suite("FIT export: the bytes by hand, a golden file, Garmin's decoder")
struct FitExportTests {
  static let packageRoot = OutsideReaders.packageRoot
  static let goldenPath = packageRoot + "/Tests/SplitsReportsTests/Fixtures/tiny.fit"

  /// The FIT timestamp of a wall time after 1990, worked out apart from the encoder.
  static func fitSeconds(_ wallMilliseconds: Int64) -> UInt32 {
    UInt32(wallMilliseconds / 1000 - 631_065_600)
  }

  // MARK: Field by field

  @Test func crcOfKnownVectors() {
    // CRC-16/ARC's check value.
    #expect(FitExport.crc(Array("123456789".utf8)) == 0xBB3D)
    // A file header and a whole small file from the tests of Garmin's SDK.
    let header: [UInt8] = [0x0E, 0x20, 0x8B, 0x08, 0x24, 0x00, 0x00, 0x00, 0x2E, 0x46, 0x49, 0x54]
    #expect(FitExport.crc(header) == 0xA38E)
    let file: [UInt8] =
      header + [
        0x8E, 0xA3, 0x40, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x01, 0x00, 0x01, 0x02, 0x84, 0x04, 0x04, 0x86, 0x08,
        0x0A, 0x07, 0x00, 0x04, 0x01, 0x00, 0x00, 0xCA, 0x9A, 0x3B, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
        0x69, 0x00,
      ]
    #expect(FitExport.crc(file) == 0xF25D)
    // A file with its CRC after it checks to zero.
    #expect(FitExport.crc(file + [0x5D, 0xF2]) == 0)
    #expect(FitExport.crc([]) == 0)
  }

  @Test func headerBytes() {
    let bytes = FitExport.activity(FitRides.tiny)
    // The messages, by hand: file_id 21 + 14, event 15 + 4 × 7, record 9 + 9 × 5, lap 33 +
    // 2 × 23, session 36 + 25, activity 27 + 18 (definition + data).
    let dataSize = 21 + 14 + 15 + 4 * 7 + 9 + 9 * 5 + 33 + 2 * 23 + 36 + 25 + 27 + 18
    #expect(dataSize == 317)
    #expect(bytes.count == 14 + dataSize + 2)
    #expect(Array(bytes[0..<12]) == [14, 0x10, 0xE2, 0x52, 0x3D, 0x01, 0x00, 0x00, 0x2E, 0x46, 0x49, 0x54])
    let headerCRC = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
    #expect(headerCRC == FitExport.crc(Array(bytes[0..<12])))
    let fileCRC = UInt16(bytes[bytes.count - 2]) | UInt16(bytes[bytes.count - 1]) << 8
    #expect(fileCRC == FitExport.crc(Array(bytes.dropLast(2))))
  }

  /// The first definition and data message, byte by byte: `file_id`.
  @Test func fileIDDefinitionAndData() {
    let bytes = FitExport.activity(FitRides.tiny, serial: 0x0102_0304)
    let definition: [UInt8] = [
      0x40, 0x00, 0x00,  // definition of local type 0; reserved; little-endian
      0x00, 0x00,  // global message 0: file_id
      5,  // five fields
      0, 1, 0x00,  // type: enum
      1, 2, 0x84,  // manufacturer: uint16
      2, 2, 0x84,  // product: uint16
      3, 4, 0x8C,  // serial_number: uint32z
      4, 4, 0x86,  // time_created: uint32
    ]
    #expect(Array(bytes[14..<35]) == definition)
    // 03:00:01 UTC on 2026-11-22 is 1,795,316,401 s after 1970, 1,164,250,801 (0x4565_0EB1)
    // after 1989-12-31.
    #expect(Self.fitSeconds(FitRides.wall0 + 1_000) == 0x4565_0EB1)
    let data: [UInt8] = [
      0x00,  // data of local type 0
      4,  // activity
      0xFF, 0x00,  // development
      0x01, 0x00,  // product 1
      0x04, 0x03, 0x02, 0x01,  // serial number
      0xB1, 0x0E, 0x65, 0x45,  // time created: the start
    ]
    #expect(Array(bytes[35..<49]) == data)
  }

  @Test func timestampsAreWholeSecondsSinceTheFitEpoch() {
    #expect(FitExport.timestamp(wallMilliseconds: 631_065_600_000) == 0)
    #expect(FitExport.timestamp(wallMilliseconds: 631_065_600_999) == 0)
    #expect(FitExport.timestamp(wallMilliseconds: 631_065_601_000) == 1)
    #expect(FitExport.timestamp(wallMilliseconds: FitRides.wall0) == 1_164_250_800)
    #expect(FitExport.timestamp(wallMilliseconds: FitRides.wall0 + 999) == 1_164_250_800)
    // Before the FIT epoch, or past what a uint32 holds: kept to its valid values.
    #expect(FitExport.timestamp(wallMilliseconds: 0) == 0)
    #expect(FitExport.timestamp(wallMilliseconds: -1) == 0)
    #expect(FitExport.timestamp(wallMilliseconds: .min) == 0)
    #expect(FitExport.timestamp(wallMilliseconds: .max) == 0xFFFF_FFFE)
  }

  /// The laps of the tiny ride, read back by hand.
  @Test func lapFields() throws {
    let file = try FitMessages(FitExport.activity(FitRides.tiny))
    let laps = file.all(19)
    #expect(laps.count == 2)
    let start = Self.fitSeconds(FitRides.wall0 + 1_000)
    // The first lap: 3 s, no pause.
    #expect(
      laps[0] == [
        254: 0, 253: start + 3, 2: start, 7: 3_000, 8: 3_000, 0: 9, 1: 1, 23: 0, 24: 0,
      ])
    // The second: 3.5 s of moving time over 6 s (a 2.5 s pause inside it), to the finish.
    #expect(
      laps[1] == [
        254: 1, 253: start + 9, 2: start + 3, 7: 6_000, 8: 3_500, 0: 9, 1: 1, 23: 0, 24: 0,
      ])
    let session = try #require(file.all(18).first)
    #expect(session == [253: start + 9, 2: start, 5: 2, 6: 0, 7: 9_000, 8: 6_500, 25: 0, 26: 2, 0: 8, 1: 1])
    let activity = try #require(file.all(34).first)
    #expect(activity == [253: start + 9, 0: 6_500, 1: 1, 2: 0, 3: 26, 4: 1, 5: start + 9])
    // The timer: started, stopped and restarted at the pause, stopped at the end.
    #expect(
      file.all(21) == [
        [253: start, 0: 0, 1: 0], [253: start + 5, 0: 0, 1: 4], [253: start + 7, 0: 0, 1: 0],
        [253: start + 9, 0: 0, 1: 4],
      ])
    // A record at each whole second of moving time, and at the resume (7.5 s) and the end.
    #expect(file.all(20).map { $0[253]! - start } == [0, 1, 2, 3, 4, 5, 7, 8, 9])
    // In time order: each record, event and lap no earlier than the one before it.
    let times = file.messages.filter { [19, 20, 21].contains($0.global) }.map { $0.fields[253]! }
    #expect(times == times.sorted())
  }

  @Test func aWorkoutsStepsAreWarmUpActiveRestAndCoolDownAndAStepThatRanOutEndedByTime() throws {
    let ride = RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan)
    let laps = try FitMessages(FitExport.activity(ride)).all(19)
    #expect(laps.map { $0[23] } == [2, 0, 1, 0, 3, 0, 0])
    #expect(laps.map { $0[71] } == [0, 1, 2, 3, 4, 0xFFFF, 0xFFFF])
    #expect(laps.map { $0[24] } == [1, 0, 1, 0, 1, 0, 0])
  }

  @Test func sportAndLocalTime() throws {
    var ride = FitRides.tiny
    ride.sport = .running
    let file = try FitMessages(FitExport.activity(ride, utcOffsetSeconds: 9 * 3600))
    #expect(file.all(18).first?[5] == 1)
    let activity = try #require(file.all(34).first)
    #expect(activity[5] == activity[253]! + 9 * 3600)
    ride.sport = .other
    let west = try FitMessages(FitExport.activity(ride, utcOffsetSeconds: -5 * 3600))
    #expect(west.all(18).first?[5] == 0)
    #expect(west.all(34).first?[5] == west.all(34).first![253]! - 5 * 3600)
  }

  @Test func aRideThatNeverStartedIsTheFileIDAlone() throws {
    let ride = FitRides.ride([])
    #expect(!ride.hasStarted)
    let file = try FitMessages(FitExport.activity(ride))
    #expect(file.messages.map(\.global) == [0])
    #expect(file.messages[0].fields == [0: 4, 1: 255, 2: 1, 3: 1])
  }

  /// Wall times at the ends of `Int64` (a damaged row) neither trap nor leave the valid
  /// values of the fields.
  @Test func damagedWallTimesDoNotTrap() throws {
    for wall in [Int64.max - 5_000, Int64.min + 5_000, 0] {
      var ride = FitRides.tiny
      ride.startedAtWallMilliseconds = wall
      let file = try FitMessages(FitExport.activity(ride, utcOffsetSeconds: .max))
      #expect(file.all(19).count == 2)
      #expect(file.messages.allSatisfy { $0.fields[253] != 0xFFFF_FFFF })
    }
  }

  // MARK: The golden file

  /// The tiny ride's file, byte for byte as first written (and checked with Garmin's
  /// decoder). `SPLITS_UPDATE_FIXTURES=1` writes it anew.
  @Test func goldenFile() throws {
    let bytes = FitExport.activity(FitRides.tiny, serial: 1, utcOffsetSeconds: 3600)
    if ProcessInfo.processInfo.environment["SPLITS_UPDATE_FIXTURES"] == "1" {
      try Data(bytes).write(to: URL(fileURLWithPath: Self.goldenPath))
    }
    let golden = try #require(
      FileManager.default.contents(atPath: Self.goldenPath),
      "\(Self.goldenPath) is missing (SPLITS_UPDATE_FIXTURES=1 writes it)")
    #expect(Array(golden) == bytes)
  }

  // MARK: Garmin's decoder

  /// `ride`'s file as Garmin's decoder reads it.
  static func decoded(_ ride: RideFigures, utcOffsetSeconds: Int32 = 0, name: String) throws -> FitSummary {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let file = temp.file("\(name).fit")
    writeFile(FitExport.activity(ride, utcOffsetSeconds: utcOffsetSeconds), to: file)
    return try OutsideReaders.summary(FitSummary.self, tool: "fit_check.py", file: file)
  }

  static let rides: [(name: String, ride: RideFigures, laps: Int)] = [
    ("no-laps", FitRides.noLaps, 1),
    ("one-lap", FitRides.oneLap, 1),
    ("forty-laps", FitRides.fortyLaps, 41),
    ("pauses", FitRides.pauses, 4),
    ("workout", RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan), 7),
    ("across-midnight", FitRides.acrossMidnight, 3),
    ("open", FitRides.open, 2),
  ]

  @Test("a FIT file carried neither the ride's name nor its note")
  func theNameAndNoteReadBack() throws {
    var ride = FitRides.pauses
    ride.sport = .running
    ride.name = "Track 400s · 트랙"
    ride.note = "windy\nlegs heavy"
    let fit = try Self.decoded(ride, name: "named")
    #expect(fit.is_fit && fit.integrity && fit.errors.isEmpty, "\(fit.errors)")
    #expect(fit.unknown_messages.isEmpty)
    #expect(fit.sports.count == 1)
    #expect(fit.sports.first?.name == "Track 400s · 트랙" && fit.sports.first?.sport == "running")
    #expect(fit.session_names == ["Track 400s · 트랙"])
    // A line break becomes a space: one line, as every report shows a note.
    #expect(fit.session_developer_fields == [["note": "windy legs heavy"]])
    // A name too long for a FIT string is cut at a character, within 255 bytes with its end.
    ride.name = String(repeating: "가", count: 100)
    ride.note = nil
    let long = try Self.decoded(ride, name: "long")
    #expect(long.errors.isEmpty && long.sports.first?.name == String(repeating: "가", count: 84))
    #expect(long.session_developer_fields == [[:]])
    // Without a name or note: no sport message, no developer field, protocol 1.0.
    ride.name = nil
    let bare = FitExport.activity(ride)
    #expect(bare[1] == 0x10)
    let plain = try Self.decoded(ride, name: "plain")
    #expect(plain.sports.isEmpty && plain.session_names == [nil])
  }

  /// The UTC offset ride `index` of `rides` is written with: none, or 4½ hours west.
  static func offset(_ index: Int) -> Int32 { index % 2 == 0 ? 0 : -4 * 3600 - 1800 }

  /// Every ride of `rides` as Garmin's decoder reads it: one run of `fit_check.py` for all of
  /// them (its Python and the SDK start once, not seven times).
  static let decodedRides = Result { () throws -> [FitSummary] in
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let files = rides.enumerated().map { index, entry in
      let file = temp.file("\(entry.name).fit")
      writeFile(FitExport.activity(entry.ride, utcOffsetSeconds: offset(index)), to: file)
      return file
    }
    return try OutsideReaders.summaries(FitSummary.self, tool: "fit_check.py", files: files)
  }

  @Test(arguments: 0..<rides.count)
  func garminsDecoderReadsTheFile(_ index: Int) throws {
    let (name, ride, lapCount) = Self.rides[index]
    let offset = Self.offset(index)
    let fit = try Self.decodedRides.get()[index]
    #expect(fit.is_fit && fit.integrity, "\(name)")
    #expect(fit.errors.isEmpty, "\(name): \(fit.errors)")
    #expect(fit.unknown_messages.isEmpty, "\(name)")
    let start = try #require(ride.startedAtWallMilliseconds)
    let end = Self.fitSeconds(start + ride.elapsedMilliseconds)

    let fileID = try #require(fit.file_id.first)
    #expect(fileID.type == "activity" && fileID.manufacturer == "development" && fileID.product == 1)
    #expect(fileID.serial_number == 1 && fileID.time_created == Self.fitSeconds(start))

    // The session: exact to the millisecond.
    #expect(fit.sessions.count == 1, "\(name)")
    let session = try #require(fit.sessions.first)
    #expect(session.total_timer_time == ride.movingMilliseconds, "\(name)")
    #expect(session.total_elapsed_time == ride.elapsedMilliseconds, "\(name)")
    #expect(session.num_laps == lapCount && session.first_lap_index == 0, "\(name)")
    #expect(session.start_time == Self.fitSeconds(start) && session.timestamp == end, "\(name)")
    // A workout ride on a bike is a trainer's.
    #expect(fit.sport == "cycling" && session.sub_sport == (ride.plan == nil ? "generic" : "indoor_cycling"), "\(name)")
    #expect(session.event == "session" && session.event_type == "stop", "\(name)")

    let activity = try #require(fit.activities.first)
    #expect(fit.activities.count == 1)
    #expect(activity.timestamp == end && activity.total_timer_time == ride.movingMilliseconds, "\(name)")
    #expect(activity.num_sessions == 1 && activity.type == "manual", "\(name)")
    #expect(activity.event == "activity" && activity.event_type == "stop", "\(name)")
    #expect(Int64(activity.local_timestamp) == Int64(end) + Int64(offset), "\(name)")

    // The laps: each one's moving time; their elapsed times cover the ride's.
    let segments = ride.segments
    #expect(fit.laps.count == lapCount, "\(name)")
    #expect(fit.laps.map(\.message_index) == Array(0..<lapCount), "\(name)")
    #expect(fit.laps.map(\.total_timer_time) == segments.map(\.lapMilliseconds), "\(name)")
    #expect(fit.laps.map(\.total_elapsed_time).reduce(0, +) == ride.elapsedMilliseconds, "\(name)")
    #expect(fit.laps.allSatisfy { $0.total_elapsed_time >= $0.total_timer_time }, "\(name)")
    #expect(
      fit.laps.map(\.start_time) == segments.map { Self.fitSeconds(start + $0.startElapsedMilliseconds) }, "\(name)")
    #expect(fit.laps.last?.timestamp == end, "\(name)")
    #expect(fit.laps.allSatisfy { $0.event == "lap" && $0.event_type == "stop" }, "\(name)")
    #expect(
      fit.laps.map(\.intensity) == segments.map { FitWorkoutTests.intensityName($0.step?.kind) }, "\(name)")
    #expect(
      fit.laps.map(\.lap_trigger) == segments.map { $0.step?.ended == .time ? "time" : "manual" }, "\(name)")

    // The timer: a start and a stop for each running stretch.
    let stretches = ride.stretches
    let expectedEvents = stretches.flatMap {
      [
        FitSummary.Event(timestamp: Self.fitSeconds(start + $0.startElapsed), event: "timer", event_type: "start"),
        FitSummary.Event(timestamp: Self.fitSeconds(start + $0.endElapsed), event: "timer", event_type: "stop_all"),
      ]
    }
    #expect(fit.events == expectedEvents, "\(name)")

    // The records: one at each whole second of moving time and at each lap's and piece's
    // ends, each second once, in order.
    let records = fit.records.timestamps
    #expect(records.count == fit.records.count)
    #expect(zip(records, records.dropFirst()).allSatisfy { $0 < $1 }, "\(name): timestamps not increasing")
    #expect(fit.records.first == Self.fitSeconds(start), "\(name)")
    var expected = Set<UInt32>()
    var from: Int64 = 0
    for lap in segments {
      for piece in ride.pieces(fromMoving: from, toMoving: lap.splitMilliseconds) {
        for point in ride.trackpoints(piece) { expected.insert(Self.fitSeconds(start + point)) }
        // Never more than a record a second, and one at each end.
        #expect(expected.contains(Self.fitSeconds(start + piece.toElapsed)), "\(name)")
      }
      from = lap.splitMilliseconds
    }
    #expect(Set(records) == expected, "\(name)")
    let wholeSeconds = ride.movingMilliseconds / 1000
    for second in stride(from: 0, through: wholeSeconds, by: 1) {
      let at = Self.fitSeconds(start + ride.elapsed(atMoving: second * 1000))
      #expect(expected.contains(at), "\(name): no record at \(second) s of moving time")
    }
    #expect(records.count >= Int(wholeSeconds), "\(name)")
    #expect(records.count <= Int(wholeSeconds) + 1 + 2 * stretches.count + segments.count, "\(name)")
  }

  /// The golden file as Garmin's decoder reads it.
  @Test func garminsDecoderReadsTheGoldenFile() throws {
    let fit = try Self.decoded(FitRides.tiny, utcOffsetSeconds: 3600, name: "tiny")
    #expect(fit.is_fit && fit.integrity && fit.errors.isEmpty)
    #expect(fit.laps.map(\.total_timer_time) == [3_000, 3_500])
    #expect(fit.laps.map(\.total_elapsed_time) == [3_000, 6_000])
    #expect(fit.records.count == 9)
    #expect(fit.sessions.first?.total_elapsed_time == 9_000)
  }

  @Test func aFewRecordCounts() throws {
    // A minute without a pause: 0 s to 60 s.
    #expect(try FitMessages(FitExport.activity(FitRides.noLaps)).all(20).count == 61)
    // 90.5 s from a whole second, then a pause: each whole second; the end falls in the
    // 90th, which has its record already.
    #expect(try FitMessages(FitExport.activity(FitRides.oneLap)).all(20).count == 91)
  }
}
