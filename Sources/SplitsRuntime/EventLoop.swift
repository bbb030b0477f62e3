import CLoop
import SplitsClock
import SplitsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The screen's main loop: the main thread waits in one `epoll_wait` on everything that can
/// wake the screen, and runs what each wake-up brings, there and nowhere else.
///
/// What it waits on:
/// - one timerfd on the boot clock, armed for the earliest deadline of all (the ticker's
///   sleep on `LoopClock`, the journal's retry, the terminal's and the control socket's
///   time-outs: `after`);
/// - the descriptors given to `watch` (the terminal, the signals, the control socket and its
///   connections, the cue commands' pidfds, the data directory's inotify), and to
///   `watchWritable` (the terminal, while the rest of a frame waits to go out);
/// - an eventfd, written only when a job is handed over from another thread (never by the
///   screen itself).
///
/// Tasks that should run here are started with `Task(executorPreference: loop.executor)`:
/// enqueueing their jobs from the loop's thread is an array append, with no system call, and
/// the loop runs them before it waits again. Nothing here uses the main dispatch queue or a
/// dispatch source: a job left there would never run, since only CFRunLoop or
/// `dispatchMain()` drain it.
@MainActor
public final class EventLoop {
  /// The executor whose jobs run on this loop's thread.
  public let executor: LoopExecutor
  /// The clock whose sleeps are this loop's timers.
  public nonisolated let clock: LoopClock
  private let timers: LoopTimers
  private let epoll: Int32
  private let wake: Int32
  private var handlers: [Int32: @MainActor () -> Void] = [:]
  private var soon: [@MainActor () -> Void] = []
  private var closed = false
  /// The descriptors of the last wait (at most 32 a pass; the rest come at the next).
  private var ready = [Int32](repeating: -1, count: 32)

  /// A loop on the calling thread, which must be the main thread (the one `run` is called
  /// on). Nil with errno set when the kernel refuses an epoll instance, a timerfd or an
  /// eventfd (too many open files).
  public init?() {
    let epoll = splits_loop_create()
    let timer = splits_timer_create()
    let wake = splits_wake_create()
    guard epoll >= 0, timer >= 0, wake >= 0, splits_loop_add(epoll, timer) == 0, splits_loop_add(epoll, wake) == 0
    else {
      let saved = errno
      for fd in [epoll, timer, wake] where fd >= 0 { Glibc.close(fd) }
      errno = saved
      return nil
    }
    self.epoll = epoll
    self.wake = wake
    let thread = pthread_self()
    timers = LoopTimers(fd: timer, thread: thread, wake: wake)
    executor = LoopExecutor(wake: wake, thread: thread)
    clock = LoopClock(timers: timers)
  }

  /// Calls `handler` on this loop whenever `fd` is readable (or at its end or an error),
  /// until `unwatch`. False with errno set when `fd` cannot be watched (a regular file).
  @discardableResult
  public func watch(_ fd: Int32, _ handler: @escaping @MainActor () -> Void) -> Bool {
    guard !closed else { return false }
    if handlers[fd] == nil {
      guard splits_loop_add(epoll, fd) == 0 else { return false }
    }
    handlers[fd] = handler
    return true
  }

  /// Calls `handler` on this loop whenever `fd` takes output (or has an error or hung up),
  /// until `unwatch`: for a write that the descriptor took only in part. `fd` must not be
  /// watched for reading too. False with errno set when it cannot be watched.
  @discardableResult
  public func watchWritable(_ fd: Int32, _ handler: @escaping @MainActor () -> Void) -> Bool {
    guard !closed else { return false }
    if handlers[fd] == nil {
      guard splits_loop_add_writable(epoll, fd) == 0 else { return false }
    }
    handlers[fd] = handler
    return true
  }

  /// Stops watching `fd` (before it is closed).
  public func unwatch(_ fd: Int32) {
    guard handlers.removeValue(forKey: fd) != nil else { return }
    _ = splits_loop_remove(epoll, fd)
  }

