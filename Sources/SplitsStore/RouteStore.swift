import Foundation
import GRDB
import SplitsRoutes

/// Routes in the journal: one row per route, its whole document (segments, records, attempts)
/// as JSON, read and written in one transaction each. A document that does not decode is
/// damage, reported naming the route; the file stays as it was.
enum RouteRows {
  static func all(_ db: Database, path: String) throws -> [Route] {
    guard try db.tableExists("routes") else { return [] }
    return try Row.fetchAll(db, sql: "SELECT name, document FROM routes ORDER BY name").map {
      try Journal.decodeRoute($0, path: path)
    }
  }

  static func named(_ name: String, _ db: Database, path: String) throws -> Route? {
    guard try db.tableExists("routes") else { return nil }
    return try Row.fetchOne(db, sql: "SELECT name, document FROM routes WHERE name = ?", arguments: [name]).map {
      try Journal.decodeRoute($0, path: path)
    }
  }
}

extension JournalReader {
  /// Every route, by name.
  public func routes() throws -> [Route] {
    let path = self.path
    return try read { db in try RouteRows.all(db, path: path) }
  }

  /// The route named `name`, if there is one.
  public func route(named name: String) throws -> Route? {
    let path = self.path
    return try read { db in try RouteRows.named(name, db, path: path) }
  }
}

extension Journal {
  /// Every route, by name.
  public func routes() throws -> [Route] {
    let path = self.path
    return try read { db in try RouteRows.all(db, path: path) }
  }

  /// The route named `name`, if there is one.
  public func route(named name: String) throws -> Route? {
    let path = self.path
    return try read { db in try RouteRows.named(name, db, path: path) }
  }

  /// Adds `route`. Returns false (nothing written) when a route of its name exists.
  public func addRoute(_ route: Route) throws -> Bool {
    let document = try Self.encodeRoute(route, path: path)
    return try write { db in
      guard try !Self.routeExists(db, route.name) else { return false }
      try db.execute(sql: "INSERT INTO routes (name, document) VALUES (?, ?)", arguments: [route.name, document])
      return true
    }
  }

  /// Replaces the route named `name` with `route` (which may carry a new name). Returns
  /// false when there is no route `name`, or when the new name is another route's.
  public func replaceRoute(named name: String, with route: Route) throws -> Bool {
    let document = try Self.encodeRoute(route, path: path)
    return try write { db in
      guard try Self.routeExists(db, name) else { return false }
      if route.name != name, try Self.routeExists(db, route.name) { return false }
      try db.execute(
        sql: "UPDATE routes SET name = ?, document = ? WHERE name = ?", arguments: [route.name, document, name])
      return true
    }
  }

  /// Removes the route named `name` (its rides stay). Returns false when there is none.
  public func deleteRoute(named name: String) throws -> Bool {
    try write { db in
      guard try Self.routeExists(db, name) else { return false }
      try db.execute(sql: "DELETE FROM routes WHERE name = ?", arguments: [name])
      return true
    }
  }

  private static func routeExists(_ db: Database, _ name: String) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM routes WHERE name = ?)", arguments: [name]) == true
  }

  static func encodeRoute(_ route: Route, path: String) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(route), let text = String(data: data, encoding: .utf8) else {
      throw JournalError(path: path, reason: .writeFailed("route \(route.name) cannot be written as JSON"))
    }
    return text
  }

  static func decodeRoute(_ row: Row, path: String) throws -> Route {
    let name: String = try Queries.value(row, 0, "a route's name", path: path)
    let document: String = try Queries.value(row, 1, "route \(name)'s document", path: path)
    guard let route = try? JSONDecoder().decode(Route.self, from: Data(document.utf8)), route.name == name else {
      throw JournalError(path: path, reason: .corrupt("route \(name) does not read as a route"))
    }
    return route
  }
}
