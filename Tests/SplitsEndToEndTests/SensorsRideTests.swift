import Foundation
import SplitsTestSystem
import Testing

/// A ride with a heart-rate strap and power pedals, the real binary in tmux against the fake
/// BlueZ on a private system bus: the screen shows them, the strap drops out for 5 s (shown
/// as lost, its seconds absent, never zeros) and comes back by itself, and `show --json` and
/// the FIT file (read by Garmin's SDK and fitdecode) carry the averages and the samples.
@Suite("Sensors on a ride, end to end", .serialized, .timeLimit(.minutes(2)))
struct SensorsRideTests {
  /// Heart rate measurement: flags 0 (u8 bpm), 140 bpm.
  static let heartRate140 = "008c"
  /// Cycling power measurement: flags 0, 200 W (sint16).
  static let power200 = "0000c800"

  @Test func aRideWithAStrapAt140AndPedalsAt200WShowsThemLosesTheStrapFor5sAndExportsTheSamples() async throws {
    let fake = try FakeBlueZ()
    defer { fake.stop() }
    let tmux = try await TmuxSession.shell(.init(environment: fake.environment))
    defer { tmux.close() }
    for address in [FakeBlueZ.heartRate, FakeBlueZ.power] {
      let added = try await RemoteControlTests.splits(tmux, "sensors", "add", address)
      #expect(added.termination == .exited(0), "\(added)")
    }
    try fake.stream(FakeBlueZ.heartRate, "hr", Self.heartRate140, interval: 0.25)
    try fake.stream(FakeBlueZ.power, "power", Self.power200, interval: 0.25)

    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("both sensors' figures", timeout: .seconds(20)) {
      $0.contains("HR 140 bpm") && $0.contains("now 200 W")
    }
    // libdbus, opened when the sensors were first looked for (not linked).
    #expect(ScreenLoopTests.mapsLibdbus(try await tmux.splitsPID()))
    try tmux.send(keys: "Space")
    try await tmux.waitFor("8 s of riding", timeout: .seconds(20)) {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) >= .seconds(8)
    }
    // The strap goes out of range for 5 s: lost on screen, then back by itself.
    try fake.disconnect(FakeBlueZ.heartRate, for: 5)
    try await tmux.waitFor("the strap lost", timeout: .seconds(10)) { $0.contains("lost") && !$0.contains("HR 140") }
    try await tmux.waitFor("the strap back", timeout: .seconds(20)) { $0.contains("HR 140 bpm") }
    let back = try tmux.capture().movingTime ?? .zero
    try await tmux.waitFor("4 s more", timeout: .seconds(20)) { ($0.movingTime ?? .zero) >= back + .seconds(4) }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the summary with the sensors' figures") { $0.contains("140 bpm") && $0.contains("200 W") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    // The journal: a sample each second, the power in every one, the strap's seconds out of
    // range absent (4 to 8 of them: 5 s away and the reconnection), never a zero.
    let rows = try await JournalFile.query(
      dataDir: tmux.dataDir, "SELECT second || ':' || IFNULL(heart_rate, '-') || ':' || IFNULL(power, '-') FROM samples ORDER BY second")
    let samples = rows.map { $0.split(separator: ":").map(String.init) }
    #expect(samples.count >= 15, "\(rows)")
    // The last second is the one the pause came in: a sensor not heard in its first part
    // (each sends four times a second) is absent from it, and only from it.
    let whole = samples.dropLast()
    #expect(whole.allSatisfy { $0[2] == "200" }, "\(rows)")
    #expect(samples.allSatisfy { $0[2] == "200" || $0[2] == "-" }, "\(rows)")
    #expect(samples.allSatisfy { $0[1] == "140" || $0[1] == "-" }, "\(rows)")
    let seconds = samples.compactMap { Int($0[0]) }
    #expect(seconds == Array(0..<seconds.count), "a sample every second of moving time: \(rows)")
    let withoutHeartRate = whole.filter { $0[1] == "-" }.compactMap { Int($0[0]) }
    #expect((4...8).contains(withoutHeartRate.count), "\(rows)")
    if let first = withoutHeartRate.first {
      #expect(withoutHeartRate == Array(first..<(first + withoutHeartRate.count)), "one gap: \(rows)")
    }

    // show --json averages them.
    let show = try await RemoteControlTests.splits(tmux, "show", "last", "--json")
    let ride = try ExportReadersTests.json(show.stdout)
    let sensors = ride["sensors"] as? [String: Any]
    #expect(sensors?["power_avg_w"] as? Int == 200, "\(show)")
    #expect(sensors?["heart_rate_avg_bpm"] as? Int == 140, "\(show)")

    // The FIT file: Garmin's SDK and fitdecode read each second's record and the averages.
    let fit = tmux.home.file("ride.fit")
    let export = try await RemoteControlTests.splits(tmux, "export", "last", "--format", "fit", "-o", fit)
    #expect(export.termination == .exited(0), "\(export)")
    let decoded = try await ExportReadersTests.check("fit_sensors.py", fit)
    for reader in ["garmin", "fitdecode"] {
      let read = decoded[reader] as? [String: Any]
      let records = read?["records"] as? [[String: Any]] ?? []
      // A record for each second, with what the journal has of it.
      #expect(records.filter { $0["power"] as? Int == 200 }.count == samples.filter { $0[2] == "200" }.count, "\(reader): \(decoded)")
      #expect(records.filter { $0["heart_rate"] as? Int == 140 }.count == samples.filter { $0[1] == "140" }.count)
      #expect(!records.contains { $0["heart_rate"] as? Int == 0 || $0["power"] as? Int == 0 })
      let session = (read?["sessions"] as? [[String: Any]])?.first
      #expect(session?["avg_power"] as? Int == 200 && session?["avg_heart_rate"] as? Int == 140, "\(reader): \(decoded)")
    }
  }
}
