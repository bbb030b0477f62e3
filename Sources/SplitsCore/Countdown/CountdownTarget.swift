import Foundation

/// What `splits countdown TARGET` counts down to: a length of time on the monotonic clock, or
/// an instant on the wall clock.
public enum CountdownTarget: Equatable, Hashable, Sendable {
  /// Counts down this long on the monotonic clock (pausable).
  case duration(Duration)
  /// Counts down to this wall-clock instant, in milliseconds since 1970 UTC.
  case date(wallMilliseconds: Int64)

  /// The longest duration accepted: 9999 days.
  public static let longestDuration: Duration = .seconds(9999 * 86_400)

  /// Parses TARGET. Pure: the current wall time, the time zone and the calendar come in.
  ///
  /// Accepted, after trimming surrounding white space (letters in any case):
  /// - `2026-12-31T23:59:59+09:00`, `2026-12-31T14:59:59Z`: a date-time with an offset
  ///   (`±HH:MM`, `±HHMM`, `±HH` or `Z`; `T` or a space between date and time; seconds and a
  ///   fraction of a second optional).
  /// - `2026-12-31 18:00`, `2026-12-31T18:00:30`: a local date-time in `timeZone`;
  ///   `2026-12-31` alone is the start of that day. A local time the clock skips (a DST gap)
  ///   means the same time after the jump; a local time that happens twice means the first.
  /// - `14:30`, `09:05`, `14:30:15`: the next time of day to come, today or tomorrow, in
  ///   `timeZone` (DST-correct). A time skipped by a DST jump means the first instant after
  ///   the jump.
  /// - `90`, `90s`, `25m`, `1h30m`, `1d2h`, `1h 30m 15s`: a duration; a bare number is
  ///   seconds; units `d`, `h`, `m`, `s`, each at most once, largest first.
  /// - `1:30`, `5:00`, `1:30:00`, `100:00:00`: a duration as `M:SS` or `H:MM:SS`, as in a
  ///   workout.
  ///
  /// The one rule of the colon forms: two digits before the first colon are the hours of a
  /// time of day, as a clock writes them (`09:05`, `14:30:15`); one digit, or three or more,
  /// start a duration (`1:30` is 90 seconds, `5:00` five minutes, `1:30:00` an hour and a half).
  ///
  /// Durations up to 9999 days; years 0001 to 9999.
  public static func parse(
    _ text: String, nowWallMilliseconds: Int64, timeZone: TimeZone,
    calendar: Calendar = Calendar(identifier: .gregorian)
  ) throws(CountdownTargetError) -> CountdownTarget {
    var calendar = calendar
    calendar.timeZone = timeZone
    guard var parser = TargetParser(text, now: nowWallMilliseconds, calendar: calendar) else {
      throw CountdownTargetError(input: text)
    }
    guard let target = parser.parse() else { throw CountdownTargetError(input: text, reason: parser.refusal) }
    return target
  }
}

/// Why a TARGET of an accepted form is refused: a part out of its range.
public enum CountdownRefusal: Equatable, Sendable {
  /// `2026-02-30`, `2027-02-29`, `2026-12-00`.
  case noSuchDay(year: Int, month: Int, day: Int)
  /// `2026-13-01`, `2026-00-10`.
  case noSuchMonth(Int)
  /// `0000-01-01`.
  case year
  /// `25:00`, `99:00:00`, `2026-12-31T24:00`: an hour of a time of day above 23.
  case hour(Int)
  /// `1:60:00`, `12:60`.
  case minute(Int)
  /// `1:00:60`, `0:60`.
  case second(Int)
  /// `10000d`: longer than 9999 days.
  case tooLong
  /// `+24:00`, `+09:60`.
  case offset
}

/// A TARGET that is refused. Its message says what was given and why: a part out of its
/// range (`reason`), or else none of the accepted forms, which it lists.
public struct CountdownTargetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text as given.
  public let input: String
  /// Why a text of an accepted form is refused; nil for a text of no accepted form.
  public let reason: CountdownRefusal?

  public init(input: String, reason: CountdownRefusal? = nil) {
    self.input = input
    self.reason = reason
  }

  /// The message in the language of `strings`.
  public func message(_ strings: CountdownStrings) -> String {
    guard let reason else { return strings.invalidTarget(Self.printable(input)) }
    return strings.refusedTarget(Self.printable(input), because: reason)
  }

  public var description: String { message(.english) }

  /// The input as it can be shown on a terminal: control characters and other invisible
  /// scalars as `?`, at most 40 characters.
  static func printable(_ text: String) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == 40 {
        out += "…"
        break
      }
      let v = scalar.value
      let visible = v >= 0x20 && v != 0x7F && !(0x80..<0xA0).contains(v) && scalar.properties.generalCategory != .format
        && scalar.properties.generalCategory != .unassigned && scalar.properties.generalCategory != .surrogate
        && scalar.properties.generalCategory != .privateUse && scalar.properties.generalCategory != .lineSeparator
        && scalar.properties.generalCategory != .paragraphSeparator && !scalar.properties.isDefaultIgnorableCodePoint
        && TextWidth.columns(scalar) > 0
      out.unicodeScalars.append(visible ? scalar : "?")
      count += 1
    }
    return out
  }
}

