#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The journal as a writer left it when it closed it cleanly: which file it was (device,
/// inode), its size and the instant it last changed, and the same of its `-wal` (or none
/// there); and when it was last read page by page. Kept in `splits.checked` beside the
/// journal.
///
/// A journal is checked page by page before it is opened for writing (`Journal.inspect`):
/// that reads the whole file, about 200 ms for a year of hour-long rides with sensors. A
/// journal found exactly as a writer of its own left it (one that had checked it, or found it
/// so, and then wrote only through SQLite) is not checked again: any other write to it or to
/// its `-wal`, by anything, changes its change time (`st_ctime`, which no one can set back),
/// and a writer that stops without closing leaves its writes behind the mark. What no write
/// announces (a page gone bad on the disk) is found by a full check at least once a week
/// (`dueAfter`), and by SQLite whenever it reads that page.
struct CheckedMark: Equatable {
  /// How long after a page-by-page check the journal is read so again, even as it was left.
  static let dueAfter: Int64 = 7 * 86_400
  /// One file as `stat` gives it.
  struct FileState: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var changedSeconds: Int64
    var changedNanoseconds: Int64

    init?(_ path: String) {
      var info = stat()
      guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      changedSeconds = Int64(info.st_ctim.tv_sec)
      changedNanoseconds = Int64(info.st_ctim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: Int64, changedSeconds: Int64, changedNanoseconds: Int64) {
      self.device = device
      self.inode = inode
      self.size = size
      self.changedSeconds = changedSeconds
      self.changedNanoseconds = changedNanoseconds
    }

    var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
  }

  var journal: FileState
  var log: FileState?
  /// When the journal was last read page by page (or made), in seconds of the wall clock.
  var checkedAt: Int64

  /// The journal at `path` and its `-wal` as they are now, last read page by page at
  /// `checkedAt`; nil when there is no journal file.
  static func now(journal path: String, checkedAt: Int64) -> CheckedMark? {
    guard let journal = FileState(path) else { return nil }
    return CheckedMark(journal: journal, log: FileState(path + "-wal"), checkedAt: checkedAt)
  }

  /// Whether the journal at `path` is as this mark says its writer left it, and was read page
  /// by page less than `dueAfter` before `wallSeconds` (and not after it: a clock set back).
  func holds(journal path: String, wallSeconds: Int64) -> Bool {
    guard wallSeconds >= checkedAt, wallSeconds - checkedAt < Self.dueAfter else { return false }
    return CheckedMark.now(journal: path, checkedAt: checkedAt) == self
  }

  static let header = "splits-checked 1"

  /// The mark's text: a header line, a line for the journal and one for its `-wal` (`-` for
  /// none), then the instant of the last check.
  var text: String {
    func line(_ state: FileState?) -> String {
      guard let s = state else { return "-" }
      return "\(s.device) \(s.inode) \(s.size) \(s.changedSeconds) \(s.changedNanoseconds)"
    }
    return "\(Self.header)\n\(line(journal))\n\(line(log))\n\(checkedAt)\n"
  }

  /// The mark `text` holds; nil for anything else.
  init?(text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 5, lines[0] == Self.header, let checkedAt = Int64(lines[3]), lines[4].isEmpty else {
      return nil
    }
    func state(_ line: Substring) -> FileState?? {
      if line == "-" { return .some(nil) }
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count == 5, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
        let size = Int64(fields[2]), let seconds = Int64(fields[3]), let nanoseconds = Int64(fields[4])
      else { return nil }
      return FileState(
        device: device, inode: inode, size: size, changedSeconds: seconds, changedNanoseconds: nanoseconds)
    }
    guard case .some(.some(let journal)) = state(lines[1]), case .some(let log) = state(lines[2]) else { return nil }
    self.journal = journal
    self.log = log
    self.checkedAt = checkedAt
  }

  init(journal: FileState, log: FileState?, checkedAt: Int64) {
    self.journal = journal
    self.log = log
    self.checkedAt = checkedAt
  }

  /// The mark at `path`; nil when there is none, or it is not a regular file of this user's
  /// that only this user may write (a mark another user could write would let them skip the
  /// check of a file they damaged), or it holds anything but a mark.
  static func read(_ path: String) -> CheckedMark? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
      info.st_mode & 0o022 == 0, info.st_size < 512
    else { return nil }
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return CheckedMark(text: String(decoding: bytes[..<count], as: UTF8.self))
  }

  /// Writes the mark to `path` (mode 0600; a link there is not followed). Failing leaves the
  /// journal to be checked at its next opening, nothing worse: the result is not reported.
  func write(_ path: String) {
    unlink(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    if written != bytes.count { unlink(path) }
  }
}
