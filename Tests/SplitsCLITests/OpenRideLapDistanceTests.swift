import Foundation
import SplitsCore
import SplitsStore
import Testing

@testable import SplitsCLI

/// `splits --lap-distance` while a ride is open: never ignored without a word.
@Suite("--lap-distance with a ride open")
struct OpenRideLapDistanceTests {
  static let track = LapDistance(millimetres: 400_000)!
  static let mile = LapDistance(millimetres: 1_609_344)!

  static let now = Now(monotonic: Instant(nanoseconds: 5_000_000_000), wallMilliseconds: 5_000)

  /// A fresh data directory, removed by the caller.
  static func directory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("splits-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    return path
  }

  static func openRide(in journal: Journal, distance: LapDistance?) throws -> RestoredRide {
    try journal.append(
      RideEvent(.start, at: Instant(nanoseconds: 1_000_000_000), lapDistance: distance), ride: 4, wallMilliseconds: 0)
    return try journal.restoreCurrentRide(now: now)
  }

  @Test func anOpenRideStartedFromAHotkeyTakesTheDistanceAndTheBannerSaysSo() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let journal = try Journal.open(dataDirectory: directory, bootID: "b")
    var open = try Self.openRide(in: journal, distance: nil)
    let note = try RideCommand.applyLapDistance(Self.track, to: &open, journal: journal, strings: .english)
    #expect(note == "Ride 4 is open: its laps are now 400m")
    #expect(open.lapDistance == Self.track)
    #expect(try journal.restoreCurrentRide(now: Self.now).lapDistance == Self.track)
  }

  @Test func anOpenRideWithAnotherDistanceKeepsItAndTheBannerSaysTheGivenIsTheNextRides() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let journal = try Journal.open(dataDirectory: directory, bootID: "b")
    var open = try Self.openRide(in: journal, distance: Self.mile)
    let note = try RideCommand.applyLapDistance(Self.track, to: &open, journal: journal, strings: .korean)
    #expect(note == "4번 라이드는 랩 거리 1mi 로 진행 중: --lap-distance 400m 는 다음 라이드에 적용됩니다")
    #expect(open.lapDistance == Self.mile)
    // The same distance, or none given: nothing to say.
    #expect(try RideCommand.applyLapDistance(Self.mile, to: &open, journal: journal, strings: .english) == nil)
    #expect(try RideCommand.applyLapDistance(nil, to: &open, journal: journal, strings: .english) == nil)
  }
}
