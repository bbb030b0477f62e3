import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// `splits status --follow` of the real binary, beside a ride screen in tmux: the lines it
/// prints through a ride, across the screen closed and opened again, and how it ends.
@Suite("splits status --follow, end to end", .timeLimit(.minutes(2)))
struct FollowCommandTests {
  static let format = "{state} {moving} {laps}"

  /// The follower's lines so far (only whole lines).
  static func lines(_ tmux: TmuxSession, _ name: String = "follow") -> [String] {
    guard let text = tmux.home.read(name) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Waits until a line of the follower's output satisfies `predicate`.
  @discardableResult
  static func waitForLine(
    _ tmux: TmuxSession, _ what: String, file: String = "follow", timeout: Duration = .seconds(10),
    _ predicate: @escaping (String) -> Bool
  ) async throws -> [String] {
    do {
      return try await tmux.poll("the follower to print \(what)", timeout: timeout) {
        let all = lines(tmux, file)
        return all.contains(where: predicate) ? all : nil
      }
    } catch let error as HarnessError {
      // The pane holds what the follower wrote to standard error (and, if it ended, the
      // shell's prompt after it): what to look at when it fell silent.
      let pane = (try? tmux.capture().text) ?? "(no capture)"
      throw HarnessError(
        "\(error.description)\nlines so far:\n\(lines(tmux, file).joined(separator: "\n"))\nthe pane:\n\(pane)")
    }
  }

  /// `state HH:MM:SS laps` read back.
  struct Line: Equatable {
    var state: String
    var seconds: Int
    var laps: Int

    init?(_ text: String) {
      let parts = text.split(separator: " ")
      guard parts.count == 3, let laps = Int(parts[2]) else { return nil }
      let clock = parts[1].split(separator: ":").compactMap { Int($0) }
      guard clock.count == 3 else { return nil }
      state = String(parts[0])
      seconds = clock[0] * 3600 + clock[1] * 60 + clock[2]
      self.laps = laps
    }
  }

  /// No line twice in a row, every line well formed, and while running with the same laps
  /// each line a displayed second after the one before (a second may be late on a loaded
  /// machine, never repeated).
  static func checkSequence(_ all: [String]) {
    for (a, b) in zip(all, all.dropFirst()) {
      #expect(a != b, "the same line twice in a row: \(a)\n\(all.joined(separator: "\n"))")
    }
    let parsed = all.compactMap(Line.init)
    #expect(parsed.count == all.count, "lines not of the format:\n\(all.joined(separator: "\n"))")
    var late = 0
    for (a, b) in zip(parsed, parsed.dropFirst()) where a.state == "running" && b.state == "running" && a.laps == b.laps {
      let step = b.seconds - a.seconds
      #expect((1...2).contains(step), "from \(a) to \(b)\n\(all.joined(separator: "\n"))")
      if step != 1 { late += 1 }
    }
    #expect(late <= 1, "seconds skipped \(late) times:\n\(all.joined(separator: "\n"))")
  }

  @Test("a start, laps, a pause and a finish, and the screen closed and opened again while running")
  func followsARide() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // Started before any ride: the data directory does not exist yet.
    #expect(!FileManager.default.fileExists(atPath: tmux.dataDir))
    _ = try await tmux.start(
      "splits status --follow --format '\(Self.format)' >$E2E/follow 2>$E2E/follow.err & echo started")
    try await Self.waitForLine(tmux, "none") { $0 == "none 00:00:00 0" }

    let screen = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "the start") { $0 == "running 00:00:00 0" }
    try await Self.waitForLine(tmux, "the second second") { $0 == "running 00:00:02 0" }
    try tmux.send(keys: "l")
    try await Self.waitForLine(tmux, "the first lap") { Line($0)?.laps == 1 }
    try tmux.send(keys: "l")
    try await Self.waitForLine(tmux, "the second lap") { Line($0)?.laps == 2 }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "the pause") { $0.hasPrefix("paused ") && Line($0)?.laps == 2 }
    try tmux.send(keys: "r")
    try await Self.waitForLine(tmux, "the finish") { $0 == "ready 00:00:00 0" }

    // The next ride, then the screen closed while it runs: the line goes on every second.
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "the next ride's start") { $0 == "running 00:00:00 0" }
    try await Self.waitForLine(tmux, "the next ride's first second") { $0 == "running 00:00:01 0" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: screen) == 0)
    let closedAt = Self.lines(tmux).count
    _ = try await tmux.poll("two more lines with the screen closed") { Self.lines(tmux).count >= closedAt + 2 ? true : nil }

    // Opened again: the ride goes on; a lap and a pause come through.
    let again = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("RUNNING again") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await Self.waitForLine(tmux, "a lap after reopening") { $0.hasPrefix("running ") && Line($0)?.laps == 1 }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "a pause after reopening") { $0.hasPrefix("paused ") && Line($0)?.laps == 1 }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: again) == 0)

    let all = Self.lines(tmux)
    Self.checkSequence(all)
    // In order: none, the first ride's start and its laps, pause, ready, the next ride.
    let states = all.compactMap(Line.init).map(\.state).reduce(into: [String]()) { states, state in
      if states.last != state { states.append(state) }
    }
    #expect(states == ["none", "running", "paused", "ready", "running", "paused"], "\(all)")
    #expect(tmux.home.read("follow.err") == "")
  }

  @Test("JSON lines: one whole object a line, once a displayed second while running")
  func jsonLines() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits status --follow --json >$E2E/json & echo started")
    try await Self.waitForLine(tmux, "none", file: "json") { $0.contains("\"state\": \"none\"") }
    let screen = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    // Two whole seconds: 2000 ms or more (a line of 200 to 299 ms would match a prefix).
    try await Self.waitForLine(tmux, "two seconds", file: "json") { line in
      line.firstMatch(of: #/"moving_ms": (\d+)/#).flatMap { Int($0.1) }.map { $0 >= 2_000 } ?? false
    }
    try tmux.send(keys: "l")
    try await Self.waitForLine(tmux, "the lap", file: "json") { $0.contains("\"number\": 1") }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "the pause", file: "json") { $0.contains("\"state\": \"paused\"") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: screen) == 0)
    var seconds: [Int64] = []
    for line in Self.lines(tmux, "json") {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(object["state"] != nil)
      if object["state"] as? String == "running", let laps = object["laps"] as? [Any], laps.isEmpty {
        seconds.append(((object["moving_ms"] as? NSNumber)?.int64Value ?? -1) / 1000)
      }
    }
    // Once a displayed second while running: the whole seconds of the moving time, each once.
    #expect(seconds == Array(Set(seconds)).sorted(), "\(seconds)")
    #expect(seconds.count >= 3)
  }

  /// Laps recorded faster than the follower reads are coalesced, as the contract says: the
  /// count may jump, never goes back, no line repeats, and the last line is the journal as it
  /// ends, within a deadline.
  @Test("a burst of laps from four shells: the count jumps forward, never back, and ends on the last lap")
  func burstsAreCoalesced() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await RemoteControlTests.splits(tmux, "start").termination == .exited(0))
    _ = try await tmux.start("splits status --follow --format '{state} {laps}' >$E2E/burst & echo started")
    try await Self.waitForLine(tmux, "running 0", file: "burst") { $0 == "running 0" }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<10 { _ = try await RemoteControlTests.splits(tmux, "lap") }
        }
      }
      try await group.waitForAll()
    }
    let laps = try await RemoteControlTests.laps(tmux)
    #expect(laps == 40)
    let all = try await Self.waitForLine(tmux, "running \(laps)", file: "burst", timeout: .seconds(5)) {
      $0 == "running \(laps)"
    }
    let counts = all.compactMap { Int($0.split(separator: " ").last ?? "") }
    #expect(counts.count == all.count, "\(all)")
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "\(all)")
    #expect(counts.last == laps, "\(all)")
  }

  @Test("a relative data directory not created yet is followed from the current directory")
  func relativeDataDirectory() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("cd \"$E2E\"")
    _ = try await tmux.start("splits status --follow --data-dir rel/data --format '{state}' >$E2E/rel.out & echo started")
    try await Self.waitForLine(tmux, "none", file: "rel.out") { $0 == "none" }
    let screen = try await tmux.start("splits --plain --split-guard 0 --data-dir rel/data")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "running", file: "rel.out") { $0 == "running" }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "paused", file: "rel.out") { $0 == "paused" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: screen) == 0)
    #expect(Self.lines(tmux, "rel.out") == ["none", "running", "paused"])
  }

  @Test("a 12 s workout left running with no screen: a line at each step's end, then paused at the end")
  func workoutSteps() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try WorkoutTests.writeWorkout(tmux)
    _ = try await tmux.start("splits status --follow --format '{state} {step}/{steps}' >$E2E/steps & echo started")
    try await Self.waitForLine(tmux, "none", file: "steps") { $0 == "none /" }
    let screen = try await tmux.start("splits workout \(file) --plain --no-bell --split-guard 0")
    try await tmux.waitFor("the first step before the start") { $0.contains("Warm-up") }
    try tmux.send(keys: "Space")
    try await Self.waitForLine(tmux, "the first step", file: "steps") { $0 == "running 1/6" }
    // `q` leaves the workout running; the steps go on with no screen open.
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: screen) == 0)
    let all = try await Self.waitForLine(tmux, "the end", file: "steps", timeout: .seconds(20)) { $0 == "paused 6/6" }
    let fromStart = Array(all.drop { $0 != "running 1/6" })
    #expect(fromStart == (1...6).map { "running \($0)/6" } + ["paused 6/6"], "\(all)")
  }

  /// `command` in bash, its output to a file; (status, output).
  static func bash(_ tmux: TmuxSession, _ command: String, timeout: Duration = .seconds(10)) async throws -> SpawnResult {
    try await Spawn.runAsync(
      ["bash", "--norc", "--noprofile", "-c", command],
      environment: tmux.paneEnvironment.merging(["PATH": tmux.home.file("bin") + ":/usr/bin:/bin"]) { $1 },
      timeout: timeout)
  }

  @Test("it exits 0 when its reader goes away, running or paused; 143 and 130 on SIGTERM and SIGINT; 1 once the journal is damaged")
  func endings() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let screen = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }

    // Running: three lines, then head goes away; the next line finds no reader.
    let running = try await Self.bash(tmux, "splits status --follow | head -n 3; echo \"status ${PIPESTATUS[0]}\"")
    #expect(running.termination == .exited(0), "\(running)")
    let runningLines = running.stdout.split(separator: "\n")
    #expect(runningLines.count == 4, "\(running)")
    #expect(runningLines.last == "status 0", "\(running)")
    #expect(Set(runningLines.dropLast()).count == 3, "\(running)")

    // Paused: one line and nothing more to print; the reader going away still ends it.
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    let paused = try await Self.bash(tmux, "splits status --follow --json | head -n 1; echo \"status ${PIPESTATUS[0]}\"")
    #expect(paused.termination == .exited(0), "\(paused)")
    #expect(paused.stdout.hasSuffix("\nstatus 0\n"), "\(paused)")
    #expect(paused.stdout.hasPrefix("{\"state\": \"paused\""), "\(paused)")
    // The same through argument-parser (a repeated option is left to it).
    let parsed = try await Self.bash(
      tmux, "splits status --follow --precision cs --precision s | head -n 1; echo \"status ${PIPESTATUS[0]}\"")
    #expect(parsed.stdout.hasPrefix("⏸ "), "\(parsed)")
    #expect(parsed.stdout.hasSuffix("\nstatus 0\n"), "\(parsed)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: screen) == 0)

    // SIGTERM and SIGINT: a clean end with the status of every command, 143 and 130.
    for (signal, status) in [("TERM", 143), ("INT", 130)] {
      let stopped = try await Self.bash(
        tmux,
        """
        splits status --follow >"$E2E/stop-\(signal)" & p=$!
        until [ -s "$E2E/stop-\(signal)" ]; do sleep 0.02; done
        kill -\(signal) $p; wait $p; echo "status $?"
        """)
      #expect(stopped.stdout == "status \(status)\n", "\(signal): \(stopped)")
    }

    // The journal deleted under it: no ride (as `status` says), and it goes on following.
    _ = try await tmux.start("(splits status --follow --format '{state}' >$E2E/gone 2>$E2E/gone.err; echo $? >$E2E/gone.status) &")
    try await Self.waitForLine(tmux, "paused", file: "gone") { $0 == "paused" }
    let journal = tmux.dataDir + "/splits.sqlite"
    for suffix in ["", "-wal", "-shm"] { unlink(journal + suffix) }
    try await Self.waitForLine(tmux, "none", file: "gone") { $0 == "none" }
    // A damaged journal: its message and status 1.
    try Data("this is not a journal, not at all; this is not a journal".utf8).write(to: URL(fileURLWithPath: journal))
    let status = try await tmux.poll("the follower to end") { tmux.home.read("gone.status") }
    #expect(status == "1\n")
    #expect(tmux.home.read("gone.err")?.contains("splits.sqlite") == true, "\(tmux.home.read("gone.err") ?? "")")
    #expect(Self.lines(tmux, "gone") == ["paused", "none"])
  }
}

