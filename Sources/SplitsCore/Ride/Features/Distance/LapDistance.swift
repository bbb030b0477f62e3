/// How long each lap is (`--lap-distance 400m`): a runner's track lap, a kilometre, a mile.
/// Kept in whole millimetres, so that 1 mi (1,609.344 m) and 0.4 km are exact and every sum
/// of laps is too. A ride's laps all have the one distance; the final stretch after the last
/// lap is not a whole lap and carries none.
public struct LapDistance: Equatable, Hashable, Sendable {
  public let millimetres: Int64

  /// The shortest lap distance: 1 m.
  public static let minimum: Int64 = 1_000
  /// The longest: 1,000 km.
  public static let maximum: Int64 = 1_000_000_000
  static let millimetresPerMile: Int64 = 1_609_344

  /// Nil outside `minimum...maximum` (a journal row that says otherwise is damage).
  public init?(millimetres: Int64) {
    guard (Self.minimum...Self.maximum).contains(millimetres) else { return nil }
    self.millimetres = millimetres
  }

  public var metres: Double { Double(millimetres) / 1_000 }

  /// The distance as it is given: `400m`, `1km`, `1mi`, `1.5mi`, `0.4km` reads back as `400m`.
  public var text: String {
    if (millimetres * 1_000) % Self.millimetresPerMile == 0 {
      return Self.decimal(millimetres * 1_000 / Self.millimetresPerMile, places: 3) + "mi"
    }
    if millimetres >= 1_000_000 { return Self.decimal(millimetres / 1_000, places: 3) + "km" }
    return Self.decimal(millimetres, places: 3) + "m"
  }

  /// `scaled` (a number times 10^`places`) as a decimal with `places` digits after the point,
  /// its trailing zeros dropped unless `keepZeros` (a whole number then has no point).
  static func decimal(_ scaled: Int64, places: Int, keepZeros: Bool = false) -> String {
    var unit: Int64 = 1
    for _ in 0..<places { unit *= 10 }
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = String(magnitude / UInt64(unit))
    var fraction = String(magnitude % UInt64(unit))
    fraction = String(repeating: "0", count: places - fraction.count) + fraction
    if !keepZeros {
      while fraction.hasSuffix("0") { fraction.removeLast() }
    }
    return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
  }
}

/// Why a lap distance was refused, each said with what is accepted.
public enum LapDistanceError: Error, Equatable, Sendable, CustomStringConvertible {
  case notADistance(String)
  case noUnit(String)
  case unknownUnit(String, unit: String)
  case negative(String)
  case tooShort(String)
  case tooLong(String)

  public var description: String {
    let forms = "a number and a unit: 400m, 0.4km, 1mi"
    switch self {
    case .notADistance(let text): return "'\(text)' is not a lap distance: give \(forms)."
    case .noUnit(let text): return "'\(text)' has no unit: write \(text)m, \(text)km or \(text)mi."
    case .unknownUnit(let text, let unit):
      return "'\(text)': '\(unit)' is not a unit of lap distance; use m, km or mi."
    case .negative(let text): return "a lap distance must be positive, not \(text): give \(forms)."
    case .tooShort(let text): return "a lap distance must be at least 1m, not \(text)."
    case .tooLong(let text): return "a lap distance must be at most 1000km, not \(text)."
    }
  }
}

extension LapDistance {
  /// `400m`, `0.4km`, `1km`, `1mi`, `1.5mi` (the unit in any case, a space before it allowed):
  /// a decimal number (no sign, no exponent, at most 12 digits) and `m`, `km` or `mi`, from
  /// 1 m to 1,000 km, rounded to the millimetre.
  public static func parse(_ given: String) -> Result<LapDistance, LapDistanceError> {
    let text = given.trimmingWhitespace
    let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    let unit = text.dropFirst(number.count).trimmingWhitespace.lowercased()
    if text.hasPrefix("-"), text.dropFirst().first?.isNumber == true { return .failure(.negative(text)) }
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard !number.isEmpty, parts.count <= 2, !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty else {
      return .failure(.notADistance(text))
    }
    let whole = String(parts[0])
    let fraction = parts.count == 2 ? String(parts[1]) : ""
    guard whole.count + fraction.count <= 12, let scaled = Int64(whole + fraction) else {
      return .failure(.tooLong(text))
    }
    let perUnit: Int64
    switch unit {
    case "": return .failure(.noUnit(String(number)))
    case "m": perUnit = 1_000
    case "km": perUnit = 1_000_000
    case "mi": perUnit = millimetresPerMile
    default:
      return unit.first?.isLetter == true
        ? .failure(.unknownUnit(text, unit: unit)) : .failure(.notADistance(text))
    }
    var divisor: Int64 = 1
    for _ in 0..<fraction.count { divisor *= 10 }
    // At most 10^12 times 1,609,344: within Int64.
    let millimetres = (scaled * perUnit + divisor / 2) / divisor
    if millimetres < minimum { return .failure(.tooShort(text)) }
    guard let distance = LapDistance(millimetres: millimetres) else { return .failure(.tooLong(text)) }
    return .success(distance)
  }
}

extension StringProtocol {
  /// Without the whitespace around it.
  fileprivate var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
