import Foundation
import Testing
import SplitsTestSystem

/// The ride screen's command line when argument-parser decides it (help, version, errors);
/// its plain forms skip argument-parser and are covered by every ride test.
@Suite("splits command line, end to end", .timeLimit(.minutes(1)))
struct CommandLineTests {
  static func splits(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> SpawnResult {
    var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
    environment["TERM"] = "xterm-256color"
    environment.merge(extra) { $1 }
    return try await Spawn.runAsync([try SplitsBinary.path] + arguments, environment: environment)
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refused: [Refused] = [
    Refused(arguments: ["--countdown", "100"], message: "--countdown takes a whole number of seconds from 0 to 99."),
    Refused(arguments: ["--countdown", "x"], message: "countdown"),
    Refused(arguments: ["--precision", "ms"], message: "precision"),
    Refused(arguments: ["--lang", "fr"], message: "lang"),
    Refused(arguments: ["--plain=yes"], message: "plain"),
    Refused(arguments: ["--frobnicate"], message: "frobnicate"),
  ]

  @Test("bad ride options: exit 2 and argument-parser's message, nothing on the screen", arguments: refused)
  func badOptions(_ case_: Refused) async throws {
    let result = try await Self.splits(case_.arguments)
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains(case_.message), "\(result)")
    #expect(result.stdout.isEmpty, "\(result)")
  }

  @Test("--version and --help")
  func versionAndHelp() async throws {
    let version = try await Self.splits(["--version"])
    #expect(version.termination == .exited(0), "\(version)")
    #expect(version.stdout == "0.1.0\n", "\(version)")
    let help = try await Self.splits(["--help"])
    #expect(help.termination == .exited(0), "\(help)")
    #expect(help.stdout.contains("USAGE: splits"), "\(help)")
    #expect(help.stdout.contains("ride (default)"), "\(help)")
    let rideHelp = try await Self.splits(["ride", "--help"])
    #expect(rideHelp.termination == .exited(0), "\(rideHelp)")
    #expect(rideHelp.stdout.contains("--countdown"), "\(rideHelp)")
  }

  @Test("--version --verbose: the version, the build, and the loop's backend (epoll with SPLITS_LOOP=epoll)")
  func versionVerbose() async throws {
    let report = try await Self.splits(["--version", "--verbose"])
    #expect(report.termination == .exited(0), "\(report)")
    let lines = report.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 4 && lines[3].isEmpty, "\(report)")
    #expect(lines.first == "splits 0.1.0", "\(report)")
    #expect(lines.dropFirst().first?.hasPrefix("build: Swift 6.") == true, "\(report)")
    // This machine's kernel allows io_uring (kernel.io_uring_disabled 0, no seccomp filter).
    let allowed = (try? String(contentsOfFile: "/proc/sys/kernel/io_uring_disabled", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) == "0"
    if allowed {
      // Linux 6.12 and later time the ring's wait to the next deadline (this machine's 6.18);
      // an older kernel keeps the deadlines on a timerfd (which line a kernel gets:
      // `LoopBackendTests`).
      let loops = [
        "loop: io_uring (the frame's write and the wait until the next deadline in one system call)",
        "loop: io_uring (the frame's write and the wait in one system call; deadlines on a timerfd)",
      ]
      #expect(lines.dropFirst(2).first.map(loops.contains) == true, "\(report)")
    } else {
      #expect(lines.dropFirst(2).first?.hasPrefix("loop: epoll (io_uring unavailable: ") == true, "\(report)")
    }

    let forced = try await Self.splits(["--verbose", "--version"], environment: ["SPLITS_LOOP": "epoll"])
    #expect(forced.termination == .exited(0), "\(forced)")
    #expect(forced.stdout.hasSuffix("\nloop: epoll (SPLITS_LOOP=epoll)\n"), "\(forced)")
    #expect(forced.stdout.hasPrefix("splits 0.1.0\nbuild: "), "\(forced)")
  }

  @Test("--version --verbose under a seccomp filter that refuses io_uring: epoll, and why")
  func versionVerboseWithoutIoUring() async throws {
    let tool = ManualTests.root.appendingPathComponent("Tests/tools/without_io_uring.py").path
    var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
    environment["TERM"] = "xterm-256color"
    let report = try await Spawn.runAsync(
      ["/usr/bin/python3", tool, try SplitsBinary.path, "--version", "--verbose"], environment: environment)
    #expect(report.termination == .exited(0), "\(report)")
    #expect(report.stdout.hasSuffix("\nloop: epoll (io_uring unavailable: setup refused, EPERM)\n"), "\(report)")
  }
}
