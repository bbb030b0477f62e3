import SplitsClock
import SplitsCore
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

/// Which reader `status --follow` reads the journal with: one kept open while the journal's
/// files stay the same ones, and a new one when they are deleted, replaced or made.
extension StatusFollower {
  /// The journal, kept open between reads while its file stays the same one: opening and
  /// closing a connection for every line would cost wake-ups of threads other than the
  /// main one. A journal deleted, replaced or still without its tables is opened again
  /// (nil when there is none).
  ///
  /// Every reader this opens becomes the kept one: a journal the screen makes between the
  /// look at its files and the open (no journal, then one) is read by a reader kept like any
  /// other, not opened again at every read.
  func journal() throws -> JournalReader? {
    let path = DataLocation.journalPath(in: directory)
    let identity = fileIdentity(path)
    // An empty journal's reader is replaced only when the file or its `-wal` grew (the
    // screen creating the tables), not at every read. So is one opened immutable (a full
    // disk), which never sees a change itself.
    if let identity, let reader, let readerIdentity, identity.file == readerIdentity.file,
      (!reader.isEmpty && !reader.isImmutable) || identity == readerIdentity
    {
      return reader
    }
    // A `-wal` or `-shm` a reader of ours reads through was deleted or replaced (`rm`; one
    // appearing where there was none is not: the screen making the journal). SQLite shares
    // one `-shm` mapping among the connections of a process to one file: a new reader would
    // get the old reader's one, of the deleted files, and read them for ever, or fail on a
    // `-wal` that no longer matches it. Close it first, and let the files settle. The two
    // files SQLite deletes itself, when the last writer closes (a `splits lap` with no screen
    // open), after it copied all into the journal, no reader of ours maps: those need no
    // settling. Asked before the reader is closed, which unmaps it.
    var settling = false
    if let identity, let readerIdentity {
      settling =
        zip(readerIdentity.logs, identity.logs).contains { old, new in old != 0 && new != old }
        && JournalReader.mapsIndex(of: path)
    }
    dropReader()
    if settling {
      settle()
      throw Settling()
    }
    try DataPrivacy.check(directory: directory, insecure: insecure)
    reader = try openReader(dataDirectory: directory)
    guard let reader else { return nil }
    // Looked at again: opening may have made the `-wal` (or the journal itself appeared).
    readerIdentity = fileIdentity(path)
    // Looked at after the files were: a `-shm` deleted while the reader opened (`rm` takes
    // the `-wal` first, then the `-shm`) is never seen again by the identity, which names
    // the new files, and the reader would read the deleted ones for ever. Close them all,
    // and open again once the files settled. Not again within 2 s of settling: a mapping
    // that closing every reader did not end, settling again would not end either.
    let settledLately = settlingUntil.map { SystemClocks.boot() < $0 + Self.settling } ?? false
    if !settledLately, JournalReader.mapsDeletedIndex(of: path) {
      dropReader()
      settle()
      throw Settling()
    }
    return reader
  }

  /// The journal's `-wal` and `-shm` were deleted under the screen: until the screen has
  /// saved what the deleted log held into the journal and opened new files (moments), the
  /// journal and its new files are read with no lock shared with its writer, so a read then
  /// may show the journal as it was before (no ride, fewer laps), a page half written (a
  /// "damaged" journal), or fail to open (and GRDB, freeing its queue, would start
  /// libdispatch's threads). For `settling` the journal is not read (`Settling` is thrown
  /// at once) and nothing printed; it is read again when that is over.
  func settle() {
    let until = SystemClocks.boot() + Self.settling
    settlingUntil = until
    if rereads.last.map({ $0 < until }) ?? true { rereads.append(until) }
  }

  /// Thrown by `journal()` when the files begin to settle: nothing is read until they have.
  struct Settling: Error {}

  /// Whether the journal's files are settling now (`settle()`).
  var isSettling: Bool { settlingUntil.map { SystemClocks.boot() < $0 } ?? false }

  /// Closes the kept reader and lets it go. Its connection is kept, closed, for the life of
  /// the process (`JournalReader.deinit`): freeing it would make libdispatch start a worker
  /// thread with a 1 Hz timer. A reader is replaced only when the journal's files are (or
  /// while it has no tables yet), a handful of times in a follower's life.
  private func dropReader() {
    reader?.close()
    reader = nil
    readerIdentity = nil
  }

  /// The journal's file, its `-wal` and `-shm`, and their sizes now; nil when there is no
  /// journal.
  nonisolated static func identity(_ path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    var wal = stat()
    let hasWAL = stat(path + "-wal", &wal) == 0
    var shm = stat()
    let hasSHM = stat(path + "-shm", &shm) == 0
    return FileIdentity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      logs: [hasWAL ? UInt64(wal.st_ino) : 0, hasSHM ? UInt64(shm.st_ino) : 0], size: Int64(info.st_size),
      walSize: hasWAL ? Int64(wal.st_size) : -1)
  }

  struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    /// The inodes of the `-wal` and the `-shm`, 0 for one that is not there. While a reader
    /// is open SQLite keeps the same files; other ones mean they were deleted (`rm`), and a
    /// reader that kept the old ones would read them, and nothing the screen wrote since,
    /// for ever.
    var logs: [UInt64]
    /// The sizes of the file and of its `-wal` (-1 when there is none) when it was read.
    var size: Int64
    var walSize: Int64

    /// The same file, `-wal` and `-shm`, whatever their sizes.
    var file: [UInt64] { [device, inode] + logs }
  }
}
