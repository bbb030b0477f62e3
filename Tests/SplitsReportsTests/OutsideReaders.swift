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
    let result = try run(tool, [file])
    let line = try #require(result.stdout.split(separator: "\n").last, "\(tool) printed nothing")
    do {
      return try JSONDecoder().decode(type, from: Data(line.utf8))
    } catch {
      Issue.record("\(tool) printed no summary: \(error)\n\(result.output)")
      throw error
    }
  }

  /// Runs `tool` once on every file of `files` (a tool of `fit_check.py` and `tcx_check.py`
  /// reads several: its Python and readers start once) and decodes the summary line it
  /// prints for each, in order. Lines that are no summary (what a reader prints) are skipped.
  static func summaries<T: Decodable>(_ type: T.Type, tool: String, files: [String]) throws -> [T] {
    let result = try run(tool, files)
    let decoded = result.stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    try #require(decoded.count == files.count, "\(tool) printed \(decoded.count) summaries for \(files.count) files:\n\(result.output)")
    return decoded
  }

  /// `tool` run with the tests' Python on `files`; fails, never skips, when the Python is missing.
  private static func run(_ tool: String, _ files: [String]) throws -> SpawnResult {
    let chosen = ProcessInfo.processInfo.environment["SPLITS_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
    let python = chosen ?? packageRoot + "/.build/test-venv/bin/python"
    try #require(
      FileManager.default.isExecutableFile(atPath: python),
      "No Python with the readers at \(python): `make test` creates it (scripts/test-venv.sh), or set SPLITS_TEST_PYTHON")
    let result = try Spawn.run([python, packageRoot + "/Tests/tools/" + tool] + files, timeout: nil)
    try #require(result.shellStatus == 0, "\(tool) \(files): \(result.output)")
    return result
  }
}
