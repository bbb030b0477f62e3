/// The units pace, speed and distance are shown in (`--units`): metric (min/km, km/h, km)
/// unless imperial (min/mi, mph, mi) is asked for. The files (JSON, CSV, TCX, FIT) are in
/// metres and seconds whatever is shown.
public enum DistanceUnits: String, CaseIterable, Sendable {
  case metric, imperial

  /// The unit of distance, in millimetres: a kilometre or a mile.
  var millimetres: Int64 { self == .metric ? 1_000_000 : LapDistance.millimetresPerMile }
  /// `km` or `mi`.
  public var distanceSymbol: String { self == .metric ? "km" : "mi" }
  /// `km/h` or `mph`.
  public var speedSymbol: String { self == .metric ? "km/h" : "mph" }
  /// `/km` or `/mi`, after a pace.
  public var paceSymbol: String { "/" + distanceSymbol }
}

/// A lap's pace and speed from its time and the ride's lap distance, and a distance as shown.
/// Pure arithmetic on numbers from the journal: no value traps, however long the lap.
public enum Pace {
  /// Seconds per kilometre (or mile); nil for a lap of no time.
  public static func seconds(lap: Duration, distance: LapDistance, units: DistanceUnits) -> Double? {
    let lapSeconds = seconds(lap)
    guard lapSeconds > 0 else { return nil }
    return lapSeconds * Double(units.millimetres) / Double(distance.millimetres)
  }

  /// Kilometres (or miles) an hour; nil for a lap of no time.
  public static func speed(lap: Duration, distance: LapDistance, units: DistanceUnits) -> Double? {
    let lapSeconds = seconds(lap)
    guard lapSeconds > 0 else { return nil }
    return Double(distance.millimetres) / Double(units.millimetres) / (lapSeconds / 3_600)
  }

  /// The pace as a clock to the second: `4:05`, `1:02:03`; empty for a lap of no time.
  public static func paceText(lap: Duration, distance: LapDistance, units: DistanceUnits) -> String {
    guard let pace = seconds(lap: lap, distance: distance, units: units), pace < 1e15 else { return "" }
    let whole = Int64(pace.rounded())
    let (hours, minutes, secs) = (whole / 3_600, whole / 60 % 60, whole % 60)
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    guard hours > 0 else { return "\(minutes):\(ss)" }
    return "\(hours):" + (minutes < 10 ? "0\(minutes)" : "\(minutes)") + ":" + ss
  }

  /// The speed to a tenth: `14.7`; empty for a lap of no time.
  public static func speedText(lap: Duration, distance: LapDistance, units: DistanceUnits) -> String {
    guard let speed = speed(lap: lap, distance: distance, units: units), speed < 1e15 else { return "" }
    return LapDistance.decimal(Int64((speed * 10).rounded()), places: 1, keepZeros: true)
  }

  /// A distance in kilometres (or miles) to a hundredth: `1.60`.
  public static func distanceText(millimetres: Int64, units: DistanceUnits) -> String {
    let hundredths = (Double(millimetres) * 100 / Double(units.millimetres)).rounded()
    return LapDistance.decimal(Int64(min(hundredths, 1e15)), places: 2, keepZeros: true)
  }

  /// The distance of a ride with `laps` laps of `distance` (whole laps only).
  public static func total(laps: Int, distance: LapDistance) -> Int64 {
    let (product, overflow) = Int64(laps).multipliedReportingOverflow(by: distance.millimetres)
    return overflow ? Int64.max : product
  }

  static func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
  }
}
