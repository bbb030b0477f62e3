import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A data directory is the owner's alone: one another user owns or may write in is refused
/// (exit 2, saying what to chmod or chown) unless `--insecure-data-dir`; no link in it is
/// followed; `splits lap` talks only to a screen of its own user and prints nothing that
/// could drive the terminal; another user's connections cannot keep the user's commands out.
@Suite("A data directory is the owner's alone, end to end", .timeLimit(.minutes(2)))
struct DataDirectoryPrivacyTests {
  static func splits(_ arguments: [String], data: String? = nil) async throws -> SpawnResult {
    var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    if let data { environment["SPLITS_DATA_DIR"] = data }
    return try await Spawn.runAsync([try SplitsBinary.path] + arguments, environment: environment)
  }

  /// Root, setpriv and Debian's python3 (which another user can run): to act as `nobody`.
  static let canActAsNobody =
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

  static func asNobody(_ arguments: [String]) -> [String] {
    ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
  }

  /// Every command that touches the data, by the quick path and by argument-parser.
  static let commands: [[String]] = [
    ["status"], ["status", "--json"], ["status", "--follow"], ["status", "--json", "--json"], ["history"],
    ["show", "last"], ["export", "--last"], ["lap"], ["start", "--precision", "s", "--precision", "s"],
    ["edit", "1", "--name", "x"], ["delete", "1", "--yes"],
  ]

  @Test("root opening splits on a writable directory with a link at splits.lock truncated the file it pointed to")
  func aPlantedLockLinkLeavesItsTargetUntouched() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let victim = tmux.home.file("victim")
    try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    let shared = tmux.home.file("shared")
    try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
    chmod(shared, 0o777)
    #expect(symlink(victim, shared + "/splits.lock") == 0)

