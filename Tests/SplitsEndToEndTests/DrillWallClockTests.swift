import Foundation
import SplitsTestSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drill (issue 6): the wall clock stepped by hours in the middle of a ride, with
/// libfaketime (`FAKETIME_DONT_FAKE_MONOTONIC=1`: only the wall clock moves) reading its
/// offset from a file the test rewrites. The moving time must go on without a jump, on the
/// screen, after a restart and in `splits status --json`; a countdown to a date must move
/// by the hour and a countdown of a duration must not.
///
/// What faketime can and cannot show: under it a backward step froze `Task.sleep` (any
/// Swift program's, not only splits'; platform-notes.md), so the ticker may stop drawing
/// after a step back. The drill reads the time where splits computes it afresh: at a key (a
/// lap row's split, a pause), at a resize, at a restart and in `status`.
@Suite(
  "Drill: the wall clock stepped mid-ride", .serialized, DrillScale.timeLimit(fastMinutes: 2, fullMinutes: 6),
  .enabled(if: Faketime.available, "faketime (libfaketime) is not installed: apt-get install faketime"))
struct DrillWallClockTests {
  /// The wall-clock offsets stepped to in turn, from the real time.
  static let steps: [String] =
    DrillScale.isFull ? ["+1h", "-1h", "+1h", "-1h", "+3h", "-3h", "+24h", "+0"] : ["+1h", "-1h", "+0"]

  /// `+1h`, `-3h`, `+0` in seconds.
  static func seconds(_ offset: String) -> Int64 {
    let hours = offset.hasSuffix("h")
    let number = Int64(offset.dropFirst().dropLast(hours ? 1 : 0)) ?? 0
    return (offset.hasPrefix("-") ? -number : number) * (hours ? 3600 : 1)
  }

  @Test("±1 h steps while riding: laps, pause, status and a restart keep the moving time, no jump")
  func rideUnderSteppedWallClock() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let offsetFile = tmux.home.file("wall-offset")
    func step(_ offset: String) throws { try #require(writeFile((offset + "\n"), to: offsetFile)) }
    try step("+0")
    let prefix = Faketime.steppedWallClock(offsetFile: offsetFile)

    var job = try await tmux.start("\(prefix) splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    var book = MovingBook()
    let start = try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    book.started(start.window)

    var errors: [Duration] = []
    var realWallAtLaps: [Int64] = []
    for (i, offset) in Self.steps.enumerated() {
      try step(offset)
      // Let the stepped clock be read by a tick or two, then a lap: its split is computed at
      // the key, from the monotonic clock.
      try await Task.sleep(for: .milliseconds(200))
      let lap = try await tmux.press("l", until: "lap \(i + 1) after the step to \(offset)") {
        $0.lapNumbers.first == i + 1
      }
      realWallAtLaps.append(Int64(Date().timeIntervalSince1970 * 1000))
      let split = try #require(lap.screen.lapSplit(i + 1), "\(lap.screen)")
      let bounds = book.bounds(at: lap.window)
      expectMovingTime(split, within: bounds, "lap \(i + 1)'s split after the wall clock went to \(offset)\n\(lap.screen)")
      // How far the true split ([shown, shown + unit)) is from the bounds: 0 when they meet.
      errors.append(max(.zero, bounds.lowerBound - (split.duration + split.unit), split.duration - bounds.upperBound))
    }

    let pause = try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" && $0.movingClock != nil }
    book.paused(pause.window)
    let paused = try #require(pause.screen.movingClock)
    expectMovingTime(paused, within: book.bounds(at: pause.window), "paused after the steps\n\(pause.screen)")
    book.pin(shown: paused.duration, unit: paused.unit)

    // status under the real clock and under either step: the same paused time, to the ms.
    let fakeStatus = { (offset: String) in ["faketime", "-f", offset] }
    for prefix in [[], fakeStatus("+1h"), fakeStatus("-1h")] {
      let status = try await StatusSnapshot.read(
        dataDir: tmux.dataDir, prefix: prefix, extraEnvironment: ["FAKETIME_DONT_FAKE_MONOTONIC": "1"])
      #expect(status.state == "paused", "\(prefix): \(status)")
      #expect(status.laps.count == Self.steps.count, "\(prefix): \(status)")
      #expect(
        status.moving >= paused.duration && status.moving < paused.duration + paused.unit,
        "\(prefix.joined(separator: " ")): moving_ms \(status.movingMilliseconds), the screen showed \(paused)")
    }

    // Running again, then q: the ride runs on without the screen; status under each clock.
    let resume = try await tmux.press("Space", until: "RUNNING again") { $0.state == "RUNNING" }
    book.started(resume.window)
    try await tmux.sendAsync(keys: ["q"])
    #expect(try await tmux.exitStatus(of: job) == 0)
    for prefix in [fakeStatus("-1h"), [], fakeStatus("+1h")] {
      let status = try await StatusSnapshot.read(
        dataDir: tmux.dataDir, prefix: prefix, extraEnvironment: ["FAKETIME_DONT_FAKE_MONOTONIC": "1"])
      #expect(status.state == "running", "\(prefix): \(status)")
      let bounds = book.bounds(at: status.window)
      // status reports whole milliseconds, truncated.
      #expect(
        status.moving <= bounds.upperBound && status.moving + .milliseconds(1) > bounds.lowerBound,
        "\(prefix.joined(separator: " ")): moving_ms \(status.movingMilliseconds), the test's clock says \(DrillReport.ms(bounds.lowerBound))…\(DrillReport.ms(bounds.upperBound))")
    }