  /// Calls `action` on this loop once, `delay` from now, unless cancelled first.
  @discardableResult
  public func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> LoopTimer {
    let deadline = SystemClocks.boot() + delay
    return LoopTimer(id: timers.add(at: deadline) { MainActor.assumeIsolated(action) })
  }

  /// Cancels a timer of `after` (nothing if it already fired).
  public func cancel(_ timer: LoopTimer) { timers.cancel(timer.id) }

  /// Calls `action` on this loop after what it is doing now, before it waits again.
  public func soon(_ action: @escaping @MainActor () -> Void) { soon.append(action) }

  /// Waits and runs what comes until `done` says so; `done` is asked after each wake-up's
  /// work. Returns at once if the loop cannot wait (its epoll instance failed).
  public func run(until done: () -> Bool) {
    while true {
      work()
      if done() || closed { return }
      timers.commit()
      let count = ready.withUnsafeMutableBufferPointer { splits_loop_wait(epoll, $0.baseAddress, Int32($0.count), -1) }
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      for index in 0..<Int(count) {
        let fd = ready[index]
        if fd == timers.fd {
          for action in timers.due(at: SystemClocks.boot()) { action() }
        } else if fd == wake {
          splits_wake_drain(wake)
        } else {
          // Looked up now: an earlier handler of this pass may have stopped watching it.
          handlers[fd]?()
        }
      }
    }
  }

  /// Runs the jobs and the `soon` actions waiting, and those they bring, without waiting.
  public func work() {
    while true {
      let ran = executor.runAll()
      if !soon.isEmpty {
        let actions = soon
        soon.removeAll()
        for action in actions { action() }
        continue
      }
      if !ran { return }
    }
  }

  /// Closes the loop's own descriptors (the watched ones are their owners'); the jobs still
  /// waiting run first.
  public func close() {
    guard !closed else { return }
    work()
    closed = true
    for fd in handlers.keys { _ = splits_loop_remove(epoll, fd) }
    handlers.removeAll()
    timers.close()
    Glibc.close(wake)
    Glibc.close(epoll)
  }
}

/// A timer of `EventLoop.after`.
public struct LoopTimer: Hashable, Sendable {
  let id: UInt64
}

/// The executor of the loop's tasks: jobs are kept in order and run by the loop on its
/// thread. From that thread an enqueue is an append; from any other it also wakes the loop.
public final class LoopExecutor: TaskExecutor {
  private let jobs = Mutex<[UnownedJob]>([])
  private let wake: Int32
  private let thread: pthread_t

  init(wake: Int32, thread: pthread_t) {
    self.wake = wake
    self.thread = thread
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
    if pthread_equal(pthread_self(), thread) == 0 { splits_wake_post(wake) }
  }

  /// Runs the jobs waiting now; whether there were any.
  func runAll() -> Bool {
    let waiting = jobs.withLock { jobs -> [UnownedJob] in
      guard !jobs.isEmpty else { return [] }
      defer { jobs.removeAll(keepingCapacity: true) }
      return jobs
    }
    let executor = asUnownedTaskExecutor()
    for job in waiting { job.runSynchronously(on: executor) }
    return !waiting.isEmpty
  }
}

/// The loop's deadlines, on one timerfd armed for the earliest. The timerfd is set again only
/// when the earliest deadline changed, right before the loop waits (`commit`), so that a
/// frame's sleep, fired and set again, costs one `timerfd_settime`.
final class LoopTimers: Sendable {
  private struct Entry {
    var id: UInt64
    var deadline: Int64
    var action: @Sendable () -> Void
  }

  private struct State {
    var next: UInt64 = 1
    var entries: [Entry] = []
    /// The deadline the timerfd is set for; -1 after it fired (it must be set again, if only
    /// to stop being readable).
    var armed: Int64? = nil
    var closed = false
  }

  let fd: Int32
  private let thread: pthread_t
  private let wake: Int32
  private let state = Mutex(State())

  init(fd: Int32, thread: pthread_t, wake: Int32) {
    self.fd = fd
    self.thread = thread
    self.wake = wake
  }

