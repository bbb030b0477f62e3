import Dispatch
import Foundation
import SplitsClock
import SplitsCore
import Synchronization

/// The boot clock as a Swift `Clock` whose `sleep` is one one-shot timer on the main run loop.
///
/// The main thread waits in the run loop (`MainLoop`); a timer that fires wakes that thread
/// and no other, and resumes the sleeper there. Cancelling a sleep invalidates its timer, so a
/// cancelled deadline wakes nothing. With the ticker task on `MainQueueExecutor`, a tick is one
/// wake-up of one thread (platform notes, "One thread per tick").
public struct RunLoopClock: Clock {
  public typealias Instant = SplitsCore.Instant

  public init() {}

  public var now: Instant { SystemClocks.boot() }
  public var minimumResolution: Duration { .nanoseconds(1) }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let sleep = Sleep()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let delay = deadline - now
        guard sleep.arm(continuation) else { return }
        // `Timer(fire:…)`: Foundation's `Timer(timeInterval:…)` fires at once on Linux.
        let timer = Timer(fire: Date(timeIntervalSinceNow: delay.seconds), interval: 0, repeats: false) { _ in
          sleep.finish(with: .success(()))
        }
        sleep.keep(timer)
        RunLoop.main.add(timer, forMode: .default)
      }
    } onCancel: {
      sleep.finish(with: .failure(CancellationError()))
    }
  }
}

/// One sleep: its continuation and its timer, resumed exactly once, whichever of the timer
/// and a cancellation comes first; a cancellation that comes before the continuation exists
/// is kept and answered at once.
private final class Sleep: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var cancelled = false
    var done = false
  }

  private let state = Mutex(State())
  /// Touched only on the main thread (the run loop's): added there, fired there, and
  /// invalidated there by a cancellation from the main actor; a cancellation from elsewhere
  /// only resumes the sleeper, and the timer then finds nothing to do.
  private let timer = Mutex<TimerBox?>(nil)

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

  func keep(_ timer: Timer) { self.timer.withLock { $0 = TimerBox(timer) } }

  func finish(with result: Result<Void, any Error>) {
    let continuation = state.withLock { s -> CheckedContinuation<Void, any Error>? in
      guard !s.done else { return nil }
      guard let continuation = s.continuation else {
        // Cancelled before the continuation exists: `arm` answers.
        s.cancelled = true
        return nil
      }
      s.done = true
      s.continuation = nil
      return continuation
    }
    if case .failure = result, Thread.isMainThread {
      timer.withLock { $0?.timer.invalidate() }
    }
    continuation?.resume(with: result)
  }
}

/// A timer carried between closures of the main thread.
private final class TimerBox: @unchecked Sendable {
  // @unchecked: a Foundation `Timer` is not Sendable; this box is only opened on the main
  // thread (see `Sleep.timer`).
  let timer: Timer
  init(_ timer: Timer) { self.timer = timer }
}

extension Duration {
  /// The duration in seconds, as a `TimeInterval`.
  public var seconds: Double {
    let (s, atto) = components
    return Double(s) + Double(atto) / 1e18
  }
}

/// Runs a task's nonisolated code (the clock's `sleep`) on the main queue, and so on the main
/// thread inside the run loop, instead of on libdispatch's global concurrent queues, which
/// would wake extra threads every tick and start libdispatch's 1 Hz monitor for good.
public final class MainQueueExecutor: TaskExecutor {
  public static let shared = MainQueueExecutor()

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    DispatchQueue.main.async { job.runSynchronously(on: executor) }
  }
}

/// The main loop: the main thread waits in `RunLoop.main`, which serves the main queue
/// (main-actor work, dispatch sources on `.main`) and the ticker's timers, until `done`.
@MainActor
public enum MainLoop {
  public static func run(until done: () -> Bool) {
    while !done() {
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
  }

  /// Makes `run` look at `done` again (after something set it from a timer's callback).
  public static func wake() { DispatchQueue.main.async {} }
}
