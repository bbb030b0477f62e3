import Foundation
import Synchronization
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server with one pane: the real terminal the real `splits` runs in.
///
/// Two kinds of pane:
/// - `TmuxSession.shell()`: an interactive `bash --norc --noprofile` with job control, for
///   anything a user types: `start("splits --plain")`, keys, `C-z` then `start("fg")`, exit
///   statuses (`exitStatus(of:)`, from `PROMPT_COMMAND`) and `stty -a` afterwards
///   (`terminalModes()`).
/// - `TmuxSession.splits(["--plain"])`: `splits` under a plain non-interactive `sh` (no job
///   control to take the terminal back when it stops), for `kill -STOP` / `kill -CONT` from
///   outside; `paneExitStatus()` reads its exit status (the pane stays, `remain-on-exit`).
///   Not as the pane's own process: tmux sends SIGCONT at once to a pane process that stops.
///   Keys that raise signals (`C-c`, `C-z`) reach that `sh` too: use a shell pane for them.
///
/// `splitsPID()` finds the splits process in either kind of pane.
///
/// Each session has its own tmux server (`-L` with a unique name, `-f /dev/null`), its own
/// home directory with `SPLITS_DATA_DIR` inside it, and a clean environment: `env -i` with
/// `TERM` (default `xterm-256color`), `LANG` (default `C.UTF-8`), optional `NO_COLOR`, `PATH`
/// starting with a directory holding `splits`, and `PS1="e2e$ "`. `$E2E` in the pane is the
/// home directory, for status and output files the test reads back.
///
/// Always close it: `let tmux = try await TmuxSession.shell(); defer { tmux.close() }`.
/// Wait with `waitFor` (polls with a deadline), never with fixed sleeps.
///
/// ```swift
/// let tmux = try await TmuxSession.shell()
/// defer { tmux.close() }
/// let job = try await tmux.start("splits --plain")
/// try await tmux.waitFor("READY") { $0.state == "READY" }
/// try tmux.send(keys: "Space")
/// let screen = try await tmux.waitFor("running") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero }
/// try tmux.send(keys: "q")
/// #expect(try await tmux.exitStatus(of: job) == 0)
/// ```
///
/// The rest of the harness:
/// - `PaneText` (what `capture()` and `waitFor` return): `movingTime`, `clocks`, `state`,
///   `countdownStep`, `lapNumbers`, `containsWord`, `lastNonEmptyLine`; `ClockText` parses
///   `HH:MM:SS[.d|.cc]`.
/// - `Spawn.run` runs a command without a terminal (posix_spawn, output to files, timeout);
///   `SplitsBinary.path` is the executable under test (`SPLITS_BIN` overrides it);
///   `TempDirectory` is a private scratch directory.
/// - `expectRestoredTerminal(modes)` checks `terminalModes()` for `icanon` and `echo`.
/// - `ProcessTable` reads `/proc`: children, descendants, stopped or not.
final class TmuxSession: Sendable {
  struct Options: Sendable {
    var width = 80
    var height = 24
    /// `TERM` in the pane; nil leaves it unset.
    var term: String? = "xterm-256color"
    /// `LANG` in the pane; nil leaves it unset.
    var lang: String? = "C.UTF-8"
    /// Sets `NO_COLOR=1` in the pane.
    var noColor = false
    /// More variables for the pane.
    var environment: [String: String] = [:]

    init(
      width: Int = 80, height: Int = 24, term: String? = "xterm-256color", lang: String? = "C.UTF-8",
      noColor: Bool = false, environment: [String: String] = [:]
    ) {
      self.width = width
      self.height = height
      self.term = term
      self.lang = lang
      self.noColor = noColor
      self.environment = environment
    }
  }

  /// The shell prompt (`PS1`) in shell panes.
  static let prompt = "e2e$"
  /// The session (and target) name inside the private server.
  static let target = "e2e"

  /// The tmux server's socket name (`tmux -L`).
  let socket: String
  /// The pane's `HOME` and `$E2E`: status and output files go here.
  let home: TempDirectory
  /// `SPLITS_DATA_DIR` in the pane (inside `home`).
  let dataDir: String
  /// The environment the pane's process starts with.
  let paneEnvironment: [String: String]
  private let closed = Mutex(false)

