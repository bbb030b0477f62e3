import Foundation
import SplitsTestRandom
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// What the fault drills (`Drill*Tests.swift`, issue 6) share: their counts, a seeded random
/// source, figures for docs/reliability.md, the test's own stopwatch, and readers for the
/// journal as `splits status --json` and `sqlite3` see it.
///
/// Counts are small by default so `make test` stays quick; `SPLITS_DRILL_SCALE=full` (what
/// `make drills` sets) runs the full counts of issue 6.
enum DrillScale {
  static var isFull: Bool { ProcessInfo.processInfo.environment["SPLITS_DRILL_SCALE"] == "full" }

  /// `fast` in the test suite, `full` under `SPLITS_DRILL_SCALE=full`.
  static func count(fast: Int, full: Int) -> Int { isFull ? full : fast }

  /// A suite's time limit at either scale.
  static func timeLimit(fastMinutes: Int, fullMinutes: Int) -> TimeLimitTrait {
    .timeLimit(.minutes(isFull ? fullMinutes : fastMinutes))
  }
}

/// SplitMix64 from a seed of its own, so that a drill that failed can be run again with the
/// same choices (`SPLITS_DRILL_SEED=<seed>`; every drill prints its seed).
struct DrillRandom: RandomNumberGenerator, CustomStringConvertible {
  let seed: UInt64
  private var generator: SplitMix64

  init(seed: UInt64? = nil) {
    let chosen =
      seed ?? ProcessInfo.processInfo.environment["SPLITS_DRILL_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 1...UInt64(UInt32.max))
    self.seed = chosen
    generator = SplitMix64(state: chosen)
  }

  mutating func next() -> UInt64 { generator.next() }

  var description: String { "SPLITS_DRILL_SEED=\(seed)" }
}

/// Figures a drill measured, for docs/reliability.md: printed as `drill-figure: …` lines and,
/// when `SPLITS_DRILL_REPORT` names a file (`make drills` does), appended to it.
enum DrillReport {
  static func figure(_ drill: String, _ text: String) {
    let line = "drill-figure: [\(DrillScale.isFull ? "full" : "fast")] \(drill): \(text)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
    guard let path = ProcessInfo.processInfo.environment["SPLITS_DRILL_REPORT"], !path.isEmpty else { return }
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    defer { close(fd) }
    _ = line.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
  }

  /// `p50 … p99 … max …` of durations, in milliseconds.
  static func spread(_ values: [Duration]) -> String {
    guard !values.isEmpty else { return "n=0" }
    let sorted = values.sorted()
    func at(_ q: Double) -> Duration { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))] }
    return "n=\(sorted.count) p50=\(ms(at(0.5))) p99=\(ms(at(0.99))) max=\(ms(sorted[sorted.count - 1]))"
  }

  static func ms(_ d: Duration) -> String {
    String(format: "%.1fms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
  }
}

/// When something happened, as far as the test can tell: no earlier than `earliest` (just
/// before the test caused it) and no later than `latest` (once the test saw its effect).
struct TimeWindow: Sendable, CustomStringConvertible {
  var earliest: ContinuousClock.Instant
  var latest: ContinuousClock.Instant

  var width: Duration { latest - earliest }
  var description: String { "window of \(DrillReport.ms(width))" }
}

/// The test's own account of a ride's moving time: bounds that only widen by how long the
/// test could not tell when a key took effect, and are pinned again by every paused screen
/// (which shows the moving time exactly, truncated to its unit).
struct MovingBook: Sendable {
  /// The moving time banked before the running stretch now open (or in total when paused).
  var banked: ClosedRange<Duration> = .zero ... .zero
  /// When the open running stretch began, nil while not running.
  var runningSince: TimeWindow?

  mutating func started(_ window: TimeWindow) { runningSince = window }

  mutating func paused(_ window: TimeWindow) {
    guard let since = runningSince else { return }
    let low = banked.lowerBound + max(.zero, window.earliest - since.latest)
    banked = low ... max(low, banked.upperBound + (window.latest - since.earliest))
    runningSince = nil
  }

  /// A paused screen showed `shown` at precision `unit`: the true time is in [shown, shown + unit).
  mutating func pin(shown: Duration, unit: Duration) {
    banked = shown ... shown + unit
    runningSince = nil
  }

  mutating func reset() {
    banked = .zero ... .zero
    runningSince = nil
  }

