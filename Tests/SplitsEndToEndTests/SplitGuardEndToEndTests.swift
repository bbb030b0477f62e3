import Foundation
import Testing
import SplitsTestSystem

/// A double press records one lap: on the open screen, `l` twice in a row, or `splits lap`
/// twice from another shell, gives one lap, the hint on screen, and the second command's
/// refusal (exit 1). The guard is set to 5 s here so that no machine is slow enough to let
/// the second through.
@Suite("The split guard, end to end", .timeLimit(.minutes(1)))
struct SplitGuardEndToEndTests {
  @Test func aDoublePressedLKeyRecordsOneLapAndTheScreenSaysWhy() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 5000")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING for 5 s") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) >= .seconds(5) }
    try tmux.send(keys: "l", "l")
    try await tmux.waitFor("one lap and the hint") {
      $0.lapNumbers == [1] && $0.contains("No lap: within 5000 ms of the one before (a double press?)")
    }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await RemoteControlTests.laps(tmux) == 1)
  }

  @Test func aSecondSplitsLapTooSoonIsRefusedWithExitOne() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 5000")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING for 5 s") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) >= .seconds(5) }
    let first = try await RemoteControlTests.splits(tmux, "lap")
    #expect(first.termination == .exited(0) && first.stdout.hasPrefix("lap 1  "), "\(first)")
    let second = try await RemoteControlTests.splits(tmux, "lap")
    #expect(second.termination == .exited(1) && second.stdout.isEmpty, "\(second)")
    #expect(second.stderr.contains("no lap: it came within the split guard"), "\(second)")
    try await tmux.waitFor("the hint on screen") { $0.contains("No lap: within 5000 ms") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await RemoteControlTests.laps(tmux) == 1)
  }
}