    // The steps did reach splits: each lap's wall-clock time in the journal is off by its step.
    let walls = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT wall_ms FROM events WHERE kind = 'lap' ORDER BY id")
      .compactMap { Int64($0) }
    #expect(walls.count == Self.steps.count)
    for (i, (wall, real)) in zip(walls, realWallAtLaps).enumerated() {
      let offset = Self.seconds(Self.steps[i]) * 1000
      #expect(abs(wall - real - offset) < 5000, "lap \(i + 1): journal wall_ms \(wall), real \(real), step \(Self.steps[i])")
    }

    // Reopened with the wall clock an hour back: restored running, the time counted on.
    try step("-1h")
    job = try await tmux.start("\(prefix) splits --plain --split-guard 0")
    try await tmux.waitFor("the ride restored, RUNNING") { $0.state == "RUNNING" && $0.lapNumbers.count == Self.steps.count }
    let last = try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" && $0.movingClock != nil }
    book.paused(last.window)
    let final = try #require(last.screen.movingClock)
    expectMovingTime(final, within: book.bounds(at: last.window), "restored under a wall clock 1 h back, then paused\n\(last.screen)")
    #expect(!last.screen.contains("backwards"), "no note about the clock on the same boot:\n\(last.screen)")
    try await tmux.sendAsync(keys: ["q"])
    #expect(try await tmux.exitStatus(of: job) == 0)
    DrillReport.figure(
      "wall-clock-ride",
      "steps \(Self.steps.joined(separator: " ")); laps' splits outside the test's bounds by at most \(DrillReport.ms(errors.max() ?? .zero)); status under ±1 h equal to the screen; restart under -1 h right")
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test("A countdown to a date moves by the hour when the wall clock steps; a duration does not")
  func countdownsUnderSteppedWallClock() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let offsetFile = tmux.home.file("wall-offset")
    func step(_ offset: String) throws { try #require(writeFile((offset + "\n"), to: offsetFile)) }
    let prefix = Faketime.steppedWallClock(offsetFile: offsetFile)
    let clock = ContinuousClock()

    /// Stops and continues splits (SIGTSTP, SIGCONT: the screen is left, then redrawn in
    /// full with the remaining time recomputed) and reads the remaining time from the first
    /// frame after it: a frame certainly drawn after the step.
    func remainingAfterRedraw(_ pid: pid_t, _ what: String) async throws -> (Duration, ContinuousClock.Instant) {
      #expect(kill(pid, SIGTSTP) == 0)
      try #require(try await DrillProcess.wait(pid, stopped: true), "splits stops on SIGTSTP")
      try await tmux.waitFor("the normal screen while stopped") { !$0.contains("Ends in") }
      #expect(kill(pid, SIGCONT) == 0)
      let screen = try await tmux.waitFor(what) { $0.contains("Ends in") && !$0.clocks.isEmpty }
      return (try #require(screen.clocks.first).duration, clock.now)
    }

    for target in ["date", "duration"] {
      try step("+0")
      let command: String
      if target == "date" {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        command = "\(prefix) splits countdown \(formatter.string(from: Date().addingTimeInterval(2 * 3600))) --plain"
      } else {
        command = "\(prefix) splits countdown 2h --plain"
      }
      let job = try await tmux.start(command)
      try await tmux.waitFor("\(target): the countdown") { $0.contains("Ends in") }
      let pid = try await tmux.splitsDescendantPID()
      let (first, firstSeen) = try await remainingAfterRedraw(pid, "\(target): the countdown")
      #expect(first <= .seconds(7200) && first > .seconds(7190), "\(target): \(first)")

      var moved: [String] = []
      for (offset, hours) in [("+1h", 1), ("-1h", -1), ("+0", 0)] {
        try step(offset)
        let (remaining, seen) = try await remainingAfterRedraw(pid, "\(target): a redraw after the step to \(offset)")
        // Whole seconds, rounded up: what went by, give or take the second it shows.
        let gone = seen - firstSeen
        let expected = first - gone - .seconds(target == "date" ? 3600 * hours : 0)
        #expect(
          remaining <= expected + .seconds(2) && remaining >= expected - .seconds(2),
          "\(target), wall clock \(offset): shows \(remaining), expected about \(expected)")
        moved.append("\(offset): \(DrillReport.ms(first - remaining - gone))")
      }
      DrillReport.figure("wall-clock-countdown", "\(target) target: moved by \(moved.joined(separator: ", "))")
      try await tmux.sendAsync(keys: ["q"])
      _ = try await tmux.exitStatus(of: job)
    }
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}
