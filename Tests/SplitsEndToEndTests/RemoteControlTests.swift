import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `splits start | pause | resume | toggle | lap | undo | finish` from other processes: to the
/// open screen through its control socket, and headless with no screen open.
@Suite("Remote commands, end to end", .timeLimit(.minutes(2)))
struct RemoteControlTests {
  /// Runs `splits arguments…` outside the pane, on the pane's data.
  static func splits(_ tmux: TmuxSession, _ arguments: String...) async throws -> SpawnResult {
    try await Spawn.runAsync(
      [try SplitsBinary.path] + arguments,
      environment: ["SPLITS_DATA_DIR": tmux.dataDir, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": tmux.home.path])
  }

  /// The state and the number of laps in `status --json`.
  static func status(_ result: SpawnResult) throws -> (state: String?, laps: Int?) {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return (object?["state"] as? String, (object?["laps"] as? [Any])?.count)
  }

  static func laps(_ tmux: TmuxSession) async throws -> Int {
    Int(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM events WHERE kind = 'lap'").first ?? "") ?? -1
  }

  @Test func aLapFromAnotherShellShowsOnTheOpenScreenAndStatusAgrees() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }

    let start = try await Self.splits(tmux, "start")
    #expect(start.termination == .exited(0) && start.stdout == "ride 1 started\n", "\(start)")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }

    let lap = try await Self.splits(tmux, "lap")
    #expect(lap.termination == .exited(0) && lap.stdout.hasPrefix("lap 1  00:00:"), "\(lap)")
    try await tmux.waitFor("lap 1 in the table") { $0.lapNumbers.contains(1) && $0.contains("Laps 1") }
    let status = try Self.status(try await Self.splits(tmux, "status", "--json"))
    #expect(status.state == "running" && status.laps == 1, "\(status)")

    // Nonsense now: refused with the reason, nothing changes.
    let resume = try await Self.splits(tmux, "resume")
    #expect(resume.termination == .exited(1) && resume.stderr == "splits: the ride is already running\n", "\(resume)")
    let pause = try await Self.splits(tmux, "toggle")
    #expect(pause.termination == .exited(0) && pause.stdout.hasPrefix("ride 1 paused at 00:00:"), "\(pause)")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    let lapPaused = try await Self.splits(tmux, "lap")
    #expect(lapPaused.termination == .exited(1) && lapPaused.stderr.contains("laps are recorded while running"), "\(lapPaused)")
    #expect(try await Self.laps(tmux) == 1)

    let finish = try await Self.splits(tmux, "finish")
    #expect(finish.termination == .exited(0) && finish.stdout.hasPrefix("ride 1 finished: moving 00:00:"), "\(finish)")
    try await tmux.waitFor("the summary") { $0.contains("finished") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  /// A whole ride from the command line, then the screen shows it and the export has it.
  @Test func aRideRunHeadlessIsOnTheScreenAndInTheExport() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await Self.splits(tmux, "lap").termination == .exited(1))
    for command in ["start", "lap", "lap", "pause"] {
      let result = try await Self.splits(tmux, command)
      #expect(result.termination == .exited(0), "\(command): \(result)")
    }
    let status = try Self.status(try await Self.splits(tmux, "status", "--json"))
    #expect(status.state == "paused" && status.laps == 2, "\(status)")
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("the paused ride with its laps") { $0.state == "PAUSED" && $0.contains("Laps 2") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await Self.splits(tmux, "finish").termination == .exited(0))
    let export = try await Self.splits(tmux, "export", "--last", "--format", "csv")
    #expect(export.termination == .exited(0), "\(export)")
    // The two laps and the stretch to the finish.
    #expect(export.stdout.split(whereSeparator: \.isNewline).count == 4, "\(export)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT kind FROM events ORDER BY id")
      == ["start", "lap", "lap", "pause", "finish"])
  }

