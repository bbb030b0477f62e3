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
/// - the earliest deadline of all (the ticker's sleep on `LoopClock`, the journal's retry,
///   the terminal's and the control socket's time-outs: `after`): the io_uring's wait's own
///   time-out where the kernel has them (Linux 6.12), else one timerfd on the boot clock;
/// - the descriptors given to `watch` (the terminal, the signals, the control socket and its
///   connections, the cue commands' pidfds, the data directory's inotify), and to
///   `watchWritable` (the terminal, while the rest of a frame waits to go out);
/// - an eventfd, written only when a job is handed over from another thread (never by the
///   screen itself).
///
/// Where the kernel allows it (`Backend`), the wait is an io_uring's: the frame's write
/// (`queueWrite`) and the wait for the epoll instance to be readable go in one submission,
/// one system call, after which `epoll_wait` with no time-out collects what is ready. Where
/// the ring's wait also ends at the earliest deadline, every wait is the ring's, and
/// `epoll_wait` is called only when the epoll instance is readable: a frame at hundredths is
/// one `io_uring_enter`. Else a wait with no frame to write is `epoll_wait`. A
/// kernel without io_uring, a seccomp filter, the `io_uring_disabled` sysctl or
/// `SPLITS_LOOP=epoll` leave the epoll wait alone, chosen when the loop is made.
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
  /// The loop's deadlines (the tests add one from another thread, as a sleep elsewhere does).
  nonisolated let timers: LoopTimers
  private let epoll: Int32
  private let wake: Int32
  private var handlers: [Int32: @MainActor () -> Void] = [:]
  private var soon: [@MainActor () -> Void] = []
  private var closed = false
  /// The descriptors of the last wait (at most 32 a pass; the rest come at the next).
  private var ready = [Int32](repeating: -1, count: 32)
  /// The io_uring the loop waits in, nil for the epoll wait alone.
  private var ring: OpaquePointer?
  /// How the loop waits, as chosen when it was made (or after the ring failed).
  public private(set) var backend: Backend
  /// Bytes for one descriptor and what to tell of them.
  private typealias QueuedWrite = (fd: Int32, bytes: [UInt8], done: @MainActor (WriteOutcome) -> Void)
  /// Bytes for one descriptor, written in the next wait's submission.
  private var queued: QueuedWrite?

  /// A loop on the calling thread, which must be the main thread (the one `run` is called
  /// on). Nil with errno set when the kernel refuses an epoll instance, a timerfd or an
  /// eventfd (too many open files).
  public init?(ring wanted: LoopChoice = .fromEnvironment()) {
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
    (ring, backend) = Self.openRing(wanted)
    timers.keep(byRing: backend == .ioUring(.inTheWait))
  }

  /// Writes `bytes` to `fd` in the next wait's submission (after those already queued for
  /// it), then calls `done` with what became of them all. False when the loop has no ring,
  /// or bytes for another descriptor wait: the caller writes them itself.
  public func queueWrite(_ fd: Int32, _ bytes: [UInt8], _ done: @escaping @MainActor (WriteOutcome) -> Void) -> Bool {
    guard ring != nil, !closed else { return false }
    if let queued {
      guard queued.fd == fd else { return false }
      self.queued = (fd, queued.bytes + bytes, done)
    } else {
      queued = (fd, bytes, done)
    }
    return true
  }

  /// Whether bytes for `fd` wait for the next wait's submission.
  public func hasQueuedWrite(for fd: Int32) -> Bool { queued?.fd == fd }

  /// Writes what `queueWrite` holds now, without waiting for the descriptor (before someone
  /// else writes to it), and calls its `done`.
  public func flushQueuedWrite() {
    guard let queued else { return }
    self.queued = nil
    let outcome: WriteOutcome
    switch Self.writeNow(queued.bytes, to: queued.fd) {
    case .some(let count) where count == queued.bytes.count: outcome = .written
    case .some(let count): outcome = .partial(Array(queued.bytes[count...]))
    case .none: outcome = .failed
    }
    queued.done(outcome)
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

  /// How long until the loop's timerfd expires; zero when it is not set (always, where the
  /// ring keeps the deadlines).
  nonisolated var timerfdRemaining: Duration { .nanoseconds(max(splits_timer_remaining(timers.fd), 0)) }

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
      if backend == .ioUring(.inTheWait) {
        // Every wait in the ring, until the earliest deadline: what is ready is collected only
        // when the epoll instance is (the timerfd is never set).
        guard let readable = waitInRing(until: timers.earliest) else { continue }
        if readable, !collect(timeout: 0) { return }
        runDue()
        continue
      }
      timers.commit()
      // With a frame to write and a ring, the write and the wait in one system call, then
      // what is ready now; else the epoll wait itself.
      let inRing = ring != nil && queued != nil
      if inRing {
        guard waitInRing(until: 0) != nil else { continue }
      }
      guard collect(timeout: inRing ? 0 : -1) else { return }
    }
  }

  /// Runs the timers due now.
  private func runDue() {
    timers.due(at: SystemClocks.boot()).run()
  }

  /// Waits up to `timeout` milliseconds (-1: for ever) in `epoll_wait` and runs what is
  /// ready; false when the epoll instance failed (not for a signal).
  private func collect(timeout: Int32) -> Bool {
    let count = ready.withUnsafeMutableBufferPointer {
      splits_loop_wait(epoll, $0.baseAddress, Int32($0.count), timeout)
    }
    if count < 0 { return errno == EINTR }
    for index in 0..<Int(count) {
      let fd = ready[index]
      if fd == timers.fd {
        runDue()
      } else if fd == wake {
        splits_wake_drain(wake)
      } else {
        // Looked up now: an earlier handler of this pass may have stopped watching it.
        handlers[fd]?()
      }
    }
    return true
  }

  /// The queued write (if any) and the wait for the epoll instance in one submission, until
  /// `deadline` (nanoseconds on the boot clock, 0 for none) where the ring keeps the
  /// deadlines. True when the epoll instance is readable (or the write ended short: look),
  /// false when the deadline came first, nil when a signal ended the wait. A ring that fails
  /// otherwise is given up for the epoll wait alone (true), its write made as
  /// `flushQueuedWrite` makes it.
  private func waitInRing(until deadline: Int64) -> Bool? {
    guard let ring else { return true }
    let write = queued
    queued = nil
    var written: Int64 = 0
    let (result, failure) = Self.ringWait(
      ring, fd: write?.fd ?? -1, bytes: write?.bytes, epoll: epoll, deadline: deadline, written: &written)
    if let write { finish(write, written: written) }
    guard result < 0 else { return result > 0 }
    if failure == EINTR { return nil }
    splits_ring_close(ring)
    self.ring = nil
    backend = .epoll(reason: "io_uring failed: \(Self.errnoName(failure))")
    timers.keep(byRing: false)
    return true
  }

  /// `splits_ring_wait` with `bytes` for `fd` (none: the wait alone), and its errno.
  /// Nonisolated: a closure formed in a main-actor function checks its executor at run time,
  /// on every wait.
  private nonisolated static func ringWait(
    _ ring: OpaquePointer, fd: Int32, bytes: [UInt8]?, epoll: Int32, deadline: Int64, written: inout Int64
  ) -> (result: Int32, errno: Int32) {
    let result: Int32
    if let bytes {
      result = bytes.withUnsafeBufferPointer {
        splits_ring_wait(ring, fd, $0.baseAddress, $0.count, epoll, deadline, &written)
      }
    } else {
      result = splits_ring_wait(ring, -1, nil, 0, epoll, deadline, &written)
    }
    return (result, errno)
  }

  /// Makes the ring's next wait fail with `error` before it submits anything, as a kernel that
  /// refuses the ring in the middle of a run would (for the tests of the fall-back to epoll).
  func failNextRingWait(_ error: Int32) {
    if let ring { splits_ring_fail_next_wait(ring, error) }
  }

  /// Tells the queued write's `done` what the ring made of it (`written`: its count, minus
  /// its errno, or `Int64.min` when it was not submitted).
  private func finish(_ write: QueuedWrite, written: Int64) {
    if written == Int64.min {
      // Not submitted (no memory for it): written now instead.
      queued = write
      flushQueuedWrite()
    } else if written >= Int64(write.bytes.count) {
      write.done(.written)
    } else if written >= 0 {
      write.done(.partial(Array(write.bytes[Int(written)...])))
    } else {
      // Nothing taken within the ring's patience (cancelled) or at all: the frame waits in
      // the loop as a short write does.
      let error = Int32(-written)
      let waits = error == ECANCELED || error == EAGAIN || error == EWOULDBLOCK || error == EINTR
      write.done(waits ? .partial(write.bytes) : .failed)
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
    flushQueuedWrite()
    closed = true
    if let ring { splits_ring_close(ring) }
    ring = nil
    for fd in handlers.keys { _ = splits_loop_remove(epoll, fd) }
    handlers.removeAll()
    timers.close()
    Glibc.close(wake)
    Glibc.close(epoll)
  }
}
