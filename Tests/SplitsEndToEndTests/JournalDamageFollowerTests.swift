import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// The `-wal` and `-shm` deleted (`rm`) while a screen writes and `status --follow` reads.
extension JournalDamageTests {
  /// A screen running with lap 1, and a follower of its data directory in a pane of its own
  /// that has printed it.
  struct Followed {
    let tmux: TmuxSession
    let other: TmuxSession
    let job: TmuxSession.Job
    let follower: pid_t
    var data: String { tmux.dataDir }

    static func start() async throws -> Followed {
      let tmux = try await TmuxSession.shell()
      let other: TmuxSession
      do { other = try await TmuxSession.shell() } catch {
        tmux.close()
        throw error
      }
      do {
        let job = try await tmux.start("splits --plain --split-guard 0")
        try await tmux.waitFor("READY") { $0.state == "READY" }
        try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
        try await tmux.press("l", until: "lap 1") { $0.lapNumbers.first == 1 }
        _ = try await other.start(
          "splits status --follow --data-dir \(tmux.dataDir) --format '{state} {laps}' >$E2E/follow 2>$E2E/err"
            + " & echo $! >$E2E/pid")
        let follower = try await other.poll("the follower's pid") {
          other.home.read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let followed = Followed(tmux: tmux, other: other, job: job, follower: follower)
        try await followed.waitForLine("running 1")
        return followed
      } catch {
        other.close()
        tmux.close()
        throw error
      }
    }

    /// What the follower printed, its messages and its pane (a crash's words), for a failure.
    var printed: String {
      "lines: \(lines)\nerrors: \(other.home.read("err") ?? "")\npane: \((try? other.capture())?.text ?? "")"
    }

    var lines: [String] { other.home.read("follow")?.split(separator: "\n").map(String.init) ?? [] }

    /// Waits for the follower's last line to be `line`; on a timeout, records what it printed.
    func waitForLine(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
      do {
        _ = try await tmux.poll("the follower to print \(line)") { lines.last == line ? true : nil }
      } catch {
        Issue.record("\(error)\n\(printed)", sourceLocation: sourceLocation)
        throw error
      }
    }

    /// Laps 2 to 4, the follower printing each, then a pause it prints, and the screen quit.
    func lapsAndPause() async throws {
      for lap in 2...4 { try await tmux.press("l", until: "lap \(lap)") { $0.lapNumbers.first == lap } }
      let snapshot = try await StatusSnapshot.read(dataDir: data)
      #expect(snapshot.laps.count == 4, "\(snapshot)")
      try await waitForLine("running 4")
      try tmux.send(keys: "Space")
      try await waitForLine("paused 4")
    }

    func quit() async throws {
      try tmux.send(keys: "q")
      #expect(try await tmux.exitStatus(of: job) == 0)
    }

    func close() {
      other.close()
      tmux.close()
    }
  }

  /// Stopped while both files go, the follower finds them gone together: it closes its
  /// readers of the deleted files (kept, not freed) and reads the new ones.
  @Test("the write-ahead log deleted while a screen runs and status --follow reads: the follower sees every lap, on one thread")
  func theWriteAheadLogDeletedUnderAFollower() async throws {
    let followed = try await Followed.start()
    defer { followed.close() }
    kill(followed.follower, SIGSTOP)
    let removed = unlink(followed.data + "/splits.sqlite-wal") == 0 && unlink(followed.data + "/splits.sqlite-shm") == 0
    kill(followed.follower, SIGCONT)
    try #require(removed)
    try await followed.lapsAndPause()
    ScreenLoopTests.expectAlone(followed.follower, "after the follower closed its readers of the deleted files")
    try await followed.quit()
  }
}
