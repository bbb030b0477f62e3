import Foundation
import Testing

/// `splits route import` and `route export` from the real binary, with livesplit-core's own
/// files (`Tests/Fixtures/lss`): each imported with the figures the route tests expect,
/// exported and imported again with the same figures, its icons and auto-splitter settings
/// given back byte for byte, and the export read by an outside reader (livesplit-analyser).
@Suite("LiveSplit files imported and exported, end to end", .timeLimit(.minutes(1)))
struct RouteFilesTests {
  static let fixtures = ExportReadersTests.root.appendingPathComponent("Tests/Fixtures/lss")

  static func fixture(_ file: String) -> String { fixtures.appendingPathComponent(file).path }

  /// One word for bash: `text` in single quotes.
  static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

  /// What Tests/SplitsRoutesTests/LSSFixtureTests expects of each file, in the milliseconds
  /// of `route show --json` (whole milliseconds, toward zero).
  struct Expected: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var attempts: Int
    var completed: Int
    var segments: Int
    var first: String
    var last: String
    /// The last segment's personal best split, real time.
    var pbMilliseconds: Int?
    /// The first segment's best segment, real and game time.
    var firstGold: Int?
    var firstGoldGame: Int?
    /// Non-empty `<GameIcon>`, `<Icon>` and `<AutoSplitterSettings>` elements in the file.
    var kept = 0
    var testDescription: String { file }
  }

  static let expected: [Expected] = [
    Expected(
      file: "livesplit1.0.lss", name: "Pac-Man World 3 - Any%", attempts: 3, completed: 3, segments: 4, first: "1",
      last: "4", pbMilliseconds: 16_365, firstGold: 4_960, kept: 4),
    Expected(
      file: "livesplit1.4.lss", name: "Tron: Evolution - Any% (NG+)", attempts: 30, completed: 13, segments: 28,
      first: "Tron City", last: "Final fight phase 3", pbMilliseconds: 5_055_563, firstGold: 49_732, firstGoldGame: 49_732),
    Expected(
      file: "livesplit1.5.lss", name: "Kirby's Dream Land - Normal", attempts: 262, completed: 1, segments: 5,
      first: "Green Greens", last: "Mt. DeDeDe", pbMilliseconds: 750_760, firstGold: 96_601),
    Expected(
      file: "livesplit1.6.lss", name: "NES Open Tournament Golf - US Course", attempts: 55, completed: 20, segments: 18,
      first: "Hole 1", last: "Hole 18", pbMilliseconds: 685_671, firstGold: 22_973),
    Expected(
      file: "livesplit1.6_gametime.lss", name: "Dishonored - Any%", attempts: 1958, completed: 83, segments: 13,
      first: "WatchYr<3Die", last: "H9 U Havelock", pbMilliseconds: 2_401_517, firstGold: 5_432, firstGoldGame: 190_751,
      kept: 2),
    Expected(
      file: "Celeste - Any% (1.2.1.5).lss", name: "Celeste - Any%", attempts: 32, completed: 10, segments: 33,
      first: "Prologue", last: "The Summit", pbMilliseconds: 2_352_517, firstGold: 45_237, firstGoldGame: 43_639,
      kept: 35),
    Expected(
      file: "celeste_native_segment_groups.lss", name: "Celeste - Any%", attempts: 49, completed: 11, segments: 33,
      first: "Prologue", last: "The Summit", pbMilliseconds: 4_007_593, firstGold: 33_573, firstGoldGame: 30_736,
      kept: 36),
    Expected(
      file: "clean_sum_of_best.lss", name: "SM64: 120 Star - 100%", attempts: 102, completed: 32, segments: 18,
      first: "BOB (3)", last: "Done", pbMilliseconds: 9_425_158, firstGold: 289_958, firstGoldGame: 276_112),
    Expected(
      file: "livesplit_attempt_ended_bug.lss", name: "SMR: Axeil Edition - Crocomire%", attempts: 87, completed: 0,
      segments: 1, first: "Hi", last: "Hi", pbMilliseconds: nil, firstGold: nil),
  ]

  /// The JSON object a command printed on standard output (its standard error to `err`).
  static func json(_ tmux: TmuxSession, _ command: String) async throws -> (object: [String: Any], text: String) {
    let result = try await tmux.run(command + " 2>$E2E/err")
    guard result.status == 0 else {
      throw HarnessError("\(command): status \(result.status): \(result.output) \(tmux.home.read("err") ?? "")")
    }
    return (try ExportReadersTests.json(result.output), result.output)
  }

  static func checkFigures(_ object: [String: Any], _ expected: Expected, name: String) throws {
    #expect(object["name"] as? String == name)
    #expect(object["attempts"] as? Int == expected.attempts)
    #expect(object["completed"] as? Int == expected.completed)
    let segments = try #require(object["segments"] as? [[String: Any]], "\(object)")
    #expect(segments.count == expected.segments)
    #expect(segments.first?["name"] as? String == expected.first)
    #expect(segments.last?["name"] as? String == expected.last)
    #expect(segments.last?["pb_split_ms"] as? Int == expected.pbMilliseconds)
    #expect(object["pb_ms"] as? Int == expected.pbMilliseconds)
    #expect(segments.first?["best_segment_ms"] as? Int == expected.firstGold)
    #expect(segments.first?["best_segment_game_ms"] as? Int == expected.firstGoldGame)
  }

  /// The object without its name (the same route imported under another name).
  static func unnamed(_ object: [String: Any]) -> NSDictionary {
    var object = object
    object["name"] = nil
    return object as NSDictionary
  }

  @Test(arguments: expected)
  func eachRealFileImportsExportsAndImportsAgainWithTheSameFigures(_ expected: Expected) async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let path = Self.quoted(Self.fixture(expected.file))

    let imported = try await Self.json(tmux, "splits route import \(path) --json")
    #expect(tmux.home.read("err") == "Imported route \(expected.name) from \(Self.fixture(expected.file))\n")
    try Self.checkFigures(imported.object, expected, name: expected.name)
    let shown = try await Self.json(tmux, "splits route show \(Self.quoted(expected.name)) --json")
    #expect(shown.text == imported.text)

    let export = try await tmux.run("splits route export \(Self.quoted(expected.name)) -o $E2E/out.lss")
    #expect(export.status == 0, "\(export)")
    #expect(export.output.hasPrefix("Wrote route \(expected.name), \(expected.segments) segment"), "\(export)")
    #expect(export.output.hasSuffix("to \(tmux.home.file("out.lss"))\n"), "\(export)")
    let again = try await Self.json(tmux, "splits route import $E2E/out.lss --name Again --json")
    try Self.checkFigures(again.object, expected, name: "Again")
    #expect(Self.unnamed(again.object) == Self.unnamed(imported.object))

    // What Splits does not use comes back as the file had it.
    let original = try Data(contentsOf: Self.fixtures.appendingPathComponent(expected.file))
    let exported = try Data(contentsOf: URL(fileURLWithPath: tmux.home.file("out.lss")))
    var kept = 0
    for element in ["GameIcon", "Icon", "AutoSplitterSettings"] {
      let inFile = LSSElements.nonEmpty(element, in: original)
      #expect(LSSElements.nonEmpty(element, in: exported) == inFile, "<\(element)>")
      kept += inFile.count
    }
    #expect(kept == expected.kept)

    // An outside reader reads the export with the same segments, attempts and personal best.
    // livesplit-analyser reads no segment without a best segment time (`<BestSegmentTime/>`,
    // a segment never ridden): it fails on such a file of LiveSplit's own as well.
    guard expected.firstGold != nil else { return }
    let outside = try await ExportReadersTests.check("lss_check.py", tmux.home.file("out.lss"))
    #expect(outside["segments"] as? Int == expected.segments, "\(outside)")
    #expect(outside["attempt_count"] as? Int == expected.attempts, "\(outside)")
    if let pb = expected.pbMilliseconds {
      let seconds = try #require(outside["personal_best_s"] as? Double, "\(outside)")
      #expect(abs(seconds * 1000 - Double(pb)) < 1, "\(outside)")
    }
  }

  @Test(arguments: ["livesplit_fuzz_crash.lss", "livesplit_fuzz_crash_utf8.lss"])
  func aFuzzCrashFileIsRefusedWithItsLineAndNothingIsStored(_ file: String) async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let result = try await tmux.run("splits route import \(Self.quoted(Self.fixture(file)))")
    #expect(result.status == 2, "\(result)")
    #expect(result.output.hasPrefix("splits: \(Self.fixture(file)): line "), "\(result)")
    #expect(result.output.split(separator: "\n").count == 1, "\(result)")
    let list = try await tmux.run("splits route list")
    #expect(list.output.hasPrefix("No routes yet"), "\(list)")
  }

  @Test func whatCannotBeImportedIsRefusedWithWhyAndStatus2() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let missing = try await tmux.run("splits route import $E2E/none.lss")
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.output == "splits: cannot read \(tmux.home.file("none.lss")): No such file or directory\n")
    let dash = try await tmux.run("splits route import - </dev/null")
    #expect(dash.status == 2 && dash.output.contains("not standard input"), "\(dash)")
    let directory = try await tmux.run("splits route import $E2E")
    #expect(directory.status == 2, "\(directory)")
    #expect(directory.output.contains("\(tmux.home.path) is a directory, not a LiveSplit file"), "\(directory)")
    // A named pipe with no writer: refused at once, never waited on.
    let pipe = try await tmux.run("mkfifo $E2E/pipe.lss && splits route import $E2E/pipe.lss")
    #expect(pipe.status == 2 && pipe.output.contains("is a named pipe"), "\(pipe)")
    // Entities are refused before they are expanded (the billion laughs).
    let laughs = try await tmux.run(
      #"printf '<?xml version="1.0"?>\n<!DOCTYPE Run [<!ENTITY a "aaaaaaaaaa">]>\n<Run>&a;</Run>' >$E2E/laughs.lss"#
        + " && splits route import $E2E/laughs.lss")
    #expect(laughs.status == 2 && laughs.output.hasPrefix("splits: \(tmux.home.file("laughs.lss")): line 2"), "\(laughs)")
    let other = try await tmux.run(#"printf '<?xml version="1.0"?>\n<Workout/>' >$E2E/other.lss && splits route import $E2E/other.lss"#)
    #expect(other.status == 2 && other.output.contains("not a LiveSplit file"), "\(other)")
    // A file larger than the reader takes is refused from its size.
    let large = try await tmux.run("truncate -s 17M $E2E/large.lss && splits route import $E2E/large.lss")
    #expect(large.status == 2 && large.output.contains("a LiveSplit file is at most 16777216 bytes"), "\(large)")
    #expect(try await tmux.run("splits route list").output.hasPrefix("No routes yet"))

    let path = Self.quoted(Self.fixture("livesplit1.6.lss"))
    #expect(try await tmux.run("splits route import \(path) >/dev/null").status == 0)
    let taken = try await tmux.run("splits route import \(path)")
    #expect(taken.status == 2, "\(taken)")
    #expect(
      taken.output.contains(
        "There is already a route named 'NES Open Tournament Golf - US Course': import this file under another name with --name NAME."),
      "\(taken)")
    let named = try await tmux.run("splits route import \(path) --name Golf")
    #expect(named.status == 0 && named.output.contains("Imported route Golf from"), "\(named)")
    #expect(named.output.contains("55 attempts, 20 complete") && named.output.contains("Hole 18"), "\(named)")
    #expect(named.output.contains("Personal best: 00:11:25.67") && named.output.contains("Sum of best: "), "\(named)")
  }

  @Test func namesWithControlCharactersInAFileAreShownWithoutThem() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // A line break and a right-to-left override in the game, C1's CSI in a segment's name.
    let made = try await tmux.run(
      #"printf '<Run version="1.8.1"><GameIcon/><GameName>Ga&#10;me&#x202E;</GameName><CategoryName>Any%%</CategoryName>"#
        + #"<Offset>00:00:00</Offset><AttemptCount>0</AttemptCount><Segments><Segment><Name>a&#x9B;31mred</Name>"#
        + #"</Segment></Segments></Run>' >$E2E/names.lss"#)
    #expect(made.status == 0, "\(made)")
    let imported = try await tmux.run("splits route import $E2E/names.lss 2>/dev/null")
    #expect(imported.status == 0, "\(imported)")
    #expect(imported.output.hasPrefix("Ga me - Any%\n"), "\(imported)")
    #expect(imported.output.contains("\na31mred "), "\(imported)")
    #expect(!imported.output.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) || $0.value == 0x202E })
    let list = try await tmux.run("splits route list")
    #expect(list.output.hasPrefix("Ga me - Any%  1 segment"), "\(list)")
    let empty = try await tmux.run(
      #"printf '<Run><GameIcon/><GameName>G</GameName><CategoryName/><Offset>00:00:00</Offset><AttemptCount>0</AttemptCount>"#
        + #"<Segments/></Run>' >$E2E/empty.lss && splits route import $E2E/empty.lss"#)
    #expect(empty.status == 2 && empty.output.contains("has no segments: a route needs at least one"), "\(empty)")
  }

  @Test func anExportIsWrittenAsSplitsExportWritesFiles() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await tmux.run("splits route new Forest Climb Ridge").status == 0)
    let written = try await tmux.run("splits route export Forest -o $E2E/forest.lss")
    #expect(written.status == 0 && written.output == "Wrote route Forest, 2 segments, 0 attempts, to \(tmux.home.file("forest.lss"))\n", "\(written)")
    let file = try #require(tmux.home.read("forest.lss"))
    #expect(file.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?><Run version="1.8.1">"#))
    // Standard output gets the same bytes.
    let printed = try await tmux.run("splits route export Forest >$E2E/stdout.lss && cmp $E2E/stdout.lss $E2E/forest.lss")
    #expect(printed.status == 0, "\(printed)")
    let dash = try await tmux.run("splits route export Forest -o - | cmp - $E2E/forest.lss")
    #expect(dash.status == 0, "\(dash)")

    let exists = try await tmux.run("splits route export Forest -o $E2E/forest.lss")
    #expect(exists.status == 2, "\(exists)")
    #expect(exists.output.contains("already exists: pass --force to replace it"), "\(exists)")
    #expect(try await tmux.run("splits route edit Forest --add-segment Descent").status == 0)
    let forced = try await tmux.run("splits route export Forest -o $E2E/forest.lss --force")
    #expect(forced.status == 0 && forced.output.contains("3 segments"), "\(forced)")
    #expect(tmux.home.read("forest.lss")?.contains("<Name>Descent</Name>") == true)
    let directory = try await tmux.run("splits route export Forest -o $E2E")
    #expect(directory.status == 2, "\(directory)")
    #expect(directory.output.contains("is a directory: name a file in it, for example -o \(tmux.home.path)/Forest.lss"), "\(directory)")
    let device = try await tmux.run("splits route export Forest -o /dev/null --force")
    #expect(device.status == 2 && device.output.contains("/dev/null is a character device"), "\(device)")
    let missing = try await tmux.run("splits route export Nowhere")
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.output == "There is no route named 'Nowhere': splits route list lists them.\n", "\(missing)")
  }
}

/// Elements of a LiveSplit file found by their tags, as bytes.
enum LSSElements {
  /// Every `<name>…</name>` with something between its tags, in order, exactly as written.
  static func nonEmpty(_ name: String, in data: Data) -> [Data] {
    let bytes = [UInt8](data)
    let open = Array("<\(name)>".utf8)
    let close = Array("</\(name)>".utf8)
    var found: [Data] = []
    var at = 0
    while let start = index(of: open, in: bytes, from: at) {
      guard let end = index(of: close, in: bytes, from: start + open.count) else { break }
      if end > start + open.count { found.append(Data(bytes[start..<end + close.count])) }
      at = end + close.count
    }
    return found
  }

  static func index(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var i = from
    let last = bytes.count - needle.count
    while i <= last {
      if bytes[i] == first, bytes[i..<i + needle.count].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }
}
