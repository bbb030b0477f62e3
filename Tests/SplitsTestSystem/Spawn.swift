import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a child process ended.
public enum Termination: Equatable, Sendable, CustomStringConvertible {
  case exited(Int32)
  case signaled(Int32)
  /// Still running at the deadline: it was killed (its whole process group) with SIGKILL.
  case timedOut

  /// The status a shell would report as `$?` (128 + signal for a signal).
  public var shellStatus: Int32? {
    switch self {
    case .exited(let code): code
    case .signaled(let signal): 128 + signal
    case .timedOut: nil
    }
  }

  public var description: String {
    switch self {
    case .exited(let code): "exit \(code)"
    case .signaled(let signal): "signal \(signal)"
    case .timedOut: "timed out"
    }
  }
}

/// What a finished child left behind.
public struct SpawnResult: Sendable, CustomStringConvertible {
  public var termination: Termination
  public var stdout: String
  public var stderr: String

  /// Standard output, then standard error: everything the child said.
  public var output: String { stdout + stderr }
  /// The status a shell would report as `$?`; nil when it timed out.
  public var shellStatus: Int32? { termination.shellStatus }

  public var description: String { "\(termination); stdout: \(stdout.debugDescription); stderr: \(stderr.debugDescription)" }
}

/// Where a child's standard input comes from.
public enum SpawnInput: Sendable {
  case devNull
  case file(String)
}

