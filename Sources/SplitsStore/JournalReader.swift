import Foundation
import GRDB
import SplitsClock
import SplitsCore

/// Read-only access to the journal, for `status`, `history`, `show` and `export`: no lock,
/// no migration, no write, so it works while a ride screen is open and never changes the
/// file. Cheap to open (one SQLite connection, two small queries): `splits status` is
/// called every few seconds by status bars.
public final class JournalReader: Sendable {
  public let path: String
  public let bootID: String
  /// Kept for the life of the process once this reader is released (`deinit`).
  let queue: DatabaseQueue
  /// Whether the file holds the journal's tables (an empty file does not).
  let hasTables: Bool
  /// Whether the file was opened immutable (`openingPath`): the reader then never sees a
  /// later change; open a new one when the file or its `-wal` changes.
  public let isImmutable: Bool

  private init(path: String, bootID: String, queue: DatabaseQueue, hasTables: Bool, isImmutable: Bool) {
    self.path = path
    self.bootID = bootID
    self.queue = queue
    self.hasTables = hasTables
    self.isImmutable = isImmutable
  }

  /// Closes the connection and keeps it for the life of the process (`Inspected`): freeing
  /// it would release its dispatch queue, and libdispatch then starts a worker thread of its
  /// global queues (and its 1 Hz timer) in a process that runs on one: in `status --follow`
  /// for good, in every other command as it ends (a thread made for nothing in `splits
  /// status`, which status bars run every few seconds).
  deinit {
    try? queue.close()
    Inspected.keep(queue)
  }

  /// Opens the journal in `dataDirectory` read-only; nil when there is no journal yet.
  /// Throws a `JournalError` naming the file when it is unreadable (a directory this process
  /// may not search included), damaged, newer, or not a regular file (a named pipe is never
  /// opened: reading one waits for ever).
  /// `checkIntegrity` reads every page first (`PRAGMA quick_check`; slower, `status` skips it).
  public static func open(
    dataDirectory: String, bootID: String = SystemClocks.bootID(), checkIntegrity: Bool = false,
    directoryWritable: Bool? = nil
  ) throws -> JournalReader? {
    let path = DataLocation.journalPath(in: dataDirectory)
    guard try FileSystem.journalFileExists(path) else { return nil }
    let writable = directoryWritable ?? FileSystem.isWritableDirectory(dataDirectory)
    // Looked at before opening: a failed open can leave an empty `-wal` behind.
    let logged = hasLog(path)
    do {
      return try open(path: path, bootID: bootID, checkIntegrity: checkIntegrity, directoryWritable: writable)
    } catch let error where writable && !logged {
      // No writer, and SQLite could not make its `-wal` and `-shm` files (a full disk:
      // "disk I/O error"). Nothing can change the file while it is read: read it as it is.
      let first = JournalError.from(error, path: path, writing: false)
      if case .corrupt = first.reason { throw first }
      do {
        return try open(path: path, bootID: bootID, checkIntegrity: checkIntegrity, directoryWritable: false)
      } catch {
        throw first
      }
    } catch {
      throw JournalError.from(error, path: path, writing: false)
    }
  }

  private static func open(
    path: String, bootID: String, checkIntegrity: Bool, directoryWritable: Bool
  ) throws -> JournalReader {
    var config = Configuration()
    config.readonly = true
    config.label = "splits.journal.reader"
    // The screen holds the write lock for a millisecond or two per event.
    config.busyMode = .timeout(2)
    let opening = Self.openingPath(path, directoryWritable: directoryWritable)
    let queue = try DatabaseQueue(path: opening, configuration: config)
    do {
      let applied = try queue.read { db in try Schema.check(db, path: path, integrity: checkIntegrity) }
      return JournalReader(
        path: path, bootID: bootID, queue: queue, hasTables: applied.contains(Schema.identifiers[0]),
        isImmutable: opening != path)
    } catch {
      try? queue.close()
      Inspected.keep(queue)
      throw error
    }
  }

  /// A WAL journal is read through its `-shm` file, which SQLite creates next to it. In a
  /// directory this process cannot write (mounted read-only, another user's), or where it
  /// cannot make that file (a full disk), with no writer (no `-wal` file), nothing can change
  /// the file while it is read: open it immutable, which needs neither. Otherwise the plain
  /// path.
  static func openingPath(_ path: String, directoryWritable: Bool) -> String {
    guard !directoryWritable, !hasLog(path) else { return path }
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return "file:\(escaped)?immutable=1"
  }

  /// Closes the connection (also done when the reader is released, `deinit`); reads then
  /// fail.
  public func close() {
    try? queue.close()
  }

