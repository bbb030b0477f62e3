import Foundation
import SplitsTestSystem
import Testing

/// LiveSplit Server's commands as `splits` commands: to the open screen over its control
/// socket, and headless with no screen open.
@Suite("LiveSplit Server's commands, end to end", .timeLimit(.minutes(1)))
struct LiveSplitCommandsTests {
  /// `splits arguments…` from outside the pane, on the pane's data: its status and its
  /// standard output and error together.
  static func run(_ tmux: TmuxSession, _ arguments: String...) async throws -> (status: Int32, output: String) {
    let result = try await Spawn.runAsync(
      [try SplitsBinary.path] + arguments,
      environment: ["SPLITS_DATA_DIR": tmux.dataDir, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": tmux.home.path])
    guard case .exited(let status) = result.termination else { return (-1, result.stdout + result.stderr) }
    return (status, result.stdout + result.stderr)
  }

  @Test func aRouteDrivenBySplitsCommandsToTheOpenScreenAnswersEachQueryAndResetsAtOnce() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await tmux.run("splits route new R Climb Ridge Descent").status == 0)
    let job = try await tmux.start("splits --plain --split-guard 0 --name R")
    try await tmux.waitFor("the route's segments") { $0.state == "READY" && $0.contains("Segment") }
    #expect(try await Self.run(tmux, "getcurrenttimerphase") == (0, "NotRunning\n"))
    #expect(try await Self.run(tmux, "startorsplit") == (0, "ride 1 started\n"))
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let split = try await Self.run(tmux, "split")
    #expect(split.status == 0 && split.output.hasPrefix("lap 1  00:00:"), "\(split)")
    try await tmux.waitFor("the split of Climb") { $0.lines.contains { $0.hasPrefix("  Climb ") && $0.contains("00:00:0") } }
    #expect(try await Self.run(tmux, "getcurrentsplitname") == (0, "Ridge\n"))
    #expect(try await Self.run(tmux, "skipsplit") == (0, "skipped segment 2 (Ridge)\n"))
    #expect(try await Self.run(tmux, "skipsplit") == (1, "splits: the last segment is never skipped: splits split ends it\n"))
    #expect(try await Self.run(tmux, "unsplit") == (0, "took back the skip of segment 2\n"))
    #expect(try await Self.run(tmux, "getsplitindex") == (0, "1\n"))
    #expect(try await Self.run(tmux, "getcurrenttimerphase") == (0, "Running\n"))
    #expect(try await Self.run(tmux, "getdelta") == (0, "-\n"))
    #expect(try await Self.run(tmux, "ping") == (0, "pong\n"))
    let time = try await Self.run(tmux, "getcurrenttime")
    #expect(time.status == 0 && time.output.range(of: #"^00:00:\d\d(\.\d{7})?\n$"#, options: .regularExpression) != nil, "\(time)")
    // A reset while running: paused, then the attempt ends unfinished, asked once only.
    #expect(try await Self.run(tmux, "reset") == (0, "ride 1: the attempt was reset after 1 of 3 segments\n"))
    try await tmux.waitFor("the reset said") { $0.contains("Attempt unfinished (a reset)") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let json = try await tmux.run("splits route show R --json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
    #expect(object["attempts"] as? Int == 1 && object["completed"] as? Int == 0, "\(json)")
  }

  @Test func withNoScreenOpenTheCommandsApplyThemselvesAndTheQueriesAnswerFromTheJournal() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await tmux.run("splits route new R A B C").status == 0)
    #expect(try await tmux.run("splits getcurrenttimerphase") == (0, "NotRunning\n"))
    #expect(try await tmux.run("splits getsplitindex") == (0, "-1\n"))
    #expect(try await tmux.run("splits getcurrenttime") == (0, "00:00:00\n"))
    #expect(try await tmux.run("splits split") == (1, "splits: no ride is open: splits start starts one\n"))
    #expect(try await tmux.run("splits startorsplit") == (0, "ride 1 started\n"))
    // A plain ride has no segment to skip; named after the route, it rides it.
    #expect(
      try await tmux.run("splits skipsplit")
        == (1, "splits: the ride rides no route: only a route's segments are skipped (splits route new NAME …)\n"))
    #expect(try await tmux.run("splits edit 1 --name R").status == 0)
    #expect(try await tmux.run("splits split").output.hasPrefix("lap 1  "))
    #expect(try await tmux.run("splits getcurrentsplitname") == (0, "B\n"))
    #expect(try await tmux.run("splits skipsplit") == (0, "skipped segment 2 (B)\n"))
    #expect(try await tmux.run("splits getcurrenttimerphase") == (0, "Running\n"))
    #expect(try await tmux.run("splits reset") == (0, "ride 1: the attempt was reset after 2 of 3 segments\n"))
    #expect(try await tmux.run("splits getcurrenttimerphase") == (0, "NotRunning\n"))
    let json = try await tmux.run("splits route show R --json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
    #expect(object["attempts"] as? Int == 1 && object["completed"] as? Int == 0, "\(json)")
  }
}