  private init(options: Options) throws {
    let binary = try SplitsBinary.path
    socket = "splits-e2e-\(getpid())-\(UUID().uuidString.prefix(12))"
    let home = try TempDirectory("pane")
    self.home = home
    dataDir = home.file("data")
    let bin = home.file("bin")
    do {
      try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: bin + "/splits", withDestinationPath: binary)
    } catch {
      home.remove()
      throw error
    }
    var env: [String: String] = [
      "HOME": home.path,
      "E2E": home.path,
      "PATH": "\(bin):/usr/local/bin:/usr/bin:/bin",
      "SPLITS_DATA_DIR": dataDir,
      "PS1": Self.prompt + " ",
      "HISTFILE": "/dev/null",
      "PROMPT_COMMAND": "echo $? >>$E2E/\(Self.statusFile)",
      "TZ": "UTC",
    ]
    if let term = options.term { env["TERM"] = term }
    if let lang = options.lang { env["LANG"] = lang }
    if options.noColor { env["NO_COLOR"] = "1" }
    env.merge(options.environment) { $1 }
    paneEnvironment = env
  }

  /// A pane running an interactive bash with job control, at its first prompt.
  static func shell(_ options: Options = .init()) async throws -> TmuxSession {
    let session = try TmuxSession(options: options)
    do {
      try session.startServer(options, command: ["bash", "--norc", "--noprofile"])
      try await session.waitForPrompt()
    } catch {
      session.close()
      throw error
    }
    return session
  }

  /// A pane running `splits arguments…` as the child of a non-interactive `sh` that exits
  /// with splits' status.
  static func splits(_ arguments: [String], _ options: Options = .init()) throws -> TmuxSession {
    let session = try TmuxSession(options: options)
    do {
      // Not `exec`: splits must stay a child of the shell (see above).
      try session.startServer(
        options,
        command: ["sh", "-c", "splits \"$@\"; status=$?; echo $status >\"$E2E/\(exitStatusFile)\"; exit $status", "sh"]
          + arguments)
    } catch {
      session.close()
      throw error
    }
    return session
  }

  private func startServer(_ options: Options, command: [String]) throws {
    let env = ["env", "-i"] + paneEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    try tmux(
      ["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
       "new-session", "-d", "-s", Self.target, "-x", String(options.width), "-y", String(options.height),
       "--"] + env + command)
  }

  /// Kills what still runs in the pane (a stopped splits included: it would not see the
  /// server's SIGHUP), the server, and removes the home directory. Safe to call more than once.
  func close() {
    let wasClosed = closed.withLock { closed in
      defer { closed = true }
      return closed
    }
    if wasClosed { return }
    if let pane = try? panePID() {
      for pid in ProcessTable.descendants(of: pane) { kill(pid, SIGKILL) }
    }
    _ = try? Spawn.run(tmuxArguments(["kill-server"]), environment: Self.clientEnvironment, timeout: .seconds(5))
    home.remove()
  }

  deinit { close() }

  // MARK: tmux

  /// The tmux client's environment: the test's, without the variables of an enclosing tmux.
  static let clientEnvironment: [String: String] = {
    var env = ProcessInfo.processInfo.environment
    env["TMUX"] = nil
    env["TMUX_PANE"] = nil
    env["LANG"] = "C.UTF-8"
    return env
  }()

  private func tmuxArguments(_ arguments: [String]) -> [String] {
    ["tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments
  }

  /// Runs one tmux command on this server and returns its standard output.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let result = try Spawn.run(tmuxArguments(arguments), environment: Self.clientEnvironment, timeout: .seconds(10))
    guard result.termination == .exited(0) else {
      throw HarnessError("tmux \(arguments.joined(separator: " ")): \(result)")
    }
    return result.stdout
  }

  /// `tmux` for async code: does not hold a thread while the client runs (see
  /// `Spawn.runAsync`). Every poll goes through this.
  @discardableResult
  func tmuxAsync(_ arguments: [String]) async throws -> String {
    let result = try await Spawn.runAsync(
      tmuxArguments(arguments), environment: Self.clientEnvironment, timeout: .seconds(10))
    guard result.termination == .exited(0) else {
      throw HarnessError("tmux \(arguments.joined(separator: " ")): \(result)")
    }
    return result.stdout
  }

  /// Sends keys by tmux name: `"Space"`, `"Enter"`, `"Escape"`, `"C-z"`, `"C-c"`, `"l"`, `"q"`.
  func send(keys: String...) throws {
    try tmux(["send-keys", "-t", Self.target] + keys)
  }

  /// Types `text` literally (no key names).
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", Self.target, "-l", text])
  }

  /// What the pane shows now.
  func capture() throws -> PaneText {
    Self.paneText(try tmux(["capture-pane", "-p", "-t", Self.target]))
  }

  /// What the pane shows now, without holding a thread while tmux answers.
  func captureAsync() async throws -> PaneText {
    Self.paneText(try await tmuxAsync(["capture-pane", "-p", "-t", Self.target]))
  }

  private static func paneText(_ output: String) -> PaneText {
    var lines = output.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return PaneText(lines)
  }

  /// A tmux format (`#{pane_pid}`, `#{pane_width}`, …) evaluated for the pane.
  func format(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", Self.target, format])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pid of the pane's process: the shell.
  func panePID() throws -> pid_t {
    guard let pid = pid_t(try format("#{pane_pid}")) else { throw HarnessError("no pane pid") }
    return pid
  }

  /// The pane's size as tmux has it.
  func paneSize() throws -> (width: Int, height: Int) {
    let parts = try format("#{pane_width} #{pane_height}").split(separator: " ").compactMap { Int($0) }
    guard parts.count == 2 else { throw HarnessError("no pane size") }
    return (parts[0], parts[1])
  }

  /// Resizes the window (and so the pane and the terminal in it: SIGWINCH) and waits until
  /// tmux reports the new size. `resize-window` sets `window-size` to manual by itself.
  func resize(width: Int, height: Int) async throws {
    try tmux(["resize-window", "-t", Self.target, "-x", String(width), "-y", String(height)])
    _ = try await poll("pane size \(width)×\(height)") {
      let size = try await tmuxAsync(["display-message", "-p", "-t", Self.target, "#{pane_width}x#{pane_height}"])
      return size.trimmingCharacters(in: .whitespacesAndNewlines) == "\(width)x\(height)" ? true : nil
    }
  }

  /// The file a `splits` pane's shell writes splits' exit status to.
  static let exitStatusFile = "exit-status"

  /// A `splits` pane's exit status once splits has ended (128 + n for signal n), nil while it
  /// runs. Written by the pane's shell: tmux itself sometimes reaps the pane's process late
  /// (seen: a zombie for seconds with `#{pane_dead_status}` empty).
  func paneExitStatus() throws -> Int32? {
    guard let text = home.read(Self.exitStatusFile), text.hasSuffix("\n") else { return nil }
    return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Waits for a `splits` pane's process to end and returns its exit status.
  func waitForPaneExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
    do {
      return try await poll("the pane's process to exit", timeout: timeout) { try paneExitStatus() }
    } catch let error as HarnessError {
      throw HarnessError("\(error.description)\nlast screen:\n\((try? capture()) ?? PaneText([]))")
    }
  }

  // MARK: Waiting

  /// Polls the screen until `predicate` holds and returns that screen. On timeout it throws
  /// an error with `what` and the last screen.
  @discardableResult
  func waitFor(
    _ what: String, timeout: Duration = .seconds(10), _ predicate: (PaneText) throws -> Bool
  ) async throws -> PaneText {
    var last = PaneText([])
    do {
      return try await poll(what, timeout: timeout) {
        last = try await captureAsync()
        return try predicate(last) ? last : nil
      }
    } catch let error as HarnessError {
      throw HarnessError("\(error.description)\nlast screen:\n\(last)")
    }
  }

  /// Waits until two captures `gap` apart are the same (nothing is drawing: the process is
  /// stopped, paused or waiting) and returns that screen.
  @discardableResult
  func waitForStillScreen(gap: Duration = .milliseconds(150), timeout: Duration = .seconds(10)) async throws -> PaneText {
    var previous = try await captureAsync()
    return try await poll("the screen to stand still", timeout: timeout, every: gap) {
      let current = try await captureAsync()
      defer { previous = current }
      return current == previous ? current : nil
    }
  }

  /// Calls `probe` every 20–50 ms (or every `interval`) until it returns a value or `timeout`
  /// passes (then it throws, naming `what`).
  func poll<T>(
    _ what: String, timeout: Duration = .seconds(10), every interval: Duration? = nil,
    _ probe: () async throws -> T?
  ) async throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var pause = interval ?? .milliseconds(20)
    while true {
      if let value = try await probe() { return value }
      if clock.now >= deadline { throw HarnessError("timed out after \(timeout) waiting for \(what)") }
      try await Task.sleep(for: pause)
      pause = interval ?? min(pause * 2, .milliseconds(50))
    }
  }

  // MARK: Shell panes

  /// A command typed into a shell pane.
  struct Job: Sendable {
    var commandLine: String
    /// How many statuses the shell had written before this command.
    var index: Int
  }

  /// The file the shell appends each command's `$?` to before every prompt
  /// (`PROMPT_COMMAND`); its first line is written before the first prompt.
  static let statusFile = "statuses"

  /// The statuses the shell has written so far, oldest first.
  func statuses() -> [Int32] {
    guard let text = home.read(Self.statusFile) else { return [] }
    return text.split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// Waits until the last row with text is the bare prompt.
  @discardableResult
  func waitForPrompt(timeout: Duration = .seconds(10)) async throws -> PaneText {
    try await waitFor("the shell prompt", timeout: timeout) { $0.lastNonEmptyLine == Self.prompt }
  }

  /// Waits for the prompt, then types `commandLine` and Enter. Redirections in it may use
  /// `$E2E` (read the files back with `home.read`). `C-z` then `start("fg")` resumes a job.
  func start(_ commandLine: String) async throws -> Job {
    try await waitForPrompt()
    let job = Job(commandLine: commandLine, index: statuses().count)
    try type(commandLine)
    try send(keys: "Enter")
    return job
  }

  /// Waits for a job started with `start` to end (or stop: 148) and returns its `$?`.
  func exitStatus(of job: Job, timeout: Duration = .seconds(10)) async throws -> Int32 {
    do {
      return try await poll("`\(job.commandLine)` to exit", timeout: timeout) {
        let all = statuses()
        return all.count > job.index ? all[job.index] : nil
      }
    } catch let error as HarnessError {
      throw HarnessError("\(error.description)\nlast screen:\n\((try? capture()) ?? PaneText([]))")
    }
  }

  /// Runs `commandLine` in the shell pane, its standard output and error to a file, and
  /// returns its status and that output once the prompt is back.
  func run(_ commandLine: String, timeout: Duration = .seconds(10)) async throws -> (status: Int32, output: String) {
    let name = "output-" + UUID().uuidString.prefix(8)
    let job = try await start("{ \(commandLine) ; } >$E2E/\(name) 2>&1")
    let status = try await exitStatus(of: job, timeout: timeout)
    return (status, home.read(name) ?? "")
  }

  /// Finishes the ride on the screen of `job`: space pauses it when it runs, r finishes it,
  /// and once its summary shows, q quits. Returns the job's exit status.
  func finishRideAndQuit(_ job: Job) async throws -> Int32 {
    if try await captureAsync().state == "RUNNING" {
      try send(keys: "Space")
      try await waitFor("PAUSED") { $0.state == "PAUSED" }
    }
    try send(keys: "r")
    try await waitFor("the summary") { $0.contains("finished") }
    try send(keys: "q")
    return try await exitStatus(of: job)
  }

  /// The terminal's modes as `stty -a` prints them in the pane (`icanon` or `-icanon`, …).
  func terminalModes() async throws -> Set<String> {
    let (status, output) = try await run("stty -a")
    guard status == 0 else { throw HarnessError("stty -a: status \(status): \(output)") }
    return Set(output.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init))
  }

  /// The pid of the splits process (the newest child of the pane's shell named `name`),
  /// once there is one.
  func splitsPID(named name: String = "splits", timeout: Duration = .seconds(10)) async throws -> pid_t {
    let shell = try panePID()
    return try await poll("a child process named \(name)", timeout: timeout) {
      ProcessTable.children(of: shell).filter { $0.name == name }.map(\.pid).max()
    }
  }
}

