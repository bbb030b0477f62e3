import Foundation
import SplitsCore
import SplitsTestSystem
import SplitsWorkout
import Testing

@testable import SplitsCLI

/// Where `splits workout X` finds its workout: a file, a saved name, or the text itself.
@Suite("splits workout: where the workout comes from")
struct WorkoutFilesTests {
  /// A fresh directory with a saved workouts' directory inside, removed at the end.
  final class Place {
    let root: String
    let saved: String
    init() throws {
      root = NSTemporaryDirectory() + "/splits-workouts-" + UUID().uuidString
      saved = root + "/config/splits/workouts"
      try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
    }
    var environment: [String: String] { ["XDG_CONFIG_HOME": root + "/config", "HOME": root] }
    func write(_ text: String, _ path: String) throws {
      try #require(writeFile(text, to: path))
    }
    deinit { try? FileManager.default.removeItem(atPath: root) }
  }

  @Test func theDirectoryFollowsXDGAndElseHome() {
    #expect(WorkoutFiles.directory(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/splits/workouts")
    #expect(WorkoutFiles.directory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/splits/workouts")
    #expect(WorkoutFiles.directory(environment: ["HOME": "/h/"]) == "/h/.config/splits/workouts")
  }

  @Test func aFileFirstThenASavedNameThenText() throws {
    let place = try Place()
    try place.write("- 1m rest\n", place.root + "/file.txt")
    try place.write("- 2m\n", place.saved + "/easy.txt")
    try place.write("<workout_file><workout><SteadyState Duration=\"60\" Power=\"0.5\"/></workout></workout_file>", place.saved + "/z.zwo")
    let file = try WorkoutFiles.load(place.root + "/file.txt", environment: place.environment)
    #expect(file.source.fileName == place.root + "/file.txt")
    #expect(file.parsed.workout.steps.map(\.kind) == [.rest])
    let saved = try WorkoutFiles.load("easy", environment: place.environment)
    #expect(saved.source.fileName == "easy.txt")
    #expect(saved.parsed.workout.steps.first?.length == .seconds(120))
    let zwo = try WorkoutFiles.load("z", environment: place.environment)
    #expect(zwo.parsed.workout.steps.first?.target == .steady(low: 50, high: 50))
    let text = try WorkoutFiles.load("- 3s warmup\n- 2s", environment: place.environment)
    #expect(text.source.fileName == nil)
    #expect(text.parsed.workout.steps.count == 2)
  }

  @Test func whatCannotBeFoundOrReadIsSaidWithItsName() throws {
    let place = try Place()
    #expect(throws: WorkoutFiles.Failure.self) { try WorkoutFiles.load("missing", environment: place.environment) }
    do {
      _ = try WorkoutFiles.load("missing", environment: place.environment)
    } catch {
      #expect(error.description == "no workout file or saved workout named 'missing' (saved workouts are in \(place.saved))")
    }
    try place.write("- 10q\n", place.root + "/bad.txt")
    do {
      _ = try WorkoutFiles.load(place.root + "/bad.txt", environment: place.environment)
      Issue.record("a bad workout was read")
    } catch {
      #expect(error.description.hasPrefix(place.root + "/bad.txt: line 1, column 6: expected a length"))
    }
    try #require(writeFile([UInt8](repeating: 0x20, count: Workout.Limits.bytes + 1), to: place.root + "/big.txt"))
    do {
      _ = try WorkoutFiles.load(place.root + "/big.txt", environment: place.environment)
      Issue.record("a file over the limit was read")
    } catch {
      #expect(error.description.contains("larger than 1048576 bytes"))
    }
    try #require(writeFile([0x2D, 0x20, 0x31, 0x6D, 0x0A, 0x2D, 0xE9, 0x0A], to: place.root + "/latin1.txt"))
    do {
      _ = try WorkoutFiles.load(place.root + "/latin1.txt", environment: place.environment)
      Issue.record("bytes that are not UTF-8 were read")
    } catch {
      #expect(error.description.hasSuffix("latin1.txt: line 2, column 2: expected UTF-8 text, found the byte 0xE9"))
    }
  }

  @Test func theSavedListSkipsHiddenFilesAndDirectories() throws {
    let place = try Place()
    try place.write("- 1m", place.saved + "/b.txt")
    try place.write("- 1m", place.saved + "/a")
    try place.write("- 1m", place.saved + "/.hidden")
    try FileManager.default.createDirectory(atPath: place.saved + "/dir", withIntermediateDirectories: true)
    #expect(WorkoutFiles.saved(environment: place.environment).map(\.name) == ["a", "b.txt"])
  }
}
