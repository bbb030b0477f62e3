import SplitsCore
import Synchronization

/// The recorded laps' rows as `LapColumns.row` made them, by everything a row is made from (the
/// lap as shown, the columns, the precision): a recorded lap's row never changes while these
/// stay, and a frame drawn for a key (a lap on a ride of forty) would otherwise format every
/// visible lap's three times again. Kept with the options a screen draws with (one per screen:
/// `ViewOptions.lapRows`); any frame of that screen may ask, the look-ahead's copies too.
///
/// At most `limit` rows are kept twice over: when the newer half fills up it becomes the older
/// half, and a row found in the older half is moved back; what was not asked for over the
/// last `limit` new rows is let go.
final class LapRowMemo: Sendable {
  struct Key: Hashable {
    var row: LapRow
    var columns: LapColumns
    var precision: Precision
  }

  static let limit = 128
  private let halves = Mutex(Halves())

  private struct Halves {
    var newer: [Key: String] = [:]
    var older: [Key: String] = [:]
  }

  /// The row for `key`, made by `make` when it is not kept.
  func row(_ key: Key, make: () -> String) -> String {
    let kept: String? = halves.withLock { halves in
      if let text = halves.newer[key] { return text }
      guard let text = halves.older.removeValue(forKey: key) else { return nil }
      return Self.keep(text, key, in: &halves)
    }
    if let kept { return kept }
    let made = make()
    halves.withLock { _ = Self.keep(made, key, in: &$0) }
    return made
  }

  /// How many rows are kept now (for the tests of the bound).
  var count: Int { halves.withLock { $0.newer.count + $0.older.count } }

  private static func keep(_ text: String, _ key: Key, in halves: inout Halves) -> String {
    if halves.newer.count >= limit {
      halves.older = halves.newer
      halves.newer.removeAll(keepingCapacity: true)
    }
    halves.newer[key] = text
    return text
  }
}
