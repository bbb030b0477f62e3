import Foundation
import Testing
import SplitsTestSystem

/// `splits status` of the real binary. Its plain forms are parsed by a small parser before
/// argument-parser (status bars call it every few seconds); anything else goes to
/// argument-parser. Both must print the same, and errors keep argument-parser's messages.
@Suite("splits status, end to end", .timeLimit(.minutes(1)))
struct StatusCommandTests {
  static func status(_ arguments: [String]) async throws -> SpawnResult {
    try await Spawn.runAsync(
      [try SplitsBinary.path, "status"] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"])
  }

  /// The output without what a paused ride still moves (elapsed and paused time).
  static func steady(_ output: String) -> String {
    guard output.hasPrefix("{"),
      var object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    else { return output }
    object["elapsed_ms"] = nil
    object["paused_ms"] = nil
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return output }
    return String(decoding: data, as: UTF8.self)
  }

  static let forms: [[String]] = [
    [],
    ["--json"],
    ["--format", "{icon} {moving} lap {lap}"],
    ["--format={state} {laps}"],
    ["--precision", "cs"],
    ["--precision=ds", "--lang", "ko"],
    ["--lang=en", "--json"],
  ]

  @Test("every plain form prints what argument-parser's path prints, for a paused ride with laps")
  func plainFormsAgree() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let data = tmux.dataDir
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
    try await tmux.press("l", until: "lap 2") { $0.lapNumbers == [2, 1] }
    try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    for form in Self.forms {
      let quick = try await Self.status(form + ["--data-dir", data])
      // A repeated option is left to argument-parser (the last one wins there).
      let parsed = try await Self.status(form + ["--data-dir", "/nonexistent", "--data-dir", data])
      #expect(quick.termination == .exited(0), "\(form): \(quick)")
      #expect(!quick.stdout.isEmpty, "\(form): \(quick)")
      #expect(Self.steady(quick.stdout) == Self.steady(parsed.stdout), "\(form)")
      #expect(quick.stderr == parsed.stderr, "\(form)")
    }
    let line = try await Self.status(["--data-dir=\(data)", "--format", "{state} {laps}"])
    #expect(line.stdout == "paused 2\n", "\(line)")
    let json = try await Self.status(["--json", "--data-dir", data])
    #expect(json.stdout.contains("\"state\": \"paused\""), "\(json)")
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refused: [Refused] = [
    Refused(arguments: ["--precision", "x"], status: 2, message: "precision"),
    Refused(arguments: ["--format", "{nope}"], status: 2, message: "nope"),
    Refused(arguments: ["--json", "--format", "{state}"], status: 2, message: "--json"),
    Refused(arguments: ["--lang"], status: 2, message: "lang"),
    Refused(arguments: ["--colour"], status: 2, message: "colour"),
    Refused(arguments: ["stray"], status: 2, message: "stray"),
  ]

  @Test("bad arguments keep argument-parser's message and exit 2", arguments: refused)
  func badArguments(_ case_: Refused) async throws {
    let data = try TempDirectory("status-bad")
    defer { data.remove() }
    let result = try await Self.status(case_.arguments + ["--data-dir", data.path])
    #expect(result.termination == .exited(case_.status), "\(result)")
    #expect(result.stderr.contains(case_.message), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  @Test("--help is argument-parser's, with the placeholders")
  func help() async throws {
    let result = try await Self.status(["--help"])
    #expect(result.termination == .exited(0), "\(result)")
    #expect(result.stdout.contains("USAGE: splits status"), "\(result)")
    #expect(result.stdout.contains("{moving}"), "\(result)")
  }
}