  private var onLoopThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

  func add(at deadline: Instant, _ action: @escaping @Sendable () -> Void) -> UInt64 {
    let id = state.withLock { s -> UInt64 in
      let id = s.next
      s.next += 1
      s.entries.append(Entry(id: id, deadline: max(deadline.nanoseconds, 1), action: action))
      return id
    }
    // From another thread the loop may be waiting already: set the timer now.
    if !onLoopThread { commit() }
    return id
  }

  func cancel(_ id: UInt64) {
    state.withLock { s in s.entries.removeAll { $0.id == id } }
    if !onLoopThread { commit() }
  }

  /// The actions due at `now`, earliest first, taken out; the timer is set again at `commit`.
  func due(at now: Instant) -> [@Sendable () -> Void] {
    state.withLock { s in
      s.armed = -1
      var due: [Entry] = []
      s.entries.removeAll { entry in
        guard entry.deadline <= now.nanoseconds else { return false }
        due.append(entry)
        return true
      }
      return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }.map(\.action)
    }
  }

  /// Sets the timerfd for the earliest deadline, if that is not what it is set for.
  func commit() {
    state.withLock { s in
      guard !s.closed else { return }
      let earliest = s.entries.lazy.map(\.deadline).min()
      guard earliest != s.armed else { return }
      s.armed = earliest
      _ = splits_timer_set(fd, earliest ?? 0)
    }
  }

  func close() {
    state.withLock { s in
      s.closed = true
      s.entries.removeAll()
    }
    Glibc.close(fd)
  }
}

/// The boot clock as a Swift `Clock` whose `sleep` is a deadline of the event loop's timerfd.
///
/// A task on the loop's executor that sleeps here is woken by the loop's own wait, on the
/// loop's thread, and nothing else wakes: a tick is one wake-up of one thread. Cancelling a
/// sleep removes its deadline, so a cancelled sleep wakes nothing.
public struct LoopClock: Clock {
  public typealias Instant = SplitsCore.Instant

  let timers: LoopTimers

  public var now: Instant { SystemClocks.boot() }
  public var minimumResolution: Duration { .nanoseconds(1) }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let sleep = LoopSleep()
    let timers = self.timers
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        guard sleep.arm(continuation) else { return }
        let id = timers.add(at: deadline) { _ = sleep.finish(with: .success(())) }
        if !sleep.keep(id) { timers.cancel(id) }
      }
    } onCancel: {
      if let id = sleep.finish(with: .failure(CancellationError())) { timers.cancel(id) }
    }
  }
}

/// One sleep: its continuation, resumed exactly once, whichever of its deadline and a
/// cancellation comes first; a cancellation that comes before the continuation exists is kept
/// and answered at once.
private final class LoopSleep: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var timer: UInt64?
    var cancelled = false
    var done = false
  }

  private let state = Mutex(State())

  /// Keeps the continuation; false (and the continuation resumed) when already cancelled.
  func arm(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let cancelled = state.withLock { s -> Bool in
      if s.cancelled {
        s.done = true
        return true
      }
      s.continuation = continuation
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
    return !cancelled
  }

  /// Keeps the deadline's timer; false when the sleep ended meanwhile (then the caller
  /// removes the deadline).
  func keep(_ timer: UInt64) -> Bool {
    state.withLock { s in
      guard !s.done else { return false }
      s.timer = timer
      return true
    }
  }

  /// Ends the sleep with `result` unless it ended already; returns the deadline's timer, to
  /// be removed when the sleep was cancelled.
  func finish(with result: Result<Void, any Error>) -> UInt64? {
    let (continuation, timer) = state.withLock { s -> (CheckedContinuation<Void, any Error>?, UInt64?) in
      guard !s.done else { return (nil, nil) }
      guard let continuation = s.continuation else {
        // Cancelled before the continuation exists: `arm` answers.
        s.cancelled = true
        return (nil, nil)
      }
      s.done = true
      s.continuation = nil
      return (continuation, s.timer)
    }
    continuation?.resume(with: result)
    return timer
  }
}
