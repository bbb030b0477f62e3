/// A figure on screen that moves with time.
public enum ClockField: Hashable, Sendable {
  /// The ride's moving time, and what follows it (the running lap, its split).
  case moving
  /// The ride's elapsed time.
  case elapsed
  /// The ride's paused time.
  case paused
  /// The countdown screen's remaining time.
  case countdown
}

/// The clock figures a frame shows: every digit drawn, where it is and its place value
/// (hundredths, seconds, tens of minutes, …), and what an overlay covers. When the screen next
/// changes is looked for from the smallest place value still visible of each figure
/// (`Program.nextChange(from:)`): a figure cut at the screen's edge changes only with its
/// coarser digits, and one wholly under the help overlay wakes nothing.
public struct ShownClocks: Equatable, Sendable {
  struct Area: Equatable, Sendable {
    var rows: Range<Int>
    var columns: Range<Int>
    func contains(_ other: Area) -> Bool {
      rows.lowerBound <= other.rows.lowerBound && other.rows.upperBound <= rows.upperBound
        && columns.lowerBound <= other.columns.lowerBound && other.columns.upperBound <= columns.upperBound
    }
  }

  struct Digit: Equatable, Sendable {
    var field: ClockField
    var place: Duration
    /// The field's value at which this figure reads zero: 0 for the moving time itself, the
    /// last lap's split for the running lap (its digits turn over when the moving time passes
    /// that split plus a multiple of `place`).
    var origin: Duration = .zero
    var area: Area
  }

  private var digits: [Digit] = []
  private var covered: [Area] = []

  public init() {}

  /// The smallest place value of `field` still visible, or nil when none of it is.
  public subscript(field: ClockField) -> Duration? {
    digits.lazy.filter { $0.field == field && !self.isCovered($0.area) }.map(\.place).min()
  }

  /// For each figure of `field` still visible (by its origin, in the order first drawn), the
  /// smallest place value shown, one by one without making a list (the ticker asks at every
  /// frame): a few figures at most, so each origin's smallest place is found by looking
  /// through the digits again rather than keeping them.
  public func forEachLattice(_ field: ClockField, _ body: (_ origin: Duration, _ place: Duration) -> Void) {
    for (index, digit) in digits.enumerated() where digit.field == field && !isCovered(digit.area) {
      func same(_ other: Digit) -> Bool { other.field == field && other.origin == digit.origin && !isCovered(other.area) }
      // The first visible digit of its origin stands for them all.
      guard !digits[..<index].contains(where: same) else { continue }
      var place = digit.place
      for other in digits[(index + 1)...] where same(other) { place = min(place, other.place) }
      body(digit.origin, place)
    }
  }

  private func isCovered(_ area: Area) -> Bool { covered.contains { $0.contains(area) } }

  /// Every figure shown in full: the moving time at `precision`, the rest to the second.
  public static func everything(_ precision: Precision) -> ShownClocks {
    var clocks = ShownClocks()
    clocks.show(.moving, place: .nanoseconds(precision.unitNanoseconds), row: 0, columns: 0..<1)
    for field in [ClockField.elapsed, .paused, .countdown] { clocks.show(field, place: .seconds(1), row: 0, columns: 0..<1) }
    return clocks
  }

  /// A figure of `field` whose last digit has place value `place` fills `columns` of `rows`.
  public mutating func show(_ field: ClockField, place: Duration, row: Int, columns: Range<Int>) {
    show(field, place: place, rows: row..<row + 1, columns: columns)
  }

  /// Something that changes with `field` only when it passes `origin` plus a multiple of
  /// `place` (a marker that moves each second, a line shown for whole seconds) is drawn
  /// somewhere in `rows` × `columns`.
  public mutating func show(
    _ field: ClockField, place: Duration, rows: Range<Int>, columns: Range<Int>, origin: Duration = .zero
  ) {
    digits.append(Digit(field: field, place: place, origin: origin, area: Area(rows: rows, columns: columns)))
  }

  /// `field` written as the clock text `text` (`HH:MM:SS`, `HH:MM:SS.cc`, `DD:HH:MM:SS`) from
  /// (`row`, `column`), one column a character, of which the first `visible` are on screen.
  /// `origin`: the value of `field` at which the text reads zero (see `Digit.origin`).
  public mutating func show(
    _ field: ClockField, text: String, row: Int, column: Int, visible: Int, origin: Duration = .zero
  ) {
    for (index, place) in Self.places(of: text).enumerated() where index < visible {
      guard let place else { continue }
      let area = Area(rows: row..<row + 1, columns: column + index..<column + index + 1)
      digits.append(Digit(field: field, place: place, origin: origin, area: area))
    }
  }

  /// `field` drawn in big digits: character `i` of `text` fills `glyphs[i]` of `rows`.
  /// `origin`: as for text.
  public mutating func show(
    _ field: ClockField, text: String, rows: Range<Int>, glyphs: [Range<Int>], origin: Duration = .zero
  ) {
    for (index, place) in Self.places(of: text).enumerated() where index < glyphs.count {
      guard let place else { continue }
      digits.append(Digit(field: field, place: place, origin: origin, area: Area(rows: rows, columns: glyphs[index])))
    }
  }

  /// An overlay drawn over `rows` × `columns`: digits wholly inside it are no longer seen.
  public mutating func cover(rows: Range<Int>, columns: Range<Int>) {
    covered.append(Area(rows: rows, columns: columns))
  }

  /// The place value of each character of a clock text: nil for a separator; tenths and
  /// hundredths after the dot; seconds, minutes, hours and days, each field's digits from its
  /// right.
  public static func places(of text: String) -> [Duration?] {
    let bytes = Array(text.utf8)
    let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    var places = [Duration?](repeating: nil, count: bytes.count)
    let base: [Int64] = [1, 60, 3600, 86_400]
    var field = 0
    var place = 0
    var index = dot - 1
    while index >= 0 {
      if bytes[index] == UInt8(ascii: ":") {
        field += 1
        place = 0
      } else if isDigit(bytes[index]) {
        places[index] = .seconds(base[min(field, 3)] * power(10, min(place, 6)))
        place += 1
      }
      index -= 1
    }
    var decimals = 0
    for index in (dot + 1)..<max(dot + 1, bytes.count) where isDigit(bytes[index]) {
      decimals += 1
      places[index] = .nanoseconds(power(10, max(0, 9 - decimals)))
    }
    return places
  }

  static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  static func power(_ base: Int64, _ exponent: Int) -> Int64 {
    var result: Int64 = 1
    for _ in 0..<max(0, exponent) { result *= base }
    return result
  }
}