/// Reads `/proc`: who is whose child, and who is stopped.
enum ProcessTable {
  struct Entry: Sendable {
    var pid: pid_t
    var name: String
    /// `R`, `S`, `T` (stopped), `Z`, …
    var state: Character
    var parent: pid_t
  }

  /// Whether the process's group is the foreground group of its terminal (`/proc/<pid>/stat`
  /// fields 5 and 8).
  static func ownsTerminal(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 5 && fields[2] == fields[5]
  }

  /// `/proc/<pid>/stat`, nil when there is no such process.
  static func entry(_ pid: pid_t) -> Entry? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    let name = String(stat[stat.index(after: open)..<close])
    let rest = stat[stat.index(after: close)...].split(separator: " ")
    guard rest.count >= 2, let state = rest[0].first, let parent = pid_t(rest[1]) else { return nil }
    return Entry(pid: pid, name: name, state: state, parent: parent)
  }

  static func children(of parent: pid_t) -> [Entry] {
    all().filter { $0.parent == parent }
  }

  /// Children, their children and so on.
  static func descendants(of root: pid_t) -> [pid_t] {
    let table = all()
    var found: [pid_t] = []
    var frontier = [root]
    while let parent = frontier.popLast() {
      let children = table.filter { $0.parent == parent }.map(\.pid)
      found += children
      frontier += children
    }
    return found
  }

  static func all() -> [Entry] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { pid_t($0) }.compactMap(entry)
  }

  /// Whether `pid` is stopped (SIGSTOP, SIGTSTP) right now.
  static func isStopped(_ pid: pid_t) -> Bool {
    guard let state = entry(pid)?.state else { return false }
    return state == "T" || state == "t"
  }
}
