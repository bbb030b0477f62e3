import Foundation
import Testing
import SplitsTestSystem

/// Small things a newcomer met (issue 24): each command says what is true, in each language,
/// and leaves nothing behind when there is nothing to do.
@Suite("A newcomer's small things, end to end", .timeLimit(.minutes(1)))
struct NewcomerSmallThingsTests {
  static func splits(_ arguments: [String], home: TempDirectory, lang: String = "C.UTF-8") throws -> SpawnResult {
    try Spawn.run(
      [try SplitsBinary.path] + arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color", "LANG": lang,
        "SPLITS_DATA_DIR": home.file("data"),
      ])
  }

  @Test("splits lap --name says where a ride's name goes (splits start takes it), not \"Did you mean '--lang'?\"")
  func startName() throws {
    let home = try TempDirectory("start-name")
    defer { home.remove() }
    for arguments in [["lap", "--name", "Loop"], ["pause", "--sport", "running"], ["lap", "--name=Loop"]] {
      let result = try Self.splits(arguments, home: home)
      #expect(result.termination == .exited(2), "\(result)")
      #expect(!result.stderr.contains("Did you mean"), "\(result)")
      #expect(result.stderr.hasPrefix("Error: splits \(arguments[0]) takes no --"), "\(result)")
      #expect(result.stderr.contains("splits start --name NAME --sport SPORT"), "\(result)")
      #expect(result.stderr.contains("splits edit RIDE --name NAME"), "\(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: home.file("data/splits.sqlite")))
  }

  @Test("splits finish printed '· 1 laps'")
  func finishCountsOneLap() throws {
    let home = try TempDirectory("finish-one-lap")
    defer { home.remove() }
    for command in ["start", "lap", "pause"] {
      let result = try Self.splits([command], home: home)
      #expect(result.termination == .exited(0), "\(result)")
    }
    let finish = try Self.splits(["finish"], home: home)
    #expect(finish.termination == .exited(0), "\(finish)")
    #expect(finish.stdout.hasPrefix("ride 1 finished: moving ") && finish.stdout.hasSuffix(" · 1 lap\n"), "\(finish)")
  }

  @Test("In Korean, show 99 says 99번 라이드는 없습니다, not 라이드 99 이(가) 없습니다")
  func koreanNoSuchRide() throws {
    let home = try TempDirectory("korean-no-ride")
    defer { home.remove() }
    let result = try Self.splits(["show", "99"], home: home, lang: "ko_KR.UTF-8")
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains("99번 라이드는 없습니다"), "\(result)")
    #expect(!result.stderr.contains("이(가)"), "\(result)")
  }

  @Test("delete 1 --yes and edit 1 on an empty data directory create no splits.sqlite")
  func nothingCreated() throws {
    let home = try TempDirectory("empty-delete")
    defer { home.remove() }
    let delete = try Self.splits(["delete", "1", "--yes"], home: home)
    #expect(delete.termination == .exited(2), "\(delete)")
    #expect(delete.stderr.contains("There is no finished ride 1"), "\(delete)")
    let edit = try Self.splits(["edit", "1", "--name", "Loop"], home: home)
    #expect(edit.termination == .exited(2), "\(edit)")
    #expect(edit.stderr.contains("There is no ride 1"), "\(edit)")
    #expect(!FileManager.default.fileExists(atPath: home.file("data/splits.sqlite")))
  }

  @Test("edit says what it changed: Edited ride 1: name 'Loop', sport running, note removed")
  func editSaysWhatItDid() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    #expect(try await tmux.finishRideAndQuit(job) == 0)
    let edit = try await tmux.run("splits edit 1 --name Loop --sport running --note ''")
    #expect(edit.status == 0, "\(edit.output)")
    #expect(edit.output == "Edited ride 1: name 'Loop', sport running, note removed\n", "\(edit.output)")
  }

  @Test("TERM=dumb splits exits 2 and creates no splits.sqlite")
  func dumbTerminal() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // On the pane's terminal itself: only a terminal's TERM is looked at.
    let job = try await tmux.start("TERM=dumb splits --plain")
    #expect(try await tmux.exitStatus(of: job) == 2)
    let after = try await tmux.captureAsync()
    #expect(after.text.contains("cannot move the cursor") || after.text.contains("dumb"), "\(after.text)")
    #expect(!FileManager.default.fileExists(atPath: tmux.dataDir + "/splits.sqlite"), "\(after.text)")
  }

  @Test("An emoji in a workout title leaves no stray letter after the state (RUNNINGY)")
  func emojiTitle() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let path = tmux.home.file("emoji.txt")
    try #require(writeFile("# Trainer 🚴 hour\n- 20m 75%\n- 20m 60%\n", to: path))
    let job = try await tmux.start("splits workout --plain \(path)")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let screen = try await tmux.captureAsync()
    let title = try #require(screen.lines.first { $0.contains("RUNNING") }, "\(screen.text)")
    #expect(title.trimmingCharacters(in: .whitespaces).hasSuffix("RUNNING"), "\(title)")
    #expect(!title.contains("RUNNINGY"), "\(title)")
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("sweetspot.txt edited while its ride was open: splits workout sweetspot.txt said the ride follows another workout")
  func sameWorkoutFileChanged() async throws {
    let tmux = try await TmuxSession.shell(.init(width: 120))
    defer { tmux.close() }
    let path = tmux.home.file("sweetspot.txt")
    try #require(writeFile("# Sweet spot\n- Warm up 10m 60%\n- Main 20m 90%\n", to: path))
    // From its directory, as it was typed: the path is short enough for the banner.
    var job = try await tmux.start("cd \(tmux.home.path) && splits workout --plain --no-bell sweetspot.txt")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    // A cue added: the same file, other text.
    try #require(writeFile("# Sweet spot\n- Warm up 10m 60%\n  @1m Spin up\n- Main 20m 90%\n", to: path))
    job = try await tmux.start("splits workout --plain --no-bell sweetspot.txt")
    try await tmux.waitFor("the note") { 
      $0.contains("sweetspot.txt changed since ride 1 began: it goes on with the workout as it was then (r finishes it)")
    }
    let screen = try await tmux.captureAsync()
    #expect(!screen.text.contains("another workout"), "\(screen.text)")
    #expect(screen.state == "RUNNING" && screen.text.contains("Warm up"), "\(screen.text)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    // The journal keeps the workout the ride began with.
    let kept = try await JournalFile.query(dataDir: tmux.dataDir, "SELECT instr(text, 'Spin up') FROM workouts")
    #expect(kept == ["0"])
  }

  @Test("A .zwo warning (skipped <RestDay>) was printed under the screen and seen only after quitting")
  func zwoWarningOnTheScreen() async throws {
    let tmux = try await TmuxSession.shell(.init(width: 100))
    defer { tmux.close() }
    let zwo = """
      <workout_file>
        <name>Rest and ride</name>
        <workout>
          <RestDay/>
          <SteadyState Duration="600" Power="0.6"/>
        </workout>
      </workout_file>
      """
    try #require(writeFile(zwo, to: tmux.home.file("rest.zwo")))
    let job = try await tmux.start("cd \(tmux.home.path) && splits workout --plain --no-bell rest.zwo 2>err.txt")
    try await tmux.waitFor("the warning on the screen") {
      $0.contains("Warning: line 4: skipped <RestDay>, not a block Splits knows")
    }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    // Nothing left under the screen; with no screen, check still prints it.
    #expect(try String(contentsOfFile: tmux.home.file("err.txt"), encoding: .utf8) == "")
    let check = try await tmux.run("splits workout check rest.zwo >/dev/null")
    #expect(check.output.contains("splits: warning: line 4: skipped <RestDay>, not a block Splits knows"), "\(check)")
  }

  @Test("splits start --name Track --sport running from a hotkey, with no screen open, was refused")
  func startANamedRunWithNoScreen() throws {
    let home = try TempDirectory("start-named-run")
    defer { home.remove() }
    let start = try Self.splits(["start", "--name", "Track", "--sport", "running"], home: home)
    #expect(start.termination == .exited(0) && start.stdout == "run 1 started\n", "\(start)")
    let show = try Self.splits(["show", "last", "--json"], home: home)
    #expect(show.stdout.contains("\"name\": \"Track\"") && show.stdout.contains("\"sport\": \"running\""), "\(show)")
    // A ride already open keeps its own name: start is refused and nothing changes.
    let again = try Self.splits(["start", "--name", "Other"], home: home)
    #expect(again.termination == .exited(1), "\(again)")
    let after = try Self.splits(["show", "last", "--json"], home: home)
    #expect(after.stdout.contains("\"name\": \"Track\""), "\(after)")
  }

  @Test("splits start --name Track --sport running with the screen open starts its ride named and running")
  func startANamedRunOnTheOpenScreen() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let start = try await RemoteControlTests.splits(tmux, "start", "--name", "Track", "--sport", "running")
    #expect(start.termination == .exited(0) && start.stdout == "run 1 started\n", "\(start)")
    try await tmux.waitFor("the run named in the title") { $0.state == "RUNNING" && $0.contains("Splits · Run 1 · Track") }
    let pause = try await RemoteControlTests.splits(tmux, "pause")
    #expect(pause.stdout.hasPrefix("run 1 paused at "), "\(pause)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT name, sport FROM rides") == ["Track|running"])
  }
}
