import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A workout ridden by the real binary in tmux: steps change on time, a `kill -9` loses
/// nothing, the cue command runs at each change, and the export has one lap per step.
@Suite("Workout screen, end to end", .timeLimit(.minutes(2)))
struct WorkoutTests {
  /// 12 s: `- 3s warmup`, then twice `- 2s` and `- 2s rest`, then `- 1s cooldown`.
  static let twelveSeconds = "- 3s warmup\n2x\n- 2s\n- 2s rest\n\n- 1s cooldown\n"
  /// Where each step ends, in ms of moving time.
  static let ends: [Int64] = [3000, 5000, 7000, 9000, 11000, 12000]
  static let names = ["Warm-up", "Active", "Rest", "Active", "Rest", "Cool-down"]

  /// The step (from 1) under way at a moving time.
  static func step(at moving: Duration) -> Int {
    let ms = moving.components.seconds * 1000 + moving.components.attoseconds / 1_000_000_000_000_000
    return min(6, 1 + ends.filter { $0 <= ms }.count)
  }

  static func writeWorkout(_ tmux: TmuxSession, _ text: String = twelveSeconds) throws -> String {
    let path = tmux.home.file("twelve.txt")
    try #require(writeFile(text, to: path))
    return path
  }

  /// `splits status --json`'s workout object, as loose JSON.
  static func workoutStatus(_ tmux: TmuxSession) async throws -> [String: Any]? {
    let result = try await Spawn.runAsync(
      [try SplitsBinary.path, "status", "--json"], environment: tmux.paneEnvironment)
    guard result.termination == .exited(0),
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    else { throw HarnessError("status --json: \(result)") }
    return object["workout"] as? [String: Any]
  }

  /// The ride's events as (kind, step end, ms of boot clock after the first event).
  static func events(_ tmux: TmuxSession) async throws -> [(kind: String, end: String, ms: Int64)] {
    let rows = try await JournalFile.query(
      dataDir: tmux.dataDir,
      "SELECT kind, coalesce(step_end, ''), boottime_ns - (SELECT min(boottime_ns) FROM events) FROM events ORDER BY id")
    return rows.map {
      let fields = $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      return (fields[0], fields[1], (Int64(fields[2]) ?? -1) / 1_000_000)
    }
  }

  /// Every step ended by time at its planned moving time (the ride started at the first
  /// event and never paused), and the ride paused at the end.
  static func expectExactEnds(_ events: [(kind: String, end: String, ms: Int64)]) {
    #expect(events.map(\.kind) == ["start"] + Array(repeating: "lap", count: 6) + ["pause"], "\(events)")
    #expect(events.dropFirst().prefix(6).map(\.end) == Array(repeating: "time", count: 6))
    #expect(events.dropFirst().map(\.ms) == ends + [12000], "each step ends at its own instant: \(events)")
  }

