#if canImport(Glibc)
  import Glibc
#endif

/// A pipe whose writing end does not block, as the terminal descriptor frames go to: the
/// writer tests fill it to see a stalled terminal. The caller closes each end once.
public func nonBlockingPipe() throws -> (reader: Int32, writer: Int32) {
  var fds: [Int32] = [0, 0]
  guard pipe(&fds) == 0 else { throw PipeError(errno: errno) }
  _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
  return (fds[0], fds[1])
}

/// `pipe(2)` failed.
public struct PipeError: Error, CustomStringConvertible {
  public let errno: Int32
  public var description: String { "pipe: \(String(cString: strerror(errno)))" }
}