/// Runs commands with `posix_spawn` + `waitpid`, never Foundation's `Process`.
///
/// Why not `Process`: with a `Pipe`, `tmux new-session` hangs (the daemonised server
/// inherits the pipe and it never reaches end-of-file), and `waitUntilExit()` hung too. So:
/// - standard output and error go to temp files, never pipes; every other descriptor is
///   closed in the child;
/// - the child gets an empty signal mask and default dispositions. Test threads block
///   almost every signal and children inherit the mask: tmux and bash would then ignore
///   SIGHUP and job control would misbehave;
/// - the child starts a new session (`setsid`), so it has no controlling terminal and a
///   timeout can kill its whole process group.
///
/// `run` blocks (it polls `waitpid` with short sleeps) so it can be used from a `defer`, a
/// `deinit` or a synchronous call; `runAsync` sleeps instead and is what polling uses.
///
/// Every test target that runs a program uses this one (the end-to-end tests, `sqlite3`,
/// `xmllint`, `flock`, the Python readers).
public enum Spawn {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The path of `name` on `PATH`, when it is an executable there.
  public static func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/\(name)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }

  /// Runs `arguments` (the first is looked up in `PATH` when it has no slash) and waits,
  /// blocking the calling thread.
  /// - Parameters:
  ///   - environment: the child's whole environment; nil inherits the test process's.
  ///   - stdin: `/dev/null` unless told.
  ///   - timeout: after it the child's process group is killed and `.timedOut` returned; nil
  ///     waits for as long as the child runs.
  public static func run(
    _ arguments: [String], environment: [String: String]? = nil, stdin: SpawnInput = .devNull,
    timeout: Duration? = .seconds(10)
  ) throws -> SpawnResult {
    let child = try Child(arguments, environment: environment, stdin: stdin)
    return child.result(wait(for: child.pid, timeout: timeout))
  }

  /// `run` for async code: waits with `Task.sleep` between checks, so that a test waiting
  /// for a child leaves the (small) pool of threads free for every other test. Everything
  /// that polls uses this one; on a loaded machine the blocking `run` in a poll loop starved
  /// the other tests of threads (polls 1.5 s apart were seen).
  public static func runAsync(
    _ arguments: [String], environment: [String: String]? = nil, stdin: SpawnInput = .devNull,
    timeout: Duration = .seconds(10)
  ) async throws -> SpawnResult {
    let child = try Child(arguments, environment: environment, stdin: stdin)
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var pause = Duration.microseconds(500)
    while true {
      var status: Int32 = 0
      let result = waitpid(child.pid, &status, WNOHANG)
      if result == child.pid { return child.result(decode(status)) }
      if result < 0 && errno != EINTR { return child.result(.exited(-1)) }
      if clock.now >= deadline || Task.isCancelled {
        return child.result(killAndReap(child.pid))
      }
      try? await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(10))
    }
  }

  /// A started child and the files its output goes to.
  private struct Child {
    let pid: pid_t
    let outPath: String
    let errPath: String

    init(_ arguments: [String], environment: [String: String]?, stdin: SpawnInput) throws {
      precondition(!arguments.isEmpty)
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "splits-spawn-\(getpid())-\(UUID().uuidString)")
      outPath = scratch.path + ".out"
      errPath = scratch.path + ".err"
      do {
        pid = try Spawn.start(arguments, environment: environment, stdin: stdin, out: outPath, err: errPath)
      } catch {
        unlink(outPath)
        unlink(errPath)
        throw error
      }
    }

    /// The output, read once the child has ended; the files are removed.
    func result(_ termination: Termination) -> SpawnResult {
      defer {
        unlink(outPath)
        unlink(errPath)
      }
      return SpawnResult(
        termination: termination, stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
  }

  /// Starts `arguments` with standard output and error into the files `out` and `err` (they
  /// may be the same) and returns its pid, for a test that signals and waits for it itself.
  public static func start(
    _ arguments: [String], environment: [String: String]? = nil, stdin: SpawnInput = .devNull, out outPath: String,
    err errPath: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let inPath: String
    switch stdin {
    case .devNull: inPath = "/dev/null"
    case .file(let path): inPath = path
    }
    try check(posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0), "addopen stdin")
    try check(
      posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
      "addopen stdout")
    if errPath == outPath {
      try check(posix_spawn_file_actions_adddup2(&actions, 1, 2), "dup2 stderr")
    } else {
      try check(
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
        "addopen stderr")
    }
    try closeInheritedDescriptors(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    sigdelset(&everySignal, SIGKILL)
    sigdelset(&everySignal, SIGSTOP)
    try check(posix_spawnattr_setsigmask(&attributes, &emptyMask), "setsigmask")
    try check(posix_spawnattr_setsigdefault(&attributes, &everySignal), "setsigdefault")
    let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | posixSpawnSetSID
    try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "setflags")

    let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let spawned = withCStrings(arguments) { argv in
      withCStrings(env) { envp in
        arguments[0].contains("/")
          ? posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
          : posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
      }
    }
    guard spawned == 0 else {
      throw Failure(description: "posix_spawn \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// Kills `pid`'s process group (and `pid`) and reaps it.
  private static func killAndReap(_ pid: pid_t) -> Termination {
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    return .timedOut
  }

  /// Waits for `pid`, killing its process group at the deadline (nil: no deadline).
  public static func wait(for pid: pid_t, timeout: Duration?) -> Termination {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now + $0 }
    var pause: UInt32 = 500  // microseconds, doubling up to 20 ms
    while true {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { return decode(status) }
      if result < 0 && errno != EINTR { return .exited(-1) }
      if let deadline, clock.now >= deadline { return killAndReap(pid) }
      usleep(pause)
      pause = min(pause * 2, 20_000)
    }
  }

  /// `WIFEXITED` / `WIFSIGNALED` by hand: the macros do not import.
  public static func decode(_ status: Int32) -> Termination {
    let signal = status & 0x7f
    if signal == 0 { return .exited((status >> 8) & 0xff) }
    return .signaled(signal)
  }

  /// glibc's `POSIX_SPAWN_SETSID` (2.26+): Swift's Glibc module is not built with
  /// `_GNU_SOURCE`, so the macro does not import.
  private static let posixSpawnSetSID: Int32 = 0x80

  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), looked up at run time for
  /// the same reason.
  private static func addCloseFrom() -> AddCloseFrom? {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }

  /// Closes every descriptor above 2 in the child, so that no pipe of the test runner's
  /// outlives the test in a tmux server.
  private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) throws {
    if let addCloseFrom = addCloseFrom() {
      try check(addCloseFrom(&actions, 3), "addclosefrom")
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
      // A descriptor closed meanwhile is not an error: glibc ignores EBADF for close actions.
      try check(posix_spawn_file_actions_addclose(&actions, fd), "addclose")
    }
  }

  private static func check(_ result: Int32, _ what: String) throws {
    guard result == 0 else {
      throw Failure(description: "posix_spawn \(what): \(String(cString: strerror(result)))")
    }
  }

  /// A NULL-terminated `char *[]` for the duration of `body`.
  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) throws -> R
  ) rethrows -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return try pointers.withUnsafeBufferPointer { try body($0.baseAddress!) }
  }
}
