import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSystem

/// A TCX file written and the rides in it, each with the pause before its finish (which the
/// elapsed time counts and no track covers: the last point is where the clock last stopped).
struct ReaderCase: Sendable, CustomTestStringConvertible {
  var name: String
  var rides: [(figures: RideFigures, finalPause: Int64)]
  var testDescription: String { name }

  static let single: [ReaderCase] = [
    ReaderCase(name: "no lap", rides: [(SampleRides.withoutLaps, 1_000)]),
    ReaderCase(name: "one lap", rides: [(TcxRides.oneLap, 0)]),
    ReaderCase(name: "40 laps", rides: [(TcxRides.fortyLaps, 2_000)]),
    ReaderCase(name: "pauses", rides: [(TcxRides.withPauses, 1_500)]),
    // The cool-down ends as the ride pauses; the ride is finished 10 s after its last pause.
    ReaderCase(name: "workout with a rest", rides: [(RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan), 10_000)]),
    ReaderCase(name: "across midnight UTC", rides: [(TcxRides.acrossMidnight, 0)]),
    ReaderCase(name: "open running ride", rides: [(TcxRides.open, 0)]),
  ]

  static let all: [ReaderCase] =
    single + [
      ReaderCase(name: "two rides", rides: [(TcxRides.withPauses, 1_500), (TcxRides.oneLap, 0)]),
      ReaderCase(name: "every ride", rides: single.flatMap(\.rides)),
    ]
}

/// What `Tests/tools/tcx_check.py` prints: each reader's view of the file.
struct ReaderSummary: Decodable {
  struct TcxReader: Decodable {
    var sport: String?
    var laps: Int
    var trackpoints: Int
    var lap_trackpoints: [Int]
    var laps_seconds: Double
    var track_seconds: Double
    var first_ms: Int64?
    var last_ms: Int64?
  }
  struct TcxParser: Decodable {
    struct Activity: Decodable {
      var sport: String
      var laps: Int
      var trackpoints: Int
      var laps_seconds: Double
      var started_at_ms: Int64
      var completed_at_ms: Int64
      var first_ms: Int64?
      var last_ms: Int64?
    }
    var trackpoints: Int
    var first_ms: Int64?
    var last_ms: Int64?
    var activities: [Activity]
  }
  var tcxreader: TcxReader
  var tcxparser: TcxParser
}

/// A ride's track as the export should write it, worked out here from the ride's timeline:
/// per lap, its pieces' points, in ms of elapsed time.
struct ExpectedTrack {
  var laps: [[[Int64]]]

  init(_ ride: RideFigures) {
    laps = ride.segments.map { lap in
      ride.pieces(fromMoving: lap.splitMilliseconds - lap.lapMilliseconds, toMoving: lap.splitMilliseconds)
        .map(ride.trackpoints)
    }
    // A finished ride ends with a track of one point at its finish, after the last pause.
    if ride.state == .finished, let last = laps.last?.last?.last, ride.elapsedMilliseconds > last {
      laps[laps.count - 1].append([ride.elapsedMilliseconds])
    }
  }

  var points: [Int64] { laps.flatMap { $0.flatMap { $0 } } }
  var lapCounts: [Int] { laps.map { $0.reduce(0) { $0 + $1.count } } }
}

@Suite("TCX as two independent readers see it: tcxreader and python-tcxparser")
struct TcxReadersTests {
  /// Each case's rides written as TCX and read back by both readers, by the case's name: one
  /// run of `tcx_check.py` for every case (its Python and readers start once, not nine times).
  static let summaries = Result { () throws -> [String: ReaderSummary] in
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let files = ReaderCase.all.enumerated().map { index, file in
      let path = temp.file("rides-\(index).tcx")
      writeFile(Array(Export.tcx(file.rides.map { $0.figures }).utf8), to: path)
      return path
    }
    let read = try OutsideReaders.summaries(ReaderSummary.self, tool: "tcx_check.py", files: files)
    return Dictionary(uniqueKeysWithValues: zip(ReaderCase.all.map(\.name), read))
  }

  @Test func theCasesAreWhatTheirNamesSay() {
    #expect(SampleRides.withoutLaps.laps.isEmpty && SampleRides.withoutLaps.segments.count == 1)
    #expect(TcxRides.oneLap.laps.count == 1 && TcxRides.oneLap.segments.count == 2)
    #expect(TcxRides.fortyLaps.laps.count == 40)
    #expect(RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan).laps.contains { $0.step?.kind == .rest })
    let midnight = TcxRides.acrossMidnight
    #expect(midnight.startedAtWallMilliseconds.map { $0 < TcxRides.midnight } == true)
    #expect(midnight.finishedAtWallMilliseconds.map { $0 > TcxRides.midnight } == true)
    #expect(TcxRides.open.state == .running && TcxRides.open.sport == .running)
  }

