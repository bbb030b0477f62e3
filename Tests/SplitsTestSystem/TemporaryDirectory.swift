import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under the system's temp directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let path: String

  /// `prefix` starts the directory's name (`splits-store-` makes `splits-store-Ab12Cd`).
  public init(prefix: String = "splits-test-") {
    var template = Array((NSTemporaryDirectory() + "/" + prefix + "XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = made.map { String(cString: $0) } ?? NSTemporaryDirectory() + "/" + prefix + UUID().uuidString
    if made == nil { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The bytes of the file at `path`, nil when it cannot be read.
public func bytes(of path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { Array($0) }
}

/// Creates or replaces the file at `path` with `bytes` (mode `mode`), at once: written beside
/// it and renamed into place, so a reader sees the old file or the new one, never a part.
/// Not through Foundation: its atomic writes (`createFile`, `write(toFile:atomically: true)`)
/// leave a `TemporaryDirectory.*` directory in the system's temp directory for every file.
/// False when it could not.
@discardableResult
public func writeFile(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) -> Bool {
  let beside = path + ".writing-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  let fd = open(beside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
  guard fd >= 0 else { return false }
  var offset = 0
  while offset < bytes.count {
    let count = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else { break }
    offset += count
  }
  // The mode as asked, whatever the umask.
  let done = offset == bytes.count && fchmod(fd, mode) == 0
  close(fd)
  guard done, rename(beside, path) == 0 else {
    unlink(beside)
    return false
  }
  return true
}

/// `writeFile(_:to:mode:)` of a text's UTF-8.
@discardableResult
public func writeFile(_ text: String, to path: String, mode: mode_t = 0o644) -> Bool {
  writeFile(Array(text.utf8), to: path, mode: mode)
}
