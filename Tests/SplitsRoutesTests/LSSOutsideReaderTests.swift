import Foundation
import SplitsTestSystem
import Testing

@testable import SplitsRoutes

/// livesplit-analyser (PyPI), an outside reader of `.lss`, reads what Splits writes with the
/// same figures: `Tests/tools/lss_check.py`, run with the tests' Python.
@Suite struct LSSOutsideReaderTests {
  struct Summary: Decodable {
    var title: String
    var attempt_count: Int
    var segments: Int
    var names: [String]
    var personal_best_s: Double?
    var sum_of_best_s: Double
    var completed: Int
  }

  /// `$SPLITS_TEST_PYTHON`, else `.build/test-venv` (`make test` fills it): fails, never skips,
  /// when it is missing.
  static func summary(of route: Route) throws -> Summary {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("route.lss")
    writeFile(Array(LSSWriter.write(route).utf8), to: file)
    let root = LSSFixtures.packageRoot.path
    let chosen = ProcessInfo.processInfo.environment["SPLITS_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
    let python = chosen ?? root + "/.build/test-venv/bin/python"
    try #require(
      FileManager.default.isExecutableFile(atPath: python),
      "No Python with the readers at \(python): `make test` creates it (scripts/test-venv.sh), or set SPLITS_TEST_PYTHON")
    let result = try Spawn.run([python, root + "/Tests/tools/lss_check.py", file], timeout: .seconds(60))
    try #require(result.shellStatus == 0, "lss_check.py: \(result.output)")
    let line = try #require(result.stdout.split(separator: "\n").last, "lss_check.py printed nothing")
    return try JSONDecoder().decode(Summary.self, from: Data(line.utf8))
  }

  /// Three segments; attempt 1 reset in the second, 2 complete in 1:10, 3 complete in 1:05.
  static var ridden: Route {
    var route = Route(name: "Forest", segmentNames: ["Climb", "Ridge", "Descent"])
    route.gameName = "Forest"
    route.categoryName = "Loop"
    route.attemptCount = 3
    let day: Int64 = 1_764_000_000
    func date(_ seconds: Int64) -> AttemptDate { AttemptDate(secondsSince1970: day + seconds, isSynced: false) }
    route.attemptHistory = [
      RouteAttempt(index: 1, time: .none, started: date(0), ended: date(40)),
      RouteAttempt(index: 2, time: RouteTime(real: .seconds(70)), started: date(100), ended: date(170)),
      RouteAttempt(index: 3, time: RouteTime(real: .seconds(65)), started: date(200), ended: date(265)),
    ]
    let segments: [[Int: Int64]] = [[1: 20, 2: 22, 3: 21], [2: 25, 3: 26], [2: 23, 3: 18]]
    let personalBest: [Int64] = [21, 47, 65]
    for (i, times) in segments.enumerated() {
      for (attempt, seconds) in times { route.segments[i].setHistory(attempt, RouteTime(real: .seconds(seconds))) }
      route.segments[i].bestSegment = RouteTime(real: .seconds(times.values.min() ?? 0))
      route.segments[i].personalBestSplit = RouteTime(real: .seconds(personalBest[i]))
    }
    return route
  }

  @Test func theAnalyserReadsARouteSplitsWroteWithItsFigures() throws {
    let summary = try Self.summary(of: Self.ridden)
    #expect(summary.title == "Forest Loop")
    #expect(summary.segments == 3)
    #expect(summary.names == ["Climb", "Ridge", "Descent"])
    #expect(summary.attempt_count == 3)
    #expect(summary.completed == 2)
    #expect(summary.personal_best_s == 65)
    #expect(summary.sum_of_best_s == 20 + 25 + 18)
  }

  @Test func theAnalyserReadsARealFileSplitsWroteAgain() throws {
    let summary = try Self.summary(of: LSSFixtures.route("livesplit1.6.lss"))
    #expect(summary.title == "NES Open Tournament Golf US Course")
    #expect(summary.segments == 18)
    #expect(summary.names.first == "Hole 1" && summary.names.last == "Hole 18")
    #expect(summary.attempt_count == 55)
    #expect(summary.completed == 20)
    #expect(summary.personal_best_s == 685.671)
  }
}
