import Foundation
import Testing

/// What the ride screen says is true for as long as it says it (issue 11, "Messages that tell
/// the truth").
@Suite("Honest messages, end to end", .timeLimit(.minutes(1)))
struct HonestMessagesTests {
  @Test("q during the pre-start countdown cancels it: no ride starts afterwards")
  func quitDuringTheCountdown() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // 60 steps: q comes long before the end even on a loaded machine (the cancel, not the
    // clock, must decide).
    let job = try await tmux.start("splits --plain --split-guard 0 --countdown 60")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the countdown") { $0.countdownStep != nil }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let after = try await tmux.waitForPrompt()
    #expect(after.contains("No ride started."), "\(after)")
    // The journal has the cancel: status says ready now, not "starts in 4" (and so no ride
    // can start when the countdown would have ended).
    let status = try await tmux.run("splits status --json")
    #expect(status.status == 0)
    #expect(status.output.contains(/"state": ?"ready"/), "\(status.output)")
  }

  @Test("a hint goes after 3 s and the key line comes back")
  func aHintGoesAfterThreeSeconds() async throws {
    let clock = ContinuousClock()
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY with its key line") { $0.state == "READY" && $0.contains("q quit") }
    let sent = clock.now
    try tmux.send(keys: "x")
    try await tmux.waitFor("the hint") { $0.contains("That key does nothing here") }
    try await tmux.waitFor("the key line back, the hint gone", timeout: .seconds(8)) {
      !$0.contains("That key does nothing here") && $0.contains("q quit")
    }
    #expect(clock.now - sent >= .milliseconds(2900), "the hint stayed its 3 s")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}

/// Terminals without an alternate screen keep the last frame after the end (issue 11).
@Suite("No alternate screen, end to end", .timeLimit(.minutes(1)))
struct NoAlternateScreenTests {
  @Test("TERM=vt100: the goodbye line starts on a clean line below the frame", arguments: ["vt100", "linux"])
  func goodbyeBelowTheFrame(term: String) async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("TERM=\(term) splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" && $0.contains("q quit") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let after = try await tmux.waitForPrompt()
    let goodbye = try #require(after.lines.first { $0.contains("No ride started.") }, "\(after)")
    #expect(goodbye.hasPrefix("No ride started."), "the goodbye line overprints the frame:\n\(after)")
    #expect(!after.lines.contains { $0.contains("quit") && $0.contains("No ride") }, "\(after)")
  }
}

/// A lap table longer than the screen says so (issue 11, "Long lap tables").
@Suite("Long lap tables, end to end", .timeLimit(.minutes(1)))
struct LongLapTableTests {
  @Test("41 laps at 100×30: the newest laps, the mark of the earlier ones, the best and worst pinned")
  func fortyOneLaps() async throws {
    let tmux = try await TmuxSession.shell(.init(width: 100, height: 30))
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    for lap in 1...41 {
      try tmux.send(keys: "l")
      // Each lap seen before the next, so that laps differ and every one is recorded.
      try await tmux.waitFor("lap \(lap)") { $0.lapNumbers.first == lap }
    }
    let screen = try await tmux.captureAsync()
    let mark = try #require(screen.lines.first { $0.contains("earlier laps") }, "\(screen)")
    let shown = screen.lapNumbers
    let pinned = screen.pinnedLapNumbers
    #expect(shown == Array(stride(from: 41, to: 41 - shown.count, by: -1)), "\(screen)")
    #expect(mark.contains("… \(41 - shown.count - pinned.count) earlier laps"), "\(screen)")
    #expect(screen.lines.contains { $0.hasPrefix(" ▲") }, "the best lap is on screen:\n\(screen)")
    #expect(screen.lines.contains { $0.hasPrefix(" ▼") }, "the worst lap is on screen:\n\(screen)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}

/// `u` takes back the last lap (issue 11, "Undo").
@Suite("Undo, end to end", .timeLimit(.minutes(1)))
struct UndoTests {
  @Test("u takes back the last lap: the screen and splits show --json agree, and the journal keeps the undo")
  func undoTheLastLap() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 1") { $0.lapNumbers == [1] }
    try tmux.send(keys: "l")
    try await tmux.waitFor("laps 2, 1") { $0.lapNumbers == [2, 1] }
    try tmux.send(keys: "u")
    try await tmux.waitFor("lap 2 taken back") { $0.lapNumbers == [1] && $0.runningLapNumber == 2 }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    let shown = try await tmux.run("splits show 1 --json")
    #expect(shown.status == 0, "\(shown.output)")
    let object = try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any]
    let laps = object?["laps"] as? [[String: Any]]
    #expect(laps?.count == 1, "\(shown.output)")
    let kinds = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT kind FROM events ORDER BY id")
    #expect(kinds == ["start", "lap", "lap", "undo_lap", "pause"], "nothing erased: \(kinds)")
  }
}

/// A ride has an ending (issue 11): the summary after `r`.
@Suite("The summary after finishing, end to end", .timeLimit(.minutes(1)))
struct FinishSummaryTests {
  @Test("pause and r show the finished ride's summary until a key; space starts the next ride")
  func summaryAfterFinish() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    for (key, what) in [("Space", "RUNNING"), ("l", "lap 1"), ("l", "laps 2, 1"), ("Space", "PAUSED")] {
      try tmux.send(keys: key)
      try await tmux.waitFor(what) { screen in
        switch what {
        case "RUNNING": screen.state == "RUNNING"
        case "lap 1": screen.lapNumbers == [1]
        case "laps 2, 1": screen.lapNumbers == [2, 1]
        default: screen.state == "PAUSED"
        }
      }
    }
    try tmux.send(keys: "r")
    let summary = try await tmux.waitFor("the summary") { $0.contains("Ride 1 finished") }
    #expect(summary.contains("Laps 2"), "\(summary)")
    #expect(summary.contains("best lap") && summary.contains("worst lap") && summary.contains("average lap"), "\(summary)")
    #expect(summary.lines.first?.contains("Ride 2") == true, "\(summary)")
    try tmux.send(keys: "Space")
    try await tmux.waitFor("ride 2 running, the summary gone") {
      $0.state == "RUNNING" && !$0.contains("finished")
    }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    // `show` prints the same summary above its lap table.
    let shown = try await tmux.run("splits show 1")
    #expect(shown.status == 0)
    #expect(shown.output.contains("Laps 2 · best lap") && shown.output.contains("average lap"), "\(shown.output)")
  }
}
