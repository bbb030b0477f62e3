import CLoop
import SplitsClock
import SplitsTestSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@testable import SplitsRuntime

/// How the loop waits, chosen once when it is made: io_uring where the kernel allows it, the
/// epoll wait alone where it does not or `SPLITS_LOOP=epoll` asks for it.
@MainActor
@Suite("The loop's backend: io_uring or epoll")
struct LoopBackendTests {
  nonisolated static var ioUringAllowed: Bool { EventLoop.sysctlDisabled() == 0 }

  /// Whether this kernel times an io_uring's waits on the boot clock, absolutely (6.12 and
  /// later), from its release (`6.18.44-…`).
  nonisolated static var ringKeepsDeadlines: Bool {
    var name = utsname()
    uname(&name)
    let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
    return numbers.count == 2 && (numbers[0], numbers[1]) >= (6, 12)
  }

  @Test("SPLITS_LOOP=epoll: the loop waits in epoll alone, and says why")
  func forcedEpoll() throws {
    let loop = try #require(EventLoop(ring: .fromEnvironment("epoll")))
    defer { loop.close() }
    #expect(loop.backend == .epoll(reason: "SPLITS_LOOP=epoll"))
    #expect(loop.backend.description == "epoll (SPLITS_LOOP=epoll)")
    #expect(EventLoop.probe(.epoll) == .epoll(reason: "SPLITS_LOOP=epoll"))
  }

  @Test("where the kernel allows io_uring, the loop takes it", .enabled(if: ioUringAllowed))
  func ioUringTaken() throws {
    let loop = try #require(EventLoop(ring: .automatic))
    defer { loop.close() }
    #expect(loop.backend.isRing)
    #expect(EventLoop.probe(.automatic) == loop.backend)
    // An unknown value is no reason to give io_uring up.
    #expect(EventLoop.probe(.fromEnvironment("kqueue")) == loop.backend)
  }

