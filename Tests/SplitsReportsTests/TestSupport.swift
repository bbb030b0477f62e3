import Foundation
import SplitsCore

#if canImport(Glibc)
  import Glibc
#endif

// The few helpers of SplitsStoreTests' TestSupport.swift the report tests need (the TCX
// check runs xmllint): test targets cannot share a file.

/// A fresh directory under the system's temp directory, removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() {
    var template = Array((NSTemporaryDirectory() + "/splits-reports-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = made.map { String(cString: $0) } ?? NSTemporaryDirectory() + "/splits-reports-\(UUID().uuidString)"
    if made == nil { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
  }

  func file(_ name: String) -> String { path + "/" + name }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

func write(_ bytes: [UInt8], to path: String) {
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// Milliseconds as an instant of the boot clock.
func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Children run with `posix_spawn` (Foundation's `Process` hangs in some set-ups here),
/// with an empty signal mask and default dispositions: test threads block most signals.
enum Child {
  struct Result {
    var status: Int32
    var output: String
  }

  /// Whether `name` is an executable on `PATH`.
  static func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/\(name)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }

  /// Starts `arguments` with stdout and stderr into `outputPath`; returns the pid.
  static func start(_ arguments: [String], outputPath: String) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var envp: [UnsafeMutablePointer<CChar>?] =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for p in envp { free(p) } }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    return result == 0 ? pid : nil
  }

  /// Waits for `pid` and returns its exit status (128 + signal when killed).
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Runs `arguments` to the end.
  static func run(_ arguments: [String]) -> Result? {
    let out = NSTemporaryDirectory() + "/splits-reports-child-\(getpid())-\(UUID().uuidString)"
    defer { unlink(out) }
    guard let pid = start(arguments, outputPath: out) else { return nil }
    let status = wait(pid)
    return Result(status: status, output: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
  }
}
