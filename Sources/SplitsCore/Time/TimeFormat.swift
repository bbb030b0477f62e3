/// Formats durations for the screen, the status line and exports. Pure; truncates, never
/// rounds, so a displayed value is never ahead of the truth.
public enum TimeFormat {
  /// `d` truncated to the precision's unit (negative durations read as zero).
  public static func truncated(_ d: Duration, to precision: Precision) -> Duration {
    let ns = max(0, d.nanoseconds)
    let unit = precision.unitNanoseconds
    return .nanoseconds(ns - ns % unit)
  }

  /// The text of a duration, the one used everywhere (the screens, `status`, `history`,
  /// `show`, the exports' readable times, the remote commands' answers): `HH:MM:SS`,
  /// `HH:MM:SS.d` or `HH:MM:SS.cc`, truncated. Negative durations read as zero.
  ///
  /// Hours take `minimumHourDigits` digits and grow as needed (three at 100 hours, four at
  /// 1,000), so the field has one width for the first 99:59:59; with 0 they are left out
  /// under an hour (`MM:SS`, then `H:MM:SS`: a workout's figures). With `dayDigits`, days
  /// come first on that many digits and the hours count to 23 (`DD:HH:MM:SS`: a countdown
  /// to a date). Exact for any duration (a countdown can run for thousands of years).
  public static func clock(
    _ d: Duration, precision: Precision, minimumHourDigits: Int = 2, dayDigits: Int? = nil
  ) -> String {
    // Written as bytes into a buffer on the stack and made a string once (a short one needs
    // no allocation at all): the screens format several figures a frame.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: clockCapacity(minimumHourDigits, dayDigits)) { buffer in
      let count = writeClock(d, precision: precision, minimumHourDigits: minimumHourDigits, dayDigits: dayDigits, into: buffer)
      return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// `clock(d, precision:)`'s bytes (ASCII) appended to `bytes`: a line made of several
  /// figures (a lap's row) is made as bytes and becomes a string once.
  public static func appendClock(_ d: Duration, precision: Precision, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: clockCapacity(2, nil)) { buffer in
      let count = writeClock(d, precision: precision, minimumHourDigits: 2, dayDigits: nil, into: buffer)
      bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Room enough for any clock's bytes (an `Int64` of days or hours has at most 19 digits).
  private static func clockCapacity(_ minimumHourDigits: Int, _ dayDigits: Int?) -> Int {
    64 + max(0, minimumHourDigits) + max(0, dayDigits ?? 0)
  }

  /// Writes `clock`'s text into `buffer` (at least `clockCapacity` bytes); returns its length.
  private static func writeClock(
    _ d: Duration, precision: Precision, minimumHourDigits: Int, dayDigits: Int?, into buffer: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    let (totalSeconds, fraction) = secondsAndNanoseconds(d)
    let m = (totalSeconds / 60) % 60
    let s = totalSeconds % 60
    var count = 0
    func append(_ value: Int64, _ width: Int) {
      var digits = 1
      var rest = value
      while rest >= 10 {
        rest /= 10
        digits += 1
      }
      for _ in digits..<max(digits, width) {
        buffer[count] = UInt8(ascii: "0")
        count += 1
      }
      rest = value
      for index in stride(from: count + digits - 1, through: count, by: -1) {
        buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      }
      count += digits
    }
    func append(_ byte: UInt8) {
      buffer[count] = byte
      count += 1
    }
    if let dayDigits {
      append(totalSeconds / 86_400, dayDigits)
      append(UInt8(ascii: ":"))
      append((totalSeconds / 3600) % 24, 2)
      append(UInt8(ascii: ":"))
    } else {
      let h = totalSeconds / 3600
      if minimumHourDigits != 0 || h != 0 {
        append(h, minimumHourDigits)
        append(UInt8(ascii: ":"))
      }
    }
    append(m, 2)
    append(UInt8(ascii: ":"))
    append(s, 2)
    if precision.fractionDigits > 0 {
      append(UInt8(ascii: "."))
      append(fraction / precision.unitNanoseconds, precision.fractionDigits)
    }
    return count
  }

  /// The whole seconds of `d` and the nanoseconds after them; zero for a negative duration.
  /// Under 292 years from its nanoseconds (one division of the attoseconds), else from
  /// `components` (which takes two).
  private static func secondsAndNanoseconds(_ d: Duration) -> (seconds: Int64, nanoseconds: Int64) {
    guard d > .zero else { return (0, 0) }
    let nanoseconds = d.nanoseconds
    guard nanoseconds == .max else { return (nanoseconds / 1_000_000_000, nanoseconds % 1_000_000_000) }
    let (seconds, attoseconds) = d.components
    return (seconds, attoseconds / 1_000_000_000)
  }

  /// The mark that ends a time whose last fields were dropped to fit.
  public static let droppedFields = "…"

  /// `text` (a clock such as `HH:MM:SS.cc`) in at most `columns` columns, never cut inside a
  /// field: when it does not fit, whole fields go from the least significant end (the
  /// fraction, then the seconds, …) and `…` marks that they did. `digits` is how many of
  /// `text`'s characters are shown. A field that is cut would read as another value
  /// (`00:00:30.8` for 30.84 s reads as 30.8, `00:00` for 30 s as zero).
  public static func fitted(_ text: String, columns: Int) -> (text: String, digits: Int) {
    let characters = Array(text)
    if characters.count <= columns { return (text, characters.count) }
    var end = characters.count
    while end > 0 {
      // The previous field boundary: the last separator before `end`.
      guard let separator = characters[..<end].lastIndex(where: { $0 == ":" || $0 == "." }) else { break }
      end = separator
      if end + 1 <= columns { return (String(characters[..<end]) + droppedFields, end) }
    }
    return (columns >= 1 ? droppedFields : "", 0)
  }

  /// A signed difference such as `+00:01.25` or `-00:00:03`, at the given precision.
  /// Under an hour the hours are left out (`+MM:SS.cc`). A difference that shows as zero at
  /// the precision is level, `+00:00.00`, whichever side of zero it is: never `-00:00.00`.
  public static func signedDifference(_ d: Duration, precision: Precision) -> String {
    withSignedDifference(d, precision: precision) { String(decoding: $0, as: UTF8.self) }
  }

  /// `signedDifference`'s bytes (ASCII) appended to `bytes`.
  public static func appendSignedDifference(_ d: Duration, precision: Precision, to bytes: inout [UInt8]) {
    withSignedDifference(d, precision: precision) { bytes.append(contentsOf: $0) }
  }

  /// Hands `body` the bytes of the signed difference, written on the stack (a frame writes
  /// one a lap shown).
  private static func withSignedDifference<Result>(
    _ d: Duration, precision: Precision, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result
  ) -> Result {
    let magnitude = d < .zero ? Duration.zero - d : d
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + clockCapacity(2, nil)) { buffer in
      // The clock from the second byte on, so that the sign can go before it.
      let count = writeClock(
        magnitude, precision: precision, minimumHourDigits: 2, dayDigits: nil, into: UnsafeMutableBufferPointer(rebasing: buffer[1...]))
      let level = buffer[1...count].allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
      // Under an hour the hours (`00:`) are left out: the sign takes the place of their colon.
      let start = magnitude < .seconds(3600) ? 3 : 0
      buffer[start] = d < .zero && !level ? UInt8(ascii: "-") : UInt8(ascii: "+")
      return body(UnsafeMutableBufferPointer(rebasing: buffer[start...count]))
    }
  }

  /// Zero-padded decimal of a non-negative integer.
  public static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
