import Foundation
import SplitsCore

/// Wall-clock times (ms since 1970 UTC) as text.
public enum WallTime {
  /// `2026-11-22T03:00:00Z`; with `milliseconds`, `2026-11-22T03:00:00.123Z`.
  public static func iso8601(_ wallMilliseconds: Int64, milliseconds: Bool = false) -> String {
    let (days, msOfDay) = floorDivide(wallMilliseconds, 86_400_000)
    let (y, m, d) = civil(fromDays: days)
    var text = "\(TimeFormat.pad(y, 4))-\(TimeFormat.pad(m, 2))-\(TimeFormat.pad(d, 2))T" + timeOfDay(msOfDay, seconds: true)
    if milliseconds { text += "." + TimeFormat.pad(msOfDay % 1000, 3) }
    return text + "Z"
  }

  /// `2026-11-22 12:00` in the local time zone (`TZ`, else `/etc/localtime`).
  public static func localDateTime(_ wallMilliseconds: Int64, timeZone: TimeZone = .current) -> String {
    let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallMilliseconds) / 1000)))
    // A wall time from the journal can be anything: near the ends of `Int64` the local time
    // saturates there (a date 292 million years away is wrong by hours either way) rather
    // than trapping.
    let local = wallMilliseconds.addingSaturating(offset * 1000)
    let (days, msOfDay) = floorDivide(local, 86_400_000)
    let (y, m, d) = civil(fromDays: days)
    return "\(TimeFormat.pad(y, 4))-\(TimeFormat.pad(m, 2))-\(TimeFormat.pad(d, 2)) " + timeOfDay(msOfDay, seconds: false)
  }

  /// The local calendar day `wallMilliseconds` falls on, as days since 1970-01-01.
  public static func localDay(_ wallMilliseconds: Int64, timeZone: TimeZone = .current) -> Int64 {
    let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallMilliseconds) / 1000)))
    return floorDivide(wallMilliseconds.addingSaturating(offset * 1000), 86_400_000).0
  }

  /// `2026-11-23` of a day count since 1970-01-01.
  public static func date(ofDay days: Int64) -> String {
    let (y, m, d) = civil(fromDays: days)
    return "\(TimeFormat.pad(y, 4))-\(TimeFormat.pad(m, 2))-\(TimeFormat.pad(d, 2))"
  }

  /// The day count since 1970-01-01 of a calendar date (H. Hinnant's `days_from_civil`);
  /// the inverse of `civil(fromDays:)`.
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The Monday-to-Sunday ISO 8601 week a day (since 1970-01-01) falls in: its week-based
  /// year, its number (1 to 53) and the day its Monday is. Week 1 is the week that holds
  /// the year's first Thursday.
  static func isoWeek(ofDay day: Int64) -> (year: Int64, week: Int64, monday: Int64) {
    // 1970-01-01 was a Thursday: Monday is 0.
    let weekday = floorDivide(day + 3, 7).1
    let monday = day - weekday
    let thursday = monday + 3
    let year = civil(fromDays: thursday).0
    let week = (thursday - days(fromCivil: year, 1, 1)) / 7 + 1
    return (year, week, monday)
  }

  static func timeOfDay(_ msOfDay: Int64, seconds: Bool) -> String {
    let s = msOfDay / 1000
    let text = TimeFormat.pad(s / 3600, 2) + ":" + TimeFormat.pad((s / 60) % 60, 2)
    return seconds ? text + ":" + TimeFormat.pad(s % 60, 2) : text
  }

  static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }

  /// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian; H. Hinnant's
  /// `civil_from_days`).
  static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }
}

/// A small JSON writer: the key order is the order written, which `status --json` promises.
struct JSONText {
  private(set) var text = ""

  static func string(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `{"a": 1, "b": "x"}` from already-encoded values, in order.
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
  }

  static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

  static func optional(_ value: String?) -> String { value ?? "null" }

  /// A time as a `*_ms` field writes it: whole milliseconds, truncated toward zero (a
  /// negative delta too), saturating at `Int64.max` nanoseconds (`Duration.milliseconds`).
  static func milliseconds(_ value: Duration) -> String { String(value.milliseconds) }

  /// A number as JSON writes it: `75` for a whole value, else the shortest decimal that reads
  /// back as the same `Double` (`87.5`); nil for what JSON has no number for (infinity, NaN).
  static func number(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }
}