  /// The moving time at some instant inside `at`.
  func bounds(at: TimeWindow) -> ClosedRange<Duration> {
    guard let since = runningSince else { return banked }
    let low = banked.lowerBound + max(.zero, at.earliest - since.latest)
    return low ... max(low, banked.upperBound + (at.latest - since.earliest))
  }
}

/// `splits status --json`, parsed.
struct StatusSnapshot: Sendable, CustomStringConvertible {
  struct Lap: Sendable, Equatable {
    var number: Int
    var lapMilliseconds: Int
    var splitMilliseconds: Int
  }

  var state: String
  var ride: Int?
  var movingMilliseconds: Int
  var elapsedMilliseconds: Int
  var pausedMilliseconds: Int
  var laps: [Lap]
  var raw: String
  /// When the command ran (its times are computed at an instant inside).
  var window: TimeWindow

  var moving: Duration { .milliseconds(movingMilliseconds) }
  var description: String { raw.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Runs `splits status --json` on `dataDir` (with `extraEnvironment`, and `prefix` before
  /// the command, e.g. a faketime wrapper) and parses it; throws with the output when it
  /// does not exit 0 with the JSON of product.md.
  static func read(
    dataDir: String, prefix: [String] = [], extraEnvironment: [String: String] = [:]
  ) async throws -> StatusSnapshot {
    var environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": dataDir, "TZ": "UTC", "LANG": "C.UTF-8"]
    environment["SPLITS_DATA_DIR"] = dataDir
    environment.merge(extraEnvironment) { $1 }
    let clock = ContinuousClock()
    let before = clock.now
    let result = try await Spawn.runAsync(prefix + [try SplitsBinary.path, "status", "--json"], environment: environment)
    let after = clock.now
    guard result.termination == .exited(0), result.stderr.isEmpty else {
      throw HarnessError("splits status --json: \(result)")
    }
    return try parse(result.stdout, window: TimeWindow(earliest: before, latest: after))
  }

  static func parse(_ text: String, window: TimeWindow) throws -> StatusSnapshot {
    guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let state = object["state"] as? String, let moving = object["moving_ms"] as? Int,
      let elapsed = object["elapsed_ms"] as? Int, let paused = object["paused_ms"] as? Int,
      let laps = object["laps"] as? [[String: Any]]
    else { throw HarnessError("not the status JSON of product.md: \(text.debugDescription)") }
    let parsed = try laps.map { lap -> Lap in
      guard let number = lap["number"] as? Int, let lapMs = lap["lap_ms"] as? Int, let split = lap["split_ms"] as? Int
      else { throw HarnessError("a lap without number, lap_ms, split_ms: \(text.debugDescription)") }
      return Lap(number: number, lapMilliseconds: lapMs, splitMilliseconds: split)
    }
    return StatusSnapshot(
      state: state, ride: object["ride"] as? Int, movingMilliseconds: moving, elapsedMilliseconds: elapsed,
      pausedMilliseconds: paused, laps: parsed, raw: text, window: window)
  }
}

/// The journal file read with the `sqlite3` command-line shell (a second, independent reader).
enum JournalFile {
  static func path(dataDir: String) -> String { dataDir + "/splits.sqlite" }

  /// Runs `sql` read-only on the journal in `dataDir` and returns the rows, `|`-separated.
  static func query(dataDir: String, _ sql: String) async throws -> [String] {
    let result = try await Spawn.runAsync(["sqlite3", "-readonly", path(dataDir: dataDir), sql])
    guard result.termination == .exited(0) else { throw HarnessError("sqlite3 \(sql): \(result)") }
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
  static func integrity(dataDir: String) async throws -> [String] {
    try await query(dataDir: dataDir, "PRAGMA integrity_check")
  }

  /// Event rows that appear more than once (same ride, kind and boot-clock reading).
  static func duplicateEvents(dataDir: String) async throws -> [String] {
    try await query(
      dataDir: dataDir,
      "SELECT ride, kind, boottime_ns, COUNT(*) FROM events GROUP BY ride, kind, boottime_ns HAVING COUNT(*) > 1")
  }
}

extension TmuxSession {
  /// The splits process anywhere under the pane's shell (a child of `sh -c`, `faketime`, …).
  func splitsDescendantPID(timeout: Duration = .seconds(10)) async throws -> pid_t {
    let shell = try panePID()
    return try await poll("a splits process under the pane's shell", timeout: timeout) {
      ProcessTable.descendants(of: shell).filter { ProcessTable.entry($0)?.name == "splits" }.max()
    }
  }

  /// Sends keys by tmux name without holding a thread (`send-keys` with many keys at once).
  func sendAsync(keys: [String]) async throws {
    try await tmuxAsync(["send-keys", "-t", Self.target] + keys)
  }

  /// Sends raw bytes (`send-keys -H`), for bytes no key name or literal string gives.
  func sendBytes(_ bytes: [UInt8]) async throws {
    try await tmuxAsync(["send-keys", "-t", Self.target, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// Types `text` literally without holding a thread.
  func typeAsync(_ text: String) async throws {
    try await tmuxAsync(["send-keys", "-t", Self.target, "-l", text])
  }

  /// Sends `key` and waits for the screen to show its effect; returns the window in which
  /// the key took effect and the screen that showed it.
  @discardableResult
  func press(
    _ key: String, until what: String, timeout: Duration = .seconds(10), _ predicate: (PaneText) throws -> Bool
  ) async throws -> (window: TimeWindow, screen: PaneText) {
    let clock = ContinuousClock()
    let before = clock.now
    try await sendAsync(keys: [key])
    let screen = try await waitFor(what, timeout: timeout, predicate)
    return (TimeWindow(earliest: before, latest: clock.now), screen)
  }
}

/// Whether Debian's `faketime` (libfaketime) is installed.
enum Faketime {
  static var available: Bool {
    (try? Spawn.run(["sh", "-c", "command -v faketime"]).termination) == .exited(0)
  }

  /// A command prefix that runs what follows with a wall clock read from the file `offsetFile`
  /// (a libfaketime offset such as `+0`, `+1h`, `-3600`), re-read at every clock reading,
  /// and the real monotonic clocks. Through the `faketime` wrapper: with a bare
  /// `LD_PRELOAD` of libfaketime, a Swift program's `CommandLine.arguments` came out empty.
  static func steppedWallClock(offsetFile: String) -> String {
    "faketime -f +0 env -u FAKETIME FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME_TIMESTAMP_FILE=\(offsetFile) FAKETIME_NO_CACHE=1"
  }
}

/// Watching a process from `/proc` at a finer grain than screen polls.
enum DrillProcess {
  /// Waits until `pid` is stopped (`stopped: true`) or not; false at the deadline. Throws
  /// when the process is gone or a zombie: it crashed or exited.
  static func wait(_ pid: pid_t, stopped: Bool, timeout: Duration = .seconds(5)) async throws -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      guard let entry = ProcessTable.entry(pid), entry.state != "Z", entry.state != "X" else {
        throw HarnessError("splits (pid \(pid)) is gone")
      }
      if (entry.state == "T" || entry.state == "t") == stopped { return true }
      if clock.now >= deadline { return false }
      try await Task.sleep(for: .microseconds(500))
    }
  }

  /// Whether `pid` is alive (not gone, not a zombie).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let entry = ProcessTable.entry(pid) else { return false }
    return entry.state != "Z" && entry.state != "X"
  }
}

/// Expects a moving time shown truncated to its unit (`shown`) to agree with `bounds`, the
/// true moving time as the test's own clock has it: shown ≤ true < shown + unit.
func expectMovingTime(
  _ shown: ClockText, within bounds: ClosedRange<Duration>, _ context: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    shown.duration <= bounds.upperBound && shown.duration + shown.unit > bounds.lowerBound,
    "shown \(shown), the test's clock says \(DrillReport.ms(bounds.lowerBound))…\(DrillReport.ms(bounds.upperBound)): \(context())",
    sourceLocation: sourceLocation)
}

extension PaneText {
  /// The split (time since the start) of lap `number` in the lap table, nil when its row is
  /// not on screen.
  func lapSplit(_ number: Int) -> ClockText? {
    for line in lines {
      var words = line.split(whereSeparator: \.isWhitespace)[...]
      if words.first == "▲" || words.first == "▼" { words = words.dropFirst() }
      guard words.first.flatMap({ Int($0) }) == number else { continue }
      let clocks = ClockText.all(in: line)
      if clocks.count >= 2 { return clocks[1] }
    }
    return nil
  }
}
