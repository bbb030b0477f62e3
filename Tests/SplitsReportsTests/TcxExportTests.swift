import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport

/// Rides for the TCX export, built from a list of steps on the boot clock and rebuilt from
/// stored events as the commands do.
enum TcxRides {
  static let boot = "tcx-boot"

  enum Step {
    /// The clock runs this many ms.
    case run(Int64)
    /// A pause of this many ms, then a resume.
    case pause(Int64)
    /// `l`.
    case lap
  }

  /// A ride whose clock starts 1 s after the boot, at wall time `wall` + 1 s, and goes
  /// through `steps`; then pauses and is finished `finalPause` ms later, or, with
  /// `finalPause` nil, is read while still running, right after its last step.
  static func ride(
    _ number: Int, wall: Int64, _ steps: [Step], finalPause: Int64?, sport: Sport = .biking
  ) -> RideFigures {
    func stored(_ kind: RideEvent.Kind, _ at: Int64) -> StoredEvent {
      StoredEvent(kind, wallMilliseconds: wall + at, bootID: boot, boottimeNanoseconds: at * 1_000_000)
    }
    var at: Int64 = 1_000
    var events = [stored(.start, at)]
    for step in steps {
      switch step {
      case .run(let ms): at += ms
      case .pause(let ms):
        events.append(stored(.pause, at))
        at += ms
        events.append(stored(.resume, at))
      case .lap: events.append(stored(.lap, at))
      }
    }
    if let finalPause {
      events.append(stored(.pause, at))
      at += finalPause
      events.append(stored(.finish, at))
    }
    var restored = Restore.ride(
      number: number, events: events, bootID: boot, now: Now(monotonic: ms(at), wallMilliseconds: wall + at))
    restored.sport = sport
    return RideFigures(restored)
  }

  /// 2026-11-22T03:00:00Z
  static let wall0: Int64 = 1_795_316_400_000
  /// 2026-11-23T00:00:00Z
  static let midnight: Int64 = 1_795_392_000_000

  /// A lap of 2.4 s; 1.75 s, a pause of 3.85 s and 1.9 s to the finish, 0.1 s after the
  /// last pause. Started at 2026-11-22T03:00:01Z.
  static var tiny: RideFigures {
    ride(1, wall: wall0, [.run(2_400), .lap, .run(1_750), .pause(3_850), .run(1_900)], finalPause: 100)
  }

  /// One lap and the stretch after it; a run.
  static var oneLap: RideFigures {
    ride(2, wall: wall0 + 3_600_000, [.run(30_500), .lap, .run(43_750)], finalPause: 0, sport: .running)
  }

  /// 40 laps of about 15 s, four of them across a pause, and 4.321 s to the finish.
  static var fortyLaps: RideFigures {
    var steps: [Step] = []
    for i in Int64(0)..<40 {
      if i % 9 == 4 {
        steps += [.run(7_000), .pause(20_000 + i * 100), .run(8_000 + i * 37)]
      } else {
        steps.append(.run(15_000 + i * 37))
      }
      steps.append(.lap)
    }
    return ride(3, wall: wall0 + 7_200_000, steps + [.run(4_321)], finalPause: 2_000)
  }

  /// A pause inside the first lap, a lap ended as the ride paused, two pauses inside the
  /// third lap and one at the start of the stretch to the finish.
  static var withPauses: RideFigures {
    ride(
      4, wall: wall0 + 10_800_000,
      [
        .run(5_500), .pause(3_500), .run(6_750), .lap, .run(7_750), .lap, .pause(5_000), .run(2_300), .pause(3_700),
        .run(9_600), .lap, .pause(2_000), .run(3_333),
      ], finalPause: 1_500)
  }

  /// Started at 23:58:31 UTC; a lap at a minute, midnight 30 s into the second lap.
  static var acrossMidnight: RideFigures {
    ride(
      5, wall: midnight - 91_000, [.run(60_000), .lap, .run(30_000), .pause(20_000), .run(40_000)], finalPause: 0)
  }

  /// Still running when read: a lap, a pause, and 12.5 s since the resume; a run.
  static var open: RideFigures {
    ride(
      6, wall: wall0 + 18_000_000, [.run(61_000), .lap, .run(20_000), .pause(30_000), .run(12_500)], finalPause: nil,
      sport: .running)
  }
}

@Suite("TCX: a track for every lap, cut at every pause; the ride's sport")
struct TcxExportTests {
  /// `Fixtures/tiny.tcx`, beside this file.
  static let tinyFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tiny.tcx").path

