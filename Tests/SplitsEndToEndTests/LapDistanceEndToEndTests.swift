import Foundation
import Testing
import SplitsTestSystem

/// A runner at a track: `splits --lap-distance 400m` shows each lap's pace and speed and the
/// distance run; `splits start --lap-distance 400m` from a hotkey with no screen open keeps
/// it with the ride; `show` and the JSON export carry it; a bad distance says why.
@Suite("Lap distances, end to end", .timeLimit(.minutes(1)))
struct LapDistanceEndToEndTests {
  @Test func aRunnersLapShowsItsPaceAndSpeedAndTheDistanceRun() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0 --lap-distance 400m")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING for 1 s") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) >= .seconds(1) }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 1 with its pace and the distance") {
      $0.lapNumbers.contains(1) && $0.contains("min/km") && $0.contains("km/h") && $0.contains("Distance 0.40 km")
    }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let show = try await RemoteControlTests.splits(tmux, "show", "last", "--units", "imperial")
    #expect(show.termination == .exited(0), "\(show)")
    #expect(show.stdout.contains("Distance 0.25 mi · lap distance 400m · pace "), "\(show)")
    #expect(show.stdout.contains("min/mi") && show.stdout.contains("mph"), "\(show)")
  }

  @Test func splitsStartWithALapDistanceAndNoScreenKeepsItWithTheRide() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let start = try await RemoteControlTests.splits(tmux, "start", "--lap-distance", "1mi")
    #expect(start.termination == .exited(0) && start.stdout == "ride 1 started\n", "\(start)")
    for _ in 0..<2 {
      let lap = try await RemoteControlTests.splits(tmux, "lap")
      #expect(lap.termination == .exited(0), "\(lap)")
    }
    #expect(try await RemoteControlTests.splits(tmux, "pause").termination == .exited(0))
    #expect(try await RemoteControlTests.splits(tmux, "finish").termination == .exited(0))
    let json = try await RemoteControlTests.splits(tmux, "export", "last", "--format", "json")
    #expect(json.stdout.contains(#""lap_distance_m": 1609.344, "distance_m": 3218.688"#), "\(json)")
    let stored = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT lap_distance_mm FROM rides")
    #expect(stored == ["1609344"])
  }

  @Test func splitsStartWithALapDistanceWhileAScreenIsOpenSaysTheScreensApplies() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let start = try await RemoteControlTests.splits(tmux, "start", "--lap-distance", "400m")
    #expect(start.termination == .exited(0) && start.stdout == "ride 1 started\n", "\(start)")
    #expect(start.stderr.contains("splits start --lap-distance applies only with no screen open"), "\(start)")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT lap_distance_mm IS NULL FROM rides") == ["1"])
  }

  @Test func aLapDistanceWithoutAUnitIsRefusedSayingWhatIsOne() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let bare = try await RemoteControlTests.splits(tmux, "--lap-distance", "400")
    #expect(bare.termination == .exited(2), "\(bare)")
    #expect(bare.stderr.contains("'400' has no unit: write 400m, 400km or 400mi."), "\(bare)")
    let negative = try await RemoteControlTests.splits(tmux, "--lap-distance", "-1km")
    #expect(negative.termination == .exited(2), "\(negative)")
    #expect(negative.stderr.contains("a lap distance must be positive, not -1km"), "\(negative)")
    let yards = try await RemoteControlTests.splits(tmux, "start", "--lap-distance", "400yd")
    #expect(yards.termination == .exited(2), "\(yards)")
    #expect(yards.stderr.contains("'yd' is not a unit of lap distance; use m, km or mi."), "\(yards)")
    #expect(!FileManager.default.fileExists(atPath: tmux.dataDir + "/splits.sqlite"))
  }
}
