#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The few file-system steps the store takes itself.
public enum FileSystem {
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether this process may create files in the directory `path`.
  static func isWritableDirectory(_ path: String) -> Bool { access(path, W_OK) == 0 }

  static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

  /// Creates `path` and any missing parents with mode 0700. An existing directory keeps its
  /// mode: it may be one the user made on purpose.
  static func makeDirectory(_ path: String) throws {
    if isDirectory(path) { return }
    if exists(path) {
      throw JournalError(path: path, reason: .unreadable("it exists and is not a directory"))
    }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw JournalError(path: path, reason: .writeFailed("cannot create the data directory: \(error.localizedDescription)"))
    }
  }

  /// Creates an empty file with mode 0600 if none is there. SQLite gives its `-wal` and
  /// `-shm` files the mode of the database file, so they are private too.
  /// A link found in place of a file is not followed: an existing symbolic link is refused.
  static func createPrivateFile(_ path: String) throws {
    let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
    if fd < 0 {
      let code = errno
      if code == EEXIST {
        try refuseLink(path)
        return
      }
      throw JournalError(path: path, reason: .writeFailed(errnoText(code)))
    }
    close(fd)
  }

  /// Why a symbolic link in the data directory is not opened.
  static let linkRefused = "it is a symbolic link, which splits does not follow"

  /// Throws when `path` is a symbolic link: SQLite would open the file it points to.
  static func refuseLink(_ path: String) throws {
    var info = stat()
    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
      throw JournalError(path: path, reason: .unreadable(linkRefused))
    }
  }
}

extension FileSystem {
  /// Whether the journal file `path` is there, checked without opening it: false when there
  /// is none; throws when it cannot be looked at (a directory this process may not search:
  /// reading nothing there would say "no ride" for rides that are there), or when it, or its
  /// `-wal` or `-shm`, is anything but a regular file. SQLite would open a named pipe and wait
  /// for a writer for ever, and a symbolic link would let the journal be written elsewhere.
  static func journalFileExists(_ path: String) throws -> Bool {
    guard try isRegularFile(path) else { return false }
    for suffix in ["-wal", "-shm"] { _ = try isRegularFile(path + suffix) }
    return true
  }

  /// false when nothing is at `path`; true for a regular file; throws otherwise.
  private static func isRegularFile(_ path: String) throws -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT { return false }
      throw JournalError(path: path, reason: .unreadable(errnoText(code)))
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else {
      let what: String
      switch kind {
      case S_IFIFO: what = "a named pipe (FIFO)"
      case S_IFLNK: what = "a symbolic link"
      case S_IFDIR: what = "a directory"
      case S_IFSOCK: what = "a socket"
      case S_IFCHR, S_IFBLK: what = "a device"
      default: what = "not a regular file"
      }
      throw JournalError(path: path, reason: .unreadable("it is \(what), not a regular file; it was left untouched"))
    }
    return true
  }

  /// Every byte of the file at `path` (at most `limit`), read until its end: a file of
  /// `/proc` says it has none before it is read, and Foundation's readers stop short on one.
  /// Nil when it cannot be opened or read.
  public static func readAll(_ path: String, limit: Int = 64 << 20) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// The device and inode of the file at `path`, nil when there is none.
  static func identity(_ path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Whether the file system holding `path` has no space left for this process.
  static func isFull(holding path: String) -> Bool {
    var info = statvfs()
    let directory = (path as NSString).deletingLastPathComponent
    guard statvfs(directory.isEmpty ? "." : directory, &info) == 0 else { return false }
    return info.f_bavail == 0
  }
}

/// Which file a path named when it was looked at: a file deleted and made again at the same
/// path is another one.
struct FileIdentity: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
}
