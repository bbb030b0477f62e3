import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A ride ridden in tmux, cut by `kill -9` while paused, then exported as it is: FIT and TCX
/// read back by Garmin's FIT SDK and two TCX readers, and `show` and the export agreeing to
/// the millisecond.
@Suite("Exports of a real ride, read by outside readers", .timeLimit(.minutes(1)))
struct ExportReadersTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The tests' Python (`make test` creates it: scripts/test-venv.sh).
  static var python: String {
    get throws {
      let path = ProcessInfo.processInfo.environment["SPLITS_TEST_PYTHON"]
        ?? root.appendingPathComponent(".build/test-venv/bin/python").path
      guard FileManager.default.isExecutableFile(atPath: path) else {
        throw HarnessError("no \(path): make test creates it (scripts/test-venv.sh)")
      }
      return path
    }
  }

  static func check(_ tool: String, _ file: String) async throws -> [String: Any] {
    let result = try await Spawn.runAsync(
      [try python, root.appendingPathComponent("Tests/tools/\(tool)").path, file], timeout: .seconds(30))
    guard result.termination == .exited(0),
      let line = result.stdout.split(separator: "\n").last,
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw HarnessError("\(tool) \(file): \(result)") }
    return object
  }

  static func json(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw HarnessError("not a JSON object: \(text)")
    }
    return object
  }

  @Test("kill -9 while paused, then show, JSON, FIT and TCX of the open ride agree")
  func anOpenRideAfterKillNine() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0 --sport running")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("a second of moving time") { ($0.movingTime ?? .zero) >= .seconds(1) }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 1") { $0.lapNumbers.contains(1) }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING again") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap 2") { $0.lapNumbers.contains(2) }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED again") { $0.state == "PAUSED" }
    let pid = try await tmux.splitsPID()
    #expect(kill(pid, SIGKILL) == 0)
    #expect(try await tmux.exitStatus(of: job) == 128 + SIGKILL)
    try tmux.send(keys: "C-u", "C-l")

    // Open and paused: the moving time and the laps are fixed, the elapsed time grows with
    // the pause, so it is read at each call's own now.
    let open = try Self.json(try await tmux.run("splits show 1 --json").output)
    #expect(open["state"] as? String == "paused")
    let openMoving = try #require(open["moving_ms"] as? Int)
    let openFit = try await tmux.run("splits export 1 -o $E2E/open.fit")
    #expect(openFit.status == 0, "\(openFit)")
    let openDecoded = try await Self.check("fit_check.py", tmux.home.file("open.fit"))
    let openSession = try #require((openDecoded["sessions"] as? [[String: Any]])?.first, "\(openDecoded)")
    #expect(openSession["total_timer_time"] as? Int == openMoving, "\(openSession) vs \(openMoving)")

    // Finished on its screen: show and every export agree to the millisecond.
    let again = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("the ride, paused") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the summary") { $0.contains("finished") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: again) == 0)
    let show = try await tmux.run("splits show 1 --json")
    let export = try await tmux.run("splits export 1 --format json")
    #expect(show.status == 0 && export.status == 0, "\(show) \(export)")
    let shown = try Self.json(show.output)
    let rides = try #require(try Self.json(export.output)["rides"] as? [[String: Any]])
    let exported = try #require(rides.first)
    for key in ["state", "moving_ms", "elapsed_ms", "paused_ms", "started_at_ms", "finished_at_ms"] {
      #expect("\(shown[key] ?? "nil")" == "\(exported[key] ?? "nil")", "\(key): show \(show.output) export \(export.output)")
    }
    #expect(exported["state"] as? String == "finished")
    let moving = try #require(exported["moving_ms"] as? Int)
    let elapsed = try #require(exported["elapsed_ms"] as? Int)
    #expect(moving == openMoving)

    // FIT, read by Garmin's SDK (durations in ms, as the file holds them).
    let fit = try await tmux.run("splits export 1 -o $E2E/ride.fit")
    #expect(fit.status == 0, "\(fit)")
    let decoded = try await Self.check("fit_check.py", tmux.home.file("ride.fit"))
    #expect(decoded["is_fit"] as? Bool == true && decoded["integrity"] as? Bool == true, "\(decoded)")
    #expect((decoded["errors"] as? [Any])?.isEmpty == true, "\(decoded)")
    let session = try #require((decoded["sessions"] as? [[String: Any]])?.first, "\(decoded)")
    #expect(session["total_timer_time"] as? Int == moving, "\(session) vs \(moving)")
    #expect(session["total_elapsed_time"] as? Int == elapsed, "\(session) vs \(elapsed)")
    #expect(session["num_laps"] as? Int == 3, "\(session)")
    #expect("\(session["sport"] ?? "")" == "running", "\(session)")

    // TCX, read by tcxreader and python-tcxparser.
    let tcx = try await tmux.run("splits export 1 -o $E2E/ride.tcx")
    #expect(tcx.status == 0, "\(tcx)")
    let read = try await Self.check("tcx_check.py", tmux.home.file("ride.tcx"))
    let text = try #require(tmux.home.read("ride.tcx"))
    #expect(text.contains("<Activity Sport=\"Running\">"))
    #expect(text.components(separatedBy: "<Track>").count - 1 >= 4, "a lap cut by the pause has two tracks")
    let tcxreader = try #require(read["tcxreader"] as? [String: Any], "\(read)")
    #expect(tcxreader["laps"] as? Int == 3, "\(read)")
    #expect((tcxreader["trackpoints"] as? Int ?? 0) > 0, "\(read)")
    let tcxparser = try #require((read["tcxparser"] as? [String: Any])?["activities"] as? [[String: Any]], "\(read)")
    #expect(tcxparser.first?["laps"] as? Int == 3, "\(read)")
    #expect(tcxparser.first?["trackpoints"] as? Int == tcxreader["trackpoints"] as? Int, "\(read)")

    // FIT is binary: never to a terminal.
    let terminal = try await tmux.run("splits export 1 --format fit >/dev/tty")
    #expect(terminal.status == 2, "\(terminal)")
    #expect(terminal.output.contains("FIT is binary"), "\(terminal)")
    // --all with fit: a file per ride in a directory.
    let all = try await tmux.run("splits export --all --format fit -o $E2E/fits")
    #expect(all.status == 0, "\(all)")
    #expect(FileManager.default.fileExists(atPath: tmux.home.file("fits/ride-1.fit")))
  }
}
