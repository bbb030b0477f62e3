import Testing
import SplitsTestSystem

/// The harness itself: what the end-to-end tests stand on must be right first.
@Suite("End-to-end harness", .timeLimit(.minutes(1)))
struct TerminalHarnessTests {
  @Test("children start with no blocked and no ignored standard signals")
  func cleanSignalState() throws {
    let result = try Spawn.run(["sh", "-c", "grep -E '^Sig(Blk|Ign):' /proc/self/status"])
    #expect(result.termination == .exited(0), "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2, "\(result)")
    for line in lines {
      let mask = UInt64(line.split(whereSeparator: \.isWhitespace).last ?? "", radix: 16)
      // Signals 1–31 (bit n-1); 32 and 33 belong to glibc and are none of a child's business.
      #expect(mask.map { $0 & 0x7fff_ffff } == 0, "\(line)")
    }
  }

  @Test("exit codes and signals are told apart; a timeout kills the child")
  func terminations() throws {
    #expect(try Spawn.run(["sh", "-c", "exit 3"]).termination == .exited(3))
    #expect(try Spawn.run(["sh", "-c", "kill -TERM $$"]).termination == .signaled(15))
    let clock = ContinuousClock()
    let start = clock.now
    #expect(try Spawn.run(["sleep", "30"], timeout: .milliseconds(300)).termination == .timedOut)
    #expect(clock.now - start < .seconds(10))
    let output = try Spawn.run(["sh", "-c", "echo out; echo err >&2"])
    #expect(output.stdout == "out\n")
    #expect(output.stderr == "err\n")
  }

  @Test("runAsync: the same, without holding a thread")
  func asyncTerminations() async throws {
    #expect(try await Spawn.runAsync(["sh", "-c", "exit 4"]).termination == .exited(4))
    #expect(try await Spawn.runAsync(["sh", "-c", "kill -HUP $$"]).termination == .signaled(1))
    #expect(try await Spawn.runAsync(["sleep", "30"], timeout: .milliseconds(300)).termination == .timedOut)
    let output = try await Spawn.runAsync(["sh", "-c", "cat; echo err >&2"], stdin: .file("/proc/self/cmdline"))
    #expect(!output.stdout.isEmpty)
    #expect(output.stderr == "err\n")
  }

  @Test("clocks are read as the screens print them, and nothing else is")
  func clockTexts() {
    let clocks = ClockText.all(in: " 00:01:02.34  RUNNING  Elapsed 00:01:05   +00:01.25  14:30  123:00:00.5")
    #expect(clocks.map(\.duration) == [
      .milliseconds(62_340), .seconds(65), .seconds(123 * 3600) + .milliseconds(500),
    ])
    #expect(ClockText.all(in: "1:02:03 00:00:01:00 2026-11-22T03:00:00Z").isEmpty)
    let screen = PaneText([" Splits · Ride 1      3", "", " 00:00:00.00", " ›   3   00:00:01.00", " ▲   2   00:00:00.50", "     1   00:00:01.00"])
    #expect(screen.movingTime == .zero)
    #expect(screen.countdownStep == 3)
    #expect(screen.lapNumbers == [2, 1])
    #expect(screen.runningLapNumber == 3)
    let clock = ClockText(hours: 0, minutes: 0, seconds: 2, fraction: "04")
    #expect(clock.truncating(.milliseconds(2_049)) == .milliseconds(2_040))
  }

  @Test("a tmux session resizes, reports its pane and goes away on close")
  func tmuxSession() async throws {
    let tmux = try await TmuxSession.shell(.init(width: 50, height: 12))
    let socket = tmux.socket
    #expect(try tmux.paneSize() == (50, 12))
    try await tmux.resize(width: 20, height: 5)
    #expect(try await tmux.captureAsync().lines.count == 5)
    let (status, output) = try await tmux.run("echo $TERM $LANG; test -d \"$SPLITS_DATA_DIR\" || echo no-data-dir-yet")
    #expect(status == 0)
    #expect(output.hasPrefix("xterm-256color C.UTF-8"))
    tmux.close()
    let gone = try Spawn.run(["tmux", "-L", socket, "has-session"], environment: TmuxSession.clientEnvironment)
    #expect(gone.termination != .exited(0))
  }
}
