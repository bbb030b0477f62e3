import Foundation
import SplitsTestSystem
import Testing

/// `make demo-sensors` (`scripts/demo-sensors.sh`) in tmux: the fake's four sensors on the
/// workout screen with ERG, and nothing left behind once it quits.
@Suite("make demo-sensors, end to end", .timeLimit(.minutes(2)))
struct DemoSensorsTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/demo-sensors.sh").path

  @Test("The demo shows heart rate, power, cadence, speed and a target, and leaves no process or directory behind")
  func theDemoShowsEverySensorAndCleansUp() async throws {
    let scratch = try TempDirectory("demo")
    defer { scratch.remove() }
    let tmux = try await TmuxSession.shell(.init(width: 100, height: 30, environment: ["TMPDIR": scratch.path]))
    defer { tmux.close() }
    let job = try await tmux.start("\(Self.script) \(try SplitsBinary.path)")

    // The strap's 138–143 bpm, the pedals' 185–214 W, the crank's 90 rpm and the trainer's
    // 30 km/h, each through its own sensor.
    let figures = #/Power 3s (\d+) W .* HR (\d+) bpm   Cadence 90 rpm   Speed 30\.0 km\/h/#
    let shown = try await tmux.waitFor("the four sensors' figures", timeout: .seconds(30)) {
      $0.contains("ERG demo") && $0.lines.contains { $0.contains(figures) }
    }
    let match = try #require(shown.lines.compactMap { try? figures.firstMatch(in: $0) }.first)
    #expect((185...214).contains(Int(match.1) ?? 0) && (138...143).contains(Int(match.2) ?? 0), "\(shown)")

    try tmux.send(keys: "Space")
    // The trainer is held to the plan: ERG stands where the target is.
    try await tmux.waitFor("the warm-up's target beside the power, held by ERG") { $0.contains("ERG 10") }
    // The fake's processes (its bus, the mock, the four streams), as its start wrote them.
    let bus = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.path).first { $0.hasPrefix("splits-demo-bus.") })
    let pids = try String(contentsOfFile: scratch.file(bus + "/pids"), encoding: .utf8).split(separator: "\n").compactMap { pid_t($0) }
    #expect(pids.count == 6, "\(pids)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job, timeout: .seconds(20)) == 0)

    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    #expect(left.isEmpty, "the demo's directories removed: \(left)")
    // Each ended (a zombie not yet reaped counts as ended).
    _ = try await tmux.poll("the fake's processes to end", timeout: .seconds(5)) {
      pids.allSatisfy { ProcessTable.entry($0).map { $0.state == "Z" } ?? true } ? true : nil
    }
  }
}
