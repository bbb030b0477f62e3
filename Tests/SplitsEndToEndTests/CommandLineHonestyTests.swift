import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// What the command line says when it is asked for help or given something it cannot use:
/// each test is named after what a user saw before it was fixed.
@Suite("splits command line says what it does, end to end", .timeLimit(.minutes(1)))
struct CommandLineHonestyTests {
  static func splits(_ arguments: [String], data: String? = nil) async throws -> SpawnResult {
    var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    if let data { environment["SPLITS_DATA_DIR"] = data }
    return try await Spawn.runAsync([try SplitsBinary.path] + arguments, environment: environment)
  }

  /// A pane whose journal holds ride 1, finished with 2 laps; splits has quit.
  static func finishedRide() async throws -> TmuxSession {
    let tmux = try await TmuxSession.shell()
    do {
      let job = try await tmux.start("splits --plain --split-guard 0")
      try await tmux.waitFor("READY") { $0.state == "READY" }
      try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
      try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
      try await tmux.press("l", until: "lap 2") { $0.lapNumbers == [2, 1] }
      try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
      try await tmux.press("r", until: "READY, ride 2") { $0.state == "READY" && $0.contains("Ride 2") }
      try tmux.send(keys: "q")
      #expect(try await tmux.exitStatus(of: job) == 0)
    } catch {
      tmux.close()
      throw error
    }
    return tmux
  }

  // MARK: 1. Help

  @Test("splits --help showed only the subcommands, not the ride screen's options")
  func helpShowedOnlyTheSubcommands() async throws {
    let help = try await Self.splits(["--help"])
    #expect(help.termination == .exited(0), "\(help)")
    for option in ["--plain", "--precision", "--countdown", "--no-color", "--lang", "--data-dir", "--version"] {
      #expect(help.stdout.contains(option), "\(option): \(help)")
    }
    #expect(help.stdout.contains("USAGE: splits [--plain]"), "\(help)")
    #expect(help.stdout.contains("Keys: space"), "\(help)")
    #expect(help.stdout.contains("SUBCOMMANDS:") && help.stdout.contains("ride (default)"), "\(help)")
    for form in [["-h"], ["help"]] {
      let same = try await Self.splits(form)
      #expect(same.termination == .exited(0) && same.stdout == help.stdout, "\(form): \(same)")
    }
  }

  // MARK: 2. Negative numbers

  struct Negative: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let negatives: [Negative] = [
    Negative(arguments: ["show", "-1"], message: "RIDE must be positive"),
    Negative(arguments: ["show", "--json", "-3"], message: "RIDE must be positive"),
    Negative(arguments: ["export", "-1"], message: "RIDE must be positive"),
    Negative(arguments: ["countdown", "-5"], message: "TARGET must be positive"),
    Negative(arguments: ["countdown", "-5m"], message: "TARGET must be positive"),
    Negative(arguments: ["--countdown", "-1"], message: "--countdown must be 0 or more"),
    Negative(arguments: ["ride", "--plain", "--countdown", "-1"], message: "--countdown must be 0 or more"),
    Negative(arguments: ["--countdown=-1"], message: "--countdown must be 0 or more"),
    Negative(arguments: ["history", "--limit", "-2"], message: "--limit must be positive"),
  ]

  @Test("a negative number said \"Missing expected argument\"", arguments: negatives)
  func aNegativeNumberSaidMissingExpectedArgument(_ case_: Negative) async throws {
    let result = try await Self.splits(case_.arguments)
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains(case_.message), "\(result)")
    #expect(!result.stderr.contains("Missing"), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  // MARK: 3–5. Export

  @Test("splits export last said \"The value 'last' is invalid\"")
  func exportLastWasInvalid() async throws {
    let tmux = try await Self.finishedRide()
    defer { tmux.close() }
    let last = try await Self.splits(["export", "last", "--format", "json"], data: tmux.dataDir)
    #expect(last.termination == .exited(0), "\(last)")
    #expect(last.stdout.contains("\"ride\": 1"), "\(last)")
    let flag = try await Self.splits(["export", "--last", "--format", "json"], data: tmux.dataDir)
    #expect(last.stdout == flag.stdout, "\(last)\n\(flag)")
    let both = try await Self.splits(["export", "last", "--last"], data: tmux.dataDir)
    #expect(both.termination == .exited(2), "\(both)")
  }

