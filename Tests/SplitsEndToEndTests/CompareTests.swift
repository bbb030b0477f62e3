import Foundation
import Testing
import SplitsTestSystem

/// Two rides of the same name, the second 1 s slower on lap 2: `show --compare previous
/// --json` gives each lap's delta. The rides are ridden in tmux; their events are then set to
/// chosen instants in the journal, so the figures are exact.
@Suite("Comparison with an earlier ride of the same name, end to end", .timeLimit(.minutes(1)))
struct CompareTests {
  static func ride(_ tmux: TmuxSession) async throws {
    let job = try await tmux.start("splits --plain --split-guard 0 --name Loop")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 1") { $0.lapNumbers.contains(1) }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 2") { $0.lapNumbers.contains(2) }
    #expect(try await tmux.finishRideAndQuit(job) == 0)
  }

  /// Sets the events of ride `ride`, in order, to these boot-clock seconds (and wall times
  /// with them), so that its figures are exact.
  static func retime(_ tmux: TmuxSession, ride: Int, milliseconds instants: [Int64]) async throws {
    let ids = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT id FROM events WHERE ride = \(ride) ORDER BY id")
    #expect(ids.count == instants.count, "\(ids)")
    for (id, ms) in zip(ids, instants) {
      let result = try await Spawn.runAsync([
        "sqlite3", JournalFile.path(dataDir: tmux.dataDir),
        "UPDATE events SET boottime_ns = \(ms * 1_000_000), wall_ms = \(1_795_000_000_000 + ms) WHERE id = \(id)",
      ])
      #expect(result.termination == .exited(0), "\(result)")
    }
  }

  /// The running lap's row split into words: mark, number, lap time, split, then the
  /// difference from the last lap (none on lap 1), the delta and its mark once shown.
  static func runningRow(_ pane: PaneText) -> [Substring]? {
    pane.lines.first { $0.hasPrefix(" ›") }.map { $0.split(whereSeparator: \.isWhitespace) }
  }

  /// `HH:MM:SS.cc` in milliseconds.
  static func milliseconds(_ clock: Substring) -> Int? {
    let parts = clock.split(separator: ":")
    guard parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), let s = Double(parts[2]) else { return nil }
    return (h * 3600 + m * 60) * 1000 + Int((s * 1000).rounded())
  }

  @Test func theThirdRideShowsItsLiveDeltaOnceTheLapReachesTheBestAndCCyclesTheComparison() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    for _ in 0..<2 {
      let job = try await tmux.start("splits --plain --split-guard 0 --name Loop")
      try await tmux.waitFor("READY") { $0.state == "READY" }
      try tmux.send(keys: "Space")
      try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
      #expect(try await tmux.finishRideAndQuit(job) == 0)
    }
    // Ride 1 took 2 s, ride 2 (the personal best) 1.5 s: start, pause, finish.
    try await Self.retime(tmux, ride: 1, milliseconds: [0, 2_000, 2_000])
    try await Self.retime(tmux, ride: 2, milliseconds: [10_000, 11_500, 11_500])

    let job = try await tmux.start("splits --plain --split-guard 0 --name Loop")
    let ready = try await tmux.waitFor("the comparison's footer") { $0.contains("vs PB (ride 2) 00:00:01.50") }
    #expect(ready.contains("sum of best 00:00:01.50"), "\(ready)")
    try tmux.send(keys: "Space")
    // On every screen until it shows and a while after: the delta shows exactly when the lap
    // reads 1.50 s or more (the best's lap and the best segment).
    var seenWithout = false
    var seenWith = 0
    let shown = try await tmux.waitFor("the live delta, then a second of it") { pane in
      guard pane.state == "RUNNING", let row = Self.runningRow(pane), row.count >= 3,
        let lap = Self.milliseconds(row[2])
      else { return false }
      let hasDelta = row.count >= 5
      #expect(hasDelta == (lap >= 1_500), "lap \(lap) ms, row \(row)")
      if hasDelta { seenWith += 1 } else { seenWithout = true }
      return hasDelta && lap >= 2_600
    }
    #expect(seenWithout && seenWith >= 2)
    // 2.6 s or more into the lap against 1.50: behind and losing.
    let row = try #require(Self.runningRow(shown))
    #expect(row[4].hasPrefix("+00:01.") && row[5] == "⇊", "\(shown)")

    // c cycles: best segments, none, previous; each shown in the footer.
    try tmux.send(keys: "c")
    try await tmux.waitFor("best segments") { $0.contains("vs best segments 00:00:01.50") }
    try tmux.send(keys: "c")
    try await tmux.waitFor("no comparison") { $0.contains(" no comparison · sum of best 00:00:01.50") }
    try tmux.send(keys: "c")
    try await tmux.waitFor("previous") { $0.contains("vs previous (ride 2) 00:00:01.50") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT name, kind FROM comparison_choice") == ["Loop|previous"])

    // The choice is remembered: the screen opens on it, and finishing ride 3 makes it the
    // previous.
    let again = try await tmux.start("splits --plain --split-guard 0 --name Loop")
    try await tmux.waitFor("the remembered choice") { $0.contains("vs previous (ride 2)") }
    #expect(try await tmux.finishRideAndQuit(again) == 0)
    let fourth = try await tmux.start("splits --plain --split-guard 0 --name Loop")
    try await tmux.waitFor("ride 3 as the previous") { $0.contains("vs previous (ride 3)") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: fourth) == 0)
  }

  @Test func aRideWithoutANameSaysComparisonsNeedOne() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    #expect(try !tmux.capture().contains("c compare"))
    try tmux.send(keys: "c")
    try await tmux.waitFor("the hint") { $0.contains("Comparisons are between rides of one name: start splits with --name") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test func theSecondRideIsASecondBehindFromLapTwo() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    try await Self.ride(tmux)
    try await Self.ride(tmux)
    // Ride 1: laps of 10 s, 10 s, then 10 s to the pause. Ride 2: 10 s, 11 s, 10 s.
    let seconds: [[Int64]] = [[0, 10, 20, 30, 30], [100, 110, 121, 131, 131]]
    for (index, instants) in seconds.enumerated() {
      let ids = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT id FROM events WHERE ride = \(index + 1) ORDER BY id")
      #expect(ids.count == instants.count, "\(ids)")
      for (id, second) in zip(ids, instants) {
        let result = try await Spawn.runAsync([
          "sqlite3", JournalFile.path(dataDir: tmux.dataDir),
          "UPDATE events SET boottime_ns = \(second * 1_000_000_000), wall_ms = \(1_795_000_000_000 + second * 1000) WHERE id = \(id)",
        ])
        #expect(result.termination == .exited(0), "\(result)")
      }
    }
    let shown = try await tmux.run("splits show 2 --compare previous --json")
    #expect(shown.status == 0, "\(shown)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
    #expect(object["compare"] as? String == "previous")
    #expect(object["compare_ride"] as? Int == 1)
    let laps = try #require(object["laps"] as? [[String: Any]])
    let deltas: [Int] = laps.compactMap { $0["delta_ms"] as? Int }
    #expect(deltas == [0, 1000], "\(shown.output)")
    let compared: [Int] = laps.compactMap { $0["compare_ms"] as? Int }
    #expect(compared == [10_000, 20_000], "\(shown.output)")
    // The stretch from the last lap to the finish is no lap: it is not compared.
    let final = try #require(object["final_stretch"] as? [String: Any])
    #expect(final["delta_ms"] is NSNull, "\(shown.output)")
  }
}
