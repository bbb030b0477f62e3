import COutput
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output, written with write(2): all of it, or an end the user is told about.
/// Every command prints through it.
///
/// - The reader going away (a closed pipe: `| head -n 1`, a status bar reloading) is the
///   normal end of output: the command ends quietly with status 0, as `status --follow` does.
///   SIGPIPE is ignored for that (the executable's entry), so a closed pipe is EPIPE here.
/// - Any other failure (a full disk, an I/O error, a terminal gone) ends it with
///   `splits: cannot write standard output: REASON` on standard error and status 1.
public enum StandardOutput {
  /// Writes `bytes` to standard output whole; nil, or the error number when it cannot
  /// (EPIPE: its reader is gone). What the C library still holds for standard output is
  /// written first, so output keeps its order.
  public static func write(_ bytes: [UInt8]) -> Int32? {
    let held = splits_stdout_flush()
    if held != 0 { return held }
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if written < 0 {
        let error = errno
        if error == EINTR { continue }
        if error == EAGAIN || error == EWOULDBLOCK {
          // An output left non-blocking by whoever opened it: wait until it takes more.
          var ready = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        return error
      }
      rest = rest.dropFirst(written)
    }
    return nil
  }

  /// `write` for text.
  public static func write(_ text: String) -> Int32? { write(Array(text.utf8)) }

  /// The exit status after standard output failed with `error`: 0, quietly, when its reader
  /// is gone (EPIPE); otherwise 1, once the reason is on standard error.
  public static func status(after error: Int32) -> Int32 {
    if error == EPIPE { return 0 }
    StandardError.print(message(error))
    return 1
  }

  /// `splits: cannot write standard output: REASON`.
  public static func message(_ error: Int32) -> String {
    "splits: cannot write standard output: \(String(cString: strerror(error)))"
  }

  /// The exit status a command ending with `status` leaves once what the C library still
  /// holds for standard output (`print`'s, argument-parser's) is written: a failure to write
  /// it turns a success into 1 (with the reason), a reader gone leaves it.
  public static func finish(_ status: Int32) -> Int32 {
    let error = splits_stdout_flush()
    guard error != 0 else { return status }
    let after = self.status(after: error)
    return status == 0 ? after : status
  }
}

/// Standard error, written with write(2). When it cannot be written there is nobody left
/// to tell: the bytes are dropped (never a crash, as `FileHandle`'s `write` is on a full disk).
public enum StandardError {
  /// Writes `message` and a newline.
  public static func print(_ message: String) { write(message + "\n") }

  /// Writes `text` as it is (a question waiting on the same line).
  public static func write(_ text: String) {
    var rest = Array(text.utf8)[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written < 0 {
        let error = errno
        if error == EINTR { continue }
        guard error == EAGAIN || error == EWOULDBLOCK else { return }
        var ready = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
        continue
      }
      rest = rest.dropFirst(written)
    }
  }
}

/// Writes a line to standard error.
package func printError(_ message: String) {
  StandardError.print(message)
}
