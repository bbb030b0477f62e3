/// The times and dates of LiveSplit's files, read as livesplit-core reads them and written as
/// LiveSplit writes them. Pure.
///
/// A time is `[-][d.]hh:mm:ss[.fraction]` (fewer pieces too: `mm:ss`, `ss.fff`); the fraction
/// is read to the nanosecond and written with 7 decimals (LiveSplit's tick, 100 ns), which
/// every LiveSplit reads. A date is `MM/dd/yyyy HH:mm:ss`, UTC.
enum LSSTime {
  static let secondsPerDay: Int64 = 86_400

  /// The time in `text`, or nil when it is not one. Empty text is no time (the caller decides
  /// whether that is allowed).
  static func parse(_ text: String) -> Duration? {
    let bytes = Array(text.utf8)
    // `d.hh:mm:ss…`: the part before the first dot is days when a colon follows it.
    if let dot = bytes.firstIndex(of: UInt8(ascii: ".")), bytes[(dot + 1)...].contains(UInt8(ascii: ":")) {
      guard let days = Int64(String(decoding: bytes[..<dot], as: UTF8.self)),
        case let (product, overflow) = days.multipliedReportingOverflow(by: secondsPerDay), !overflow,
        let time = parseSpan(Array(bytes[(dot + 1)...])), time >= .zero
      else { return nil }
      let daysSpan = Duration.seconds(product)
      return days < 0 ? daysSpan - time : daysSpan + time
    }
    return parseSpan(bytes)
  }

  /// livesplit-core's `TimeSpan::parse`: an optional minus, at most three colon-separated
  /// pieces (seconds and minutes below 60), an optional fraction of up to 9 digits read.
  private static func parseSpan(_ input: [UInt8]) -> Duration? {
    var bytes = input[...]
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    } else if bytes.starts(with: "−".utf8) {
      negative = true
      bytes = bytes.dropFirst(3)
    }
    var nanoseconds: Int64 = 0
    if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
      let digits = bytes[(dot + 1)...].prefix(9)
      guard let fraction = unsigned(digits) else { return nil }
      nanoseconds = fraction * power10(9 - digits.count)
      bytes = bytes[..<dot]
    }
    let pieces = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard pieces.count <= 3 else { return nil }
    var seconds: Int64 = 0
    var factor: Int64 = 1
    for (position, piece) in pieces.reversed().enumerated() {
      guard let value = unsigned(piece) else { return nil }
      let isLeftmost = position == pieces.count - 1
      if !isLeftmost && value >= 60 { return nil }
      let (scaled, overflow) = value.multipliedReportingOverflow(by: factor)
      guard !overflow, case let (sum, overflowSum) = seconds.addingReportingOverflow(scaled), !overflowSum else {
        return nil
      }
      seconds = sum
      factor *= 60
    }
    let span = Duration.seconds(seconds) + .nanoseconds(nanoseconds)
    return negative ? .zero - span : span
  }

  /// Decimal digits (a leading `+` allowed, as Rust's integer parsing does); nil when empty,
  /// not digits, or too large.
  private static func unsigned(_ digits: ArraySlice<UInt8>) -> Int64? {
    var body = digits
    if body.first == UInt8(ascii: "+") { body = body.dropFirst() }
    guard !body.isEmpty, body.count <= 18 else { return nil }
    var value: Int64 = 0
    for byte in body {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      value = value * 10 + Int64(byte - 0x30)
    }
    return value
  }

  private static func power10(_ exponent: Int) -> Int64 {
    var value: Int64 = 1
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// `-1.02:03:04.5000000`: days only when there are some, always 7 decimals (truncated).
  static func format(_ time: Duration) -> String {
    let negative = time < .zero
    let magnitude = negative ? .zero - time : time
    let (seconds, attoseconds) = magnitude.components
    let ticks = attoseconds / 100_000_000_000
    let days = seconds / secondsPerDay
    var text = negative ? "-" : ""
    if days > 0 { text += "\(days)." }
    text += pad((seconds % secondsPerDay) / 3600, 2) + ":" + pad((seconds % 3600) / 60, 2) + ":"
    text += pad(seconds % 60, 2) + "." + pad(ticks, 7)
    return text
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  // MARK: Dates

  /// `MM/dd/yyyy HH:mm:ss` (UTC) as seconds since 1970; nil when it is not a valid date.
  static func parseDate(_ text: String) -> Int64? {
    let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let date = parts[0].split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
    let time = parts[1].split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard date.count == 3, time.count == 3,
      let month = UInt8(date[0]), let day = UInt8(date[1]), let year = Int32(date[2]),
      let hour = UInt8(time[0]), let minute = UInt8(time[1]), let second = UInt8(time[2]),
      (-9999...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= daysInMonth(Int64(year), Int64(month)), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = daysFromCivil(Int64(year), Int64(month), Int64(day))
    return days * secondsPerDay + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
  }

  /// `04/18/2018 22:44:20`, UTC.
  static func formatDate(_ secondsSince1970: Int64) -> String {
    let days = floorDivide(secondsSince1970, secondsPerDay)
    let secondOfDay = secondsSince1970 - days * secondsPerDay
    let (year, month, day) = civilFromDays(days)
    // As Rust's `{year:04}`: the sign counts in the width.
    let yearText = year < 0 ? "-" + pad(-year, 3) : pad(year, 4)
    return pad(month, 2) + "/" + pad(day, 2) + "/" + yearText + " " + pad(secondOfDay / 3600, 2) + ":"
      + pad((secondOfDay % 3600) / 60, 2) + ":" + pad(secondOfDay % 60, 2)
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  private static func isLeap(_ year: Int64) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  private static func daysInMonth(_ year: Int64, _ month: Int64) -> UInt8 {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
