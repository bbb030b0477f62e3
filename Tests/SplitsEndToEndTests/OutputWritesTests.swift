import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output that cannot be written (a full disk: /dev/full) or whose reader is gone
/// (a closed pipe), with the real binary run from bash.
@Suite("Output that cannot be written, end to end", .timeLimit(.minutes(1)))
struct OutputWritesTests {
  /// A data directory holding one finished ride with a lap (made by the remote commands, no
  /// screen), and the scratch directory it is in.
  static func aRide() async throws -> TempDirectory {
    let temp = try TempDirectory("output")
    for command in ["start", "lap", "pause", "finish"] {
      let result = try await Spawn.runAsync([try SplitsBinary.path, command], environment: try environment(temp))
      guard result.termination == .exited(0) else {
        temp.remove()
        throw HarnessError("splits \(command): \(result)")
      }
    }
    return temp
  }

  static func environment(_ temp: TempDirectory) throws -> [String: String] {
    [
      "SPLITS": try SplitsBinary.path, "SPLITS_DATA_DIR": temp.file("data"), "T": temp.path, "HOME": temp.path,
      "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
    ]
  }

  /// Runs `script` with bash: `$SPLITS` is the binary, `$T` the scratch directory.
  static func bash(_ script: String, in temp: TempDirectory) async throws -> SpawnResult {
    try await Spawn.runAsync(
      ["/bin/bash", "--norc", "--noprofile", "-c", script], environment: try environment(temp), timeout: .seconds(15))
  }

  /// Every command that prints to standard output, as typed after `splits`.
  static let printers = [
    "export --all --format csv", "export --last --format json", "export --last --format tcx",
    "history", "history --json", "history --week", "show 1", "show last --json",
    "status", "status --json", "status --lang en --format '{state} {laps}'", "status --follow",
    "--help", "history --help", "--version", "start",
  ]

  @Test(
    "A command whose standard output is a full disk says so and exits 1",
    arguments: printers)
  func aFullDisk(_ command: String) async throws {
    let temp = try await Self.aRide()
    defer { temp.remove() }
    let result = try await Self.bash("\"$SPLITS\" \(command) >/dev/full", in: temp)
    #expect(result.termination == .exited(1), "\(result)")
    #expect(result.stderr == "splits: cannot write standard output: No space left on device\n", "\(result)")
  }

  @Test(
    "A command whose standard output is a pipe with no reader ends quietly with status 0",
    arguments: printers)
  func aClosedPipe(_ command: String) async throws {
    let temp = try await Self.aRide()
    defer { temp.remove() }
    // A pipe whose reader is gone before anything is written, whatever the timing: a FIFO
    // opened for reading and writing (so that opening it to write does not wait), opened
    // again to write for splits, then its reader closed.
    let result = try await Self.bash(
      """
      mkfifo "$T/pipe"
      exec 3<>"$T/pipe" 4>"$T/pipe" 3>&-
      "$SPLITS" \(command) >&4
      echo "status $?"
      """, in: temp)
    #expect(result.termination == .exited(0), "\(result)")
    #expect(result.stdout == "status 0\n", "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }

  @Test("history piped to head -c1 exits 0 and prints nothing on standard error")
  func pipedToHead() async throws {
    let temp = try await Self.aRide()
    defer { temp.remove() }
    let result = try await Self.bash(
      """
      "$SPLITS" history | head -c1 >/dev/null
      echo "status ${PIPESTATUS[0]}"
      "$SPLITS" export --all --format json | head -c1 >/dev/null
      echo "status ${PIPESTATUS[0]}"
      """, in: temp)
    #expect(result.stdout == "status 0\nstatus 0\n", "\(result)")
    #expect(result.stderr.isEmpty, "\(result)")
  }
}
