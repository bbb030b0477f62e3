import Foundation
import Testing

/// A route ridden on the real screen: a reset, then a complete attempt, and the records
/// `route show --json` gives after.
@Suite("Riding a route, end to end", .timeLimit(.minutes(1)))
struct RouteRideTests {
  @Test func aThreeSegmentRouteRiddenTwiceOnceResetOnceCompleteHasTwoAttemptsOneComplete() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let made = try await tmux.run("splits route new R A B C")
    #expect(made.status == 0, "\(made)")
    let job = try await tmux.start("splits --plain --split-guard 0 --name R")
    try await tmux.waitFor("the route's segments") { $0.state == "READY" && $0.contains("Segment") }

    // Attempt 1: one split, pause, r asks, r again resets.
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("the split of A") { $0.lines.contains { $0.hasPrefix("  A ") && $0.contains("00:00:0") } }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the question") { $0.contains("r again ends the attempt unfinished") }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the reset said") { $0.contains("Attempt unfinished (a reset)") }

    // Attempt 2: three splits complete it and stop the clock; r finishes it.
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    for segment in ["A", "B", "C"] {
      try tmux.send(keys: "l")
      try await tmux.waitFor("the split of \(segment)") {
        $0.lines.contains { $0.hasPrefix("  \(segment) ") && $0.contains("00:00:0") }
      }
    }
    try await tmux.waitFor("the clock stopped at the last split") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("complete said") { $0.contains("Attempt complete") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    let json = try await tmux.run("splits route show R --json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
    #expect(object["attempts"] as? Int == 2 && object["completed"] as? Int == 1, "\(json)")
    let segments = try #require(object["segments"] as? [[String: Any]])
    let golds = segments.compactMap { $0["best_segment_ms"] as? Int }
    #expect(golds.count == 3, "\(json)")
    let pb = try #require(object["pb_ms"] as? Int)
    #expect(segments.last?["pb_split_ms"] as? Int == pb)
    // The journal keeps both rides as they were ridden: the complete one has its three laps.
    let laps = try await JournalFile.query(
      dataDir: tmux.dataDir, "SELECT count(*) FROM events WHERE ride = 2 AND kind = 'lap'")
    #expect(laps == ["3"])
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM rides") == ["2"])
  }

  @Test func theComparisonChosenWithCOnARouteIsTheNextScreensToo() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await tmux.run("splits route new R A B C").status == 0)
    var job = try await tmux.start("splits --plain --name R")
    try await tmux.waitFor("the personal best compared") { $0.contains("vs Personal Best") }
    try tmux.send(keys: "c")
    try await tmux.waitFor("the next comparison") { !$0.contains("vs Personal Best") && $0.contains("vs ") }
    let chosen = try #require(
      tmux.capture().lines.first { $0.contains("vs ") }?.split(separator: "·").first?
        .trimmingCharacters(in: .whitespaces))
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    job = try await tmux.start("splits --plain --name R")
    try await tmux.waitFor("the comparison kept: \(chosen)") { $0.contains(chosen) && $0.state == "READY" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}
