import Foundation
import Testing
import SplitsTestSystem

/// Fault drill (issue 6), the long ride seen from outside: the thirty days on a test clock
/// are `LongRideTests` in Tests/SplitsRuntimeTests/RuntimeTests.swift (no drift, every
/// value computed); here the real binary shows a ride that has run for 100 and 1,000 hours.
/// The journal is written as if the ride had started that long ago on an earlier boot (the
/// restore then takes the time since from the wall clock), and the screen is opened on it.
@Suite("Drill: a ride of 100 and 1,000 hours on screen", .serialized, DrillScale.timeLimit(fastMinutes: 2, fullMinutes: 5))
struct DrillLongRideTests {
  static let hours = DrillScale.isFull ? [100, 1000, 10_000] : [100, 1000]

  @Test("The moving time reads 100:00:00.00 and 1000:00:00.00 and the screen stays tidy, big digits and text")
  func hundredsOfHours() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    for hours in Self.hours {
      for plain in [true, false] {
        let data = tmux.home.file("data-\(hours)-\(plain)")
        // A running ride with one lap, in a journal of the current schema.
        let job = try await tmux.start("SPLITS_DATA_DIR=\(data) splits --plain --split-guard 0")
        try await tmux.waitFor("READY") { $0.state == "READY" }
        try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
        try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
        try await tmux.sendAsync(keys: ["q"])
        #expect(try await tmux.exitStatus(of: job) == 0)
        // Moved `hours` into the past, on another boot: start at T, the lap a second later.
        let startMs = Int64(Date().timeIntervalSince1970 * 1000) - Int64(hours) * 3_600_000
        let result = try await Spawn.runAsync([
          "sqlite3", JournalFile.path(dataDir: data),
          """
          UPDATE events SET boot_id = 'an-earlier-boot',
            wall_ms = \(startMs) + (boottime_ns - (SELECT MIN(boottime_ns) FROM events)) / 1000000;
          UPDATE rides SET started_at = \(startMs);
          """,
        ])
        try #require(result.termination == .exited(0), "\(result)")

        let reopened = try await tmux.start("SPLITS_DATA_DIR=\(data) splits\(plain ? " --plain" : "")")
        // The whole frame: a capture can land while tmux is still taking in a large first
        // frame, so the key line at the bottom is waited for too (never seen: a timeout).
        let screen = try await tmux.waitFor("the ride at \(hours) h, its key line at the bottom") {
          $0.state == "RUNNING" && $0.contains("Elapsed \(hours):") && $0.lastNonEmptyLine?.contains("q quit") == true
        }
        let elapsed = try #require(screen.lines.first { $0.contains("Elapsed") })
        #expect(elapsed.hasPrefix(" Elapsed \(hours):00:0"), "\(hours) h: \(elapsed)")
        if plain {
          let moving = try #require(screen.movingClock, "\(screen)")
          #expect(moving.hours == hours && moving.minutes == 0 && moving.fraction.count == 2, "\(hours) h:\n\(screen)")
        } else {
          #expect(screen.contains("█"), "big digits at \(hours) h on 80 columns:\n\(screen)")
        }
        // Tidy: the title's state at the right edge, the key line at the bottom, lap 1 there.
        #expect(screen.lines.first?.hasSuffix("RUNNING") == true, "\(screen)")
        #expect(screen.lastNonEmptyLine?.contains("q quit") == true, "\(screen)")
        #expect(screen.lapNumbers == [1], "\(screen)")
        DrillReport.figure("long-ride", "\(hours) h, \(plain ? "text" : "big digits") at 80×24:\n\(screen.nonEmptyLines.joined(separator: "\n"))")
        try await tmux.sendAsync(keys: ["q"])
        #expect(try await tmux.exitStatus(of: reopened) == 0)
      }
    }
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}
