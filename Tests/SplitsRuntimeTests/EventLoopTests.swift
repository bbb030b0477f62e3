import Foundation
import SplitsCore
import SplitsTestSystem
import Synchronization
import Testing

@testable import SplitsRuntime

#if canImport(Glibc)
  import Glibc
#endif

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

/// When a sleep ended, and the deadline it was given: set on another thread.
private final class Stamp: Sendable {
  private let times = Mutex<(deadline: Instant, woke: Instant)?>(nil)
  func keep(deadline: Instant, woke: Instant) { times.withLock { $0 = (deadline, woke) } }
  var kept: (deadline: Instant, woke: Instant)? { times.withLock { $0 } }
}

/// A duration read on another thread.
private final class Reading: Sendable {
  private let value = Mutex<Duration?>(nil)
  func keep(_ duration: Duration) { value.withLock { $0 = duration } }
  var kept: Duration? { value.withLock { $0 } }
}

/// The screen's event loop on its own, on both backends: the ticker's sleep, a cancelled
/// sleep, work and deadlines handed over from another thread, a deadline during a stalled
/// write.
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

  nonisolated static let backends = [LoopChoice.automatic, .epoll]

  /// A task of `loop` sleeping on its clock until `deadline`; the flag it raises then.
  private func sleeper(on loop: EventLoop, until deadline: Instant) -> Flag {
    let woke = Flag()
    let clock = loop.clock
    Task(executorPreference: loop.executor) {
      try? await clock.sleep(until: deadline, tolerance: nil)
      woke.raise()
    }
    return woke
  }

  /// A task of `loop` waiting for its gate to open (from another thread), run until it
  /// waits; the flag it raises once resumed.
  private func waiter(on loop: EventLoop) -> (Gate, Flag) {
    let gate = Gate()
    let resumed = Flag()
    Task(executorPreference: loop.executor) {
      await withCheckedContinuation { gate.keep($0) }
      resumed.raise()
    }
    loop.work()
    return (gate, resumed)
  }

  /// A pipe whose writing end (non-blocking) is full: a terminal that reads nothing.
  nonisolated static func fullPipe() throws -> (reader: Int32, writer: Int32) {
    let (reader, writer) = try nonBlockingPipe()
    let block = [UInt8](repeating: 0x41, count: 4096)
    while block.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) > 0 {}
    return (reader, writer)
  }

  @Test("a task sleeping on the loop's clock is woken at its deadline, not before", arguments: backends)
  func sleepWakesAtDeadline(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    defer { loop.close() }
    let clock = loop.clock
    let deadline = clock.now + .milliseconds(30)
    let flag = sleeper(on: loop, until: deadline)
    #expect(run(loop) { flag.isRaised })
    #expect(clock.now >= deadline)
  }

  @Test("a cancelled sleep ends at once, with a cancellation", arguments: backends)
  func cancelledSleepEndsAtOnce(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
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

  @Test("a job handed over from another thread wakes the waiting loop", arguments: backends)
  func otherThreadWakesTheLoop(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    defer { loop.close() }
    let (gate, resumed) = waiter(on: loop)
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

  @Test(
    "where the ring keeps the deadlines, a sleep wakes at its deadline with the timerfd never set",
    arguments: backends)
  func ringKeepsTheDeadlines(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    defer { loop.close() }
    let clock = loop.clock
    let deadline = clock.now + .milliseconds(60)
    let woke = sleeper(on: loop, until: deadline)
    // Read while the loop waits for the deadline: a timerfd is set for it; the ring's wait, not.
    let remaining = Reading()
    let reader = Thread {
      usleep(30_000)
      remaining.keep(loop.timerfdRemaining)
    }
    reader.start()
    #expect(run(loop) { woke.isRaised })
    #expect(clock.now >= deadline)
    while reader.isExecuting || !reader.isFinished { usleep(1_000) }
    let read = try #require(remaining.kept)
    if loop.backend == .ioUring(.inTheWait) {
      #expect(read == .zero, "\(read)")
    } else {
      #expect(read > .zero && read <= .milliseconds(60), "\(read) on \(loop.backend)")
    }
  }

  @Test("a deadline added from another thread while the loop waits fires on time", arguments: backends)
  func otherThreadsDeadlineIsKept(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    defer { loop.close() }
    let clock = loop.clock
    let timers = loop.timers
    let stamp = Stamp()
    let fired = Flag()
    Thread.detachNewThread {
      // The loop waits by now, until its 5 s limit; this deadline is much earlier. (What a
      // sleep on the loop's clock adds from a task elsewhere; the action runs on the loop.)
      usleep(20_000)
      let deadline = clock.now + .milliseconds(30)
      _ = timers.add(at: deadline) {
        stamp.keep(deadline: deadline, woke: clock.now)
        fired.raise()
      }
    }
    #expect(run(loop) { fired.isRaised })
    let times = try #require(stamp.kept)
    #expect(times.woke >= times.deadline)
    #expect(times.woke - times.deadline < .seconds(1), "fired \(times.woke - times.deadline) late")
  }

  @Test(
    "a deadline that passes while a frame waits for the terminal still fires, the frame kept whole",
    arguments: backends)
  func deadlineDuringStalledWrite(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    defer { loop.close() }
    let (reader, output) = try Self.fullPipe()
    defer { for fd in [reader, output] { close(fd) } }

    let frame = Array("FRAME".utf8)
    var outcome: EventLoop.WriteOutcome?
    if !loop.queueWrite(output, frame, { outcome = $0 }) {
      // The epoll backend: the frame waits in the loop as a short write's rest.
      outcome = .partial(frame)
      loop.watchWritable(output) {}
    }
    defer { loop.unwatch(output) }
    var fired = false
    let clock = loop.clock
    let deadline = clock.now + .microseconds(300)
    loop.after(.microseconds(300)) { fired = true }
    #expect(run(loop) { fired && outcome != nil })
    #expect(clock.now >= deadline)
    #expect(outcome == .partial(frame))
  }

  @Test(
    "a frame the terminal takes nothing of, after a wait that ended at its deadline, waits in the loop at once",
    arguments: backends)
  func stalledWriteAfterATimedWait(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    defer { loop.close() }
    // A wait that ends at its deadline: on the ring, its poll of the epoll set stays armed.
    var ticked = false
    loop.after(.milliseconds(5)) { ticked = true }
    #expect(run(loop) { ticked })
    let (reader, output) = try Self.fullPipe()
    defer { for fd in [reader, output] { close(fd) } }
    let frame = Array("FRAME".utf8)
    var outcome: EventLoop.WriteOutcome?
    guard loop.queueWrite(output, frame, { outcome = $0 }) else {
      // The epoll backend writes a frame itself, at once.
      #expect(!loop.backend.isRing)
      return
    }
    let clock = loop.clock
    let start = clock.now
    // Nothing else ends the wait before the 5 s limit: the write's end alone must.
    #expect(run(loop) { outcome != nil })
    #expect(clock.now - start < .seconds(1), "answered after \(clock.now - start)")
    #expect(outcome == .partial(frame))
  }
}
