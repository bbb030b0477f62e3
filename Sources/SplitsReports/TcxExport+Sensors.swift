import SplitsCore

/// A ride its sensors measured, in TCX: each track point at which a second of moving time
/// began carries that second's sample (as FIT's records, `FitExport+Sensors`):
/// `HeartRateBpm`, `Cadence`, and Garmin's ActivityExtension v2 `TPX` with `Speed` (m/s) and
/// `Watts`; each lap its `AverageHeartRateBpm`, `MaximumHeartRateBpm`, `Cadence` (the
/// average) and the extension's `LX` with `AvgSpeed`, `AvgWatts` and `MaxWatts`. A figure the
/// second or lap lacks is no element, never a zero; a file without samples declares no
/// extension namespace and has none of these elements.
extension TcxExport {
  static let extensionNamespace = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"

  /// ` xmlns:ns3="…"` on the root when a ride has samples; else nothing.
  static func extensionDeclaration(_ rides: [RideFigures]) -> String {
    rides.contains(where: \.hasSensorFigures) ? " xmlns:ns3=\"\(extensionNamespace)\"" : ""
  }

  /// A track point's elements after its distance, in the schema's order.
  static func sensors(_ sample: SensorSample?) -> String {
    guard let sample else { return "" }
    var out = ""
    if let rate = sample.heartRate, rate > 0 {
      out += "<HeartRateBpm><Value>\(min(rate, 255))</Value></HeartRateBpm>"
    }
    if let rate = sample.cadence { out += "<Cadence>\(min(max(rate, 0), 254))</Cadence>" }
    var tpx = ""
    if let speed = sample.speedMillimetresPerSecond { tpx += "<ns3:Speed>\(metres(Int64(SensorFigures.kept(speed))))</ns3:Speed>" }
    if let power = sample.power { tpx += "<ns3:Watts>\(SensorFigures.kept(power))</ns3:Watts>" }
    if !tpx.isEmpty { out += "<Extensions><ns3:TPX>\(tpx)</ns3:TPX></Extensions>" }
    return out
  }

  /// A lap's heart rates, after its `Calories`.
  static func heartRates(_ figures: SensorFigures?) -> String {
    guard let rate = figures?.heartRate, rate.average > 0 else { return "" }
    return "        <AverageHeartRateBpm><Value>\(min(rate.average, 255))</Value></AverageHeartRateBpm>\n"
      + "        <MaximumHeartRateBpm><Value>\(min(rate.maximum, 255))</Value></MaximumHeartRateBpm>\n"
  }

  /// A lap's average cadence, after its `Intensity`.
  static func cadence(_ figures: SensorFigures?) -> String {
    figures?.cadence.map { "        <Cadence>\(min($0.average, 254))</Cadence>\n" } ?? ""
  }

  /// A lap's `LX`, last in the lap.
  static func lapExtensions(_ figures: SensorFigures?) -> String {
    guard let figures else { return "" }
    var lx = ""
    if let speed = figures.speed { lx += "<ns3:AvgSpeed>\(metres(Int64(speed.average)))</ns3:AvgSpeed>" }
    if let power = figures.power {
      lx += "<ns3:AvgWatts>\(power.average)</ns3:AvgWatts><ns3:MaxWatts>\(power.maximum)</ns3:MaxWatts>"
    }
    return lx.isEmpty ? "" : "        <Extensions><ns3:LX>\(lx)</ns3:LX></Extensions>\n"
  }
}
