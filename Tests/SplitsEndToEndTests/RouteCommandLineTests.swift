import Foundation
import Testing

/// `splits route` from the real binary: made, listed, shown as text and JSON, edited and
/// deleted (after asking), with the refusals a user meets.
@Suite("Routes on the command line, end to end", .timeLimit(.minutes(1)))
struct RouteCommandLineTests {
  @Test func aRouteIsMadeShownEditedAndDeletedOnlyWhenAsked() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let made = try await tmux.run("splits route new Celeste 'Forsaken City' 'Old Site' Summit")
    #expect(made.status == 0 && made.output.contains("Made route Celeste, 3 segments"), "\(made)")
    let again = try await tmux.run("splits route new Celeste A")
    #expect(again.status == 2 && again.output.contains("There is already a route named 'Celeste'"), "\(again)")
    let laps = try await tmux.run("splits route new Track --segments 4")
    #expect(laps.status == 0, "\(laps)")

    let list = try await tmux.run("splits route list")
    #expect(list.output.contains("Celeste  3 segments  0 attempts, 0 complete  PB none"), "\(list)")
    #expect(list.output.contains("Track  4 segments"), "\(list)")
    let json = try await tmux.run("splits route show Celeste --json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
    #expect(object["name"] as? String == "Celeste")
    #expect((object["segments"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Forsaken City", "Old Site", "Summit"])
    #expect(object["attempts"] as? Int == 0 && object["completed"] as? Int == 0)
    #expect(object["pb_ms"] is NSNull)

    let edit = try await tmux.run("splits route edit Track --rename Oval --remove-segments 1 --add-segment Sprint")
    #expect(edit.status == 0 && edit.output.contains("Route Oval: Lap 1, Lap 2, Lap 3, Sprint"), "\(edit)")
    let emptied = try await tmux.run("splits route edit Oval --remove-segments 4")
    #expect(emptied.status == 2 && emptied.output.contains("must keep at least one"), "\(emptied)")
    let missing = try await tmux.run("splits route show Track")
    #expect(missing.status == 2 && missing.output.contains("There is no route named 'Track'"), "\(missing)")

    let refused = try await tmux.run("splits route delete Oval </dev/null")
    #expect(refused.status == 2 && refused.output.contains("pass --yes"), "\(refused)")
    let deleted = try await tmux.run("splits route delete Oval --yes")
    #expect(deleted.status == 0 && deleted.output.contains("Deleted route Oval"), "\(deleted)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT name FROM routes") == ["Celeste"])
  }

  @Test func aRouteFromAFinishedRideTakesItsLapsAsSegmentsAndItsFirstAttempt() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0 --name Loop")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "l")
    _ = try await tmux.poll("the lap in the journal") {
      try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM events WHERE kind = 'lap'") == ["1"]
        ? true : nil
    }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "r")
    try await tmux.waitFor("the summary") { $0.contains("finished") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    let made = try await tmux.run("splits route new Loop --from-ride 1")
    #expect(made.status == 0 && made.output.contains("Made route Loop, 1 segment"), "\(made)")
    let json = try await tmux.run("splits route show Loop --json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
    #expect(object["attempts"] as? Int == 1 && object["completed"] as? Int == 1)
    let segments = try #require(object["segments"] as? [[String: Any]])
    #expect(segments.map { $0["name"] as? String } == ["Lap 1"])
    // The personal best is the lap's split, the segment's best the lap.
    let pb = try #require(object["pb_ms"] as? Int)
    #expect(segments.last?["pb_split_ms"] as? Int == pb)
    #expect(segments.compactMap { $0["best_segment_ms"] as? Int }.reduce(0, +) == pb)
    let none = try await tmux.run("splits route new Other --from-ride 9")
    #expect(none.status == 2 && none.output.contains("There is no finished ride 9"), "\(none)")
  }
}
