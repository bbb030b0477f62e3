import Foundation
import GRDB
import SplitsClock
import SplitsCore
import Synchronization

/// The ride journal: `splits.sqlite` in the data directory, written by the ride screen.
///
/// Every event is committed (and, with `synchronous = FULL`, on disk) before `append`
/// returns, so what the screen shows after a write has survived a `kill -9` or a power cut.
/// Opening never touches a file it cannot vouch for: the file is first opened read-only and
/// checked (integrity, a Splits schema, no migration from a newer version); only then is it
/// opened for writing and migrated. The page-by-page part of the check is skipped for a file
/// found exactly as a writer left it on closing cleanly (`CheckedMark`).
public final class Journal: EventSink, Sendable {
  /// The journal file.
  public let path: String
  /// When the journal was last read page by page (`PRAGMA quick_check`; wall seconds): when
  /// this opening did, or made it, or the time its `CheckedMark` holds when it found the file
  /// as a writer left it.
  let checkedAt: Int64
  /// Whether this opening read the journal page by page.
  let checkedPages: Bool
  /// The boot the events written by this process are stamped with.
  public let bootID: String
  private let connection: Mutex<Connection>

  /// The database connection, and the files it wrote through when it was opened.
  private struct Connection {
    var queue: DatabaseQueue
    var files: Files
    /// Closed to be opened again (the `-wal` was deleted), not opened yet.
    var closed = false
    /// Whether nothing waits unread on the data directory's watch of removals (nil: no watch).
    var watchQuiet: (@Sendable () -> Bool)?
    /// The files were last looked at and found the journal's, all three there, and the watch
    /// was quiet then: while it stays quiet, none of them can have been deleted or moved.
    var vouched = false
  }

  /// Which files the journal, its `-wal` and its `-shm` were (nil: none there yet).
  struct Files: Equatable {
    var journal: FileIdentity?
    var wal: FileIdentity?
    var shm: FileIdentity?

    init(_ path: String) {
      journal = FileSystem.identity(path)
      wal = FileSystem.identity(path + "-wal")
      shm = FileSystem.identity(path + "-shm")
    }

    /// What of `earlier` is no longer there (deleted, or another file in its place).
    func lost(since earlier: Files) -> (journal: Bool, log: Bool) {
      func gone(_ then: FileIdentity?, _ now: FileIdentity?) -> Bool { then != nil && then != now }
      return (gone(earlier.journal, journal), gone(earlier.wal, wal) || gone(earlier.shm, shm))
    }
  }

  private var queue: DatabaseQueue { connection.withLock { $0.queue } }

  private init(path: String, bootID: String, queue: DatabaseQueue, checkedAt: Int64, checkedPages: Bool) {
    self.path = path
    self.bootID = bootID
    self.checkedAt = checkedAt
    self.checkedPages = checkedPages
    self.connection = Mutex(Connection(queue: queue, files: Files(path)))
  }

  /// Opens (creating if needed) the journal in `dataDirectory`: the directory is created
  /// with mode 0700 and the file with 0600, WAL mode, migrated to the current schema.
  /// Throws a `JournalError` naming the file when it is unreadable, damaged, not a Splits
  /// journal or from a newer Splits; the file is then left exactly as it was.
  /// `wallSeconds`: now, by the wall clock (for when the journal was last read page by page).
  public static func open(
    dataDirectory: String, bootID: String = SystemClocks.bootID(), wallSeconds: Int64 = Int64(time(nil))
  ) throws -> Journal {
    try FileSystem.makeDirectory(dataDirectory)
    let path = DataLocation.journalPath(in: dataDirectory)
    let new = try !FileSystem.journalFileExists(path)
    var checkedAt = wallSeconds
    var checkedPages = false
    if new {
      try FileSystem.createPrivateFile(path)
    } else {
      // Read page by page unless it is exactly as a writer left it on closing cleanly.
      if let mark = CheckedMark.read(DataLocation.checkedMarkPath(in: dataDirectory)),
        mark.holds(journal: path, wallSeconds: wallSeconds)
      {
        checkedAt = mark.checkedAt
      } else {
        checkedPages = true
      }
      try inspect(path, pages: checkedPages)
    }
    do {
      let queue = try connect(path)
      if new { try Schema.createAtOnce(queue) }
      try Schema.migrator.migrate(queue)
      try queue.inDatabase { db in try db.prepareSteps(eventStatements) }
      return Journal(path: path, bootID: bootID, queue: queue, checkedAt: checkedAt, checkedPages: checkedPages)
    } catch {
      throw JournalError.from(error, path: path, writing: true)
    }
  }

