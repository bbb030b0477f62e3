import CLoop
import SplitsClock
import SplitsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// The parts of `EventLoop`: its timers, the executor of its tasks and its clock.

/// A timer of `EventLoop.after`.
public struct LoopTimer: Hashable, Sendable {
  let id: UInt64
}

/// The executor of the loop's tasks: jobs are kept in order and run by the loop on its
/// thread. From that thread an enqueue is an append; from any other it also wakes the loop.
public final class LoopExecutor: TaskExecutor {
  /// The jobs waiting, and the storage of the ones last run, given back for the next batch:
  /// running a batch takes no allocation.
  private let jobs = Mutex<(waiting: [UnownedJob], spare: [UnownedJob])>(([], []))
  private let wake: Int32
  private let thread: pthread_t

  init(wake: Int32, thread: pthread_t) {
    self.wake = wake
    self.thread = thread
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.waiting.append(job) }
    if pthread_equal(pthread_self(), thread) == 0 { splits_wake_post(wake) }
  }

  /// Runs the jobs waiting now; whether there were any.
  func runAll() -> Bool {
    var batch = jobs.withLock { jobs -> [UnownedJob] in
      guard !jobs.waiting.isEmpty else { return [] }
      // Swapped out, not copied: each buffer keeps one owner, and the batch is emptied in
      // place below.
      var batch: [UnownedJob] = []
      swap(&batch, &jobs.spare)
      swap(&batch, &jobs.waiting)
      return batch
    }
    guard !batch.isEmpty else { return false }
    let executor = asUnownedTaskExecutor()
    for job in batch { job.runSynchronously(on: executor) }
    batch.removeAll(keepingCapacity: true)
    jobs.withLock { $0.spare = batch }
    return true
  }
}

/// The loop's deadlines, on one timerfd armed for the earliest. The timerfd is set again only
/// when the earliest deadline changed, right before the loop waits (`commit`), so that a
/// frame's sleep, fired and set again, costs one `timerfd_settime`.
///
/// Where the loop's io_uring times its waits itself (`keptByRing`), the timerfd is never set:
/// the loop waits until `earliest`, and a deadline added from another thread wakes it to wait
/// again until the new earliest.
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
    /// The loop's ring waits until the earliest deadline: the timerfd stays unset.
    var keptByRing = false
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
    // From another thread the loop may be waiting already: set the timer now, or end the
    // ring's wait so that the next one is timed to the new earliest deadline.
    if !onLoopThread {
      if keptByRing { splits_wake_post(wake) } else { commit() }
    }
    return id
  }

  /// Removes a deadline. The ring's wait under way is left to end at it (it finds nothing
  /// due, and waits again): waking it now would cost the same wake-up.
  func cancel(_ id: UInt64) {
    state.withLock { s in s.entries.removeAll { $0.id == id } }
    if !onLoopThread, !keptByRing { commit() }
  }

  /// Whether the loop's ring keeps the deadlines (no timerfd).
  var keptByRing: Bool { state.withLock { $0.keptByRing } }

  /// Lets the loop's ring keep the deadlines (`true`), or gives them back to the timerfd,
  /// which the next `commit` sets.
  func keep(byRing: Bool) {
    state.withLock { s in
      s.keptByRing = byRing
      s.armed = -1
    }
  }

  /// The earliest deadline, in nanoseconds on the boot clock; 0 when there is none.
  var earliest: Int64 { state.withLock { s in s.entries.lazy.map(\.deadline).min() ?? 0 } }

  /// The actions due at `now`, earliest first, taken out; the timer is set again at `commit`.
  func due(at now: Instant) -> Due {
    state.withLock { s in
      s.armed = -1
      // Most wake-ups find the one deadline there is (the ticker's sleep): taken out without
      // searching, collecting and sorting, and without an array.
      if s.entries.count == 1 {
        return s.entries[0].deadline <= now.nanoseconds ? .one(s.entries.removeLast().action) : .many([])
      }
      var due: [Entry] = []
      s.entries.removeAll { entry in
        guard entry.deadline <= now.nanoseconds else { return false }
        due.append(entry)
        return true
      }
      return .many(due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }.map(\.action))
    }
  }

  /// The actions of `due(at:)`, earliest first.
  enum Due {
    case one(@Sendable () -> Void)
    case many([@Sendable () -> Void])

    func run() {
      switch self {
      case .one(let action): action()
      case .many(let actions): for action in actions { action() }
      }
    }
  }

  /// Sets the timerfd for the earliest deadline, if that is not what it is set for (never
  /// while the ring keeps the deadlines).
  func commit() {
    state.withLock { s in
      guard !s.closed, !s.keptByRing else { return }
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

/// The boot clock as a Swift `Clock` whose `sleep` is a deadline of the event loop's timers.
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
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
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
/// and answered at once. The lock's `done` is what makes it once, so the continuation is an
/// unsafe one: a checked one allocates its own guard for the same promise, every tick.
private final class LoopSleep: Sendable {
  private struct State {
    var continuation: UnsafeContinuation<Void, any Error>?
    var timer: UInt64?
    var cancelled = false
    var done = false
  }

  private let state = Mutex(State())

  /// Keeps the continuation; false (and the continuation resumed) when already cancelled.
  func arm(_ continuation: UnsafeContinuation<Void, any Error>) -> Bool {
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
    let (continuation, timer) = state.withLock { s -> (UnsafeContinuation<Void, any Error>?, UInt64?) in
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
