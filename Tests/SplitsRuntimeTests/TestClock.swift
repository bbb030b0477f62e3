import Synchronization

/// The runtime's executor in the tests: it keeps the jobs of the ticker and of the journal's
/// retry until `drain()` runs them, one after the other, on the main thread (the test's),
/// as `MainQueueExecutor` runs them on the main queue in production.
final class SerialTestExecutor: TaskExecutor {
  private let jobs = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
  }

  /// Runs every job queued, and every job those enqueue, until none is left: then every task
  /// of the runtime is waiting on the clock, or has ended.
  @MainActor func drain() {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

/// A clock in virtual time: it moves only when a test advances it. It records every deadline
/// a sleeper asked for and how many sleepers are waiting, so a test can prove where the ticker
/// woke and that nothing is left sleeping. The runtime's tasks run on its `executor`, which
/// `advance` and `settle` drain: a step of time wakes the sleepers due and runs them to their
/// next sleep before it returns.
final class TestClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>?
    var cancelled = false
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
    var deadlines: [Instant] = []
  }

  private let state = Mutex(State())
  /// Where the runtime under test runs its tasks.
  let executor = SerialTestExecutor()

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// Sleepers waiting now.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }
  /// Every deadline asked for, in order.
  var deadlines: [Instant] { state.withLock { $0.deadlines } }

  /// Runs on the caller's executor (`executor`, for the ticker and the retry), so a sleeper
  /// woken by `advance` runs when `advance` drains it.
  nonisolated(nonsending) func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { s -> Int in
      s.nextID += 1
      s.deadlines.append(deadline)
      s.sleepers[s.nextID] = Sleeper(deadline: deadline)
      return s.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let resume: Result<Void, any Error>? = state.withLock { s in
          guard var sleeper = s.sleepers[id] else { return .success(()) }
          if sleeper.cancelled {
            s.sleepers[id] = nil
            return .failure(CancellationError())
          }
          if sleeper.deadline <= s.now {
            s.sleepers[id] = nil
            return .success(())
          }
          sleeper.continuation = continuation
          s.sleepers[id] = sleeper
          return nil
        }
        if let resume { continuation.resume(with: resume) }
      }
    } onCancel: {
      let continuation = state.withLock { s -> CheckedContinuation<Void, any Error>? in
        guard var sleeper = s.sleepers[id] else { return nil }
        if let continuation = sleeper.continuation {
          s.sleepers[id] = nil
          return continuation
        }
        sleeper.cancelled = true
        s.sleepers[id] = sleeper
        return nil
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward, wakes every sleeper whose deadline has come and runs the woken tasks
  /// until they sleep again or end.
  @MainActor func advance(by duration: Duration) async {
    let due = state.withLock { s -> [CheckedContinuation<Void, any Error>] in
      s.now = s.now.advanced(by: duration)
      var due: [CheckedContinuation<Void, any Error>] = []
      for (id, sleeper) in s.sleepers where sleeper.deadline <= s.now {
        if let continuation = sleeper.continuation {
          due.append(continuation)
          s.sleepers[id] = nil
        }
      }
      return due
    }
    for continuation in due { continuation.resume() }
    await settle()
  }

  /// Runs the runtime's tasks until they are all waiting again (a ticker started or cancelled
  /// by a key, a retry): nothing is left to run when it returns.
  @MainActor func settle() async {
    executor.drain()
  }
}
