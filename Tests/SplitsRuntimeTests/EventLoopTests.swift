import Foundation
import SplitsCore
import SplitsRuntime
import Synchronization
import Testing

/// Set from a task of the loop, read by the test.
private final class Flag: Sendable {
  let raised = Atomic<Bool>(false)
  var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
  func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
}

/// A continuation kept by a task of the loop and resumed from another thread.
private final class Gate: Sendable {
  private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
  func keep(_ c: CheckedContinuation<Void, Never>) { continuation.withLock { $0 = c } }
  var isKept: Bool { continuation.withLock { $0 != nil } }
  func open() { continuation.withLock { $0.take() }?.resume() }
}

/// The screen's event loop on its own: the ticker's sleep, a cancelled sleep, and work handed
/// over from another thread.
@MainActor
@Suite("The screen's event loop")
struct EventLoopTests {
  /// Runs `loop` until `done`, or for at most `limit` (then false).
  func run(_ loop: EventLoop, limit: Duration = .seconds(5), until done: @escaping () -> Bool) -> Bool {
    var gaveUp = false
    let guardTimer = loop.after(limit) { gaveUp = true }
    loop.run { done() || gaveUp }
    loop.cancel(guardTimer)
    return done()
  }

  @Test("a task sleeping on the loop's clock is woken at its deadline, not before")
  func sleepWakesAtDeadline() throws {
    let loop = try #require(EventLoop())
    defer { loop.close() }
    let clock = loop.clock
    let deadline = clock.now + .milliseconds(30)
    let flag = Flag()
    Task(executorPreference: loop.executor) {
      try? await clock.sleep(until: deadline, tolerance: nil)
      flag.raise()
    }
    #expect(run(loop) { flag.isRaised })
    #expect(clock.now >= deadline)
  }

  @Test("a cancelled sleep ends at once, with a cancellation")
  func cancelledSleepEndsAtOnce() throws {
    let loop = try #require(EventLoop())
    defer { loop.close() }
    let clock = loop.clock
    let start = clock.now
    let cancelled = Flag()
    let task = Task(executorPreference: loop.executor) {
      do {
        try await clock.sleep(until: clock.now + .seconds(60), tolerance: nil)
      } catch is CancellationError {
        cancelled.raise()
      } catch {}
    }
    loop.work()
    task.cancel()
    #expect(run(loop, limit: .seconds(2)) { cancelled.isRaised })
    #expect(clock.now - start < .seconds(2))
  }

  @Test("a job handed over from another thread wakes the waiting loop")
  func otherThreadWakesTheLoop() throws {
    let loop = try #require(EventLoop())
    defer { loop.close() }
    let gate = Gate()
    let resumed = Flag()
    Task(executorPreference: loop.executor) {
      await withCheckedContinuation { gate.keep($0) }
      resumed.raise()
    }
    loop.work()
    #expect(gate.isKept)
    let clock = loop.clock
    let start = clock.now
    Thread.detachNewThread {
      usleep(20_000)
      gate.open()
    }
    // Without the wake-up, the loop would sleep until the 5 s limit.
    #expect(run(loop) { resumed.isRaised })
    #expect(clock.now - start < .seconds(2))
  }
}
