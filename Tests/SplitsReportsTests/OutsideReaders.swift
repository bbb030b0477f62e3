import Foundation
import Testing
import SplitsTestSystem

/// The outside readers the exports are checked with: a script of `Tests/tools` run with the
/// tests' Python (`$SPLITS_TEST_PYTHON`, else `.build/test-venv`, which `make test` fills).
enum OutsideReaders {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  /// Runs `tool` on `file` and decodes the JSON summary it prints last (a reader may print
  /// before it). Fails, never skips, when the Python is missing.
  static func summary<T: Decodable>(_ type: T.Type, tool: String, file: String) throws -> T {
    let chosen = ProcessInfo.processInfo.environment["SPLITS_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
    let python = chosen ?? packageRoot + "/.build/test-venv/bin/python"
    try #require(
      FileManager.default.isExecutableFile(atPath: python),
      "No Python with the readers at \(python): `make test` creates it (scripts/test-venv.sh), or set SPLITS_TEST_PYTHON")
    let result = try Spawn.run([python, packageRoot + "/Tests/tools/" + tool, file], timeout: nil)
    try #require(result.shellStatus == 0, "\(tool) \(file): \(result.output)")
    let line = try #require(result.stdout.split(separator: "\n").last, "\(tool) printed nothing")
    do {
      return try JSONDecoder().decode(type, from: Data(line.utf8))
    } catch {
      Issue.record("\(tool) printed no summary: \(error)\n\(result.output)")
      throw error
    }
  }
}
