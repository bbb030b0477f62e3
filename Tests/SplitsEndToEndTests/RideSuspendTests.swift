#if canImport(Glibc)
  import Glibc
#endif
import Testing

/// A running ride never loses the time the process spent stopped: Ctrl-Z then `fg`, and
/// `kill -STOP` then `kill -CONT` from outside. The first frame after the process continues
/// must already hold the stopped seconds (a redraw "at once", time recomputed, not counted).
@Suite("Ride screen across stops, end to end", .timeLimit(.minutes(1)))
struct RideSuspendTests {
  /// How long each test keeps the process stopped.
  static let stoppedFor = Duration.seconds(2)

  @Test("Ctrl-Z gives the prompt back with the terminal restored; fg redraws with the stopped time counted")
  func ctrlZThenFg() async throws {
    let clock = ContinuousClock()
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    let running = try await tmux.waitFor("RUNNING with the time moving") {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero
    }
    let splits = try await tmux.splitsPID()
    let before = try #require(running.movingClock)

    try tmux.send(keys: "C-z")
    let stopped = try await tmux.waitFor("the shell prompt after Ctrl-Z") {
      $0.lastNonEmptyLine == TmuxSession.prompt && $0.contains("Stopped")
    }
    let stoppedSeen = clock.now
    #expect(stopped.state == nil, "the ride screen is gone from the normal screen:\n\(stopped)")
    #expect(ProcessTable.isStopped(splits))
    expectRestoredTerminal(try await tmux.terminalModes())

    try await Task.sleep(until: stoppedSeen + Self.stoppedFor, clock: clock)
    let stoppedTime = clock.now - stoppedSeen
    let fg = try await tmux.start("fg")
    let back = try await tmux.waitFor("the ride screen after fg") {
      $0.state == "RUNNING" && $0.movingTime != nil
    }
    let after = try #require(back.movingTime)
    // The true time is at least `before` + `stoppedTime`; the screen truncates to its unit.
    #expect(
      after >= before.truncating(before.duration + stoppedTime),
      "first frame after fg shows \(after); before Ctrl-Z \(before), stopped for \(stoppedTime):\n\(back)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: fg) == 0)
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test("Ctrl-Z, then kill -CONT rather than fg: splits runs on in the background without drawing; fg brings it back")
  func continuedInTheBackground() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    let running = try await tmux.waitFor("RUNNING with the time moving") {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero
    }
    let splits = try await tmux.splitsPID()
    try tmux.send(keys: "C-z")
    try await tmux.waitFor("the shell prompt after Ctrl-Z") {
      $0.lastNonEmptyLine == TmuxSession.prompt && $0.contains("Stopped")
    }
    #expect(kill(splits, SIGCONT) == 0)
    _ = try await DrillProcess.wait(splits, stopped: false)
    // Running, in the background: the shell keeps the terminal and its screen (a draw or a
    // mode change there would also have stopped splits again with SIGTTOU).
    #expect(!ProcessTable.ownsTerminal(splits))
    try await Task.sleep(for: .milliseconds(500))
    #expect(!ProcessTable.isStopped(splits), "continued in the background, splits stopped again")
    let shell = try tmux.capture()
    #expect(shell.state == nil && shell.lastNonEmptyLine == TmuxSession.prompt, "splits drew over the shell:\n\(shell)")

    // `fg` on a running job hands the terminal over without a SIGCONT.
    let fg = try await tmux.start("fg")
    let back = try await tmux.waitFor("the ride screen after fg") {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) > (running.movingTime ?? .zero)
    }
    #expect(back.state == "RUNNING")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: fg) == 0)
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test("kill -STOP then kill -CONT from outside: the first frame after CONT has the stopped time counted")
  func stopAndContinueFromOutside() async throws {
    let clock = ContinuousClock()
    // No job-control shell to take the terminal when splits stops.
    let tmux = try TmuxSession.splits(["--plain"])
    defer { tmux.close() }
    let splits = try await tmux.splitsPID()
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING with the time moving") {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero
    }

    #expect(kill(splits, SIGSTOP) == 0)
    _ = try await tmux.poll("splits to stop") { ProcessTable.isStopped(splits) ? true : nil }
    let stoppedSeen = clock.now
    // The last frame drawn before the stop (once tmux has taken in all of it): it stays on
    // screen while the process is stopped.
    let frozen = try await tmux.waitForStillScreen()
    let before = try #require(frozen.movingClock)

    try await Task.sleep(until: stoppedSeen + Self.stoppedFor, clock: clock)
    let stoppedTime = clock.now - stoppedSeen
    #expect(try await tmux.captureAsync() == frozen, "nothing drew while stopped")
    #expect(kill(splits, SIGCONT) == 0)
    let redrawn = try await tmux.waitFor("a new frame after CONT") { $0 != frozen && $0.movingTime != nil }
    let after = try #require(redrawn.movingTime)
    #expect(redrawn.state == "RUNNING")
    // The true time is at least `before` + `stoppedTime`; the screen truncates to its unit.
    #expect(
      after >= before.truncating(before.duration + stoppedTime),
      "first frame after CONT shows \(after); before STOP \(before), stopped for \(stoppedTime):\n\(redrawn)")

    try tmux.send(keys: "q")
    #expect(try await tmux.waitForPaneExit() == 0)
  }

  @Test("Ctrl-Z while paused: after fg the time is exactly what it was, still PAUSED")
  func ctrlZWhilePaused() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero }
    try tmux.send(keys: "Space")
    let paused = try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }

    try tmux.send(keys: "C-z")
    try await tmux.waitFor("the shell prompt after Ctrl-Z") {
      $0.lastNonEmptyLine == TmuxSession.prompt && $0.contains("Stopped")
    }
    try await Task.sleep(for: .seconds(1))
    let fg = try await tmux.start("fg")
    let back = try await tmux.waitFor("the ride screen after fg") { $0.state != nil }
    #expect(back.state == "PAUSED")
    #expect(back.movingTime == paused.movingTime, "paused time unchanged:\n\(back)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: fg) == 0)
  }

  @Test("a resize while stopped: fg draws for the new size, as a splits started at that size does")
  func resizeWhileStopped() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero }

    try tmux.send(keys: "C-z")
    try await tmux.waitFor("the shell prompt after Ctrl-Z") {
      $0.lastNonEmptyLine == TmuxSession.prompt && $0.contains("Stopped")
    }
    // SIGWINCH goes to the shell now, not to the stopped splits: it must read the size when
    // it continues.
    try await tmux.resize(width: 50, height: 12)
    let fg = try await tmux.start("fg")
    let back = try await tmux.waitFor("the ride screen after fg") { $0.state == "RUNNING" && $0.movingTime != nil }

    // The same screen, digits aside, as a splits that started at 50×12.
    let reference = try await TmuxSession.shell(.init(width: 50, height: 12))
    defer { reference.close() }
    _ = try await reference.start("splits --plain")
    try await reference.waitFor("READY") { $0.state == "READY" }
    try reference.send(keys: "Space")
    let expected = try await reference.waitFor("RUNNING") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero }
    let drawn = try await tmux.captureAsync()
    #expect(drawn.lines.map(Self.digitsMasked) == expected.lines.map(Self.digitsMasked), "after fg:\n\(back)\nstarted at 50×12:\n\(expected)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: fg) == 0)
    try reference.send(keys: "q")
  }

  static func digitsMasked(_ line: String) -> String {
    String(line.map { $0.isASCII && $0.isNumber ? "0" : $0 })
  }
}
