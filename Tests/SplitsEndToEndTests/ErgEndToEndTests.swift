import Foundation
import SplitsTestSystem
import Testing

/// `splits workout --erg`, the real binary in tmux against the fake BlueZ's trainer: what is
/// written to its control point, in order, as the ride starts, pauses, resumes, ramps, ends
/// and quits; and a trainer that refuses control.
@Suite("ERG, end to end", .serialized, .timeLimit(.minutes(2)))
struct ErgEndToEndTests {
  /// 5 s at 100 % of 200 W, then a 4 s ramp from 50 % to 100 %.
  static let workout = "ftp 200\n- 5s 100%\n- 4s ramp 50-100%\n"

  /// The control point's writes so far, each as hex (`05c800`: a target of 200 W).
  static func writes(_ fake: FakeBlueZ) throws -> [String] {
    let json = try fake.calls(FakeBlueZ.trainer, "control", "WriteValue")
    guard let calls = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] else {
      throw HarnessError("not a list of calls: \(json)")
    }
    return try calls.map { call in
      guard let bytes = call.first as? [Int] else { throw HarnessError("a call without bytes: \(json)") }
      return bytes.map { String(format: "%02x", $0) }.joined()
    }
  }

  /// Polls the writes until `done` holds for them; they are returned then.
  static func waitForWrites(
    _ tmux: TmuxSession, _ fake: FakeBlueZ, _ what: String, timeout: Duration = .seconds(10),
    _ done: @escaping ([String]) -> Bool
  ) async throws -> [String] {
    var last: [String] = []
    do {
      return try await tmux.poll(what, timeout: timeout, every: .milliseconds(100)) {
        last = try writes(fake)
        return done(last) ? last : nil
      }
    } catch {
      throw HarnessError("\(error); the trainer was written \(last)")
    }
  }

  /// The workout's time ridden, in whole seconds, from its `MM:SS / MM:SS left` line.
  static func ridden(_ screen: PaneText) -> Int? {
    guard let line = screen.lines.first(where: { $0.contains(" / ") && $0.hasSuffix("left") }),
      let first = line.split(separator: " ").first
    else { return nil }
    let parts = first.split(separator: ":").compactMap { Int($0) }
    return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
  }

  /// A shell pane on the fake's bus with the trainer remembered and the workout written; the
  /// workout opened with `--erg`.
  static func open(_ fake: FakeBlueZ) async throws -> (TmuxSession, TmuxSession.Job) {
    let tmux = try await TmuxSession.shell(.init(environment: fake.environment))
    do {
      let added = try await tmux.run("splits sensors add \(FakeBlueZ.trainer) --name Trainer")
      guard added.status == 0 else { throw HarnessError("splits sensors add: \(added)") }
      let file = tmux.home.file("erg.txt")
      try #require(writeFile(workout, to: file))
      let job = try await tmux.start("splits workout \(file) --erg --plain --no-bell")
      return (tmux, job)
    } catch {
      tmux.close()
      throw error
    }
  }

  @Test("The trainer is asked for control, started, held at 200 W, paused, resumed, ramped each second and stopped")
  func theTrainerIsHeldToThePlanInOrder() async throws {
    let fake = try FakeBlueZ()
    defer { fake.stop() }
    let (tmux, job) = try await Self.open(fake)
    defer { tmux.close() }

    // Connected on the READY screen: control asked for, the trainer left free until the clock runs.
    _ = try await Self.waitForWrites(tmux, fake, "a request for control") { $0 == ["00"] }
    try await tmux.waitFor("the first step before the start") { $0.contains("READY") }
    try tmux.send(keys: "Space")
    _ = try await Self.waitForWrites(tmux, fake, "start, then 200 W") { $0 == ["00", "07", "05c800"] }

    try tmux.send(keys: "Space")
    _ = try await Self.waitForWrites(tmux, fake, "a pause") { $0.last == "0802" }
    try await tmux.waitFor("the ride paused") { $0.contains("PAUSED") }
    try tmux.send(keys: "Space")

    // Resumed, the 5 s step's 200 W again, then the ramp's 100, 125, 150 and 175 W, one a
    // second, and the workout's end lets the trainer go.
    try await tmux.waitFor("the workout's end", timeout: .seconds(30)) { $0.contains("Workout complete") }
    let ridden = try await Self.waitForWrites(tmux, fake, "the end's pause") { $0.count == 11 }
    #expect(
      ridden == ["00", "07", "05c800", "0802", "07", "05c800", "056400", "057d00", "059600", "05af00", "0802"])

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let all = try await Self.waitForWrites(tmux, fake, "a stop") { $0.count == 12 }
    #expect(all.last == "0801", "quitting stops the trainer: \(all)")
  }

  @Test("A trainer that refuses control: ERG off said once, nothing written but the request, the ride goes on")
  func aTrainerThatRefusesControlIsLeftAlone() async throws {
    let fake = try FakeBlueZ(["--refuse-control"])
    defer { fake.stop() }
    let (tmux, job) = try await Self.open(fake)
    defer { tmux.close() }

    let banner = "ERG off: the trainer refused control"
    let refused = try await tmux.waitFor("the refusal on the banner line") { $0.contains(banner) }
    #expect(refused.lines.filter { $0.contains(banner) }.count == 1, "\(refused)")

    try tmux.send(keys: "Space")
    // The key takes the banner away; the clock runs, and the trainer is never started nor
    // given a target.
    let riding = try await tmux.waitFor("the ride running past 2 s", timeout: .seconds(15)) {
      $0.state == "RUNNING" && (Self.ridden($0) ?? 0) >= 2
    }
    #expect(!riding.contains(banner), "said once, until the next key: \(riding)")
    #expect(try Self.writes(fake) == ["00"])

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try Self.writes(fake) == ["00"], "no stop to a trainer that was never held")
  }
}