/// `status --follow`'s cost, measured on the real process: one wake-up of one thread per
/// printed line while the ride runs, none while it is paused. Timed: run alone (`make test`).
@Suite("splits status --follow wakes once a line, never while paused", .timeLimit(.minutes(1)))
struct FollowWakeUpTests {
  @Test("running: about one wake-up of the main thread per line; paused: none")
  func wakeUps() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits status --follow --format '\(FollowCommandTests.format)' >$E2E/follow & echo $! >$E2E/pid")
    let pid = try await tmux.poll("the follower's pid") { tmux.home.read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
    try await FollowCommandTests.waitForLine(tmux, "none") { $0 == "none 00:00:00 0" }
    _ = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await FollowCommandTests.waitForLine(tmux, "the first second") { $0 == "running 00:00:01 0" }

    // The start's re-reads (up to 3 s after it) fall in this window too: a spare for them.
    let linesBefore = FollowCommandTests.lines(tmux).count
    let running = try await RuntimeThreadTests.wakeUps(pid, over: .seconds(4))
    let printed = FollowCommandTests.lines(tmux).count - linesBefore
    #expect(printed >= 3, "\(printed) lines in 4 s")
    #expect(
      running.woken == 1,
      "running: \(running.switches) switches on \(running.woken) threads (\(RuntimeThreadTests.names(pid)))")
    #expect(running.switches <= printed + 3, "running: \(running.switches) wake-ups for \(printed) lines")
    #expect(running.threads <= 3)