  @Test("with ride 2 open, show last showed ride 2 and export last wrote ride 1")
  func lastNamesTheSameRideInEveryCommand() async throws {
    let tmux = try await Self.finishedRide()
    defer { tmux.close() }
    // Ride 2 started and paused, then the screen quit: it stays open.
    let job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let show = try await Self.splits(["show", "last"], data: tmux.dataDir)
    #expect(show.stdout.hasPrefix("Ride 2 "), "\(show)")
    let export = try await Self.splits(["export", "last", "--format", "json"], data: tmux.dataDir)
    #expect(export.termination == .exited(0) && export.stdout.contains("\"ride\": 2"), "\(export)")
    #expect(export.stderr.contains("ride 2 is still open: exported as it is now"), "\(export)")
    let plain = try await Self.splits(["export", "--format", "json"], data: tmux.dataDir)
    #expect(plain.stdout.contains("\"ride\": 2") && !plain.stdout.contains("\"ride\": 1"), "\(plain)")
  }

  @Test("edit last and delete last said \"The value 'last' is invalid\"")
  func editAndDeleteTakeLast() async throws {
    let tmux = try await Self.finishedRide()
    defer { tmux.close() }
    let edit = try await Self.splits(["edit", "last", "--name", "Loop"], data: tmux.dataDir)
    #expect(edit.termination == .exited(0) && edit.stderr.contains("Edited ride 1: name 'Loop'"), "\(edit)")
    // Ride 2 open: last is ride 2 for edit, and delete refuses it as open.
    let job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let open = try await Self.splits(["edit", "last", "--note", "windy"], data: tmux.dataDir)
    #expect(open.termination == .exited(0) && open.stderr.contains("Edited ride 2: note 'windy'"), "\(open)")
    let refused = try await Self.splits(["delete", "last", "--yes"], data: tmux.dataDir)
    #expect(refused.termination == .exited(2), "\(refused)")
    #expect(refused.stderr.contains("There is no finished ride 2") && refused.stderr.contains("finish an open one first"), "\(refused)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT number, name, note FROM rides ORDER BY number") == ["1|Loop|", "2||windy"])
    // Finished with no screen open, ride 2 is the last ride delete takes.
    for command in ["pause", "finish"] {
      let done = try await Self.splits([command], data: tmux.dataDir)
      #expect(done.termination == .exited(0), "\(done)")
    }
    let deleted = try await Self.splits(["delete", "last", "--yes"], data: tmux.dataDir)
    #expect(deleted.termination == .exited(0) && deleted.stderr.contains("Deleted ride 2"), "\(deleted)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT number FROM rides") == ["1"])
  }

