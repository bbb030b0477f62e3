#if canImport(Glibc)
  import Glibc
#endif
import Testing

/// Every way out of a running ride: the documented exit status, the summary line on the
/// normal screen, and the terminal as the shell had it (`stty -a`: `icanon`, `echo`).
@Suite("Terminal signals and exit statuses, end to end", .timeLimit(.minutes(1)))
struct TerminalSignalTests {
  struct Exit: Sendable, CustomTestStringConvertible {
    var name: String
    /// Sent to the splits process from the test, or
    var signal: Int32?
    /// typed in the pane.
    var key: String?
    var status: Int32

    var testDescription: String { "\(name) → \(status)" }
  }

  static let exits: [Exit] = [
    Exit(name: "SIGTERM", signal: SIGTERM, status: 143),
    Exit(name: "SIGHUP", signal: SIGHUP, status: 129),
    Exit(name: "SIGINT", signal: SIGINT, status: 130),
    Exit(name: "Ctrl-C", key: "C-c", status: 130),
    Exit(name: "q", key: "q", status: 0),
  ]

  @Test("a running ride ends with the documented status and the terminal restored", arguments: exits)
  func exitRestoresTerminal(_ exit: Exit) async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero }

    if let signal = exit.signal {
      let splits = try await tmux.splitsPID()
      #expect(kill(splits, signal) == 0)
    }
    if let key = exit.key { try tmux.send(keys: key) }

    #expect(try await tmux.exitStatus(of: job) == exit.status)
    let after = try await tmux.waitForPrompt()
    #expect(after.state == nil, "back on the normal screen:\n\(after)")
    let summary = after.nonEmptyLines.filter { !ClockText.all(in: $0).isEmpty }
    #expect(summary.count == 1, "a one-line summary with the moving time:\n\(after)")
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}
