import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drill (issue 6): the journal cannot be written in the middle of a ride, because the
/// disk is full (a small tmpfs mounted as the data directory, then filled) or the data
/// directory went read-only. The screen shows a banner and goes on with the ride in memory;
/// once writing works again every event is written, once, with the split the screen showed.
///
/// Read-only mid-ride: a mount cannot be made read-only while splits holds the journal open
/// for writing (`mount -o remount,ro` and read-only bind remounts fail with EBUSY, even as
/// root), and root ignores permission bits. The drill makes the directory, the database and
/// its WAL immutable (`chattr +i`: on ext4, xfs and btrfs a write to an open file then fails
/// with EPERM, whoever writes). The `-shm` index is left alone: SQLite maps it into memory,
/// and a store into a mapping of an immutable file is a SIGBUS, not an error SQLite can
/// report (seen: a crash inside libsqlite3).
@Suite("Drill: full disk and read-only data directory", .serialized, DrillScale.timeLimit(fastMinutes: 3, fullMinutes: 10))
struct DrillDiskTests {
  /// Laps recorded while writes fail, in each cycle.
  static let lapsWhileFailing = DrillScale.count(fast: 5, full: 30)
  /// Times the journal fails and comes back in one ride.
  static let cycles = DrillScale.count(fast: 1, full: 3)

  @Test(
    "A full disk mid-ride: a banner, the ride in memory, every event written once space returns",
    .enabled(if: Mounts.canMountTmpfs, Mounts.whyNot))
  func fullDisk() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    // Room for the events once the filler goes: each commit appends its pages (about 12 KB
    // here) to the WAL until a checkpoint; with 512 KB, 30 events filled the disk again.
    try Mounts.tmpfs(at: data, size: "4m")
    defer { Mounts.unmount(data) }
    let filler = data + "/filler"
    try await ride(
      in: tmux, failure: "the disk full",
      fail: {
        // dd stops at ENOSPC (status 1): the tmpfs is full.
        let result = try await Spawn.runAsync(["dd", "if=/dev/zero", "of=\(filler)", "bs=4k"], timeout: .seconds(30))
        #expect(result.stderr.contains("No space left"), "\(result)")
      },
      restore: { try FileManager.default.removeItem(atPath: filler) })
  }

  @Test(
    "A read-only data directory mid-ride: a banner, the ride in memory, every event written once it is writable",
    .enabled(if: Mounts.immutableFailsWrites, "chattr +i does not fail writes to open files in the temp directory (needs root on ext4, xfs or btrfs)"))
  func readOnlyDirectory() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    let files = [data, data + "/splits.sqlite", data + "/splits.sqlite-wal"]
    // Whatever happens, the files must be mutable again for the clean-up.
    defer { _ = try? Spawn.run(["chattr", "-i"] + files) }
    try await ride(
      in: tmux, failure: "the data directory read-only",
      fail: {
        let result = try await Spawn.runAsync(["chattr", "+i"] + files)
        try #require(result.termination == .exited(0), "chattr +i: \(result)")
      },
      restore: {
        let result = try await Spawn.runAsync(["chattr", "-i"] + files)
        try #require(result.termination == .exited(0), "chattr -i: \(result)")
      })
  }

  @Test(
    "q twice while the disk is full: the exit says the unwritten events are lost (status 1), not 'still running'",
    .enabled(if: Mounts.canMountTmpfs, Mounts.whyNot))
  func quitWhileFull() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    try Mounts.tmpfs(at: data, size: "512k")
    defer { Mounts.unmount(data) }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    _ = try await Spawn.runAsync(["dd", "if=/dev/zero", "of=\(data)/filler", "bs=4k"], timeout: .seconds(30))
    try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
    // The reason comes first in the banner: a long data directory path is what gets cut.
    try await tmux.press("l", until: "lap 2 and the banner with its reason") {
      $0.lapNumbers == [2, 1] && $0.contains("cannot write") && $0.contains("disk is full")
    }
    // The first q warns that quitting loses what is not written; the second quits.
    try await tmux.press("q", until: "the warning") { $0.state == "RUNNING" && $0.contains("not written") }
    try await tmux.sendAsync(keys: ["q"])
    let status = try await tmux.exitStatus(of: job)
    let after = try await tmux.waitForPrompt()
    let journal = try await StatusSnapshot.read(dataDir: data)
    #expect(journal.laps.isEmpty, "the two laps were never written: \(journal)")
    // The contract: exit 1 for a failure while running (I/O, database), naming the file.
    #expect(status == 1, "quitting with unwritten events exited \(status):\n\(after)")
    #expect(after.contains("splits.sqlite"), "the exit names the journal it could not write:\n\(after)")
    #expect(
      !after.lines.contains { $0.contains("2 laps") && $0.contains("still running") },
      "the summary promises laps the journal does not have:\n\(after)")
    try FileManager.default.removeItem(atPath: data + "/filler")
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test(
    "`splits status` reads a data directory that is read-only (after the screen closed)",
    .enabled(if: Mounts.canMountTmpfs, Mounts.whyNot))
  func statusOnReadOnlyDirectory() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    try Mounts.tmpfs(at: data, size: "2m")
    defer { Mounts.unmount(data) }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
    try await tmux.sendAsync(keys: ["q"])
    #expect(try await tmux.exitStatus(of: job) == 0)
    // The screen closed the journal: SQLite removed its -wal and -shm files, and no reader
    // has opened it since (a reader would leave a -shm behind).
    let files = (try? FileManager.default.contentsOfDirectory(atPath: data)) ?? []
    #expect(!files.contains("splits.sqlite-shm"), "\(files)")

    try Mounts.remount(data, readOnly: true)
    defer { try? Mounts.remount(data, readOnly: false) }
    let after: StatusSnapshot
    do {
      after = try await StatusSnapshot.read(dataDir: data)
    } catch {
      Issue.record("splits status on a read-only data directory: \(error)")
      return
    }
    #expect(after.state == "running" && after.laps.count == 1, "\(after)")
  }

  /// A ride whose journal fails `cycles` times: laps, a pause and a resume while it fails,
  /// then `restore`, and everything must be written once.
  func ride(
    in tmux: TmuxSession, failure: String, fail: () async throws -> Void, restore: () async throws -> Void
  ) async throws {
    let data = tmux.dataDir
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    var laps = 0
    var splits: [Int: ClockText] = [:]
    func lap() async throws -> PaneText {
      let number = laps + 1
      let (_, screen) = try await tmux.press("l", until: "lap \(number)") {
        $0.lapNumbers.first == number && $0.lapSplit(number) != nil
      }
      laps = number
      splits[number] = screen.lapSplit(number)
      return screen
    }
    for _ in 0..<2 { _ = try await lap() }

    var recoveries: [Duration] = []
    let clock = ContinuousClock()
    for cycle in 1...Self.cycles {
      try await fail()
      // Laps go on; the first one that cannot be written brings the banner.
      var sawBanner = false
      for i in 0..<Self.lapsWhileFailing {
        let screen = try await lap()
        sawBanner = sawBanner || screen.contains("cannot write")
        if i == Self.lapsWhileFailing / 2 {
          try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
          try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
        }
      }
      if !sawBanner {
        try await tmux.waitFor("cycle \(cycle): the banner with \(failure)") { $0.contains("cannot write") }
      }
      // Readers still read: status works and shows no more than was written.
      let during = try await StatusSnapshot.read(dataDir: data)
      #expect(during.laps.count < laps, "cycle \(cycle): \(during)")

      let restored = clock.now
      try await restore()
      // Written at the next retry (every 2 s): the banner goes.
      try await tmux.waitFor("cycle \(cycle): the banner gone once writing works", timeout: .seconds(15)) {
        !$0.contains("cannot write") && $0.state == "RUNNING"
      }
      recoveries.append(clock.now - restored)
      let status = try await StatusSnapshot.read(dataDir: data)
      #expect(status.state == "running", "cycle \(cycle): \(status)")
      #expect(status.laps.map(\.number) == Array(1...laps), "cycle \(cycle): every lap once: \(status)")
      for journal in status.laps {
        guard let shown = splits[journal.number] else { continue }
        let split = Duration.milliseconds(journal.splitMilliseconds)
        #expect(
          split >= shown.duration && split < shown.duration + shown.unit,
          "cycle \(cycle): lap \(journal.number) showed \(shown), written as \(journal.splitMilliseconds) ms")
      }
    }

    try await tmux.sendAsync(keys: ["q"])
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await JournalFile.integrity(dataDir: data) == ["ok"])
    #expect(try await JournalFile.duplicateEvents(dataDir: data) == [])
    let kinds = try await JournalFile.query(dataDir: data, "SELECT kind, COUNT(*) FROM events GROUP BY kind ORDER BY kind")
    let expected = ["lap|\(laps)", "pause|\(Self.cycles)", "resume|\(Self.cycles)", "start|1"]
    #expect(kinds == expected, "events by kind")
    DrillReport.figure(
      failure == "the disk full" ? "disk-full" : "read-only",
      "\(Self.cycles) cycles × \(Self.lapsWhileFailing) laps + pause + resume while \(failure); all \(laps) laps written once with their shown splits; banner gone after \(DrillReport.spread(recoveries))")
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}