  @Test(arguments: ReaderCase.all)
  func bothReadersSeeEveryLapAndPoint(_ file: ReaderCase) throws {
    let summary = try #require(try Self.summaries.get()[file.name])
    let rides = file.rides.map { $0.figures }
    let tracks = rides.map(ExpectedTrack.init)
    let starts = try rides.map { try #require($0.startedAtWallMilliseconds) }
    let firsts = zip(starts, tracks).map { $0 + ($1.points.first ?? 0) }
    let lasts = zip(starts, tracks).map { $0 + ($1.points.last ?? 0) }

    // python-tcxparser, one activity at a time.
    let parser = summary.tcxparser
    #expect(parser.activities.count == rides.count)
    #expect(parser.trackpoints == tracks.map(\.points.count).reduce(0, +))
    #expect(parser.first_ms == firsts.first && parser.last_ms == lasts.last)
    for (index, (activity, ride)) in zip(parser.activities, file.rides).enumerated() {
      let figures = ride.figures
      let track = tracks[index]
      let what = "\(file.name), ride \(figures.number)"
      #expect(activity.sport == figures.sport.rawValue, "\(what)")
      #expect(activity.laps == figures.segments.count, "\(what)")
      #expect(track.points.count > figures.movingMilliseconds / 1000, "\(what)")
      #expect(activity.trackpoints == track.points.count, "\(what)")
      #expect(abs(activity.laps_seconds - Double(figures.movingMilliseconds) / 1000) <= 1, "\(what)")
      #expect(activity.started_at_ms == starts[index], "\(what)")
      #expect(activity.first_ms == firsts[index] && activity.last_ms == lasts[index], "\(what)")
      // From the first point to the last: the elapsed time (for an open ride, but for the
      // pause it is in now).
      let span = try #require(activity.last_ms) - starts[index]
      let pause = figures.state == .finished ? 0 : ride.finalPause
      #expect(abs(span - (figures.elapsedMilliseconds - pause)) <= 1_000, "\(what): \(span) ms")
      // Its `completed_at` is the last point of the last lap's first track, not the last
      // point when that lap goes on after a pause.
      let lastLapFirstTrack = try #require(track.laps.last?.first?.last)
      #expect(activity.completed_at_ms == starts[index] + lastLapFirstTrack, "\(what)")
    }

    // tcxreader: every activity's laps in one exercise, each lap's tracks in one list.
    let reader = summary.tcxreader
    #expect(reader.sport == rides.last.map { TcxExport.sportName($0.sport) })
    #expect(reader.laps == rides.map(\.segments.count).reduce(0, +), "\(file.name)")
    #expect(reader.trackpoints == tracks.map(\.points.count).reduce(0, +), "\(file.name)")
    #expect(reader.lap_trackpoints == tracks.flatMap(\.lapCounts), "\(file.name)")
    #expect(reader.first_ms == firsts.first && reader.last_ms == lasts.last, "\(file.name)")
    // The points no more than a second apart add up to the moving time (every pause in
    // these rides is longer).
    let moving = rides.map(\.movingMilliseconds).reduce(0, +)
    #expect(abs(reader.track_seconds - Double(moving) / 1000) <= 1, "\(file.name): \(reader.track_seconds) s")
    // Its lap durations run from a lap's first point to its last, across the lap's pauses.
    let spans = tracks.flatMap(\.laps).map { lap -> Int64 in
      let points = lap.flatMap { $0 }
      return points.count > 2 ? points[points.count - 1] - points[0] : 0
    }
    #expect(abs(reader.laps_seconds - Double(spans.reduce(0, +)) / 1000) < 0.001, "\(file.name)")
    if let only = file.rides.first, rides.count == 1 {
      let span = try #require(reader.last_ms) - starts[0]
      let pause = only.figures.state == .finished ? 0 : only.finalPause
      #expect(abs(span - (only.figures.elapsedMilliseconds - pause)) <= 1_000, "\(file.name): \(span) ms")
    }
  }

  @Test(
    .enabled(
      if: Spawn.which("xmllint") != nil,
      "skipped: xmllint is not installed (Debian: libxml2-utils; `make test` installs it)"),
    arguments: ReaderCase.all)
  func theReadersFilesValidateAgainstGarminsSchema(_ file: ReaderCase) throws {
    let xmllint = try #require(Spawn.which("xmllint"))
    let schema = try #require(ExportTests.schemaPath, "TrainingCenterDatabasev2.xsd not found")
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let path = temp.file("rides.tcx")
    writeFile(Array(Export.tcx(file.rides.map { $0.figures }).utf8), to: path)
    let result = try Spawn.run([xmllint, "--noout", "--schema", schema, path], timeout: nil)
    #expect(result.shellStatus == 0, "\(file.name): \(result.output)")
    #expect(result.output.contains("validates"), "\(file.name): \(result.output)")
  }
}
