import CLoop

#if canImport(Glibc)
  import Glibc
#endif

// How the event loop waits: an io_uring (the frame's write and the wait in one system call)
// where the kernel allows it, else `epoll_wait` alone; chosen once, when the loop is made.

/// Which wait the loop is asked for: `SPLITS_LOOP=epoll` forces the epoll wait alone (for a
/// kernel or a sandbox where io_uring misbehaves, and for the tests of that wait).
public enum LoopChoice: Equatable, Sendable {
  /// io_uring if the kernel allows it, else epoll.
  case automatic
  /// epoll alone.
  case epoll
  /// `SPLITS_LOOP` holds neither `epoll` nor `io_uring` (nor is empty): as `automatic`.
  case unknown(String)

  /// The choice of `SPLITS_LOOP` in `environment` (the process's own by default).
  public static func fromEnvironment(_ value: String? = LoopChoice.environmentValue()) -> LoopChoice {
    switch value {
    case nil, "", "io_uring", "auto": .automatic
    case "epoll": .epoll
    case let other?: .unknown(other)
    }
  }

  public static func environmentValue() -> String? {
    getenv("SPLITS_LOOP").map { String(cString: $0) }
  }
}

extension EventLoop {
  /// How the loop waits.
  public enum Backend: Equatable, Sendable {
    /// The frame's write and the wait in one io_uring submission; where the deadlines are.
    case ioUring(Deadlines)
    /// `epoll_wait` alone, and why not io_uring.
    case epoll(reason: String)

    /// Where an io_uring loop keeps its deadlines (the ticker's sleeps, `after`).
    public enum Deadlines: Equatable, Sendable {
      /// The ring's wait itself ends at the earliest, on the boot clock (Linux 6.12 and later).
      case inTheWait
      /// On a timerfd in the epoll set, as on epoll (an older kernel).
      case timerfd
    }

    /// Whether the loop waits in an io_uring.
    public var isRing: Bool {
      if case .ioUring = self { true } else { false }
    }

    /// One line: `io_uring` or `epoll`, and why not io_uring.
    public var description: String {
      switch self {
      case .ioUring(.inTheWait): "io_uring (the frame's write and the wait until the next deadline in one system call)"
      case .ioUring(.timerfd): "io_uring (the frame's write and the wait in one system call; deadlines on a timerfd)"
      case .epoll(let reason): "epoll (\(reason))"
      }
    }
  }

  /// What became of bytes given to `queueWrite`.
  public enum WriteOutcome: Equatable, Sendable {
    case written
    /// The descriptor took only part (or nothing yet): the rest.
    case partial([UInt8])
    /// An error other than "try again": the descriptor is gone.
    case failed
  }

  /// An io_uring for a loop asked for `choice`, or nil and why not.
  static func openRing(_ choice: LoopChoice) -> (OpaquePointer?, Backend) {
    guard choice != .epoll else { return (nil, .epoll(reason: "SPLITS_LOOP=epoll")) }
    guard let ring = splits_ring_open() else {
      let error = errno
      return (nil, .epoll(reason: unavailable(errno: error, disabled: sysctlDisabled())))
    }
    return (ring, ringBackend(ring))
  }

  /// The io_uring backend of `ring`: whether its waits keep the deadlines.
  nonisolated static func ringBackend(_ ring: OpaquePointer) -> Backend {
    .ioUring(splits_ring_keeps_deadlines(ring) != 0 ? .inTheWait : .timerfd)
  }

  /// How a loop made now would wait, with no loop made: `splits --version --verbose` says it.
  public nonisolated static func probe(_ choice: LoopChoice = .fromEnvironment()) -> Backend {
    guard choice != .epoll else { return .epoll(reason: "SPLITS_LOOP=epoll") }
    guard let ring = splits_ring_open() else {
      let error = errno
      return .epoll(reason: unavailable(errno: error, disabled: sysctlDisabled()))
    }
    defer { splits_ring_close(ring) }
    return ringBackend(ring)
  }

  /// Why io_uring is not used after its setup failed with `errno`, naming the sysctl when it is
  /// what refused (`disabled`: the value of `kernel.io_uring_disabled`, if readable).
  nonisolated static func unavailable(errno error: Int32, disabled: Int?) -> String {
    if error == EPERM, let disabled, disabled > 0 {
      return "io_uring unavailable: kernel.io_uring_disabled=\(disabled)"
    }
    if error == ENOSYS { return "io_uring unavailable: not in this kernel, ENOSYS" }
    return "io_uring unavailable: setup refused, \(errnoName(error))"
  }

  /// The value of `kernel.io_uring_disabled`, nil where the kernel has no such setting.
  nonisolated static func sysctlDisabled() -> Int? {
    guard let file = fopen("/proc/sys/kernel/io_uring_disabled", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 16)
    guard fgets(&line, 16, file) != nil else { return nil }
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Int(text.filter(\.isNumber))
  }

  /// The symbolic name of the errors a ring's setup or wait gives, else the number.
  nonisolated static func errnoName(_ error: Int32) -> String {
    let names: [Int32: String] = [
      EPERM: "EPERM", EACCES: "EACCES", ENOSYS: "ENOSYS", ENOMEM: "ENOMEM", EMFILE: "EMFILE", ENFILE: "ENFILE",
      EINVAL: "EINVAL", EFAULT: "EFAULT", EBADF: "EBADF", EOPNOTSUPP: "EOPNOTSUPP",
    ]
    return names[error] ?? "errno \(error)"
  }

  /// Writes what of `bytes` the non-blocking `fd` takes without waiting: on after a signal
  /// or a partial write, until it takes nothing more (`EAGAIN`). The count written, or nil
  /// on any other error.
  public nonisolated static func writeNow(_ bytes: [UInt8], to fd: Int32) -> Int? {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset) }
      if count > 0 {
        offset += count
        continue
      }
      let error = count < 0 ? errno : EIO
      if error == EINTR { continue }
      guard error == EAGAIN || error == EWOULDBLOCK else { return nil }
      break
    }
    return offset
  }
}
