#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The data directory is its owner's alone, as `ssh` wants `~/.ssh` and `gpg` `~/.gnupg`:
/// a directory another user owns or may write in lets that user plant a link where the
/// screen lock or the journal is opened (and have a file of the owner's overwritten), or a
/// socket of their own where `splits lap` looks for the screen. Such a directory, and such a
/// journal, lock or socket in it, is refused unless the user says otherwise
/// (`--insecure-data-dir`). A symbolic link in place of one of these files is refused
/// always: Splits follows none.
public enum DataPrivacy {
  /// What the owner and the mode of a directory or a file say about it.
  public enum Verdict: Equatable, Sendable {
    /// The user's alone.
    case trusted
    /// Another user owns it.
    case ownedByAnother(uid: UInt32)
    /// Its group or everyone may write to it (or, for a directory, create and remove files in
    /// it); the permission bits.
    case writableByOthers(mode: UInt32)
  }

  /// The rule: trusted when `user` owns it and neither its group nor others may write to it
  /// (`mode & 0o022 == 0`). Root is no exception: root using a directory another user owns
  /// is the case the rule is for.
  public static func verdict(owner: UInt32, mode: UInt32, user: UInt32) -> Verdict {
    if owner != user { return .ownedByAnother(uid: owner) }
    if mode & 0o022 != 0 { return .writableByOthers(mode: mode & 0o7777) }
    return .trusted
  }

  /// The data directory or a file in it that is refused, and why.
  public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
      case directory, journal, lock, socket
    }

    public enum Why: Equatable, Sendable {
      case verdict(Verdict)
      case symbolicLink
    }

    public var path: String
    public var kind: Kind
    public var why: Why
    /// The user running splits, by name (else the uid), for the `chown` hint.
    public var user: String
    /// The owner's name when another user owns it and has one.
    public var owner: String?

    public init(path: String, kind: Kind, why: Why, user: String, owner: String? = nil) {
      self.path = path
      self.kind = kind
      self.why = why
      self.user = user
      self.owner = owner
    }

    var what: String {
      switch kind {
      case .directory: "the data directory"
      case .journal: "the Splits journal"
      case .lock: "the screen lock"
      case .socket: "the control socket"
      }
    }

    public var description: String {
      let anyway = ", or pass --insecure-data-dir to use it anyway"
      switch why {
      case .verdict(.ownedByAnother(let uid)):
        let owner = self.owner.map { "user \($0) (uid \(uid))" } ?? "uid \(uid)"
        return "\(what) \(path) belongs to \(owner), not to \(user): another user could plant links or files there "
          + "that splits would open. If it is yours: chown \(user) \(Self.quoted(path))\(anyway)"
      case .verdict(.writableByOthers(let mode)):
        let who = mode & 0o002 != 0 ? "every user" : "its group"
        return "\(what) \(path) can be written by \(who) (mode 0\(String(mode, radix: 8))): they could plant links "
          + "or files there that splits would open. chmod go-w \(Self.quoted(path))\(anyway)"
      case .symbolicLink where kind == .journal:
        return "\(what) \(path) is a symbolic link, which splits does not follow: put the journal itself there"
      case .symbolicLink:
        return "\(what) \(path) is a symbolic link, which splits does not follow: remove it (rm \(Self.quoted(path)))"
      case .verdict(.trusted):
        return "\(what) \(path) is trusted"
      }
    }

    /// `path` as a shell word: as it is when it needs no quoting, else in single quotes.
    static func quoted(_ path: String) -> String {
      let plain = path.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
          || "/._-+,:@%=".unicodeScalars.contains(scalar)
      }
      return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
  }

  /// Checks the data directory `directory` and the journal, the screen lock and the control
  /// socket in it, for the user this process runs as (its effective uid). A directory that
  /// is not there (or cannot be looked at) is left to the code that opens it, which says
  /// why. A file that is a symbolic link is refused even when `insecure`.
  public static func check(directory: String, insecure: Bool) throws(Refusal) {
    let user = geteuid()
    var info = stat()
    guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
    if !insecure { try judge(info, path: directory, kind: .directory, user: user) }
    let files: [(String, Refusal.Kind)] = [
      (DataLocation.journalFileName, .journal), (DataLocation.lockFileName, .lock),
      (DataLocation.controlSocketName, .socket),
    ]
    for (name, kind) in files {
      let path = DataLocation.join(directory, name)
      var file = stat()
      guard lstat(path, &file) == 0 else { continue }
      if (file.st_mode & S_IFMT) == S_IFLNK {
        throw Refusal(path: path, kind: kind, why: .symbolicLink, user: userName(user) ?? String(user))
      }
      if !insecure { try judge(file, path: path, kind: kind, user: user) }
    }
  }

  private static func judge(_ info: stat, path: String, kind: Refusal.Kind, user: uid_t) throws(Refusal) {
    let verdict = verdict(owner: UInt32(info.st_uid), mode: UInt32(info.st_mode), user: UInt32(user))
    guard verdict != .trusted else { return }
    throw Refusal(
      path: path, kind: kind, why: .verdict(verdict), user: userName(user) ?? String(user),
      owner: info.st_uid == user ? nil : userName(info.st_uid))
  }

  /// The login name of `uid`, nil when it has none.
  static func userName(_ uid: uid_t) -> String? {
    guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return nil }
    let text = String(cString: name)
    return text.isEmpty ? nil : text
  }

  /// Creates the data directory (mode 0700) if it is missing, so that it is checked as it is
  /// about to be used (one made by someone else meanwhile is then theirs, and refused).
  /// Throws a `JournalError` when it cannot be made or is a file. A directory that cannot be
  /// looked at (a folder on the way this user may not enter) is left to the code that opens
  /// it, which says why.
  public static func makeDirectory(_ directory: String) throws {
    var info = stat()
    guard stat(directory, &info) == 0 || errno == ENOENT else { return }
    try FileSystem.makeDirectory(directory)
  }
}
