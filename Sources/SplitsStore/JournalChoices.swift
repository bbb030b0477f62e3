import GRDB
import SplitsCore

/// The comparison chosen on the ride screen for each name (`c`), kept in `comparison_choice`:
/// one row a name. A name with a route keeps the name of one of the route's comparisons there,
/// as `route:` and the comparison's name, which a plain ride's choice (and an older version)
/// reads as none kept.
extension Journal {
  /// The comparison chosen for rides named `name`, if one was kept (one this version does
  /// not know reads as none kept).
  public func comparisonChoice(name: String) throws -> ComparisonKind? {
    return try read { db in
      guard try db.tableExists("comparison_choice") else { return nil }
      let raw = try String.fetchOne(db, sql: "SELECT kind FROM comparison_choice WHERE name = ?", arguments: [name])
      return raw.flatMap(ComparisonKind.init(rawValue:))
    }
  }

  /// Keeps `kind` as the comparison chosen for rides named `name`, replacing any earlier
  /// choice. Throws `JournalError` when the write did not reach the disk.
  public func rememberComparison(_ kind: ComparisonKind, name: String) throws {
    try write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO comparison_choice (name, kind) VALUES (?, ?)", arguments: [name, kind.rawValue])
    }
  }

  /// The route comparison chosen for the route `name`, if one was kept.
  public func routeComparisonChoice(name: String) throws -> String? {
    return try read { db in
      guard try db.tableExists("comparison_choice") else { return nil }
      let raw = try String.fetchOne(db, sql: "SELECT kind FROM comparison_choice WHERE name = ?", arguments: [name])
      guard let raw, raw.hasPrefix(Self.routeChoicePrefix) else { return nil }
      return String(raw.dropFirst(Self.routeChoicePrefix.count))
    }
  }

  /// Keeps `comparison` (one of the route's comparisons, by name) as the one chosen for the
  /// route `name`, replacing any earlier choice.
  public func rememberRouteComparison(_ comparison: String, name: String) throws {
    try write { db in
      try db.execute(
        sql: "INSERT OR REPLACE INTO comparison_choice (name, kind) VALUES (?, ?)",
        arguments: [name, Self.routeChoicePrefix + comparison])
    }
  }

  static let routeChoicePrefix = "route:"
}