    // The screen (on the terminal; its messages to a file): as it is, refused for its mode
    // before anything in it is opened.
    let screen = try await tmux.start("splits --plain --data-dir \(shared) 2>$E2E/refused")
    #expect(try await tmux.exitStatus(of: screen) == 2)
    #expect(tmux.home.read("refused")?.contains("chmod go-w \(shared), or pass --insecure-data-dir") == true)
    // Even when told to use it: the link is not followed.
    let told = try await tmux.start("splits --plain --data-dir \(shared) --insecure-data-dir 2>$E2E/link")
    #expect(try await tmux.exitStatus(of: told) == 2)
    #expect(
      tmux.home.read("link")
        == "splits: the screen lock \(shared)/splits.lock is a symbolic link, which splits does not follow: remove it "
        + "(rm \(shared)/splits.lock)\n")
    let lap = try await Self.splits(["lap", "--data-dir", shared])
    #expect(lap.termination == .exited(2) && lap.stderr.contains("chmod go-w \(shared)"), "\(lap)")
    for command in [["lap", "--insecure-data-dir"], ["status", "--insecure-data-dir"], ["history", "--insecure-data-dir"]] {
      let result = try await Self.splits(command + ["--data-dir", shared])
      #expect(result.termination == .exited(2) && result.stderr.contains("splits.lock"), "\(command): \(result)")
    }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    #expect(!FileManager.default.fileExists(atPath: shared + "/splits.sqlite"), "nothing was written there")
  }

  @Test("a data directory others may write to is refused with the chmod to run, by every command")
  func aGroupWritableDirectoryIsRefused() async throws {
    let scratch = try TempDirectory("group-writable")
    defer { scratch.remove() }
    let data = scratch.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    chmod(data, 0o770)
    for command in Self.commands {
      let result = try await Self.splits(command, data: data)
      #expect(result.termination == .exited(2), "\(command): \(result)")
      #expect(
        result.stderr == "splits: the data directory \(data) can be written by its group (mode 0770): they could plant "
          + "links or files there that splits would open. chmod go-w \(data), or pass --insecure-data-dir to use it anyway\n",
        "\(command): \(result)")
      #expect(result.stdout.isEmpty, "\(command): \(result)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty, "nothing was created there")

    // Told to use it anyway: every command works as usual.
    let start = try await Self.splits(["start", "--insecure-data-dir"], data: data)
    #expect(start.termination == .exited(0) && start.stdout == "ride 1 started\n", "\(start)")
    let lap = try await Self.splits(["lap", "--insecure-data-dir", "--precision", "s", "--precision", "s"], data: data)
    #expect(lap.termination == .exited(0) && lap.stdout.hasPrefix("lap 1  "), "\(lap)")
    let status = try await Self.splits(["status", "--json", "--insecure-data-dir"], data: data)
    #expect(status.termination == .exited(0) && status.stdout.contains(#""state": "running""#), "\(status)")
    let history = try await Self.splits(["history", "--insecure-data-dir"], data: data)
    #expect(history.termination == .exited(0), "\(history)")

    // The journal is checked too.
    chmod(data, 0o700)
    chmod(data + "/splits.sqlite", 0o666)
    let journal = try await Self.splits(["status"], data: data)
    #expect(journal.termination == .exited(2), "\(journal)")
    #expect(journal.stderr.contains("the Splits journal \(data)/splits.sqlite can be written by every user (mode 0666)"), "\(journal)")
    #expect(journal.stderr.contains("chmod go-w \(data)/splits.sqlite"), "\(journal)")
    chmod(data + "/splits.sqlite", 0o600)
    #expect(try await Self.splits(["status"], data: data).termination == .exited(0))
  }

  @Test("status --follow refuses a data directory that appears opened to others while it follows")
  func aFollowerRefusesADirectoryThatAppearsWritable() async throws {
    let scratch = try TempDirectory("follow-appears")
    defer { scratch.remove() }
    let data = scratch.file("data")
    let lines = scratch.file("lines")
    let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "LANG": "C.UTF-8", "SPLITS_DATA_DIR": data]
    async let follower = Spawn.runAsync(
      ["/bin/sh", "-c", "exec \"$0\" status --follow >\"$1\"", try SplitsBinary.path, lines], environment: environment)
    // Following: its first line says there is no data yet.
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while (try? String(contentsOfFile: lines, encoding: .utf8))?.isEmpty ?? true {
      guard clock.now < deadline else { throw HarnessError("status --follow printed nothing") }
      try await Task.sleep(for: .milliseconds(10))
    }
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    chmod(data, 0o777)
    let start = try await Self.splits(["start", "--insecure-data-dir"], data: data)
    #expect(start.termination == .exited(0), "\(start)")
    let followed = try await follower
    #expect(followed.termination == .exited(2), "\(followed)")
    #expect(followed.stderr.contains("chmod go-w \(data), or pass --insecure-data-dir"), "\(followed)")
    #expect(try String(contentsOfFile: lines, encoding: .utf8) == "■ no ride\n", "nothing of that journal was printed")
  }

  @Test(
    "root on a directory another user owns is refused with the chown to run",
    .enabled(if: getuid() == 0, "needs root to give a directory away"))
  func anotherUsersDirectoryIsRefused() async throws {
    let scratch = try TempDirectory("owned-by-nobody")
    defer { scratch.remove() }
    let data = scratch.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    chmod(data, 0o700)
    #expect(chown(data, 65534, 65534) == 0)
    for command in [["status"], ["lap"], ["history"]] {
      let result = try await Self.splits(command, data: data)
      #expect(result.termination == .exited(2), "\(command): \(result)")
      #expect(
        result.stderr.hasPrefix("splits: the data directory \(data) belongs to user nobody (uid 65534), not to root:"),
        "\(command): \(result)")
      #expect(result.stderr.contains("chown root \(data), or pass --insecure-data-dir"), "\(command): \(result)")
    }
    let told = try await Self.splits(["status", "--insecure-data-dir"], data: data)
    #expect(told.termination == .exited(0), "\(told)")
  }

  /// A listener that answers every connection with `reply` (one line) and writes `ready`
  /// once it listens; it ends after `seconds`.
  static let fakeScreen = """
    import os, socket, sys, time
    path, reply, ready, seconds = sys.argv[1], sys.argv[2].encode() + b"\\n", sys.argv[3], float(sys.argv[4])
    stop = sys.argv[5] if len(sys.argv) > 5 else None
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(path)
    s.listen(8)
    open(ready, "w").close()
    s.settimeout(0.2)
    end = time.monotonic() + seconds
    while time.monotonic() < end and not (stop and os.path.exists(stop)):
        try:
            c, _ = s.accept()
        except socket.timeout:
            continue
        c.settimeout(1)
        try:
            c.recv(100)
        except OSError:
            pass
        c.sendall(reply)
        c.close()
    """

  static let fakeLap =
    #"{"answer":{"outcome":{"lap":{"moving":[0,3000000000000000000],"lap":[0,3000000000000000000],"ride":1,"workoutComplete":false,"number":7}}}}"#

  @Test(
    "another user's listener in place of control.sock had splits lap print lap 7 with exit 0 and record nothing",
    .enabled(if: canActAsNobody, "needs root, setpriv and /usr/bin/python3"))
  func anotherUsersListenerIsNotTalkedTo() async throws {
    let scratch = try TempDirectory("hijack")
    defer { scratch.remove() }
    chmod(scratch.path, 0o711)
    let data = scratch.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    chmod(data, 0o777)
    let ready = data + "/ready"
    for reply in [Self.fakeLap, #"{"error":"\u001b[2J\u001b]0;pwned\u0007\u001b[31mgotcha"}"#] {
      unlink(data + "/control.sock")
      unlink(ready)
      let stop = scratch.file("stop")
      unlink(stop)
      // It listens until told to stop (or 30 s): a loaded machine may take seconds to run splits.
      async let listener = Spawn.runAsync(
        Self.asNobody(["/usr/bin/python3", "-c", Self.fakeScreen, data + "/control.sock", reply, ready, "30", stop]))
      try await Self.waitForFile(ready)
      // The directory as it is: refused for its mode.
      let refused = try await Self.splits(["lap"], data: data)
      #expect(refused.termination == .exited(2) && refused.stderr.contains("chmod go-w \(data)"), "\(refused)")
      // Told to use it: the listener is not the user's, nothing is sent or printed from it.
      let lap = try await Self.splits(["lap", "--insecure-data-dir"], data: data)
      #expect(lap.termination == .exited(1), "\(lap)")
      #expect(
        lap.stderr == "splits: the control socket \(data)/control.sock is held by a process of another user (uid 65534), "
          + "not by a splits screen of yours: the command was not sent\n", "\(lap)")
      #expect(lap.stdout.isEmpty, "\(lap)")
      #expect(!(lap.stdout + lap.stderr).contains("\u{1B}"), "\(lap)")
      writeFile([], to: stop)
      _ = try await listener
    }
    #expect(!FileManager.default.fileExists(atPath: data + "/splits.sqlite"), "no journal was written")
  }

  @Test("a reply with escape sequences was printed raw to the terminal")
  func aRepliesControlCharactersAreNotPrinted() async throws {
    let scratch = try TempDirectory("escapes")
    defer { scratch.remove() }
    let data = scratch.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    chmod(data, 0o700)
    let ready = scratch.file("ready")
    let escapes = #"\u001b[2J\u001b]0;pwned\u0007\u009b31m\nnext"#
    let replies = [
      #"{"error":"\#(escapes)"}"#,
      #"{"answer":{"outcome":{"lap":{"moving":[0,3000000000000000000],"lap":[0,3000000000000000000],"ride":1,"workoutComplete":false,"number":7}},"unwritten":"\#(escapes)"}}"#,
    ]
    for reply in replies {
      unlink(data + "/control.sock")
      unlink(ready)
      async let listener = Spawn.runAsync(["python3", "-c", Self.fakeScreen, data + "/control.sock", reply, ready, "3"])
      try await Self.waitForFile(ready)
      let lap = try await Self.splits(["lap"], data: data)
      #expect(lap.termination == .exited(1), "\(lap)")
      #expect(lap.stderr.contains("[2J]0;pwned31m next"), "\(lap)")
      #expect(!(lap.stdout + lap.stderr).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(lap)")
      #expect(!(lap.stdout + lap.stderr).unicodeScalars.contains { (0x7F..<0xA0).contains($0.value) }, "\(lap)")
      _ = try await listener
    }
  }

  @Test(
    "100 idle connections from another user kept the owner's splits lap out",
    .enabled(if: canActAsNobody, "needs root, setpriv and /usr/bin/python3"))
  func anotherUsersIdleConnectionsDoNotKeepTheOwnerOut() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    // Opened on purpose, so that another user can connect at all.
    chmod(tmux.home.path, 0o711)
    chmod(tmux.dataDir, 0o755)
    chmod(tmux.dataDir + "/control.sock", 0o666)
    let signals = tmux.home.file("signals")
    try FileManager.default.createDirectory(atPath: signals, withIntermediateDirectories: false)
    chmod(signals, 0o777)
    let ready = signals + "/held"
    let script = """
      import socket, sys, time
      held = []
      for _ in range(100):
          s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
          s.settimeout(0.2)
          try:
              s.connect(sys.argv[1])
              held.append(s)
          except OSError:
              s.close()
      open(sys.argv[2], "w").write(str(len(held)))
      time.sleep(float(sys.argv[3]))
      """
    let clock = ContinuousClock()
    async let holder = Spawn.runAsync(
      Self.asNobody(["/usr/bin/python3", "-c", script, tmux.dataDir + "/control.sock", ready, "8"]))
    try await Self.waitForFile(ready)
    let heldSince = clock.now
    let lap = try await RemoteControlTests.splits(tmux, "lap", "--insecure-data-dir")
    #expect(lap.termination == .exited(0) && lap.stdout.hasPrefix("lap 1  "), "\(lap)")
    #expect(clock.now - heldSince < .seconds(6), "the lap came while the connections were still held")
    let held = try await holder
    #expect(held.termination == .exited(0), "\(held)")
    try await tmux.waitFor("lap 1 on the screen") { $0.contains("Laps 1") }
    #expect(try await RemoteControlTests.laps(tmux) == 1)
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  /// Polls until `path` exists (a helper process says it is ready).
  static func waitForFile(_ path: String, timeout: Duration = .seconds(10)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !FileManager.default.fileExists(atPath: path) {
      guard clock.now < deadline else { throw HarnessError("timed out after \(timeout) waiting for \(path)") }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}
