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
    #expect(loop.backend == .ioUring)
    #expect(EventLoop.probe(.automatic) == .ioUring)
    // An unknown value is no reason to give io_uring up.
    #expect(EventLoop.probe(.fromEnvironment("kqueue")) == .ioUring)
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
}
