import Foundation
import Testing
import SplitsTestSystem

/// `docs/splits.1` is written by hand from the help; these tests keep the two in step: every
/// long option and subcommand the built `splits` lists in its help is in the manual page, and
/// the manual page lists none the program no longer has.
@Suite("the manual page agrees with --help", .timeLimit(.minutes(1)))
struct ManualTests {
  /// The repository's root, from this file's place in it (Tests/SplitsEndToEndTests/).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let manualPath = root.appendingPathComponent("docs/splits.1").path

  /// Options the manual page documents that no help lists: argument-parser's hidden ones.
  static let hiddenOptions: Set<String> = ["--generate-completion-script"]

  static func splits(_ arguments: [String]) async throws -> SpawnResult {
    try await Spawn.runAsync(
      [try SplitsBinary.path] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm-256color"])
  }

  /// The help of `splits` (no subcommand) or of one subcommand; fails unless it exits 0.
  static func help(_ subcommand: String?) async throws -> String {
    try await help(path: subcommand.map { [$0] } ?? [])
  }

  /// The help of a nested subcommand (`["workout", "check"]`).
  static func help(path: [String]) async throws -> String {
    let subcommand: String? = path.isEmpty ? nil : path.joined(separator: " ")
    let result = try await splits(path + ["--help"])
    guard result.termination == .exited(0), !result.stdout.isEmpty else {
      throw HarnessError("splits \(subcommand ?? "") --help: \(result)")
    }
    return result.stdout
  }

  /// The manual page's source with roff's escapes for hyphens and fonts taken out, so that
  /// `\-\-data\-dir` reads `--data-dir` and `\fB\-\-json\fR` reads `--json`.
  static func manual() throws -> String {
    var text = try String(contentsOfFile: manualPath, encoding: .utf8)
    for (escape, plain) in [("\\-", "-"), ("\\&", ""), ("\\%", ""), ("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\fP", "")] {
      text = text.replacingOccurrences(of: escape, with: plain)
    }
    return text
  }

  /// Every long option (`--name`) in `text`.
  static func longOptions(_ text: String) -> Set<String> {
    Set(text.matches(of: #/--[a-z][a-z0-9]*(?:-[a-z0-9]+)*/#).map { String($0.output) })
  }

  /// The subcommands `splits --help` lists: the first word of each entry of SUBCOMMANDS and
  /// of each group's (`LIVESPLIT SERVER SUBCOMMANDS`) (indented two spaces; wrapped
  /// descriptions are indented further).
  static func subcommands(rootHelp: String) throws -> [String] {
    guard rootHelp.contains("\nSUBCOMMANDS:\n") else {
      throw HarnessError("no SUBCOMMANDS in splits --help: \(rootHelp)")
    }
    var names: [String] = []
    var inSection = false
    for line in rootHelp.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasSuffix("SUBCOMMANDS:") && line.first?.isUppercase == true {
        inSection = true
        continue
      }
      if line.isEmpty { inSection = false }
      guard inSection else { continue }
      if let match = line.wholeMatch(of: #/  ([a-z][a-z-]*)\b.*/#) { names.append(String(match.output.1)) }
    }
    return names
  }

  /// The subcommands the manual page gives a section: the words after "splits" in each `.SS`
  /// heading (`.SS "splits, splits ride"`, `.SS "splits show \fIride\fP"`).
  static func documentedSubcommands(_ manual: String) -> Set<String> {
    var names: Set<String> = []
    for line in manual.split(separator: "\n") where line.hasPrefix(".SS ") {
      for match in line.matches(of: #/splits ([a-z][a-z-]*)/#) { names.insert(String(match.output.1)) }
    }
    return names
  }

  @Test("every long option of splits --help and of each subcommand's --help is in docs/splits.1")
  func optionsDocumented() async throws {
    let manual = try Self.manual()
    let documented = Self.longOptions(manual)
    let rootHelp = try await Self.help(nil)
    let subcommands = try Self.subcommands(rootHelp: rootHelp)
    #expect(subcommands.count >= 6, "\(subcommands) from \(rootHelp)")
    var listed = Self.longOptions(rootHelp)
    #expect(listed.contains("--data-dir") && listed.contains("--help"), "\(listed)")
    for option in listed.sorted() {
      #expect(documented.contains(option), "splits --help lists \(option); docs/splits.1 does not")
    }
    // Each subcommand, and the subcommands of a group (`splits workout check`).
    var paths = subcommands.map { [$0] }
    while let path = paths.first {
      paths.removeFirst()
      let help = try await Self.help(path: path)
      let name = path.joined(separator: " ")
      let options = Self.longOptions(help)
      #expect(options.contains("--help"), "splits \(name) --help: \(help)")
      for option in options.sorted() {
        #expect(documented.contains(option), "splits \(name) --help lists \(option); docs/splits.1 does not")
      }
      listed.formUnion(options)
      if path.count == 1, help.contains("\nSUBCOMMANDS:\n") {
        paths += try Self.subcommands(rootHelp: help).map { path + [$0] }
      }
    }
    // And the other way: nothing in the manual page that no help lists.
    for option in documented.subtracting(listed).subtracting(Self.hiddenOptions).sorted() {
      Issue.record("docs/splits.1 documents \(option); no --help lists it")
    }
  }

  @Test("every subcommand of splits --help has its section in docs/splits.1, and only those")
  func subcommandsDocumented() async throws {
    let sections = Self.documentedSubcommands(try Self.manual())
    let subcommands = try Self.subcommands(rootHelp: try await Self.help(nil))
    #expect(subcommands.contains("ride") && subcommands.contains("export"), "\(subcommands)")
    for subcommand in subcommands {
      #expect(sections.contains(subcommand), "splits --help lists \(subcommand); docs/splits.1 has no .SS for it")
    }
    for section in sections.subtracting(subcommands).sorted() {
      Issue.record("docs/splits.1 has a section for splits \(section); splits --help does not list it")
    }
  }

  @Test("the manual page's version is splits --version")
  func version() async throws {
    let version = try await Self.splits(["--version"])
    #expect(version.termination == .exited(0), "\(version)")
    let number = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let heading = try Self.manual().split(separator: "\n").first { $0.hasPrefix(".TH ") }
    #expect(heading?.contains("\"splits \(number)\"") == true, "\(heading ?? "no .TH") vs \(number)")
  }

  @Test("groff formats docs/splits.1 without a warning", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
  func formatsCleanly() async throws {
    for device in ["utf8", "ascii"] {
      let result = try await Spawn.runAsync(
        ["/usr/bin/groff", "-man", "-ww", "-z", "-T\(device)", Self.manualPath],
        environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
      #expect(result.termination == .exited(0), "\(result)")
      #expect(result.stderr.isEmpty, "groff -T\(device): \(result.stderr)")
    }
  }
}
