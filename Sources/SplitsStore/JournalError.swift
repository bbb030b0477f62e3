import SplitsCore
import GRDB

/// Why the journal could not be opened, read or written. Every message names the file.
public struct JournalError: Error, Equatable, Sendable, CustomStringConvertible, EventSinkFailure {
  public enum Reason: Equatable, Sendable {
    /// The file or its directory cannot be opened or read (permissions, not a directory, …).
    case unreadable(String)
    /// Not a SQLite database, damaged, or not a Splits journal.
    case corrupt(String)
    /// Written by a newer Splits: these migrations are unknown to this one.
    case newerSchema([String])
    /// A write did not reach the disk (full disk, read-only directory, I/O error).
    case writeFailed(String)
    /// An event for a ride that is not the open one (a caller's mistake, refused so the
    /// history cannot be mixed up).
    case wrongRide(given: Int, open: Int)
    /// An event for a ride that is already finished.
    case rideFinished(Int)
  }

  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// Whether writing may work again later (the runtime keeps the event and retries).
  public var isTransient: Bool {
    if case .writeFailed = reason { return true }
    return false
  }

  public var description: String {
    switch reason {
    case .unreadable(let why):
      return "cannot read the Splits journal \(path): \(why)"
    case .corrupt(let why):
      return "the Splits journal \(path) is damaged or not a Splits journal (\(why)); it was left untouched"
    case .newerSchema(let ids):
      return "the Splits journal \(path) was written by a newer version of Splits (unknown migrations: "
        + ids.sorted().joined(separator: ", ") + "); it was left untouched: update splits"
    case .writeFailed(let why):
      return "cannot write to the Splits journal \(path): \(why)"
    case .wrongRide(let given, let open):
      return "refused an event for ride \(given) while ride \(open) is open in \(path)"
    case .rideFinished(let number):
      return "refused an event for ride \(number), which is already finished in \(path)"
    }
  }

  /// Translates an SQLite or system error met while working on `path`.
  static func from(_ error: any Error, path: String, writing: Bool) -> JournalError {
    if let journal = error as? JournalError { return journal }
    if error is RowDecodingError {
      // A value no row of a Splits journal holds (a NULL or another type where the schema
      // was loosened, a stray write): damage, not a reason to stop.
      return JournalError(path: path, reason: .corrupt("\(error)"))
    }
    guard let db = error as? DatabaseError else {
      return JournalError(path: path, reason: writing ? .writeFailed("\(error)") : .unreadable("\(error)"))
    }
    let code = db.resultCode.primaryResultCode
    var message = db.message ?? "\(db.resultCode)"
    if code == .SQLITE_IOERR, db.extendedResultCode != db.resultCode {
      // SQLite says "disk I/O error" for every kind; the extended code tells a failed read,
      // write, sync, lock or shared-memory index apart (sqlite.org/rescode.html).
      message += " (SQLite code \(db.extendedResultCode.rawValue))"
    }
    if [.SQLITE_CANTOPEN, .SQLITE_IOERR].contains(code), FileSystem.isFull(holding: path) {
      // SQLite says only "disk I/O error" when it cannot make or grow the `-shm` index.
      let why = "the disk is full, no space left on the device (SQLite: \(message))"
      return JournalError(path: path, reason: writing ? .writeFailed(why) : .unreadable(why))
    }
    switch code {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT:
      return JournalError(path: path, reason: .corrupt(message))
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
      return JournalError(path: path, reason: writing ? .writeFailed(message) : .unreadable(message))
    default:
      return JournalError(path: path, reason: writing ? .writeFailed(message) : .unreadable(message))
    }
  }
}
