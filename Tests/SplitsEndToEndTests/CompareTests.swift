import Foundation
import Testing

/// Two rides of the same name, the second 1 s slower on lap 2: `show --compare previous
/// --json` gives each lap's delta. The rides are ridden in tmux; their events are then set to
/// chosen instants in the journal, so the figures are exact.
@Suite("Comparison with an earlier ride of the same name, end to end", .timeLimit(.minutes(1)))
struct CompareTests {
  static func ride(_ tmux: TmuxSession) async throws {
    let job = try await tmux.start("splits --plain --name Loop")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 1") { $0.lapNumbers.contains(1) }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 2") { $0.lapNumbers.contains(2) }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the summary") { $0.contains("finished") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test func theSecondRideIsASecondBehindFromLapTwo() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    try await Self.ride(tmux)
    try await Self.ride(tmux)
    // Ride 1: laps of 10 s, 10 s, then 10 s to the pause. Ride 2: 10 s, 11 s, 10 s.
    let seconds: [[Int64]] = [[0, 10, 20, 30, 30], [100, 110, 121, 131, 131]]
    for (index, instants) in seconds.enumerated() {
      let ids = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT id FROM events WHERE ride = \(index + 1) ORDER BY id")
      #expect(ids.count == instants.count, "\(ids)")
      for (id, second) in zip(ids, instants) {
        let result = try await Spawn.runAsync([
          "sqlite3", JournalFile.path(dataDir: tmux.dataDir),
          "UPDATE events SET boottime_ns = \(second * 1_000_000_000), wall_ms = \(1_795_000_000_000 + second * 1000) WHERE id = \(id)",
        ])
        #expect(result.termination == .exited(0), "\(result)")
      }
    }
    let shown = try await tmux.run("splits show 2 --compare previous --json")
    #expect(shown.status == 0, "\(shown)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
    #expect(object["compare"] as? String == "previous")
    #expect(object["compare_ride"] as? Int == 1)
    let laps = try #require(object["laps"] as? [[String: Any]])
    let deltas: [Int] = laps.compactMap { $0["delta_ms"] as? Int }
    #expect(deltas == [0, 1000], "\(shown.output)")
    let compared: [Int] = laps.compactMap { $0["compare_ms"] as? Int }
    #expect(compared == [10_000, 20_000], "\(shown.output)")
    let final = try #require(object["final_stretch"] as? [String: Any])
    #expect(final["delta_ms"] as? Int == 1000, "\(shown.output)")
  }
}
