import Foundation
import Testing
import SplitsTestSystem

/// `splits workout check` and `splits workout list` from the real binary: what they print,
/// and exit 2 with the place and what was expected for a workout that cannot be read.
@Suite("splits workout check and list, end to end", .timeLimit(.minutes(1)))
struct WorkoutCommandLineTests {
  final class Home {
    let path = NSTemporaryDirectory() + "/splits-workout-cli-" + UUID().uuidString
    init() throws { try FileManager.default.createDirectory(atPath: path + "/config/splits/workouts", withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func write(_ text: String, _ name: String) throws -> String {
      let file = path + "/" + name
      try #require(writeFile(text, to: file))
      return file
    }
    func splits(_ arguments: [String]) async throws -> SpawnResult {
      try await Spawn.runAsync(
        [try SplitsBinary.path] + arguments,
        environment: [
          "PATH": "/usr/bin:/bin", "HOME": path, "XDG_CONFIG_HOME": path + "/config", "LANG": "C.UTF-8",
          "TERM": "xterm-256color",
        ])
    }
  }

  static let sweetSpot = """
    # Sweet spot 3x10
    ftp 250
    - Warm up 10m ramp 50-75% 90rpm warmup
    Main set 3x
    - Sweet spot 10m 88-92% 90rpm
      @8m Stay seated
    - Easy 5m 55% rest

    - 8m ramp 60-40% cooldown

    """

  @Test func checkPrintsTheUnrolledStepsAndTheirJSON() async throws {
    let home = try Home()
    let file = try home.write(Self.sweetSpot, "sweet.txt")
    let table = try await home.splits(["workout", "check", file])
    #expect(table.termination == .exited(0), "\(table)")
    let lines = table.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "Sweet spot 3x10 · FTP 250 W")
    #expect(lines.count == 11, "the title, the header, 8 steps and the total")
    #expect(lines.last == "Total: 3780 s (01:03:00), 8 steps")
    let json = try await home.splits(["workout", "check", "--json", file])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["name"] as? String == "Sweet spot 3x10")
    #expect(object["total_seconds"] as? Int == 3780)
    let steps = try #require(object["steps"] as? [[String: Any]])
    let kinds: [String] = steps.compactMap { $0["kind"] as? String }
    #expect(kinds == ["warmup", "active", "rest", "active", "rest", "active", "rest", "cooldown"])
    let indexes: [Int] = steps.compactMap { $0["index"] as? Int }
    #expect(indexes == Array(1...8))
    let lows: [Int] = steps.compactMap { $0["target_low"] as? Int }
    let highs: [Int] = steps.compactMap { $0["target_high"] as? Int }
    #expect(lows == [50, 88, 55, 88, 55, 88, 55, 60])
    #expect(highs == [75, 92, 55, 92, 55, 92, 55, 40])
    let cues = steps[1]["cues"] as? [[String: Any]]
    let offset = cues?.first?["offset"] as? Int
    #expect(offset == 480)
  }

  @Test func aBadWorkoutExitsTwoWithItsPlaceAndWhatWasExpected() async throws {
    let home = try Home()
    let text = try home.write("- Warm up 10m\n- Hard 5x 90%\n", "bad.txt")
    let result = try await home.splits(["workout", "check", text])
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("splits: \(text): line 2, column "), "\(result)")
    #expect(result.stderr.contains("expected"), "\(result)")
    let zwo = try home.write(
      "<workout_file><workout><SteadyState Duration=\"-5\" Power=\"0.8\"/></workout></workout_file>", "bad.zwo")
    let xml = try await home.splits(["workout", "check", zwo])
    #expect(xml.termination == .exited(2), "\(xml)")
    #expect(xml.stderr.contains("line 1, element <SteadyState>"), "\(xml)")
    let dtd = try home.write(
      "<!DOCTYPE lolz [<!ENTITY lol \"lol\">]><workout_file><workout/></workout_file>", "lol.zwo")
    let attack = try await home.splits(["workout", "check", dtd])
    #expect(attack.termination == .exited(2), "\(attack)")
    let missing = try await home.splits(["workout", "check", "nothing-here"])
    #expect(missing.termination == .exited(2), "\(missing)")
    #expect(missing.stderr.contains("no workout file or saved workout named 'nothing-here'"), "\(missing)")
  }

  @Test func listShowsTheSavedWorkouts() async throws {
    let home = try Home()
    let empty = try await home.splits(["workout", "list"])
    #expect(empty.termination == .exited(0))
    #expect(empty.stdout == "No saved workouts in \(home.path)/config/splits/workouts\n")
    _ = try home.write(Self.sweetSpot, "config/splits/workouts/sweet.txt")
    _ = try home.write("- 1m\n- lap\n", "config/splits/workouts/open")
    let list = try await home.splits(["workout", "list"])
    let lines = list.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    #expect(lines == ["Name Title Steps Total", "open 2 open", "sweet.txt Sweet spot 3x10 8 01:03:00"], "\(list)")
    // A saved workout is found by its name, without its extension.
    let check = try await home.splits(["workout", "check", "sweet"])
    #expect(check.termination == .exited(0), "\(check)")
  }

  @Test func workoutCheckOfADirectorySaysItIsADirectory() async throws {
    let home = try Home()
    let result = try await home.splits(["workout", "check", home.path])
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.hasPrefix("splits: '\(home.path)' is a directory: name a workout file in it"), "\(result)")
    #expect(!result.stderr.contains("no workout file or saved workout"), "\(result)")
  }

  @Test func aWorkoutTextStartingWithADashSaysToPutDoubleDashBeforeIt() async throws {
    let home = try Home()
    for arguments in [["workout", "check", "- 20m 75%"], ["workout", "- 20m 75%"], ["workout", "check", "--json", "- 20m 75%"]] {
      let result = try await home.splits(arguments)
      #expect(result.termination == .exited(2), "\(result)")
      #expect(!result.stderr.contains("Missing expected argument"), "\(result)")
      let command = arguments.contains("check") ? "splits workout check" : "splits workout"
      #expect(
        result.stderr.hasPrefix(
          "Error: a workout's text that starts with '-' reads as an option: put -- before it, as in \(command) -- '- 20m 75%'\n"),
        "\(result)")
    }
    // And with it, the text is read.
    let fixed = try await home.splits(["workout", "check", "--", "- 20m 75%"])
    #expect(fixed.termination == .exited(0), "\(fixed)")
  }
}
