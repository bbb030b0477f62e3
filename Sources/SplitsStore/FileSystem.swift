#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The few file-system steps the store takes itself.
enum FileSystem {
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