  /// Whether the journal at `path` has a `-wal` holding anything (an empty one, which a
  /// reader that could not make its `-shm` leaves behind, adds nothing to the file).
  static func hasLog(_ path: String) -> Bool {
    var info = stat()
    return stat(path + "-wal", &info) == 0 && info.st_size > 0
  }

  /// Whether this process still maps the `-shm` index of the journal at `path` after that
  /// file was deleted: a connection of ours then holds the index of deleted files, which
  /// SQLite shares with every connection the process opens to the journal after it (so a new
  /// reader would never see a new event). The `-wal` and `-shm` that SQLite deletes itself,
  /// when the last writer closes, were mapped by no reader of ours: a reader holds the journal
  /// in WAL mode, and SQLite deletes them only when nobody does. True when it cannot tell
  /// (no `/proc`).
  public static func mapsDeletedIndex(of path: String) -> Bool {
    mappedIndex(of: path, deletedOnly: true)
  }

  /// Whether this process maps an `-shm` index of the journal at `path`, deleted or not: a
  /// reader of ours reads through the `-wal`. True when it cannot tell (no `/proc`).
  public static func mapsIndex(of path: String) -> Bool {
    mappedIndex(of: path, deletedOnly: false)
  }

  private static func mappedIndex(of path: String, deletedOnly: Bool) -> Bool {
    guard let resolved = realpath(path, nil) else { return true }
    let file = String(cString: resolved) + "-shm"
    free(resolved)
    guard let maps = FileSystem.readAll("/proc/self/maps") else { return true }
    return String(decoding: maps, as: UTF8.self).split(separator: "\n").contains {
      $0.hasSuffix(file + " (deleted)") || (!deletedOnly && $0.hasSuffix(file))
    }
  }

  /// Whether the file holds no journal tables yet (an empty file, or one the screen is
  /// still creating): a reader kept open would never see them; open a new one.
  public var isEmpty: Bool { !hasTables }

  /// The schema migrations applied to the file, in order (empty for an empty file).
  public func appliedMigrations() throws -> [String] {
    try read { db in try Schema.migrator.appliedMigrations(db) }
  }

  /// Whether any ride was ever recorded.
  public func hasRides() throws -> Bool {
    guard hasTables else { return false }
    return try read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rides)") ?? false }
  }

  /// The open ride, or a fresh one numbered after the last, rebuilt at `now`; nil when no
  /// ride was ever recorded.
  public func currentRide(now: Now) throws -> RestoredRide? {
    guard hasTables else { return nil }
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rides)") == true else { return nil }
      return try Queries.currentRide(db, path: path, bootID: bootID, now: now)
    }
  }

  /// Ride `number` rebuilt at `now` (at its finish when finished); nil when there is none.
  public func ride(number: Int, now: Now) throws -> RestoredRide? {
    guard hasTables else { return nil }
    let path = self.path
    let bootID = self.bootID
    return try read { db in
      guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rides WHERE number = ?)", arguments: [number])
        == true
      else { return nil }
      return try Queries.ride(db, number: number, bootID: bootID, now: now, path: path)
    }
  }

  /// Every ride that started, newest first, rebuilt at `now` (finished ones at their finish).
  public func rides(now: Now) throws -> [RestoredRide] {
    guard hasTables else { return [] }
    let path = self.path
    let bootID = self.bootID
    let (all, details) = try read { db in
      (try Queries.allEvents(db, boot: .init(bootID, now), path: path), try Queries.allDetails(db, path: path))
    }
    return all.reversed().map {
      Queries.assemble(
        number: $0.number, events: $0.events, details: details[$0.number] ?? Queries.Details(), bootID: bootID, now: now)
    }
      .filter { $0.ride.firstStart != nil || $0.isFinished }
  }

  /// Each read starts from the file's schema as it is now: GRDB keeps what it learnt of the
  /// tables per connection, and a reader kept open (`status --follow`) may have first looked
  /// while a screen was still creating them.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try queue.read { db in
        db.clearSchemaCache()
        return try body(db)
      }
    } catch {
      throw JournalError.from(error, path: path, writing: false)
    }
  }
}

/// The read-only journal in `directory`, nil when none was ever written. A data directory
/// that is a file (or under one, or unreadable) is an error, as it is for the ride screen:
/// reading nothing there would print "no ride" for data that is somewhere else.
public func openReader(dataDirectory directory: String) throws -> JournalReader? {
  var info = stat()
  if stat(directory, &info) == 0 {
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw JournalError(path: directory, reason: .unreadable("it exists and is not a directory"))
    }
  } else if errno != ENOENT {
    throw JournalError(path: directory, reason: .unreadable(String(cString: strerror(errno))))
  }
  return try JournalReader.open(dataDirectory: directory)
}
