import Testing
import SplitsTestSystem

/// What `splits` says when it cannot have a terminal: exit 2 and a message that says what
/// was expected, nothing drawn, the terminal untouched.
@Suite("Terminal errors, end to end", .timeLimit(.minutes(1)))
struct TerminalErrorTests {
  static let notATerminal = "splits needs an interactive terminal; try `splits status`"

  @Test("neither stdin nor stdout a terminal: exit 2 and the message on stderr, stdout empty")
  func noTerminalAtAll() async throws {
    let home = try TempDirectory("no-tty")
    defer { home.remove() }
    let result = try await Spawn.runAsync(
      [try SplitsBinary.path, "--plain"],
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "SPLITS_DATA_DIR": home.file("data"),
      ])
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains(Self.notATerminal), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// Typed in a shell pane; `$E2E/err` gets standard error, `$E2E/out` standard output.
    var commandLine: String
    /// What standard error must contain.
    var message: [String]

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "stdin not a terminal", commandLine: "splits --plain </dev/null 2>$E2E/err", message: [notATerminal]),
    Case(
      name: "stdout not a terminal", commandLine: "splits --plain >$E2E/out 2>$E2E/err", message: [notATerminal]),
    Case(name: "TERM unset", commandLine: "env -u TERM splits --plain 2>$E2E/err", message: ["TERM"]),
    Case(
      name: "TERM unknown", commandLine: "TERM=nonexistent-term splits --plain 2>$E2E/err",
      message: ["TERM", "nonexistent-term"]),
    Case(name: "TERM=dumb (no cursor addressing)", commandLine: "TERM=dumb splits --plain 2>$E2E/err", message: ["TERM=dumb"]),
    Case(
      name: "TERM=dumb, countdown", commandLine: "TERM=dumb splits countdown 5m 2>$E2E/err", message: ["TERM=dumb"]),
  ]

  @Test("in a terminal, but not a usable one: exit 2 with a message, the terminal untouched", arguments: cases)
  func unusableTerminal(_ c: Case) async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start(c.commandLine)
    #expect(try await tmux.exitStatus(of: job) == 2)
    let stderr = tmux.home.read("err") ?? ""
    for part in c.message {
      #expect(stderr.contains(part), "stderr: \(stderr.debugDescription)")
    }
    #expect(stderr.split(separator: "\n").count == 1, "one line: \(stderr.debugDescription)")
    #expect((tmux.home.read("out") ?? "").isEmpty, "nothing on stdout")
    let screen = try await tmux.waitForPrompt()
    #expect(screen.nonEmptyLines.count == 2, "the command and the prompt only:\n\(screen)")
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}
