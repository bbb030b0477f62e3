/// The lap table as the screen and `show` show it.
///
/// Every time is the true value truncated to the display precision: a split is the moving
/// time at the lap, truncated; a lap is the moving time between two laps, truncated (not the
/// difference of two truncated splits, which can be a unit ahead of the lap: splits at
/// 0.503 s and 1.000 s read 0.50 and 1.00, and the 0.497 s lap between them must read 0.49).
/// So a table's laps can add up to a little less than its split, never more. The difference
/// is that of the laps as shown, so it reads as the shown laps subtract and turns over when
/// the lap does.
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
    rows(laps: Laps.of(splits), precision: precision)
  }

  /// The same table from each lap's own time and its split (both true values, or already
  /// truncated to a finer unit than `precision`, such as whole milliseconds).
  public static func rows(laps: [(lap: Duration, split: Duration)], precision: Precision) -> [LapRow] {
    var rows: [LapRow] = []
    rows.reserveCapacity(laps.count)
    var previousLap: Duration?
    for (index, raw) in laps.enumerated() {
      let lap = TimeFormat.truncated(raw.lap, to: precision)
      let split = TimeFormat.truncated(raw.split, to: precision)
      rows.append(LapRow(number: index + 1, lap: lap, split: split, difference: previousLap.map { lap - $0 }))
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

  /// The lap in progress: number, time since the last lap and the split so far, each
  /// truncated. Its lap time turns over a whole unit after the last split (`runningLapOrigin`),
  /// not with the moving time.
  public static func runningLap(splits: [Duration], moving: Duration, precision: Precision) -> LapRow {
    let split = TimeFormat.truncated(moving, to: precision)
    let last = runningLapOrigin(splits: splits)
    let previousLap = Laps.last(of: splits).map { TimeFormat.truncated($0, to: precision) }
    let lap = TimeFormat.truncated(moving - last, to: precision)
    return LapRow(number: splits.count + 1, lap: lap, split: split, difference: previousLap.map { lap - $0 })
  }

  /// The moving time at which the running lap reads zero: the last split, as it was.
  public static func runningLapOrigin(splits: [Duration]) -> Duration { splits.last ?? .zero }
}
