import Foundation
import SplitsCore

/// A calendar day as `splits history --since` and `--until` take it: `YYYY-MM-DD`, read in
/// local time by whoever compares a ride's start with it.
public struct LocalDate: Equatable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public var day: Int64

  public init(day: Int64) { self.day = day }

  /// `2026-11-23`: exactly four digits, two and two, a month of the year and a day of that
  /// month (29 February only in a leap year); nil otherwise.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int64(parts[0]), let month = Int64(parts[1]), let dayOfMonth = Int64(parts[2]),
      (1...12).contains(month), dayOfMonth >= 1
    else { return nil }
    let day = WallTime.days(fromCivil: year, month, dayOfMonth)
    // A day past the month's end (2026-02-30) comes back as another date.
    guard WallTime.civil(fromDays: day) == (year, month, dayOfMonth) else { return nil }
    self.day = day
  }

  public var description: String { WallTime.date(ofDay: day) }

  public static func < (a: LocalDate, b: LocalDate) -> Bool { a.day < b.day }
}

/// Which rides `splits history` keeps: every condition given must hold.
public struct HistoryFilter: Equatable, Sendable {
  /// The ride's name, without regard to case (`loop` finds `Loop`; nothing else is folded).
  public var name: String?
  public var sport: Sport?
  /// The first and last local day a ride may start on, both included.
  public var since: LocalDate?
  public var until: LocalDate?

  public init(name: String? = nil, sport: Sport? = nil, since: LocalDate? = nil, until: LocalDate? = nil) {
    self.name = name
    self.sport = sport
    self.since = since
    self.until = until
  }

  /// A name with its case folded (Unicode's, so `ÉTAPE` finds `étape`), and nothing else.
  static func folded(_ name: String) -> String { name.folding(options: [.caseInsensitive], locale: nil) }

  /// Whether any condition is given.
  public var isActive: Bool { name != nil || sport != nil || since != nil || until != nil }

  /// Whether `ride` meets every condition. A ride that has not started has no day: a date
  /// condition leaves it out.
  public func matches(_ ride: RideFigures, timeZone: TimeZone) -> Bool {
    if let name, ride.name.map({ Self.folded($0) == Self.folded(name) }) != true { return false }
    if let sport, ride.sport != sport { return false }
    if since != nil || until != nil {
      guard let start = ride.startedAtWallMilliseconds else { return false }
      let day = WallTime.localDay(start, timeZone: timeZone)
      if let since, day < since.day { return false }
      if let until, day > until.day { return false }
    }
    return true
  }

  /// The rides that meet every condition, in their order.
  public func apply(_ rides: [RideFigures], timeZone: TimeZone) -> [RideFigures] {
    rides.filter { matches($0, timeZone: timeZone) }
  }
}

/// What `splits history --week` and `--month` print: the rides' totals per calendar period.
public enum HistoryTotals {
  public enum Period: Sendable {
    /// The ISO 8601 week, Monday to Sunday: `2026-W48`.
    case week
    /// The calendar month: `2026-11`.
    case month
  }

  /// One period's totals.
  public struct Total: Equatable, Sendable {
    /// `2026-W48` or `2026-11`.
    public var period: String
    /// Its first day (a Monday, or the 1st), as days since 1970-01-01.
    public var startDay: Int64
    public var rides: Int
    public var movingMilliseconds: Int64
    /// The laps recorded with `l` (as the ride table's Laps column counts them).
    public var laps: Int
  }

  /// The width of the longest bar, in terminal cells.
  public static let barWidth = 20