/// A hand-written scanner over the ASCII bytes of a TARGET. Every path either returns a target
/// or nil; nothing traps, whatever the input.
struct TargetParser {
  let bytes: [UInt8]
  let now: Int64
  let calendar: Calendar
  var index = 0
  /// Why `parse` gave nil, when the text has an accepted form with a part out of range.
  var refusal: CountdownRefusal?

  init?(_ text: String, now: Int64, calendar: Calendar) {
    var bytes = Array(text.utf8)
    while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
    let leading = bytes.prefix { Self.isSpace($0) }.count
    bytes.removeFirst(leading)
    guard !bytes.isEmpty, bytes.count <= 64, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    self.bytes = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }  // lower case
    self.now = now
    self.calendar = calendar
  }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  mutating func parse() -> CountdownTarget? {
    if bytes.count >= 5, bytes[0..<4].allSatisfy(Self.isDigit), bytes[4] == UInt8(ascii: "-") {
      return dateTime()
    }
    if bytes.contains(UInt8(ascii: ":")) { return colonForm() }
    return unitDuration()
  }

  // MARK: Scanning

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  var atEnd: Bool { index >= bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[index] }

  /// Consumes `c` if it is next.
  mutating func eat(_ c: Character) -> Bool {
    guard let p = peek, let a = c.asciiValue, p == a else { return false }
    index += 1
    return true
  }

  /// Consumes a run of digits (at least `min`, at most `max`) and returns its value.
  mutating func digits(min: Int, max: Int) -> (value: Int64, count: Int)? {
    var value: Int64 = 0
    var count = 0
    while count < max, let p = peek, Self.isDigit(p) {
      value = value * 10 + Int64(p - 0x30)
      count += 1
      index += 1
    }
    return count >= min ? (value, count) : nil
  }

  mutating func exactly(_ n: Int) -> Int64? { digits(min: n, max: n)?.value }

  mutating func skipSpaces() { while let p = peek, Self.isSpace(p) { index += 1 } }

  // MARK: Dates

  /// `YYYY-MM-DD`, then optionally `T`/space and `HH:MM[:SS[.fff]]`, then optionally an offset.
  mutating func dateTime() -> CountdownTarget? {
    guard let year = exactly(4), eat("-"), let month = exactly(2), eat("-"), let day = exactly(2) else { return nil }
    guard (1...9999).contains(year) else { return refuse(.year) }
    guard (1...12).contains(month) else { return refuse(.noSuchMonth(Int(month))) }
    guard (1...Self.daysInMonth(year: year, month: month)).contains(day) else {
      return refuse(.noSuchDay(year: Int(year), month: Int(month), day: Int(day)))
    }
    if atEnd { return local(year, month, day, 0, 0, 0, 0) }
    guard eat("t") || eat(" ") else { return nil }
    guard let hour = exactly(2), eat(":"), let minute = exactly(2) else { return nil }
    var second: Int64 = 0
    var millis: Int64 = 0
    if eat(":") {
      guard let s = exactly(2) else { return nil }
      second = s
      if eat(".") || eat(",") {
        guard let fraction = digits(min: 1, max: 9) else { return nil }
        // The first three digits are milliseconds; the rest is dropped.
        var ms = fraction.value
        var places = fraction.count
        while places > 3 {
          ms /= 10
          places -= 1
        }
        while places < 3 {
          ms *= 10
          places += 1
        }
        millis = ms
      }
    }
    if let refused = outOfRange(hour, minute, second) { return refuse(refused) }
    if atEnd { return local(year, month, day, hour, minute, second, millis) }
    guard let offset = offsetSeconds(), atEnd else { return nil }
    let days = Self.daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return .date(wallMilliseconds: seconds * 1000 + millis)
  }

  /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, as seconds east of UTC.
  mutating func offsetSeconds() -> Int64? {
    if eat("z") { return 0 }
    let sign: Int64
    if eat("+") {
      sign = 1
    } else if eat("-") {
      sign = -1
    } else {
      return nil
    }
    guard let hours = exactly(2) else { return nil }
    var minutes: Int64 = 0
    if eat(":") {
      guard let m = exactly(2) else { return nil }
      minutes = m
    } else if !atEnd {
      guard let m = exactly(2) else { return nil }
      minutes = m
    }
    guard hours <= 23, minutes <= 59 else {
      refusal = .offset
      return nil
    }
    return sign * (hours * 3600 + minutes * 60)
  }

  /// A local date-time in the calendar's time zone.
  func local(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64, _ millis: Int64
  ) -> CountdownTarget? {
    let components = DateComponents(
      calendar: calendar, timeZone: calendar.timeZone, year: Int(year), month: Int(month), day: Int(day),
      hour: Int(hour), minute: Int(minute), second: Int(second))
    guard let date = calendar.date(from: components) else { return nil }
    return .date(wallMilliseconds: Self.milliseconds(date) + millis)
  }

  static func milliseconds(_ date: Date) -> Int64 {
    let ms = (date.timeIntervalSince1970 * 1000).rounded()
    guard ms.isFinite, abs(ms) < 1e17 else { return 0 }
    return Int64(ms)
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  // MARK: Colons: times of day and H:MM:SS durations

  /// Two digits before the first colon: a time of day (`HH:MM`, `HH:MM:SS`); one digit or
  /// three or more: a duration (`M:SS`, `H:MM:SS`).
  mutating func colonForm() -> CountdownTarget? {
    guard let first = digits(min: 1, max: 12), eat(":"), let second = exactly(2) else { return nil }
    let clock = first.count == 2
    if atEnd {
      if clock { return timeOfDay(first.value, second, 0) }
      guard second <= 59 else { return refuse(.second(Int(second))) }
      return duration(seconds: first.value * 60 + second)
    }
    guard eat(":"), let third = exactly(2), atEnd else { return nil }
    if clock { return timeOfDay(first.value, second, third) }
    guard second <= 59 else { return refuse(.minute(Int(second))) }
    guard third <= 59 else { return refuse(.second(Int(third))) }
    return duration(seconds: first.value * 3600 + second * 60 + third)
  }

  /// The part of a clock's `hour:minute:second` out of its range, hours first.
  func outOfRange(_ hour: Int64, _ minute: Int64, _ second: Int64) -> CountdownRefusal? {
    if hour > 23 { return .hour(Int(hour)) }
    if minute > 59 { return .minute(Int(minute)) }
    if second > 59 { return .second(Int(second)) }
    return nil
  }

  /// Nil, with `reason` kept for the message.
  mutating func refuse(_ reason: CountdownRefusal) -> CountdownTarget? {
    refusal = reason
    return nil
  }

  /// The first instant after now at which the clock in the calendar's time zone reads
  /// `hour:minute:second`.
  mutating func timeOfDay(_ hour: Int64, _ minute: Int64, _ second: Int64) -> CountdownTarget? {
    if let refused = outOfRange(hour, minute, second) { return refuse(refused) }
    let now = Date(timeIntervalSince1970: Double(self.now) / 1000)
    let wanted = DateComponents(hour: Int(hour), minute: Int(minute), second: Int(second))
    guard
      let next = calendar.nextDate(after: now, matching: wanted, matchingPolicy: .nextTime, repeatedTimePolicy: .first)
    else { return nil }
    return .date(wallMilliseconds: Self.milliseconds(next))
  }

  // MARK: Durations with units

  /// `90`, `90s`, `25m`, `1h30m`, `1d2h`, `1h 30m`: units largest first, each at most once.
  mutating func unitDuration() -> CountdownTarget? {
    let units: [(Character, Int64)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
    var total: Int64 = 0
    var nextUnit = 0
    var parts = 0
    while !atEnd {
      if parts > 0 { skipSpaces() }
      guard let number = digits(min: 1, max: 12) else { return nil }
      parts += 1
      if atEnd, parts == 1 { return duration(seconds: number.value) }  // a bare number: seconds
      guard let p = peek, let unit = units[nextUnit...].firstIndex(where: { $0.0.asciiValue == p }) else { return nil }
      index += 1
      total += number.value * units[unit].1
      guard total <= Self.longestSeconds else { return refuse(.tooLong) }
      nextUnit = unit + 1
      if !atEnd, nextUnit == units.count { return nil }
    }
    return parts > 0 ? duration(seconds: total) : nil
  }

  static let longestSeconds: Int64 = 9999 * 86_400

  mutating func duration(seconds: Int64) -> CountdownTarget? {
    guard seconds >= 0 else { return nil }
    guard seconds <= Self.longestSeconds else { return refuse(.tooLong) }
    return .duration(.seconds(seconds))
  }
}