  @Test(
    "on Linux 6.12 or later, the ring's wait ends at the deadlines itself (no timerfd)",
    .enabled(if: ioUringAllowed && ringKeepsDeadlines))
  func ringKeepsTheDeadlines() throws {
    let loop = try #require(EventLoop(ring: .automatic))
    defer { loop.close() }
    #expect(loop.backend == .ioUring(.inTheWait))
    #expect(
      loop.backend.description
        == "io_uring (the frame's write and the wait until the next deadline in one system call)")
  }

  @Test("SPLITS_LOOP: epoll forces epoll; unset, empty or io_uring let the kernel decide")
  func choices() {
    #expect(LoopChoice.fromEnvironment(nil) == .automatic)
    #expect(LoopChoice.fromEnvironment("") == .automatic)
    #expect(LoopChoice.fromEnvironment("io_uring") == .automatic)
    #expect(LoopChoice.fromEnvironment("epoll") == .epoll)
    #expect(LoopChoice.fromEnvironment("kqueue") == .unknown("kqueue"))
  }

  @Test("why io_uring was not used: the sysctl, a kernel without it, a refused setup")
  func reasons() {
    #expect(EventLoop.unavailable(errno: EPERM, disabled: 2) == "io_uring unavailable: kernel.io_uring_disabled=2")
    #expect(EventLoop.unavailable(errno: EPERM, disabled: 0) == "io_uring unavailable: setup refused, EPERM")
    #expect(EventLoop.unavailable(errno: EPERM, disabled: nil) == "io_uring unavailable: setup refused, EPERM")
    #expect(EventLoop.unavailable(errno: ENOSYS, disabled: nil) == "io_uring unavailable: not in this kernel, ENOSYS")
    #expect(EventLoop.unavailable(errno: EMFILE, disabled: 0) == "io_uring unavailable: setup refused, EMFILE")
    #expect(EventLoop.unavailable(errno: 200, disabled: 0) == "io_uring unavailable: setup refused, errno 200")
    #expect(
      EventLoop.Backend.epoll(reason: EventLoop.unavailable(errno: EPERM, disabled: 0)).description
        == "epoll (io_uring unavailable: setup refused, EPERM)")
  }

  @Test(
    "a ring's wait that reaches its deadline with the frame's write still in the kernel ends with the write",
    .enabled(if: ioUringAllowed && ringKeepsDeadlines))
  func deadlineWaitsForTheWrite() throws {
    let ring = try #require(splits_ring_open())
    defer { splits_ring_close(ring) }
    try #require(splits_ring_keeps_deadlines(ring) == 1)
    let (reader, output) = try EventLoopTests.fullPipe()
    defer { for fd in [reader, output] { close(fd) } }
    // Watched: a descriptor never readable (the pipe's writing end).
    let frame = Array("FRAME".utf8)
    var written: Int64 = 0
    let deadline = SystemClocks.boot().nanoseconds + 100_000
    let result = frame.withUnsafeBufferPointer {
      splits_ring_wait(ring, output, $0.baseAddress, $0.count, output, deadline, &written)
    }
    // The terminal took nothing within the write's 1 ms: cancelled, answered in this wait.
    #expect(result == 1)
    #expect(written == -Int64(ECANCELED), "\(written)")
    // Nothing to write and nothing readable: the wait ends at its deadline, reported so (after
    // the poll cut with that write, if it came after the write's end: 1, look).
    let later = SystemClocks.boot().nanoseconds + 5_000_000
    var timed = splits_ring_wait(ring, -1, nil, 0, output, later, &written)
    if timed == 1 { timed = splits_ring_wait(ring, -1, nil, 0, output, later, &written) }
    #expect(timed == 0)
    #expect(SystemClocks.boot().nanoseconds >= later)
    #expect(written == Int64.min)
  }

  @Test(
    "a ring the kernel fails in the middle of a run is given up for epoll: the frame goes out, timers and watches go on",
    .enabled(if: ioUringAllowed))
  func aRingFailingMidRunFallsBackToEpoll() throws {
    let loop = try #require(EventLoop(ring: .automatic))
    defer { loop.close() }
    try #require(loop.backend.isRing)
    let (watched, poke) = try nonBlockingPipe()
    let (reader, output) = try nonBlockingPipe()
    defer { for fd in [watched, poke, reader, output] { close(fd) } }
    // Read without waiting: a frame never written fails the test, it does not hang it.
    _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
    var gaveUp = false
    let patience = loop.after(.seconds(5)) { gaveUp = true }
    defer { loop.cancel(patience) }
    // A frame for the ring's next wait, and a timer due in it.
    var outcome: EventLoop.WriteOutcome?
    #expect(loop.queueWrite(output, Array("FRAME".utf8)) { outcome = $0 })
    var fired = false
    loop.after(.milliseconds(20)) { fired = true }
    loop.failNextRingWait(ENOMEM)
    loop.run { (fired && outcome != nil) || gaveUp }
    #expect(loop.backend == .epoll(reason: "io_uring failed: ENOMEM"))
    #expect(loop.backend.description == "epoll (io_uring failed: ENOMEM)")
    #expect(outcome == .written)
    #expect(fired && !gaveUp, "the timer fired from the timerfd")
    var frame = [UInt8](repeating: 0, count: 16)
    let count = frame.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    #expect(count == 5 && Array(frame.prefix(5)) == Array("FRAME".utf8))
    // A descriptor watched now is seen through epoll; no frame is queued in a ring any more.
    var seen = false
    #expect(loop.watch(watched) { seen = true })
    _ = Array("k".utf8).withUnsafeBytes { write(poke, $0.baseAddress, $0.count) }
    loop.run { seen || gaveUp }
    #expect(seen && !gaveUp)
    loop.unwatch(watched)
    #expect(!loop.queueWrite(output, Array("NEXT".utf8)) { _ in }, "the caller writes itself without a ring")
  }
}
