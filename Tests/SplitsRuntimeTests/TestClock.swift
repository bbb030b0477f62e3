import Synchronization

/// A clock in virtual time: it moves only when a test advances it. It records every deadline
/// a sleeper asked for and how many sleepers are waiting, so a test can prove where the ticker
/// woke and that nothing is left sleeping.
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

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// Sleepers waiting now.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }
  /// Every deadline asked for, in order.
  var deadlines: [Instant] { state.withLock { $0.deadlines } }

  /// Runs on the caller's actor (the main actor for the ticker), so waking a sleeper and
  /// running it stay on one serial executor and a test's yields are enough to let it run.
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

  /// Moves time forward and wakes every sleeper whose deadline has come, then lets the woken
  /// tasks run.
  nonisolated(nonsending) func advance(by duration: Duration) async {
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

  /// Lets other tasks run until they are all waiting again: until the sleepers and the
  /// deadlines asked for have not changed for a good while of yields.
  nonisolated(nonsending) func settle() async {
    var last = (sleeperCount, deadlines.count)
    var quiet = 0
    for _ in 0..<20_000 where quiet < 100 {
      await Task.yield()
      let current = (sleeperCount, deadlines.count)
      quiet = current == last ? quiet + 1 : 0
      last = current
    }
  }
}
