import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drill (issue 6): two processes on the same data. The open screen writes a lap every
/// 20 ms while `splits status --json` reads in a loop, 1,000 calls (full; 100 in the suite).
/// No call may fail or print a lock error, the screen never shows a journal banner, the
/// laps only grow, and at the end the file is sound (`PRAGMA integrity_check`) and holds
/// every lap the screen shows, once.
@Suite("Drill: the screen writing while status reads", .serialized, DrillScale.timeLimit(fastMinutes: 2, fullMinutes: 10))
struct DrillConcurrentStatusTests {
  /// Set once the reader is done, so the writer stops.
  actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
  }

  struct Reading: Sendable {
    var calls = 0
    var failures: [String] = []
    var durations: [Duration] = []
    var lapCounts: [Int] = []
    var backwards: [String] = []
  }

  /// The side panel's `Laps N`.
  static func lapCount(_ screen: PaneText) -> Int? {
    let words = screen.words
    guard let index = words.firstIndex(of: "Laps"), index + 1 < words.count else { return nil }
    return Int(words[index + 1])
  }

  @Test("1,000 status calls while the screen writes laps: no lock error, no corruption")
  func statusWhileWriting() async throws {
    let calls = DrillScale.count(fast: 100, full: 1000)
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }

    let done = Flag()
    let reader = Task { () -> Reading in
      var reading = Reading()
      var last: StatusSnapshot?
      for _ in 0..<calls {
        reading.calls += 1
        do {
          let status = try await StatusSnapshot.read(dataDir: data)
          reading.durations.append(status.window.width)
          reading.lapCounts.append(status.laps.count)
          if status.state != "running" { reading.failures.append("state \(status.state): \(status)") }
          if let last, status.laps.count < last.laps.count || status.moving < last.moving {
            reading.backwards.append("\(last) then \(status)")
          }
          last = status
        } catch {
          reading.failures.append("\(error)")
        }
      }
      await done.set()
      return reading
    }

    // The writer: a lap every 20 ms, and a look at the screen now and then.
    let clock = ContinuousClock()
    var laps = 0
    var banners: [String] = []
    var next = clock.now
    while !(await done.isSet) {
      next += .milliseconds(20)
      try await tmux.sendAsync(keys: ["l"])
      laps += 1
      if laps % 25 == 0 {
        let screen = try await tmux.captureAsync()
        if screen.contains("journal") || screen.contains("locked") || screen.contains("busy") {
          banners.append(screen.description)
        }
      }
      try await Task.sleep(until: next, clock: clock)
    }
    let reading = await reader.value

    // Every lap sent is shown, then written: the screen and the journal agree.
    let screen = try await tmux.waitFor("all \(laps) laps on screen") { Self.lapCount($0) == laps }
    #expect(screen.state == "RUNNING")
    // The newest lap's row carries its number in full (past 999 at the full count).
    #expect(screen.lapNumbers.first == laps, "the newest lap row for lap \(laps):\n\(screen)")
    let final = try await StatusSnapshot.read(dataDir: data)
    #expect(final.laps.map(\.number) == Array(1...laps), "\(laps) laps sent: \(final.laps.count) in the journal")
    try await tmux.sendAsync(keys: ["q"])
    #expect(try await tmux.exitStatus(of: job) == 0)

    #expect(reading.failures.isEmpty, "\(reading.failures.count) of \(reading.calls) status calls failed: \(reading.failures.prefix(5))")
    #expect(reading.backwards.isEmpty, "status went backwards: \(reading.backwards.prefix(3))")
    #expect(banners.isEmpty, "the screen showed a journal problem:\n\(banners.prefix(2).joined(separator: "\n"))")
    #expect(try await JournalFile.integrity(dataDir: data) == ["ok"])
    #expect(try await JournalFile.duplicateEvents(dataDir: data) == [])
    DrillReport.figure(
      "status-while-writing",
      "\(reading.calls) status calls, \(reading.failures.count) failed; \(laps) laps written meanwhile; status call \(DrillReport.spread(reading.durations)); integrity ok")
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}
