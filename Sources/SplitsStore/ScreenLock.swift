#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Only one ride screen per data directory. The lock is `flock` on `splits.lock` in the data
/// directory, with the holder's pid written inside for the message. The kernel drops an
/// `flock` when its holder exits however it exits (`kill -9` included), so a screen that is
/// gone never blocks the next one: it simply takes over. Read-only commands never lock.
public final class ScreenLock: Sendable {
  /// Another screen holds the lock.
  public struct Held: Error, Equatable, Sendable, CustomStringConvertible {
    /// The holder's pid as it wrote it; nil if it could not be read.
    public var pid: Int32?
    public var path: String

    public var description: String {
      if let pid {
        return "another splits screen (pid \(pid)) is open on this data (\(path)); switch to it, or quit it first"
      }
      return "another splits screen is open on this data (\(path)); switch to it, or quit it first"
    }
  }

  public let path: String
  /// The lock file's descriptor: the lock lives as long as it is open. Immutable after
  /// init, and only `flock`/`close` are called on it.
  private let fd: Int32

  private init(path: String, fd: Int32) {
    self.path = path
    self.fd = fd
  }

  /// Unlocked before it is closed: a child forked by another thread at that moment shares
  /// the open file (until its `exec` closes it), and `close` alone would leave the lock held
  /// with it for that while; `LOCK_UN` releases it for both.
  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }

  /// Takes the lock for `dataDirectory` (created with mode 0700 if missing), or throws
  /// `Held` naming the holder, or a `JournalError` when the lock file cannot be opened.
  public static func acquire(dataDirectory: String) throws -> ScreenLock {
    try FileSystem.makeDirectory(dataDirectory)
    let path = DataLocation.lockPath(in: dataDirectory)
    // O_CLOEXEC: a child the screen starts must not inherit (and keep) the lock.
    // O_NOFOLLOW: a link planted in its place would have the pid written into (and the rest
    // of) whatever file it points to.
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else {
      let code = errno
      if code == ELOOP { throw JournalError(path: path, reason: .writeFailed(FileSystem.linkRefused)) }
      throw JournalError(path: path, reason: .writeFailed(FileSystem.errnoText(code)))
    }
    // Nor a second name of another file (a hard link), nor anything but a plain file: the
    // lock is truncated and written below.
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else {
      close(fd)
      throw JournalError(
        path: path, reason: .writeFailed("it is not a plain file of its own (a link or a special file): remove it"))
    }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      let pid = readPID(fd)
      close(fd)
      if code == EWOULDBLOCK || code == EAGAIN { throw Held(pid: pid, path: path) }
      throw JournalError(path: path, reason: .writeFailed(FileSystem.errnoText(code)))
    }
    let text = Array("\(getpid())\n".utf8)
    if ftruncate(fd, 0) != 0 || pwrite(fd, text, text.count, 0) != text.count {
      // The lock holds anyway; only the pid in the message of a second screen is lost.
    }
    return ScreenLock(path: path, fd: fd)
  }

  /// `acquire`, trying again every 2 ms for up to `waiting` while another process holds the
  /// lock (a remote command applied with no screen holds it for a few milliseconds).
  public static func acquire(dataDirectory: String, waiting: Duration) throws -> ScreenLock {
    let deadline = monotonicNow() + waiting
    while true {
      do {
        return try acquire(dataDirectory: dataDirectory)
      } catch let held as Held {
        guard monotonicNow() < deadline else { throw held }
        usleep(2_000)
      }
    }
  }

  private static func monotonicNow() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
  }

  /// The pid of the screen holding the lock on `dataDirectory`, or nil when none does.
  /// Takes nothing: it only tests.
  public static func holder(dataDirectory: String) -> Int32? {
    do {
      let lock = try acquire(dataDirectory: dataDirectory)
      lock.release()
      return nil
    } catch let held as Held {
      return held.pid ?? -1
    } catch {
      return nil
    }
  }

  /// Gives the lock up now (also done when the lock is released from memory).
  public func release() {
    flock(fd, LOCK_UN)
  }

  private static func readPID(_ fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = pread(fd, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[0..<count], as: UTF8.self).trimmingSpaces()
    return Int32(text)
  }
}
