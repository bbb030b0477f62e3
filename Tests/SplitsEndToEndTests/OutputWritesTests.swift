import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output that cannot be written (a full disk: /dev/full) or whose reader is gone
/// (a closed pipe), and export files that are not regular files, with the real binary run
/// from bash.
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

  /// What `ls -l`'s first letter says the file at `path` is.
  static func kind(_ path: String) -> Character? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFCHR: return "c"
    case S_IFIFO: return "p"
    case S_IFLNK: return "l"
    case S_IFREG: return "-"
    default: return "?"
    }
  }

  @Test("export -o a character device, even with --force, is refused and the device stays one")
  func exportToADevice() async throws {
    let temp = try await Self.aRide()
    defer { temp.remove() }
    // As root a device of our own (the full one's numbers): a regression must not replace
    // the machine's /dev/full. Without root, /dev/full itself.
    let made = try await Self.bash(
      #"if [ "$(id -u)" = 0 ] && mknod "$T/full" c 1 7; then echo "$T/full"; else echo /dev/full; fi"#, in: temp)
    let device = made.stdout.trimmingCharacters(in: .newlines)
    #expect(Self.kind(device) == "c", "\(made)")
    for force in ["", " --force"] {
      let result = try await Self.bash("\"$SPLITS\" export --last --format csv -o \(device)\(force)", in: temp)
      #expect(result.termination == .exited(2), "\(force): \(result)")
      #expect(
        result.stderr
          == "splits: \(device) is a character device, not a regular file: export writes and replaces regular files only (-o - for standard output)\n",
        "\(force): \(result)")
      #expect(Self.kind(device) == "c", "\(force)")
    }
    #expect(Self.kind("/dev/full") == "c")
  }

  @Test("export -o a named pipe, even with --force, is refused at once and the pipe stays one")
  func exportToAFIFO() async throws {
    let temp = try await Self.aRide()
    defer { temp.remove() }
    let fifo = temp.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for force in ["", " --force"] {
      // Opening a FIFO to write waits for a reader: none comes, so a hang is a timeout.
      let result = try await Self.bash("\"$SPLITS\" export --last --format csv -o \"$T/fifo\"\(force)", in: temp)
      #expect(result.termination == .exited(2), "\(force): \(result)")
      #expect(result.stderr.contains("\(fifo) is a named pipe, not a regular file"), "\(force): \(result)")
      #expect(Self.kind(fifo) == "p", "\(force)")
    }
  }

  @Test("export -o a symbolic link, even with --force, is refused: neither the link nor its target is touched")
  func exportToASymbolicLink() async throws {
    let temp = try await Self.aRide()
    defer { temp.remove() }
    let result = try await Self.bash(
      """
      echo kept >"$T/target.csv"
      ln -s target.csv "$T/link.csv"
      "$SPLITS" export --last -o "$T/link.csv" --force
      echo "status $?"
      """, in: temp)
    #expect(result.stdout == "status 2\n", "\(result)")
    #expect(result.stderr.contains("link.csv is a symbolic link, not a regular file"), "\(result)")
    #expect(Self.kind(temp.file("link.csv")) == "l")
    #expect(temp.read("target.csv") == "kept\n")
  }
}
