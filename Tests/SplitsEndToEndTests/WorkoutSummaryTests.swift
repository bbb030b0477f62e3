import Foundation
import Testing
import SplitsTestSystem

/// A workout ride summarised as a workout by the real binary in tmux: what `l` says while
/// paused, the steps after `r`, the second ride against the first of the same workout, and
/// `history` and `show` by steps.
@Suite("Workout summary, end to end", .timeLimit(.minutes(2)))
struct WorkoutSummaryTests {
  @Test("l while paused says it skips the step; r counts steps; the next ride of the file is against it")
  func aWorkoutRideIsSummarisedAsAWorkout() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = tmux.home.file("three.txt")
    try #require(writeFile("- 60s warmup\n- 60s\n- 60s rest\n", to: file))

    let first = try await tmux.start("splits workout \(file) --plain --no-bell --split-guard 0")
    try await tmux.waitFor("the first step") { $0.contains("1/3") }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("riding") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("the second step") { $0.contains("2/3") }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("paused") { $0.state == "PAUSED" }
    try tmux.send(keys: "l")
    try await tmux.waitFor("the hint") { $0.contains("l skips the step while riding: space resumes") }
    try tmux.send(keys: "r")
    let summary = try await tmux.waitFor("the summary") { $0.contains("Steps 0/3 done · 1 skipped · 2 left") }
    #expect(summary.contains("The first finished ride of this workout"), "\(summary)")
    #expect(!summary.contains("best lap"), "\(summary)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: first) == 0)

    let second = try await tmux.start("splits workout \(file) --plain --no-bell --split-guard 0")
    try await tmux.waitFor("the first step") { $0.contains("1/3") }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("riding") { $0.state == "RUNNING" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("paused") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    let against = try await tmux.waitFor("the summary against ride 1") {
      $0.contains("Against ride 1 of this workout:")
    }
    #expect(against.contains("Steps 0/3 done · 0 skipped · 3 left"), "\(against)")
    #expect(against.contains("0/3 steps done"), "\(against)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: second) == 0)

    let history = try await tmux.run("splits history")
    #expect(history.status == 0 && history.output.contains("steps 0/3"), "\(history)")
    let show = try await tmux.run("splits show 2")
    #expect(show.status == 0 && show.output.contains("Against ride 1 of this workout:"), "\(show)")
  }
}
