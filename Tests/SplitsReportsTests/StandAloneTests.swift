import Foundation
import Testing
import SplitsTestSystem

/// The repository builds and tests from a fresh clone anywhere: nothing in it names a
/// directory of the machine it was written on, or a folder beside it.
@Suite("The repository stands alone")
struct StandAloneTests {
  /// What a path of one machine looks like, built from pieces so this file does not hold them.
  static let needles = ["work", "root", "home"].map { "/" + $0 + "/" } + [".." + "/shared"]
  static let needleData = needles.map { Data($0.utf8) }

  /// The repository's files, relative to its root: `git ls-files` in a checkout, else every
  /// file under the root but the build, Git and Python directories.
  static func files(root: String) -> [String] {
    if FileManager.default.fileExists(atPath: root + "/.git"), let git = Spawn.which("git"),
      let listed = try? Spawn.run([git, "-C", root, "ls-files", "-z"], timeout: nil), listed.shellStatus == 0
    {
      return listed.stdout.split(separator: "\0").map(String.init)
    }
    var found: [String] = []
    let skipped: Set<String> = [".git", ".swiftpm", "bench/.venv", "bench/results"]
    var pending = [""]
    while let directory = pending.popLast() {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + directory)) ?? []
      for entry in entries.sorted() {
        let relative = directory.isEmpty ? entry : directory + "/" + entry
        if skipped.contains(relative) || (directory.isEmpty && entry.hasPrefix(".build")) { continue }
        var info = stat()
        guard lstat(root + "/" + relative, &info) == 0 else { continue }
        if (info.st_mode & S_IFMT) == S_IFDIR {
          pending.append(relative)
        } else if (info.st_mode & S_IFMT) == S_IFREG {
          found.append(relative)
        }
      }
    }
    return found
  }

  @Test("No file names a directory of a build machine or a folder outside the repository")
  func noMachinePaths() throws {
    let root = OutsideReaders.packageRoot
    let files = Self.files(root: root)
    // The listing works: this very file is in it.
    try #require(files.contains("Tests/SplitsReportsTests/StandAloneTests.swift"), "\(files.count) files listed")
    var offenders: [String] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: root + "/" + file) else { continue }
      // Binary files (a NUL byte) hold no paths worth reading.
      if data.range(of: Data([0])) != nil { continue }
      // Only a file that holds a needle somewhere is read line by line (a byte search first:
      // reading every line of the repository in the unoptimised tests took over a second).
      guard Self.needleData.contains(where: { data.range(of: $0) != nil }) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
        for needle in Self.needles where line.contains(needle) {
          offenders.append("\(file):\(number + 1): \(needle)")
        }
      }
    }
    #expect(offenders.isEmpty, "paths of one machine:\n\(offenders.joined(separator: "\n"))")
  }

  @Test("Garmin's TCX schema is in the repository")
  func schemaIsCommitted() {
    #expect(ExportTests.schemaPath != nil)
    #expect(ExportTests.schema.hasPrefix(OutsideReaders.packageRoot + "/"))
  }
}