  /// `kill -9` leaves the socket behind: the next command still works (headless), and the
  /// next screen replaces the socket and takes commands.
  @Test func aKilledScreensStaleSocketIsReplaced() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let killed = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let pid = try await tmux.splitsPID()
    kill(pid, SIGKILL)
    #expect(try await tmux.exitStatus(of: killed) == 128 + SIGKILL)
    // Nothing restores the terminal after SIGKILL: the shell clears it.
    try tmux.send(keys: "C-u", "C-l")
    let socket = tmux.dataDir + "/control.sock"
    #expect(FileManager.default.fileExists(atPath: socket))
    let headless = try await Self.splits(tmux, "lap")
    #expect(headless.termination == .exited(0) && headless.stdout.hasPrefix("lap 1  "), "\(headless)")

    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("RUNNING with lap 1") { $0.state == "RUNNING" && $0.contains("Laps 1") }
    let lap = try await Self.splits(tmux, "lap")
    #expect(lap.termination == .exited(0) && lap.stdout.hasPrefix("lap 2  "), "\(lap)")
    try await tmux.waitFor("lap 2 on the screen") { $0.contains("Laps 2") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    // A screen that quits removes its socket.
    #expect(!FileManager.default.fileExists(atPath: socket))
  }

  /// Garbage, a request too long and one of another version get an error and change
  /// nothing; the screen goes on taking commands.
  @Test func malformedMessagesAreRefusedWithoutHarm() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let script = """
      import socket, sys
      for payload in [b"x" * 100000, b"splits-control 9 lap\\n", b"\\xff\\xfe\\n", b"splits-control 1 explode\\n"]:
          s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
          s.connect(sys.argv[1])
          try:
              s.sendall(payload)
          except OSError:
              pass
          print(s.recv(4096).decode().strip())
          s.close()
      """
    let answers = try await Spawn.runAsync(["python3", "-c", script, tmux.dataDir + "/control.sock"])
    let lines = answers.stdout.split(separator: "\n")
    #expect(lines.count == 4 && lines.allSatisfy { $0.hasPrefix(#"{"error":"#) }, "\(answers)")
    #expect(answers.stdout.contains("longer than a command") && answers.stdout.contains("another version"), "\(answers)")
    #expect(try tmux.capture().state == "READY")
    let start = try await Self.splits(tmux, "start")
    #expect(start.termination == .exited(0), "\(start)")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  /// Another user is refused: by the directory's mode; by the rule that the data directory
  /// is its owner's alone; and, told to use it anyway, by the credentials of the process at
  /// the other end (the command's check of the screen's, the screen's of the command's).
  @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func anotherUsersConnectionIsRefused() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let binary = try SplitsBinary.path
    func asNobody(_ options: String...) async throws -> SpawnResult {
      try await Spawn.runAsync(
        ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", binary, "start"] + options,
        environment: ["SPLITS_DATA_DIR": tmux.dataDir, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": "/tmp"])
    }
    let byMode = try await asNobody()
    #expect(byMode.termination == .exited(1) && byMode.stderr.contains("Permission denied"), "\(byMode)")
    // Open the way on purpose: the screen still refuses a peer that is not its user.
    chmod(tmux.home.path, 0o755)
    chmod(tmux.dataDir, 0o755)
    chmod(tmux.dataDir + "/control.sock", 0o666)
    let byOwner = try await asNobody()
    #expect(
      byOwner.termination == .exited(2) && byOwner.stderr.contains("belongs to user root (uid 0), not to nobody"),
      "\(byOwner)")
    let byCredentials = try await asNobody("--insecure-data-dir")
    #expect(
      byCredentials.termination == .exited(1)
        && byCredentials.stderr.contains("is held by a process of another user (uid 0), not by a splits screen of yours"),
      "\(byCredentials)")
    #expect(try tmux.capture().state == "READY")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM events") == ["0"])
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  /// During a workout `splits lap` ends the step, as `l` does.
  @Test func inAWorkoutLapEndsTheStep() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = tmux.home.file("climb.txt")
    try #require(writeFile("# Climb\n- Climb lap\n- Easy 1s\n", to: file))
    let job = try await tmux.start("splits workout \(file) --plain --no-bell --split-guard 0")
    try await tmux.waitFor("the first step") { $0.contains("1/2") }
    #expect(try await Self.splits(tmux, "start").termination == .exited(0))
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let lap = try await Self.splits(tmux, "lap")
    #expect(lap.termination == .exited(0) && lap.stdout.hasPrefix("lap 1  "), "\(lap)")
    try await tmux.waitFor("the workout complete") { $0.contains("Workout complete") }
    #expect(
      try await JournalFile.query(dataDir: tmux.dataDir, "SELECT kind || ':' || coalesce(step_end, '') FROM events ORDER BY id")
        == ["start:", "lap:lap", "lap:time", "pause:"])
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}

