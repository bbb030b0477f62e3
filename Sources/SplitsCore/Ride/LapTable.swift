/// The lap table as the screen and the exports show it.
///
/// Splits are truncated to the display precision first and laps are differences of those,
/// so the laps shown always add up to the split shown, and the running lap changes exactly
/// when the moving time does.
public struct LapRow: Equatable, Sendable {
  public enum Mark: Equatable, Sendable { case best, worst }

  public var number: Int
  public var lap: Duration
  public var split: Duration
  /// Lap time minus the previous lap's; nil for the first lap.
  public var difference: Duration?
  public var mark: Mark?

  public init(number: Int, lap: Duration, split: Duration, difference: Duration?, mark: Mark? = nil) {
    self.number = number
    self.lap = lap
    self.split = split
    self.difference = difference
    self.mark = mark
  }
}

public enum LapTable {
  /// Completed laps, oldest first, with the best (shortest) and worst (longest) marked when
  /// there are at least two laps that differ. Ties mark the earliest.
  public static func rows(splits: [Duration], precision: Precision) -> [LapRow] {
    var rows: [LapRow] = []
    rows.reserveCapacity(splits.count)
    var previousSplit = Duration.zero
    var previousLap: Duration?
    for (index, raw) in splits.enumerated() {
      let split = TimeFormat.truncated(raw, to: precision)
      let lap = (split - previousSplit).clampedToZero
      rows.append(LapRow(number: index + 1, lap: lap, split: split, difference: previousLap.map { lap - $0 }))
      previousSplit = split
      previousLap = lap
    }
    guard rows.count >= 2 else { return rows }
    var best = 0
    var worst = 0
    for i in rows.indices {
      if rows[i].lap < rows[best].lap { best = i }
      if rows[i].lap > rows[worst].lap { worst = i }
    }
    if rows[best].lap != rows[worst].lap {
      rows[best].mark = .best
      rows[worst].mark = .worst
    }
    return rows
  }

  /// A row of the lap table as shown: a lap, or the mark of laps left out.
  public enum Shown: Equatable, Sendable {
    case lap(LapRow)
    /// `count` earlier laps are not shown (the best and worst stay, pinned below the mark).
    case earlier(count: Int)
  }

  /// The completed laps to show, newest first, in `rowsAvailable` rows. When they do not all
  /// fit, the newest that fit come first, then a row saying how many earlier laps are left
  /// out, then the best and the worst lap if they are among those (a table that lost its
  /// worst lap off the bottom said nothing about it).
  public static func visible(_ rows: [LapRow], rowsAvailable: Int) -> [Shown] {
    guard rowsAvailable > 0 else { return [] }
    if rows.count <= rowsAvailable { return rows.reversed().map { .lap($0) } }
    let marked = rows.indices.filter { rows[$0].mark != nil }
    var newest = rowsAvailable - 1
    var pinned: [Int] = []
    while newest > 0 {
      pinned = marked.filter { $0 < rows.count - newest }
      if newest + pinned.count <= rowsAvailable - 1 { break }
      newest -= 1
    }
    if newest == 0 { pinned = Array(marked.suffix(max(0, rowsAvailable - 1))) }
    let hidden = rows.count - newest - pinned.count
    // No room for the newest besides the mark: the marked laps, newest first, then the mark.
    if newest == 0 { return pinned.reversed().map { .lap(rows[$0]) } + [.earlier(count: hidden)] }
    return rows.suffix(newest).reversed().map { .lap($0) } + [.earlier(count: hidden)]
      + pinned.reversed().map { .lap(rows[$0]) }
  }

  /// The lap in progress: number, time since the last lap and the split so far.
  public static func runningLap(splits: [Duration], moving: Duration, precision: Precision) -> LapRow {
    let split = TimeFormat.truncated(moving, to: precision)
    let last = splits.last.map { TimeFormat.truncated($0, to: precision) } ?? .zero
    let previousLap: Duration? = splits.isEmpty ? nil : {
      let before = splits.count >= 2 ? TimeFormat.truncated(splits[splits.count - 2], to: precision) : .zero
      return last - before
    }()
    let lap = (split - last).clampedToZero
    return LapRow(number: splits.count + 1, lap: lap, split: split, difference: previousLap.map { lap - $0 })
  }
}