  @Test("with an unnamed ride open, splits --name Foo --sport running opened it unnamed and biking, without a word")
  func optionsForAnOpenRideAreAppliedOrSaid() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    var job = try await tmux.start("splits --plain")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    // The name goes to the unnamed open ride, and the sport given, and the screen says so.
    job = try await tmux.start("splits --plain --name Foo --sport running")
    try await tmux.waitFor("the note") { $0.contains("Run 1 is open: now Foo, running") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT name, sport FROM rides") == ["Foo|running"])
    // A named open ride keeps its name; the note says it is the next ride's, and how to rename.
    job = try await tmux.start("splits --plain --name Bar")
    try await tmux.waitFor("the note") {
      $0.contains("Run 1 is open as Foo: --name Bar names the next ride (splits edit 1 renames)")
    }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("splits export without --format said \"Say which format\"")
  func exportWithoutFormatSaidSayWhichFormat() async throws {
    let tmux = try await Self.finishedRide()
    defer { tmux.close() }
    let out = try TempDirectory("export-format")
    defer { out.remove() }
    let csv = try await Self.splits(["export"], data: tmux.dataDir)
    #expect(csv.termination == .exited(0), "\(csv)")
    #expect(csv.stdout.hasPrefix("ride,started_at,"), "\(csv)")
    #expect(csv.stderr.isEmpty, "standard output is not confirmed: \(csv)")
    let dash = try await Self.splits(["export", "-o", "-"], data: tmux.dataDir)
    #expect(dash.stdout == csv.stdout, "\(dash)")
    for (name, start) in [("r.csv", "ride,started_at,"), ("r.json", "{\"rides\": ["), ("r.tcx", "<?xml"), ("R.TCX", "<?xml")] {
      let result = try await Self.splits(["export", "-o", out.file(name)], data: tmux.dataDir)
      #expect(result.termination == .exited(0), "\(name): \(result)")
      let text = out.read(name) ?? ""
      #expect(text.hasPrefix(start), "\(name): \(text.prefix(80))")
    }
    let unknown = try await Self.splits(["export", "-o", out.file("r.txt")], data: tmux.dataDir)
    #expect(unknown.termination == .exited(2) && unknown.stderr.contains("Say which format"), "\(unknown)")
  }

  @Test("-o naming a directory said \"already exists, pass --force\", then failed with --force")
  func outputDirectorySaidAlreadyExists() async throws {
    let tmux = try await Self.finishedRide()
    defer { tmux.close() }
    let out = try TempDirectory("export-dir")
    defer { out.remove() }
    for extra in [[], ["--force"], ["--format", "tcx"]] {
      let result = try await Self.splits(["export", "-o", out.path] + extra, data: tmux.dataDir)
      #expect(result.termination == .exited(2), "\(extra): \(result)")
      #expect(result.stderr.contains("\(out.path) is a directory: name a file in it"), "\(extra): \(result)")
      #expect(!result.stderr.contains("already exists"), "\(extra): \(result)")
    }
    #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path)) == [], "nothing written in it")
  }

  @Test("an -o extension that disagreed with --format was written silently, and no file was confirmed")
  func writtenFilesWereNotConfirmed() async throws {
    let tmux = try await Self.finishedRide()
    defer { tmux.close() }
    let out = try TempDirectory("export-confirm")
    defer { out.remove() }
    let tcx = try await Self.splits(["export", "-o", out.file("ride.tcx")], data: tmux.dataDir)
    #expect(tcx.termination == .exited(0), "\(tcx)")
    #expect(tcx.stderr == "Wrote ride 1, 2 laps, to \(out.file("ride.tcx"))\n", "\(tcx)")
    #expect(tcx.stdout.isEmpty, "\(tcx)")

    let mismatch = try await Self.splits(["export", "--format", "tcx", "-o", out.file("ride.csv")], data: tmux.dataDir)
    #expect(mismatch.termination == .exited(0), "\(mismatch)")
    #expect(mismatch.stderr.contains("warning: \(out.file("ride.csv")) ends in .csv, but it is written as TCX"), "\(mismatch)")
    #expect(mismatch.stderr.contains("Wrote ride 1, 2 laps, to"), "\(mismatch)")
    #expect(out.read("ride.csv")?.hasPrefix("<?xml") == true, "written in the format asked for")

    let all = try await Self.splits(["export", "--all", "-o", out.file("all.json")], data: tmux.dataDir)
    #expect(all.termination == .exited(0), "\(all)")
    #expect(all.stderr == "Wrote 1 ride to \(out.file("all.json"))\n", "\(all)")
  }

  // MARK: 6. A data directory that is a file

  @Test("splits status --data-dir FILE printed \"■ no ride\" with exit 0")
  func statusOnAFilePrintedNoRide() async throws {
    let scratch = try TempDirectory("data-file")
    defer { scratch.remove() }
    let file = scratch.file("not-a-directory")
    #expect(writeFile("x", to: file))
    let forms: [[String]] = [
      ["status", "--data-dir", file],  // the quick path
      ["status", "--json", "--data-dir", file],
      ["status", "--data-dir", scratch.path, "--data-dir", file],  // argument-parser's (a repeated option)
      ["status", "--json", "--json", "--data-dir", file],
      ["history", "--data-dir", file], ["show", "last", "--data-dir", file], ["export", "--data-dir", file],
    ]
    for form in forms {
      let result = try await Self.splits(form)
      #expect(result.termination == .exited(1), "\(form): \(result)")
      #expect(result.stderr == "splits: cannot read the Splits journal \(file): it exists and is not a directory\n", "\(form): \(result)")
      #expect(result.stdout.isEmpty, "\(form): \(result)")
    }
    let under = try await Self.splits(["status", "--data-dir", file + "/splits"])
    #expect(under.termination == .exited(1) && under.stderr.contains("Not a directory"), "\(under)")
  }

  // MARK: 7. Wording

  @Test("--lang fr said \"Please provide one of 'en' and 'ko'\"", arguments: [["--lang", "fr"], ["status", "--lang=fr"], ["export", "--lang", "de"]])
  func langErrorSaidPleaseProvideOneOf(_ arguments: [String]) async throws {
    let result = try await Self.splits(arguments)
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains("the languages are en (English) and ko (Korean)."), "\(result)")
    #expect(!result.stderr.contains("Please provide"), "\(result)")
  }

  @Test("splits countdown without a terminal said \"try `splits status`\"")
  func countdownWithoutTerminalSaidTrySplitsStatus() async throws {
    let result = try await Self.splits(["countdown", "5s"])
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains("splits countdown needs an interactive terminal: run it in a terminal"), "\(result)")
    #expect(!result.stderr.contains("splits status"), "\(result)")
    let ko = try await Self.splits(["countdown", "5s", "--lang", "ko"])
    #expect(ko.termination == .exited(2) && ko.stderr.contains("터미널에서 실행하세요"), "\(ko)")
    let bad = try await Self.splits(["countdown", "soon"])
    #expect(bad.termination == .exited(2) && !bad.stderr.contains("terminal"), "a bad target is said first: \(bad)")
  }
}