/// Many remote commands at once: 4 processes at a time, with the screen open and without.
/// They load both cores for seconds, so `make test` runs them on their own, after the rest.
@Suite("Remote commands under load, end to end", .serialized, .timeLimit(.minutes(2)))
struct RemoteLoadTests {
  /// 4 shells at once, 50 `splits lap` each, to the open screen: 200 laps, each once.
  @Test func twoHundredLapsFromFourShellsAreEachRecordedOnce() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let printed = try await Self.lapsFromFourShells(tmux, each: 50)
    #expect(printed == Array(1...200))
    #expect(try await RemoteControlTests.laps(tmux) == 200)
    try await tmux.waitFor("200 laps on screen") { $0.contains("Laps 200") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  /// The same with no screen open: the commands take turns at the lock.
  @Test func lapsFromFourShellsWithNoScreenAreEachRecordedOnce() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await RemoteControlTests.splits(tmux, "start").termination == .exited(0))
    let printed = try await Self.lapsFromFourShells(tmux, each: 25)
    #expect(printed == Array(1...100))
    #expect(try await RemoteControlTests.laps(tmux) == 100)
    #expect(try await JournalFile.duplicateEvents(dataDir: tmux.dataDir).isEmpty)
  }

  /// The lap numbers the commands printed, sorted.
  static func lapsFromFourShells(_ tmux: TmuxSession, each: Int) async throws -> [Int] {
    try await withThrowingTaskGroup(of: [Int].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var numbers: [Int] = []
          for _ in 0..<each {
            let lap = try await RemoteControlTests.splits(tmux, "lap")
            #expect(lap.termination == .exited(0), "\(lap)")
            if let match = lap.stdout.firstMatch(of: #/^lap (\d+)  /#) { numbers.append(Int(match.1)!) }
          }
          return numbers
        }
      }
      var all: [Int] = []
      for try await numbers in group { all += numbers }
      return all.sorted()
    }
  }

}

extension RemoteControlTests {
  /// A screen stopped from outside cannot answer: the command says so (exit 1), and the
  /// screen, continued, does not apply it behind its back.
  @Test func aStoppedScreensCommandIsNotAppliedLater() async throws {
    let tmux = try TmuxSession.splits(["--plain"])
    defer { tmux.close() }
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let pid = try await tmux.splitsPID()
    #expect(kill(pid, SIGSTOP) == 0)
    let late = try await Self.splits(tmux, "lap")
    #expect(late.termination == .exited(1) && late.stderr.contains("did not answer"), "\(late)")
    #expect(kill(pid, SIGCONT) == 0)
    // The next command is the first lap: the one that gave up was skipped.
    let lap = try await Self.splits(tmux, "lap")
    #expect(lap.termination == .exited(0) && lap.stdout.hasPrefix("lap 1  "), "\(lap)")
    #expect(try await Self.laps(tmux) == 1)
  }

  /// 40 connections that never send anything fill the screen's table (32) and its backlog:
  /// the screen waits for them without spinning, drops them after 2 s, and a command then
  /// gets its answer.
  @Test func idleConnectionsDoNotBlockOrSpinTheScreen() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let pid = try await tmux.splitsPID()
    let script = """
      import socket, sys, time
      held = []
      for _ in range(40):
          s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
          s.connect(sys.argv[1])
          held.append(s)
      print("held", flush=True)
      time.sleep(float(sys.argv[2]))
      """
    let before = Self.cpuTicks(pid)
    async let holder = Spawn.runAsync(["python3", "-c", script, tmux.dataDir + "/control.sock", "4"])
    try await Task.sleep(for: .milliseconds(300))
    let start = try await Self.splits(tmux, "start")
    #expect(start.termination == .exited(0) && start.stdout == "ride 1 started\n", "\(start)")
    let held = try await holder
    #expect(held.stdout == "held\n", "\(held)")
    // A spinning main thread would have used about a core for the 2 s the table was full.
    let used = Self.cpuTicks(pid) - before
    #expect(used < 50, "the screen used \(used) clock ticks of CPU meanwhile")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  /// User and system CPU time of a process, in clock ticks (/proc/PID/stat).
  static func cpuTicks(_ pid: pid_t) -> Int {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3, utime 14 and stime 15 (1-based).
    guard fields.count > 13 else { return 0 }
    return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
  }
}

