import Foundation
import SplitsTestSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The screen's loop is its own (issue 25): one thread waits on everything, and nothing the
/// screen does goes through the main dispatch queue, which only CFRunLoop or `dispatchMain()`
/// would drain. A job left there would never run: a key, a signal, a remote command or a
/// cue command's end that silently does nothing.
@Suite("The screen's own loop: one thread, nothing left on the main dispatch queue", .timeLimit(.minutes(1)))
struct ScreenLoopTests {
  /// The threads of `pid`, and its eventfds whose count is not zero. libdispatch wakes the
  /// main thread for a job on the main queue by writing to an eventfd that only CFRunLoop
  /// reads: a job left there leaves that count above zero for good. (A dispatch source on any
  /// queue starts libdispatch's manager thread: a second thread.)
  static func loopState(_ pid: pid_t) -> (threads: Int, unreadEventfds: [String]) {
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.count ?? 0
    var unread: [String] = []
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    for fd in fds {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
        target == "anon_inode:[eventfd]",
        let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)
      else { continue }
      for line in info.split(separator: "\n") where line.hasPrefix("eventfd-count:") {
        let count = line.dropFirst("eventfd-count:".count).trimmingCharacters(in: .whitespaces)
        if count.contains(where: { $0 != "0" }) { unread.append("fd \(fd): \(count)") }
      }
    }
    return (threads, unread)
  }

  /// Whether process `pid` has libdbus mapped: a screen opens it only when a sensor needs it
  /// (Sources/CDBus/shim.h). The whole of `maps`, read to its end.
  static func mapsLibdbus(_ pid: pid_t) -> Bool {
    guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return false }
    defer { try? file.close() }
    let maps = String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
    return maps.contains("libdbus-1.so")
  }

  /// The names of `pid`'s threads (libdispatch's workers are named), for a failure.
  static func threadNames(_ pid: pid_t) -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.sorted().map { task in
      let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?"
      return task + " " + name.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  static func expectAlone(_ pid: pid_t, _ moment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let state = loopState(pid)
    #expect(state.threads == 1, "\(moment): \(state.threads) threads \(threadNames(pid))", sourceLocation: sourceLocation)
    #expect(state.unreadEventfds.isEmpty, "\(moment): a job waits on the main queue (\(state.unreadEventfds))",
      sourceLocation: sourceLocation)
  }

  @Test("keys, a resize, a remote command and a removed file: one thread, and no job on the main queue")
  func rideScreen() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --precision cs --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let pid = try await tmux.splitsPID()
    Self.expectAlone(pid, "ready")
    // No sensor remembered: libdbus and the seven libraries it needs are never loaded.
    #expect(!Self.mapsLibdbus(pid), "libdbus loaded by a screen with no sensor")

    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    Self.expectAlone(pid, "running at hundredths")

    let lap = try await RemoteControlTests.splits(tmux, "lap")
    #expect(lap.termination == .exited(0), "\(lap)")
    try await tmux.waitFor("lap 1 in the table") { $0.lapNumbers.contains(1) }
    try await tmux.resize(width: 70, height: 22)
    try await tmux.waitFor("RUNNING after the resize") { $0.state == "RUNNING" }
    // The data directory's removals watch: a file deleted there.
    let stray = tmux.dataDir + "/stray"
    #expect(writeFile([], to: stray))
    try FileManager.default.removeItem(atPath: stray)
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    Self.expectAlone(pid, "after a remote lap, a resize, a removal and a pause")
    #expect(!Self.mapsLibdbus(pid), "libdbus loaded by a screen with no sensor")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("a workout's failing cue command: its end is seen, on one thread, with no job on the main queue")
  func cueCommands() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try WorkoutTests.writeWorkout(tmux, "- 2s warmup\n- 30s\n")
    let job = try await tmux.start("splits workout \(file) --plain --no-bell --cue-cmd 'exit 3'")
    try await tmux.waitFor("the first step") { $0.contains("Warm-up") }
    let pid = try await tmux.splitsPID()
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the failure said") { $0.contains("The cue command failed with exit status 3") }
    Self.expectAlone(pid, "after a cue command ended")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("status --follow: lines while a ride runs, a pause, a lap from another shell: one thread, no job on the main queue")
  func follower() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start(
      "splits status --follow --format '\(FollowCommandTests.format)' >$E2E/follow & echo $! >$E2E/pid")
    let pid = try await tmux.poll("the follower's pid") {
      tmux.home.read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
    try await FollowCommandTests.waitForLine(tmux, "none") { $0 == "none 00:00:00 0" }
    Self.expectAlone(pid, "following no ride")
    #expect(try await RemoteControlTests.splits(tmux, "start").termination == .exited(0))
    try await FollowCommandTests.waitForLine(tmux, "the first second") { $0 == "running 00:00:01 0" }
    #expect(try await RemoteControlTests.splits(tmux, "lap").termination == .exited(0))
    try await FollowCommandTests.waitForLine(tmux, "the lap") { $0.hasSuffix(" 1") }
    Self.expectAlone(pid, "following a running ride")
    #expect(try await RemoteControlTests.splits(tmux, "pause").termination == .exited(0))
    try await FollowCommandTests.waitForLine(tmux, "the pause") { $0.hasPrefix("paused ") }
    Self.expectAlone(pid, "following a paused ride")
    #expect(kill(pid, SIGTERM) == 0)
  }

  @Test("a screen opened on a journal that has rides: one thread, no job on the main queue")
  func existingJournal() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // A ride made and finished with no screen open: the journal exists when the screen opens
    // (and is checked read-only first).
    for command in ["start", "pause", "finish"] {
      #expect(try await RemoteControlTests.splits(tmux, command).termination == .exited(0), "\(command)")
    }
    let job = try await tmux.start("splits --plain --precision cs --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let pid = try await tmux.splitsPID()
    Self.expectAlone(pid, "ready on an existing journal")
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    Self.expectAlone(pid, "running on an existing journal")
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}

