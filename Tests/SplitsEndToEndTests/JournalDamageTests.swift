import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A damaged journal gets a message, never a crash or a hang: each command and the screen
/// say what is wrong with which file and exit 1, and leave the file as it was.
@Suite("A damaged journal: a message and exit 1, never a crash or a hang", .serialized, .timeLimit(.minutes(2)))
struct JournalDamageTests {
  /// `splits` with `arguments` on the data directory `data`, given 10 s: a hang times out.
  static func splits(_ arguments: [String], data: String, as user: [String] = []) async throws -> SpawnResult {
    try await Spawn.runAsync(
      user + [try SplitsBinary.path] + arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TZ": "UTC", "SPLITS_DATA_DIR": data,
      ],
      timeout: .seconds(10))
  }

  /// A ride with a lap, paused, written by commands with no screen open (which close the
  /// journal: no `-wal` or `-shm` is left).
  static func ride(in data: String) async throws {
    for command in ["start", "lap", "pause"] {
      let result = try await splits([command], data: data)
      try #require(result.termination == .exited(0), "splits \(command): \(result)")
    }
  }

  static func sqlite3(_ data: String, _ sql: String) async throws -> String {
    let result = try await Spawn.runAsync(["sqlite3", data + "/splits.sqlite", sql])
    try #require(result.termination == .exited(0), "sqlite3 \(sql): \(result)")
    return result.stdout
  }

  /// The read-only commands all exit 1 with a message containing each of `words`, and the
  /// journal file is left byte for byte.
  static func expectRefused(
    _ data: String, saying words: [String], as user: [String] = [], flags: [String] = [], status: Int32 = 1
  ) async throws {
    let before = FileManager.default.contents(atPath: data + "/splits.sqlite")
    for command in [["status"], ["status", "--json"], ["status", "--follow"], ["history"], ["show", "1"], ["export", "--all"]] {
      let result = try await splits(command + flags, data: data, as: user)
      #expect(result.termination == .exited(status), "splits \(command.joined(separator: " ")): \(result)")
      #expect(result.stdout.isEmpty, "splits \(command.joined(separator: " ")): \(result)")
      for word in words {
        #expect(result.stderr.contains(word), "splits \(command.joined(separator: " ")): \(result)")
      }
      #expect(!result.stderr.contains("Fatal error"), "\(result)")
    }
    #expect(FileManager.default.contents(atPath: data + "/splits.sqlite") == before, "the file changed")
  }

  /// Was: GRDB's 'try!' fatal error, exit 132 and a backtrace, in every command and the screen.
  @Test("a NULL in an event column (integrity check ok): 'damaged … left untouched', exit 1, no crash")
  func aNullInAnEventColumn() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    try await Self.ride(in: data)
    _ = try await Self.sqlite3(
      data,
      "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'boot_id TEXT NOT NULL', 'boot_id TEXT') WHERE name = 'events';"
    )
    _ = try await Self.sqlite3(data, "UPDATE events SET boot_id = NULL WHERE kind = 'lap'")
    #expect(try await JournalFile.integrity(dataDir: data) == ["ok"])
    try await Self.expectRefused(data, saying: ["damaged", "boot_id NULL", "left untouched", "splits.sqlite"])
    let screen = try await tmux.start("splits --plain --split-guard 0 2>$E2E/screen.err")
    #expect(try await tmux.exitStatus(of: screen) == 1)
    let message = tmux.home.read("screen.err") ?? ""
    #expect(message.contains("boot_id NULL") && !message.contains("Fatal error"), "\(message)")
  }

  /// Was: every command, `status` in a status bar included, waited for ever.
  @Test("a named pipe at splits.sqlite: every command says it is no regular file, exit 1, at once")
  func aNamedPipeAtTheJournal() async throws {
    let home = try TempDirectory("fifo")
    defer { home.remove() }
    let data = home.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
    try #require(mkfifo(data + "/splits.sqlite", 0o600) == 0)
    try await Self.expectRefused(data, saying: ["named pipe", "not a regular file", "splits.sqlite"])
    for command in ["start", "lap"] {
      let result = try await Self.splits([command], data: data)
      #expect(result.termination == .exited(1) && result.stderr.contains("named pipe"), "splits \(command): \(result)")
    }
  }

  /// Was: accepted; the ride then finished at "Moving 876600:24:58".
  @Test("a boot-clock reading of this boot ahead of its clock: 'damaged', exit 1, the file untouched")
  func aReadingAheadOfTheBootClock() async throws {
    let home = try TempDirectory("ahead")
    defer { home.remove() }
    let data = home.file("data")
    try await Self.ride(in: data)
    _ = try await Self.sqlite3(data, "UPDATE events SET boottime_ns = 9223372036854775807 WHERE kind = 'lap'")
    try await Self.expectRefused(data, saying: ["damaged", "9223372036854775807 on this boot", "left untouched"])
    let finish = try await Self.splits(["finish"], data: data)
    #expect(finish.termination == .exited(1) && finish.stderr.contains("ahead"), "\(finish)")
  }

  /// Was: "No rides yet" and "no ride", exit 0.
  @Test(
    "another user's data directory (0700): refused as another user's (exit 2); with --insecure-data-dir 'cannot read', exit 1; never 'no ride'",
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func anotherUsersDataDirectory() async throws {
    let home = try TempDirectory("private")
    defer { home.remove() }
    chmod(home.path, 0o755)
    let data = home.file("data")
    try await Self.ride(in: data)
    chmod(data, 0o700)
    let nobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    try await Self.expectRefused(data, saying: ["belongs to user", "chown"], as: nobody, status: 2)
    try await Self.expectRefused(
      data, saying: ["cannot read", "Permission denied", "splits.sqlite"], as: nobody, flags: ["--insecure-data-dir"])
  }

  /// Was: "disk I/O error" (SQLite could not make the `-shm` index).
  @Test(
    "a full disk with no screen open: status and history read the journal; a write names the full disk",
    .enabled(if: Mounts.canMountTmpfs, Mounts.whyNot))
  func aFullDiskWithNoScreen() async throws {
    let home = try TempDirectory("full")
    defer { home.remove() }
    let data = home.file("data")
    try Mounts.tmpfs(at: data, size: "1m")
    defer { Mounts.unmount(data) }
    try await Self.ride(in: data)
    let files = (try? FileManager.default.contentsOfDirectory(atPath: data)) ?? []
    #expect(!files.contains("splits.sqlite-wal") && !files.contains("splits.sqlite-shm"), "\(files)")
    _ = try await Spawn.runAsync(["dd", "if=/dev/zero", "of=\(data)/filler", "bs=4k"], timeout: .seconds(30))
    let status = try await Self.splits(["status", "--format", "{state} {laps}"], data: data)
    #expect(status.termination == .exited(0) && status.stdout == "paused 1\n", "\(status)")
    let history = try await Self.splits(["history"], data: data)
    #expect(history.termination == .exited(0) && history.stdout.contains("1"), "\(history)")
    let lap = try await Self.splits(["resume"], data: data)
    #expect(lap.termination == .exited(1), "\(lap)")
    #expect(lap.stderr.contains("disk is full") && !lap.stderr.contains("disk I/O error:"), "\(lap)")
    try FileManager.default.removeItem(atPath: data + "/filler")
    let after = try await Self.splits(["status", "--format", "{state} {laps}"], data: data)
    #expect(after.termination == .exited(0) && after.stdout == "paused 1\n", "\(after)")
  }

  /// Was: the screen showed 7 laps with no banner, `status` said "no ride", and after
  /// `kill -9` the journal had no tables at all.
  @Test("the write-ahead log deleted while a screen runs: status and a kill -9 keep every lap shown")
  func theWriteAheadLogDeletedMidRide() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    for lap in 1...3 { try await tmux.press("l", until: "lap \(lap)") { $0.lapNumbers.first == lap } }
    try #require(unlink(data + "/splits.sqlite-wal") == 0 && unlink(data + "/splits.sqlite-shm") == 0)
    for lap in 4...7 { try await tmux.press("l", until: "lap \(lap)") { $0.lapNumbers.first == lap } }
    #expect(!(try tmux.capture().contains("cannot write")), "no banner: every lap was written")
    let status = try await StatusSnapshot.read(dataDir: data)
    #expect(status.state == "running" && status.laps.map(\.number) == Array(1...7), "\(status)")
    let pid = try await tmux.splitsPID()
    kill(pid, SIGKILL)
    #expect(try await tmux.exitStatus(of: job) == 128 + SIGKILL)
    #expect(try await JournalFile.integrity(dataDir: data) == ["ok"])
    #expect(try await JournalFile.query(dataDir: data, "SELECT count(*) FROM events WHERE kind = 'lap'") == ["7"])
  }

  /// Was: until the screen's next write, `status` said "no ride" and a `kill -9` lost every
  /// lap the deleted log held. Now the screen watches its directory for removals and saves
  /// the log at once, while it waits paused for a key.
  @Test("the write-ahead log deleted while the screen waits paused: status shows every lap at once, and a kill -9 keeps them")
  func theWriteAheadLogDeletedWhilePaused() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    for lap in 1...3 { try await tmux.press("l", until: "lap \(lap)") { $0.lapNumbers.first == lap } }
    try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
    try #require(unlink(data + "/splits.sqlite-wal") == 0 && unlink(data + "/splits.sqlite-shm") == 0)
    let status = try await tmux.poll("status to show the 3 laps with no key pressed") {
      let snapshot = try? await StatusSnapshot.read(dataDir: data)
      return snapshot.flatMap { $0.state == "paused" && $0.laps.count == 3 ? $0 : nil }
    }
    #expect(status.laps.map(\.number) == [1, 2, 3], "\(status)")
    let pid = try await tmux.splitsPID()
    kill(pid, SIGKILL)
    #expect(try await tmux.exitStatus(of: job) == 128 + SIGKILL)
    #expect(try await JournalFile.integrity(dataDir: data) == ["ok"])
    #expect(try await JournalFile.query(dataDir: data, "SELECT count(*) FROM events WHERE kind = 'lap'") == ["3"])
  }
}
