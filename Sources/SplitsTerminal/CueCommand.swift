import CProcess
import Foundation
import SplitsCore
import SplitsRuntime

/// `--cue-cmd`: runs `/bin/sh -c COMMAND` at each step change and cue of a workout, with the
/// text in `SPLITS_CUE` and the step in `SPLITS_STEP` (its number from 1, or `done` when the
/// last step ended).
///
/// It never blocks the screen: the child is started and left to run, with standard input,
/// output and error on /dev/null (it must not write over the screen), every signal at its
/// default and in a process group of its own (so Ctrl-C and Ctrl-Z at the terminal are the
/// screen's, not the child's). Its end is learnt from a pidfd that the screen's event loop
/// watches; a failure (exit status other than 0, a signal, no start at all) is
/// handed back to the screen, which says so once.
@MainActor
public final class CueCommand: CueRunner {
  public let command: String
  let strings: WorkoutStrings
  /// Children whose end is watched: their pidfds, by pid.
  private var watched: [pid_t: Int32] = [:]
  /// The screen's loop (`attach`); without one, the children are reaped as the unwatched.
  private var loop: EventLoop?
  /// Children started without a pidfd (an old kernel): reaped when the next one starts.
  private var unwatched: [pid_t] = []

  public init(command: String, strings: WorkoutStrings) {
    self.command = command
    self.strings = strings
  }

  /// The values of `SPLITS_STEP` and `SPLITS_CUE` for `cue`.
  public static func variables(_ cue: WorkoutCue, strings: WorkoutStrings) -> (step: String, text: String) {
    switch cue.moment {
    case .step(let index), .cue(let index): (String(index + 1), cue.text)
    case .complete: ("done", strings.workoutCompleteCue)
    }
  }

  public func attach(to loop: EventLoop) { self.loop = loop }

  public func run(_ cue: WorkoutCue, failed: @escaping @MainActor (String) -> Void) {
    reapUnwatched()
    let (step, text) = Self.variables(cue, strings: strings)
    var environment = ProcessInfo.processInfo.environment
    environment["SPLITS_CUE"] = text
    environment["SPLITS_STEP"] = step
    let started = Self.spawn(["/bin/sh", "-c", command], environment: environment)
    guard case .success(let pid) = started else {
      if case .failure(let error) = started {
        let message = strings.fill(strings.cueCouldNotStartFormat, String(cString: strerror(error.code)))
        // Later, not inside the effect that asked: the screen takes it as an input.
        loop?.soon { failed(message) }
      }
      return
    }
    let descriptor = loop == nil ? -1 : splits_pidfd_open(pid)
    guard let loop, descriptor >= 0 else {
      unwatched.append(pid)
      return
    }
    let watching = loop.watch(descriptor) { [weak self] in
      guard let self else { return }
      var status: Int32 = 0
      guard waitpid(pid, &status, WNOHANG) == pid else { return }
      if let fd = self.watched.removeValue(forKey: pid) {
        loop.unwatch(fd)
        close(fd)
      }
      if let message = self.failure(status) { failed(message) }
    }
    guard watching else {
      close(descriptor)
      unwatched.append(pid)
      return
    }
    watched[pid] = descriptor
  }

  /// What the screen says about a child that ended with `status` (from waitpid), or nil when
  /// it succeeded.
  func failure(_ status: Int32) -> String? {
    let signal = status & 0x7f
    if signal == 0 {
      let code = (status >> 8) & 0xff
      return code == 0 ? nil : strings.fill(strings.cueFailedFormat, String(code))
    }
    return strings.fill(strings.cueKilledFormat, String(signal))
  }

  private func reapUnwatched() {
    unwatched.removeAll { pid in
      var status: Int32 = 0
      return waitpid(pid, &status, WNOHANG) != 0
    }
  }

  /// Starts `arguments` with `environment`; the pid, or the error number.
  static func spawn(_ arguments: [String], environment: [String: String]) -> Result<pid_t, SpawnError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The screen ignores the signals it turns into inputs; an ignored signal stays ignored
    // across exec, so the child gets every default back, an empty mask and its own group.
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
  }

  struct SpawnError: Error { var code: Int32 }
}