    try tmux.send(keys: "Space")
    try await FollowCommandTests.waitForLine(tmux, "the pause") { $0.hasPrefix("paused ") }
    // Past the re-reads after the pause (the last 3 s after it), then a window of nothing.
    try await Task.sleep(for: .milliseconds(3_300))
    let paused = try await RuntimeThreadTests.wakeUps(pid, over: .seconds(3))
    #expect(
      paused.woken == 0, "paused: \(paused.switches) switches on \(paused.woken) threads (\(RuntimeThreadTests.names(pid)))")
    try tmux.send(keys: "q")
  }
}

extension FollowCommandTests {
  /// A journal file with no tables yet (empty): the follower reads it as no ride, and its
  /// changes do not make it open a new reader at every read (descriptors stay as they are).
  @Test func anEmptyJournalDoesNotLeakReaders() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // Private whatever the umask, as splits makes them (a directory or journal others may
    // write to is refused).
    try FileManager.default.createDirectory(
      atPath: tmux.dataDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let journal = tmux.dataDir + "/splits.sqlite"
    #expect(writeFile([], to: journal, mode: 0o600))
    _ = try await tmux.start("splits status --follow --format '{state}' >$E2E/empty & echo $! >$E2E/empty.pid")
    try await Self.waitForLine(tmux, "none", file: "empty") { $0 == "none" }
    let pid = try await tmux.poll("the follower's pid") {
      tmux.home.read("empty.pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
    func descriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1 }
    let before = descriptors()
    // Changes to the empty file (its size stays 0): each one is read again 4 times.
    for _ in 0..<5 {
      #expect(truncate(journal, 0) == 0)
      try await Task.sleep(for: .milliseconds(100))
    }
    // The re-reads after the last change end 3 s after it.
    _ = try await tmux.poll("the re-reads to end", timeout: .seconds(10)) { () -> Bool? in
      guard let started = try? FileManager.default.attributesOfItem(atPath: journal)[.modificationDate] as? Date
      else { return nil }
      return Date().timeIntervalSince(started) > 3.5 ? true : nil
    }
    #expect(descriptors() <= before + 1, "descriptors: \(before) before, \(descriptors()) after")
    #expect(Self.lines(tmux, "empty") == ["none"])
    kill(pid, SIGTERM)
  }
}