  /// The totals of each period that holds a ride's start (local time in `timeZone`), newest
  /// first. A ride counts whole in the period it started in; a ride still open counts its
  /// moving time so far; a ride not started has no period and is left out.
  public static func totals(_ rides: [RideFigures], by period: Period, timeZone: TimeZone) -> [Total] {
    var byStart: [Int64: Total] = [:]
    for ride in rides {
      guard let start = ride.startedAtWallMilliseconds else { continue }
      let day = WallTime.localDay(start, timeZone: timeZone)
      let (label, startDay) = Self.period(ofDay: day, period)
      var total = byStart[startDay] ?? Total(period: label, startDay: startDay, rides: 0, movingMilliseconds: 0, laps: 0)
      total.rides += 1
      total.movingMilliseconds = total.movingMilliseconds.addingSaturating(ride.movingMilliseconds)
      total.laps += ride.laps.count
      byStart[startDay] = total
    }
    return byStart.values.sorted { $0.startDay > $1.startDay }
  }

  /// The label and first day of the period `day` (since 1970-01-01) falls in.
  static func period(ofDay day: Int64, _ period: Period) -> (String, Int64) {
    switch period {
    case .week:
      let week = WallTime.isoWeek(ofDay: day)
      return (TimeFormat.pad(week.year, 4) + "-W" + TimeFormat.pad(week.week, 2), week.monday)
    case .month:
      let (y, m, _) = WallTime.civil(fromDays: day)
      return (TimeFormat.pad(y, 4) + "-" + TimeFormat.pad(m, 2), WallTime.days(fromCivil: y, m, 1))
    }
  }

  /// The table: period, rides, moving time (whole seconds, truncated), laps, and at the right
  /// end the moving time as a bar (see `bar`).
  public static func table(_ totals: [Total], strings: HistoryStrings) -> String {
    let largest = totals.map(\.movingMilliseconds).max() ?? 0
    let header = [strings.periodHeader, strings.ridesHeader, strings.movingHeader, strings.lapsHeader, ""]
    let rows = totals.map { total in
      [
        total.period, String(total.rides), TimeFormat.clock(.milliseconds(total.movingMilliseconds), precision: .s),
        String(total.laps), bar(total.movingMilliseconds, largest: largest),
      ]
    }
    return HistoryReport.layout(header: header, rows: rows, rightAligned: [1, 2, 3])
  }

  /// A horizontal bar of `value` against `largest`, up to `width` cells: full blocks `█`,
  /// then one cell of the lower eighth blocks `▁▂▃▄▅▆▇` for what is left, its height the
  /// eighths of a cell. The length is `value / largest × width` rounded to the nearest eighth
  /// of a cell (halves up), so the largest is `width` full blocks; zero is no bar at all, and
  /// any other value at least `▁`, so a period with moving time never looks empty.
  public static func bar(_ value: Int64, largest: Int64, width: Int = barWidth) -> String {
    guard value > 0, largest > 0, width > 0 else { return "" }
    let scale = Int64(width) * 8
    // value ≤ largest in use; clamp anyway, and use a Double where a product could overflow.
    let clamped = min(value, largest)
    let eighths: Int64
    if largest <= Int64.max / scale / 2 {
      eighths = (clamped * scale * 2 + largest) / (largest * 2)
    } else {
      eighths = Int64((Double(clamped) / Double(largest) * Double(scale)).rounded())
    }
    let shown = max(1, eighths)
    let partial = ["", "▁", "▂", "▃", "▄", "▅", "▆", "▇"][Int(shown % 8)]
    return String(repeating: "█", count: Int(shown / 8)) + partial
  }

  /// `[{"period": "2026-W48", "start": "2026-11-23", "rides": 3, "moving_ms": …, "laps": …}, …]`,
  /// newest first.
  public static func json(_ totals: [Total]) -> String {
    let items = totals.map { total in
      JSONText.object([
        ("period", JSONText.string(total.period)),
        ("start", JSONText.string(WallTime.date(ofDay: total.startDay))),
        ("rides", String(total.rides)),
        ("moving_ms", String(total.movingMilliseconds)),
        ("laps", String(total.laps)),
      ])
    }
    return items.isEmpty ? "[]\n" : "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
  }
}