  @Test("A 12 s workout changes steps on time, on screen and in the journal, and pauses at its end")
  func stepsChangeOnTime() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try Self.writeWorkout(tmux)
    let job = try await tmux.start("splits workout \(file) --plain --no-bell")
    try await tmux.waitFor("the first step before the start") { $0.contains("Warm-up") }
    let clock = ContinuousClock()
    let sent = clock.now
    try tmux.send(keys: "Space")
    // Every screen until the end is checked against the clock: the step it shows must be the
    // step under way at some moment of its capture, give or take the time the key took to
    // arrive and the frame to be drawn (`slack`). Polled, never after a fixed sleep.
    let slack = Duration.milliseconds(400)
    var shown: Set<Int> = []
    let deadline = sent + .seconds(20)
    while clock.now < deadline {
      let before = clock.now
      let screen = try await tmux.captureAsync()
      let after = clock.now
      if screen.contains("Workout complete") { break }
      guard let match = screen.lines.lazy.compactMap({ $0.firstMatch(of: #/ ([1-6])/6 · /#) }).first,
        let step = Int(match.output.1)
      else { continue }
      shown.insert(step)
      let earliest = Self.step(at: before - sent - slack)
      let latest = Self.step(at: after - sent)
      #expect(
        (earliest...latest).contains(step),
        "step \(step) shown between \(before - sent) and \(after - sent) after the key:\n\(screen)")
      #expect(screen.contains(Self.names[step - 1]), "\(screen)")
      try await Task.sleep(for: .milliseconds(30))
    }
    #expect(shown.count >= 4, "steps seen: \(shown.sorted())")
    try await tmux.waitFor("the workout complete", timeout: .seconds(5)) { $0.contains("Workout complete") }
    Self.expectExactEnds(try await Self.events(tmux))
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("kill -9 in the middle, then reopening: the right step, and every end at its own instant")
  func killNineAndReopen() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try Self.writeWorkout(tmux)
    let first = try await tmux.start("splits workout \(file) --plain --no-bell")
    try await tmux.waitFor("the first step") { $0.contains("Warm-up") }
    try tmux.send(keys: "Space")
    _ = try await tmux.poll("step 3 in status", timeout: .seconds(8)) { () -> Bool? in
      try await Self.workoutStatus(tmux)?["step"] as? Int == 3 ? true : nil
    }
    let pid = try await tmux.splitsPID()
    #expect(kill(pid, SIGKILL) == 0)
    #expect(try await tmux.exitStatus(of: first) == 128 + SIGKILL)
    // Nothing restores the terminal after SIGKILL: the shell clears it (Ctrl-L).
    try tmux.send(keys: "C-u", "C-l")
    // While no screen is open the workout goes on: status follows it.
    let step = try await tmux.poll("step 4 or later in status", timeout: .seconds(8)) {
      let step = try await Self.workoutStatus(tmux)?["step"] as? Int ?? 0
      return step >= 4 ? step : nil
    }
    #expect(step >= 4)
    let job = try await tmux.start("splits workout \(file) --plain --no-bell")
    // The reopened screen shows the step status computes.
    _ = try await tmux.poll("the screen and status at the same step", timeout: .seconds(8)) { () -> Bool? in
      guard let now = try await Self.workoutStatus(tmux)?["step"] as? Int, now <= 6 else { return nil }
      let screen = try await tmux.captureAsync()
      return screen.contains("\(now)/6") && screen.contains(Self.names[now - 1]) ? true : nil
    }
    try await tmux.waitFor("the workout complete", timeout: .seconds(10)) { $0.contains("Workout complete") }
    Self.expectExactEnds(try await Self.events(tmux))
    #expect(try await JournalFile.duplicateEvents(dataDir: tmux.dataDir).isEmpty)
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("The TCX export of a finished workout has one lap per step, Resting for rests, and validates")
  func exportHasALapPerStep() async throws {
    let xmllint = try #require(
      ["/usr/bin/xmllint", "/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "xmllint is needed: make test installs it")
    // Garmin's schema, committed with the tests (`Tests/Fixtures/tcx`).
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/tcx/TrainingCenterDatabasev2.xsd").path
    try #require(FileManager.default.fileExists(atPath: schema), "\(schema) is missing")
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try Self.writeWorkout(tmux)
    let job = try await tmux.start("splits workout \(file) --plain --no-bell")
    try await tmux.waitFor("the first step") { $0.contains("Warm-up") }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the workout complete", timeout: .seconds(16)) { $0.contains("Workout complete") }
    try tmux.send(keys: "r")
    _ = try await tmux.poll("the finish in the journal") { () -> Bool? in
      try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM events WHERE kind = 'finish'") == ["1"]
        ? true : nil
    }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let (status, output) = try await tmux.run("splits export --last --format tcx -o $E2E/ride.tcx")
    #expect(status == 0, "\(output)")
    let tcx = try #require(tmux.home.read("ride.tcx"))
    let intensities = tcx.matches(of: #/<Intensity>(\w+)</Intensity>/#).map { String($0.output.1) }
    let triggers = tcx.matches(of: #/<TriggerMethod>(\w+)</TriggerMethod>/#).map { String($0.output.1) }
    let seconds = tcx.matches(of: #/<TotalTimeSeconds>([0-9.]+)</TotalTimeSeconds>/#).map { String($0.output.1) }
    #expect(intensities == ["Active", "Active", "Resting", "Active", "Resting", "Active"])
    #expect(triggers == Array(repeating: "Time", count: 6))
    #expect(seconds == ["3", "2", "2", "2", "2", "1"])
    let valid = try await Spawn.runAsync([xmllint, "--noout", "--schema", schema, tmux.home.file("ride.tcx")])
    #expect(valid.termination == .exited(0), "\(valid)")
  }

  @Test("--cue-cmd runs at each step change with SPLITS_STEP and SPLITS_CUE; a failing one is said once")
  func cueCommand() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try Self.writeWorkout(tmux, "- 1s warmup\n  @0s Go\n- 1s\n- 1s cooldown\n")
    let job = try await tmux.start(
      "splits workout \(file) --plain --no-bell --cue-cmd 'echo \"$SPLITS_STEP $SPLITS_CUE\" >>$E2E/cues'")
    try await tmux.waitFor("the first step") { $0.contains("Warm-up") }
    try tmux.send(keys: "Space")
    // The step's start and its cue at 0 s run at the same moment, so either may write first.
    let expected = ["1 Go", "1 Warm-up", "2 Active", "3 Cool-down", "done Workout complete"]
    let written = try await tmux.poll("every cue written", timeout: .seconds(8)) { () -> [String]? in
      let lines = (tmux.home.read("cues") ?? "").split(separator: "\n").map(String.init)
      return lines.count >= expected.count ? lines : nil
    }
    #expect(written.sorted() == expected)
    #expect(written.map { $0.prefix(1) } == ["1", "1", "2", "3", "d"], "in step order: \(written)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

  }

  @Test("A failing --cue-cmd is said once, and the workout goes on")
  func failingCueCommand() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = try Self.writeWorkout(tmux, "- 2s warmup\n- 2s\n- 1s cooldown\n")
    let job = try await tmux.start("splits workout \(file) --plain --no-bell --cue-cmd 'exit 3'")
    try await tmux.waitFor("the first step") { $0.contains("Warm-up") }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the failure said") { $0.contains("The cue command failed with exit status 3") }
    // A key takes the message away; the later failures (two more steps, the end) are not said.
    try tmux.send(keys: "x")
    let done = try await tmux.waitFor("the workout complete", timeout: .seconds(10)) { $0.contains("Workout complete") }
    #expect(!done.contains("exit status 3"), "\(done)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM events WHERE kind = 'lap'") == ["3"])
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}
