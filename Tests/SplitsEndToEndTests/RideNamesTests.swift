import Foundation
import SplitsTestSystem
import Testing

/// Named rides from the real binary: `--name`, a workout's name, `splits edit`, and
/// `splits delete`, which asks first and refuses without a terminal to ask on.
@Suite("Named rides, edit and delete, end to end", .timeLimit(.minutes(1)))
struct RideNamesTests {
  @Test func aNamedRideIsEditedAndDeletedOnlyWhenAsked() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --name 'Hill repeats'")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the summary") { $0.contains("finished") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    let history = try await tmux.run("splits history")
    #expect(history.status == 0 && history.output.contains("Hill repeats"), "\(history)")
    let edit = try await tmux.run("splits edit 1 --name Hills --note 'legs heavy' --sport running")
    #expect(edit.status == 0, "\(edit)")
    let show = try await tmux.run("splits show 1")
    #expect(show.output.hasPrefix("Ride 1 · finished · running · ") && show.output.contains(" · Hills\nlegs heavy\n"), "\(show)")
    let missing = try await tmux.run("splits edit 9 --name x")
    #expect(missing.status == 2 && missing.output.contains("There is no ride 9"), "\(missing)")

    // No terminal to ask on: refused, nothing deleted.
    let refused = try await tmux.run("splits delete 1 </dev/null")
    #expect(refused.status == 2 && refused.output.contains("pass --yes"), "\(refused)")
    // Asked on the terminal, and answered no: nothing deleted, status 1.
    let asked = try await tmux.start("splits delete 1")
    try await tmux.waitFor("the question") { $0.contains("Delete ride 1 for good? [y/N]") }
    try tmux.send(keys: "n", "Enter")
    #expect(try await tmux.exitStatus(of: asked) == 1)
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM rides") == ["1"])
    let deleted = try await tmux.run("splits delete 1 --yes")
    #expect(deleted.status == 0 && deleted.output.contains("Deleted ride 1"), "\(deleted)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM rides") == ["0"])
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM events") == ["0"])
  }

  @Test func aWorkoutRideIsNamedAfterItsWorkout() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let file = tmux.home.file("short.txt")
    try #require(writeFile("# Short one\n- 1s\n", to: file))
    let job = try await tmux.start("splits workout \(file) --plain --no-bell")
    try await tmux.waitFor("the step") { $0.contains("1/1") }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the workout complete") { $0.contains("Workout complete") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT name FROM rides") == ["Short one"])
  }
}