  /// The whole file of a ride of two laps and a pause, byte for byte. Its points: the first
  /// lap at 0, 1, 2 and 2.4 s; the second from 2.4 s to the pause at 4.15 s, then from the
  /// resume at 8 s, at every whole second of moving time (5 s and 6 s: 8.85 s and 9.85 s
  /// elapsed) to its end at 9.9 s; then, alone in a last track, the finish.
  @Test func aTinyRideIsWrittenAsTheFixture() throws {
    let text = Export.tcx([TcxRides.tiny])
    let fixture = try #require(
      FileManager.default.contents(atPath: Self.tinyFixture), "\(Self.tinyFixture) is missing")
    #expect(Data(text.utf8) == fixture, "Export.tcx wrote:\n\(text)")
  }

  @Test func theActivityIsTheRidesSport() {
    var ride = TcxRides.tiny
    for (sport, name) in [(Sport.biking, "Biking"), (.running, "Running"), (.other, "Other")] {
      ride.sport = sport
      let text = Export.tcx([ride])
      #expect(text.contains("    <Activity Sport=\"\(name)\">\n"), "\(sport)")
      #expect(text.components(separatedBy: "<Activity ").count == 2, "\(sport)")
    }
  }

  /// Every point is on the ride's timeline: its pieces' track points, each piece a track; a
  /// finished ride's last lap ends with a one-point track at the finish.
  @Test func theTracksAreTheLapsPieces() {
    for ride in [SampleRides.withLaps, TcxRides.withPauses, RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan)] {
      let start = ride.startedAtWallMilliseconds ?? 0
      let text = Export.tcx([ride])
      let laps = text.components(separatedBy: "<Lap ").dropFirst()
      #expect(laps.count == ride.segments.count)
      for (lap, figures) in zip(laps, ride.segments) {
        let pieces = ride.pieces(
          fromMoving: figures.splitMilliseconds - figures.lapMilliseconds, toMoving: figures.splitMilliseconds)
        let tracks = lap.components(separatedBy: "<Track>").dropFirst().map { track in
          track.components(separatedBy: "<Time>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        var points = pieces.map(ride.trackpoints)
        if figures.number == ride.segments.count, ride.state == .finished,
          let last = points.last?.last, ride.elapsedMilliseconds > last
        {
          points.append([ride.elapsedMilliseconds])
        }
        let expected = points.map { $0.map { WallTime.iso8601(start + $0, milliseconds: true) } }
        #expect(tracks == expected, "ride \(ride.number), lap \(figures.number)")
        #expect(lap.hasPrefix("StartTime=\"\(expected[0][0])\">"), "ride \(ride.number), lap \(figures.number)")
      }
    }
  }

  /// The workout's cool-down ends as the ride pauses: the lap after it starts at the resume
  /// (1,200 s on the boot clock, 03:20:00), where its track starts, not at the pause.
  @Test func aLapEndedAsTheRidePausedIsFollowedByOneStartingAtTheResume() {
    let figures = RideFigures(WorkoutRides.whole, plan: WorkoutRides.plan)
    #expect(figures.laps[5].startElapsedMilliseconds == 1_160_000)
    let laps = Export.tcx([figures]).components(separatedBy: "<Lap ").dropFirst()
    #expect(Array(laps)[5].hasPrefix("StartTime=\"2026-11-22T03:20:00.000Z\">"))
    #expect(Array(laps)[5].contains("<Trackpoint><Time>2026-11-22T03:20:00.000Z</Time></Trackpoint>"))
  }

  /// The track comes after `TriggerMethod`, as the schema orders a lap.
  @Test func aLapsTracksFollowItsTriggerMethod() {
    let text = Export.tcx([TcxRides.tiny])
    #expect(text.contains("<TriggerMethod>Manual</TriggerMethod>\n        <Track>\n          <Trackpoint>"))
    #expect(text.contains("</Track>\n        <Track>\n"))
    #expect(text.contains("</Track>\n      </Lap>\n"))
  }

  /// A point a second up to 48 hours of moving time; beyond, the fewest whole seconds apart
  /// that keep a ride's track within 172,800 points.
  @Test func aVeryLongRidesPointsAreFewerSecondsApart() {
    func moving(_ seconds: Int64) -> RideFigures {
      TcxRides.ride(9, wall: TcxRides.wall0, [.run(seconds * 1000)], finalPause: 0)
    }
    #expect(moving(0).trackSpacing == 1000)
    #expect(moving(172_800).trackSpacing == 1000)
    #expect(moving(172_801).trackSpacing == 2000)
    #expect(moving(360_000).trackSpacing == 3000)
    // A hundred years: some five hours apart.
    #expect(moving(3_155_760_000).trackSpacing == 18_263_000)
    let ride = moving(360_000)
    let piece = RideFigures.Piece(fromMoving: 1_500, toMoving: 10_000, fromElapsed: 20_000, toElapsed: 28_500)
    #expect(ride.trackpoints(piece) == [20_000, 21_500, 24_500, 27_500, 28_500])
    let text = Export.tcx([ride])
    #expect(text.components(separatedBy: "<Trackpoint>").count - 1 == 120_001)
    #expect(text.contains("<Trackpoint><Time>2026-11-22T03:00:04.000Z</Time></Trackpoint>"))
    #expect(!text.contains("<Trackpoint><Time>2026-11-22T03:00:02.000Z</Time></Trackpoint>"))
    #expect(text.contains("<Trackpoint><Time>2026-11-26T07:00:01.000Z</Time></Trackpoint>\n        </Track>"))
  }
}