  /// A connection to write `path` with.
  private static func connect(_ path: String) throws -> DatabaseQueue {
    var config = Configuration()
    config.label = "splits.journal"
    config.busyMode = .timeout(5)
    config.prepareDatabase { db in
      // WAL lets `splits status` read while the screen writes; FULL syncs the WAL at every
      // commit, so an acknowledged event survives a power cut, not only a crash.
      guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
        throw DatabaseError(message: "could not switch to WAL mode")
      }
      try db.execute(sql: "PRAGMA synchronous = FULL")
    }
    return try DatabaseQueue(path: path, configuration: config)
  }

  /// The connection to write with, after checking that the files it writes through are
  /// still the journal's.
  ///
  /// SQLite keeps the `-wal` and `-shm` files it opened. Deleted while the screen runs
  /// (`rm splits.sqlite-wal splits.sqlite-shm`), commits would go on into a file no one
  /// else can see: `status` would read the journal without them and a crash would lose
  /// them all. So before each write the paths are looked at again (two `stat`s); when either
  /// file is gone or another, everything the connection committed is copied into the journal
  /// itself (a checkpoint, through the files it still holds) and the journal is opened
  /// again, with a new `-wal`. Nothing committed is lost, and the write goes on. When a
  /// reader still holds part of the old log, the write fails for now (the screen keeps the
  /// event and tries again). The journal file itself deleted or replaced is a failure that
  /// no reopening mends (it would open an empty journal, or someone else's).
  ///
  /// While the data directory's watch of removals (`watchRemovals`) holds nothing unread since
  /// the files were last found the journal's, the look is skipped: a deletion or a move in
  /// the directory, or of the directory itself, would be waiting there. `force` looks all the
  /// same (the watch has just been read).
  private func writer(force: Bool = false) throws -> DatabaseQueue {
    let path = self.path
    return try connection.withLock { connection in
      if !force, connection.vouched, !connection.closed, let quiet = connection.watchQuiet, quiet() {
        return connection.queue
      }
      connection.vouched = false
      // Asked before the look: a removal after it is then waiting in the watch at the next write.
      let quiet = connection.watchQuiet?() ?? false
      let now = Files(path)
      let lost = now.lost(since: connection.files)
      if lost.journal {
        throw JournalError(
          path: path,
          reason: .writeFailed("the journal file was deleted or replaced while this screen had it open"))
      }
      if !connection.closed {
        guard lost.log else {
          if connection.files.wal == nil || connection.files.shm == nil { connection.files = now }
          connection.vouched = quiet && connection.files == now && now.wal != nil && now.shm != nil
          return connection.queue
        }
        let checkpoint = try connection.queue.writeWithoutTransaction { db in
          try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
        }
        // Not GRDB's typed subscripts (they trap): anything but three integers is not done.
        let values = checkpoint.map { Array($0.databaseValues).map(Int.fromDatabaseValue) } ?? []
        let (busy, frames, copied) = values.count == 3 ? (values[0] ?? 1, values[1] ?? -1, values[2] ?? -2) : (1, -1, -2)
        guard busy == 0, frames == copied else {
          throw JournalError(
            path: path,
            reason: .writeFailed("its write-ahead log (\(path)-wal) was deleted; what it held is still being saved"))
        }
        // Closed before the new connection opens: SQLite shares one `-shm` mapping between
        // the connections of a process to one file, and the new one must not get the old.
        try connection.queue.close()
        connection.closed = true
      }
      let queue = try Self.connect(path)
      // The first read opens the new `-wal` and `-shm`.
      _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
      try queue.inDatabase { db in try db.prepareSteps(Self.eventStatements) }
      connection = Connection(queue: queue, files: Files(path), watchQuiet: connection.watchQuiet)
      return queue
    }
  }

  /// Checks the files the journal writes through now, as before a write (`writer()`): a
  /// deleted `-wal` is saved into the journal at once, while the screen waits for a key.
  public func noticeRemovedFiles() throws {
    do {
      _ = try writer(force: true)
    } catch let error as JournalError {
      throw error
    } catch {
      throw JournalError.from(error, path: path, writing: true)
    }
  }

  /// Takes `quiet` as the data directory's watch of removals: true while no deletion or move
  /// in the directory (or of it) waits unread. Writes then look at the journal's files only
  /// after the watch has seen something (`noticeRemovedFiles`). Nil: no watch, every write
  /// looks.
  public func watchRemovals(_ quiet: (@Sendable () -> Bool)?) {
    connection.withLock { connection in
      connection.watchQuiet = quiet
      connection.vouched = false
    }
  }

  /// Opens `path` read-only and checks it (`pages`: every page too). Changes nothing in the file.
  static func inspect(_ path: String, pages: Bool = true) throws {
    do {
      var config = Configuration()
      config.readonly = true
      config.busyMode = .timeout(5)
      let queue = try DatabaseQueue(path: path, configuration: config)
      defer {
        try? queue.close()
        Inspected.keep(queue)
      }
      try queue.read { db in _ = try Schema.check(db, path: path, integrity: pages) }
    } catch {
      throw JournalError.from(error, path: path, writing: false)
    }
  }

  /// What `splits edit` may change of a saved ride: each given field replaces the ride's
  /// (an empty name or note takes it away).
  public struct Changes: Equatable, Sendable {
    public var name: String?
    public var sport: Sport?
    public var note: String?
    /// A lap distance for a ride that has none (`splits --lap-distance` while it is open).
    public var lapDistance: LapDistance?

    public init(name: String? = nil, sport: Sport? = nil, note: String? = nil, lapDistance: LapDistance? = nil) {
      self.lapDistance = lapDistance
      self.name = name
      self.sport = sport
      self.note = note
    }
  }

  /// Changes ride `ride`'s name, sport or note, in one transaction. Returns false when there
  /// is no such ride (nothing changed).
  public func edit(ride: Int, _ changes: Changes) throws -> Bool {
    return try write { db in
      guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rides WHERE number = ?)", arguments: [ride]) == true
      else { return false }
      if let name = changes.name {
        try db.execute(sql: "UPDATE rides SET name = ? WHERE number = ?", arguments: [name.isEmpty ? nil : name, ride])
      }
      if let note = changes.note {
        try db.execute(sql: "UPDATE rides SET note = ? WHERE number = ?", arguments: [note.isEmpty ? nil : note, ride])
      }
      if let sport = changes.sport {
        try db.execute(sql: "UPDATE rides SET sport = ? WHERE number = ?", arguments: [sport.rawValue, ride])
      }
      if let distance = changes.lapDistance { try Self.setLapDistance(db, distance, ride: ride) }
      return true
    }
  }

  /// Removes finished ride `ride`, its events, its workout and its samples, in one
  /// transaction: the only way a ride ever leaves the journal. Returns false when there is no such finished ride.
  public func delete(ride: Int) throws -> Bool {
    return try write { db in
      guard
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM rides WHERE number = ? AND finished_at IS NOT NULL)",
          arguments: [ride]) == true
      else { return false }
      try db.execute(sql: "DELETE FROM events WHERE ride = ?", arguments: [ride])
      try db.execute(sql: "DELETE FROM workouts WHERE ride = ?", arguments: [ride])
      try db.execute(sql: "DELETE FROM samples WHERE ride = ?", arguments: [ride])
      try db.execute(sql: "DELETE FROM rides WHERE number = ?", arguments: [ride])
      return true
    }
  }

  /// Reads the journal; any failure comes out as a `JournalError` naming the file.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try queue.read(body)
    } catch {
      throw JournalError.from(error, path: path, writing: false)
    }
  }

  /// Writes to the journal in one transaction, through the connection `writer()` vouches
  /// for; any failure comes out as a `JournalError` naming the file.
  func write<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try writer().write(body)
    } catch {
      throw JournalError.from(error, path: path, writing: true)
    }
  }

  /// Writes to the journal in one transaction begun and committed by `Database.step`.
  func stepWrite<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try writer().writeWithoutTransaction { db in try db.stepTransaction { try body(db) } }
    } catch {
      throw JournalError.from(error, path: path, writing: true)
    }
  }

  /// Closes the database (also done when the journal is released, then without the mark
  /// below). Once closed, the journal and its `-wal` as they are now are marked as left by
  /// this writer (`CheckedMark`), when the journal is still the file it opened.
  public func close() throws {
    let opened = connection.withLock { $0.files.journal }
    do { try queue.close() } catch { throw JournalError.from(error, path: path, writing: true) }
    guard let mark = CheckedMark.now(journal: path, checkedAt: checkedAt), mark.journal.identity == opened else {
      return
    }
    mark.write(DataLocation.checkedMarkPath(in: (path as NSString).deletingLastPathComponent))
  }
}
