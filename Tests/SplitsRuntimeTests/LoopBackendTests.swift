import CLoop
import SplitsClock
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
}
