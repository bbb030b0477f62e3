import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A terminal that stops reading (here the tmux server stopped with SIGSTOP, as a frozen
/// terminal emulator or a stalled ssh connection would): splits fills the terminal's buffer,
/// then leaves the rest of the frame to its event loop (watching the terminal for output)
/// and holds its frames back, never waiting in `write(2)` or `poll(2)`; a remote command is
/// still answered; when the terminal reads again it redraws everything with the right time.
@Suite("A terminal that stops reading, end to end", .timeLimit(.minutes(1)))
struct TerminalStallTests {
  /// The system call each thread of `pid` is in (`/proc/PID/task/*/syscall`; -1 running).
  static func syscalls(_ pid: pid_t) -> [Int] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.compactMap { task in
      guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8) else {
        return nil
      }
      return Int(text.split(separator: " ").first ?? "") ?? -1
    }
  }

  /// Whether one of `pid`'s epoll instances watches a descriptor for output (EPOLLOUT): the
  /// loop waits for the terminal to take the rest of a frame.
  static func loopWaitsForOutput(_ pid: pid_t) -> Bool {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    for fd in fds {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
        target == "anon_inode:[eventpoll]",
        let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)
      else { continue }
      // "tfd:        5 events:        4 data: ..." (events in hexadecimal).
      for line in info.split(separator: "\n") where line.hasPrefix("tfd:") {
        let words = line.split(separator: " ")
        guard let at = words.firstIndex(of: "events:"), at + 1 < words.count,
          let events = UInt32(words[at + 1], radix: 16)
        else { continue }
        if events & 0x4 != 0 { return true }
      }
    }
    return false
  }

  /// Whether `pid` holds an io_uring: the loop's backend is io_uring, not epoll alone.
  static func hasRing(_ pid: pid_t) -> Bool {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return fds.contains { fd in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == "anon_inode:[io_uring]"
    }
  }

  /// The loop's backends: io_uring as this machine allows it, epoll as `SPLITS_LOOP=epoll`
  /// forces it, and epoll where a seccomp filter refuses io_uring (Docker's default profile).
  static let backends = ["io_uring", "epoll", "seccomp"]

  /// Runs a command with io_uring refused by a seccomp filter (`Tests/tools/without_io_uring.py`).
  static var withoutIoUring: String {
    "/usr/bin/python3 " + ManualTests.root.appendingPathComponent("Tests/tools/without_io_uring.py").path
  }

  @Test(
    "frames held back while the terminal reads nothing, then a full redraw with the right time", arguments: backends)
  func stalledTerminal(backend: String) async throws {
    // A large terminal: big digits at scale 4 send far more bytes a second, so the
    // terminal's buffer fills in seconds even when the machine is busy.
    let environment = backend == "epoll" ? ["SPLITS_LOOP": "epoll"] : [:]
    let tmux = try await TmuxSession.shell(.init(width: 200, height: 60, environment: environment))
    defer {
      if let server = try? tmux.format("#{pid}"), let pid = pid_t(server) { kill(pid, SIGCONT) }
      tmux.close()
    }
    // Hundredths on big digits: tens of KB a second at 200×60, the pty's buffer fills in seconds.
    let job = try await tmux.start((backend == "seccomp" ? Self.withoutIoUring + " " : "") + "splits --precision cs")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let clock = ContinuousClock()
    let started = clock.now
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    let splits = try await tmux.splitsDescendantPID()
    #expect(Self.hasRing(splits) == (backend == "io_uring"), "the loop waits with \(backend)")
    let server = try #require(pid_t(try tmux.format("#{pid}")))

    #expect(kill(server, SIGSTOP) == 0)
    let frozen = clock.now
    // Look at splits every 50 ms. Once the buffer is full (in a few seconds; longer on a
    // loaded machine, so up to 20 s), its loop watches the terminal for output; from then, for
    // 2 s, no thread may sit in write(2) or poll(2): the frames are held back, and the loop
    // waits in epoll_wait as ever.
    var waited = false
    var waitSeen = clock.now
    var stuck = 0
    var samples = 0
    var threads = 0
    while clock.now - frozen < .seconds(20) {
      if !waited, Self.loopWaitsForOutput(splits) {
        waited = true
        waitSeen = clock.now
      }
      if waited {
        samples += 1
        let calls = Self.syscalls(splits)
        if calls.contains(1) || calls.contains(7) { stuck += 1 }
        // One thread, even with io_uring: the kernel never hands the write to a worker of its
        // own (an iou-wrk thread) while the terminal takes nothing.
        threads = max(threads, calls.count)
        if clock.now - waitSeen >= .seconds(2) { break }
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(kill(splits, 0) == 0, "splits is alive")
    #expect(waited, "the loop watched the full terminal for output")
    #expect(stuck == 0, "a thread in write(2) or poll(2) in \(stuck) of \(samples) looks after the terminal filled")
    #expect(threads == 1, "\(RuntimeThreadTests.names(splits))")
    // The loop is free: a remote command is answered while the terminal reads nothing.
    let lap = try await RemoteControlTests.splits(tmux, "lap")
    #expect(lap.termination == .exited(0), "\(lap)")
    #expect(kill(server, SIGCONT) == 0)

    // Redrawn once the terminal reads again: the running lap's time counts the frozen
    // seconds, and goes on moving.
    func runningLap(_ screen: PaneText) -> Duration? {
      screen.lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("›") }
        .flatMap { ClockText.all(in: $0).first?.duration }
    }
    let redrawn = try await tmux.waitFor("the screen redrawn with the frozen seconds counted") { screen in
      screen.state == "RUNNING" && (runningLap(screen) ?? .zero) >= .seconds(6)
    }
    let shown = try #require(runningLap(redrawn))
    #expect(shown <= clock.now - started, "never ahead of the time that passed: \(shown)")
    try await tmux.waitFor("the time moving on") { (runningLap($0) ?? .zero) > shown }
    let screen = try await tmux.captureAsync()
    #expect(screen.lines.count == 60 && screen.lastNonEmptyLine?.contains("q quit") == true, "\(screen)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}