/// Mounting, for the disk drills. Root only.
enum Mounts {
  /// Whether this process can mount a tmpfs (root, and mounting allowed here).
  static let canMountTmpfs: Bool = {
    guard getuid() == 0, let probe = try? TempDirectory("mount-probe") else { return false }
    defer { probe.remove() }
    guard (try? Spawn.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]).termination) == .exited(0)
    else { return false }
    unmount(probe.path)
    return true
  }()

  static var whyNot: Comment {
    getuid() == 0 ? "mount -t tmpfs failed here (no mount permission in this container?)" : "needs root to mount a tmpfs"
  }

  /// Whether `chattr +i` makes a write to an already open file fail in the temp directory.
  static let immutableFailsWrites: Bool = {
    guard getuid() == 0, let probe = try? TempDirectory("chattr-probe") else { return false }
    defer { probe.remove() }
    let file = probe.file("f")
    let fd = open(file, O_WRONLY | O_CREAT, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    guard (try? Spawn.run(["chattr", "+i", file]).termination) == .exited(0) else { return false }
    let written = write(fd, "x", 1)
    _ = try? Spawn.run(["chattr", "-i", file])
    return written < 0
  }()

  static func tmpfs(at path: String, size: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let result = try Spawn.run(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
    guard result.termination == .exited(0) else { throw HarnessError("mount tmpfs at \(path): \(result)") }
  }

  static func remount(_ path: String, readOnly: Bool) throws {
    let result = try Spawn.run(["mount", "-o", readOnly ? "remount,ro" : "remount,rw", path])
    guard result.termination == .exited(0) else { throw HarnessError("remount \(path): \(result)") }
  }

  /// Unmounts `path` (lazily: a process that still has it open keeps it until it exits).
  static func unmount(_ path: String) {
    _ = try? Spawn.run(["umount", "-l", path])
  }
}
