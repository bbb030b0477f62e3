/// What the summary after `r`, `show` and `history` say of the sensors' figures, in each
/// language. One stored property per text, so a text missing in one language does not
/// compile. The units (W, bpm, rpm, km/h, mph) and the abbreviations NP, IF, TSS and FTP are
/// the same in both.
public struct SensorFigureStrings: Sendable {
  public let power: String
  public let heartRate: String
  public let cadence: String
  public let speed: String
  /// Before an average and a maximum: `avg 248 W · max 300 W`.
  public let average: String
  public let maximum: String
  /// `history`'s columns: the ride's average power and heart rate.
  public let averagePowerHeader: String
  public let averageHeartRateHeader: String

  public static func of(_ language: Language) -> SensorFigureStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  public static let english = SensorFigureStrings(
    power: "Power", heartRate: "Heart rate", cadence: "Cadence", speed: "Speed", average: "avg", maximum: "max",
    averagePowerHeader: "Avg W", averageHeartRateHeader: "Avg HR")

  public static let korean = SensorFigureStrings(
    power: "파워", heartRate: "심박", cadence: "케이던스", speed: "속도", average: "평균", maximum: "최대",
    averagePowerHeader: "평균 W", averageHeartRateHeader: "평균 심박")

  /// The lines of `figures`, one per figure measured: `Power avg 248 W · max 300 W · NP 261 W
  /// · IF 1.04 · TSS 3.5 · FTP 250 W`, `Heart rate avg 150 bpm · max 160 bpm`, `Cadence avg 96
  /// rpm · max 100 rpm`, `Speed avg 32.9 km/h · max 36.0 km/h` (in `units`).
  public func lines(_ figures: SensorFigures, units: DistanceUnits) -> [String] {
    var lines: [String] = []
    if let power = figures.power {
      var line = summary(self.power, power, unit: "W")
      if let np = figures.normalizedPower { line += " · NP \(Self.whole(np)) W" }
      if let intensity = figures.intensityFactor { line += " · IF \(Self.decimal(intensity, places: 2))" }
      if let tss = figures.trainingStressScore { line += " · TSS \(Self.decimal(tss, places: 1))" }
      if let ftp = figures.thresholdPower, figures.intensityFactor != nil { line += " · FTP \(ftp) W" }
      lines.append(line)
    }
    if let rate = figures.heartRate { lines.append(summary(heartRate, rate, unit: "bpm")) }
    if let rate = figures.cadence { lines.append(summary(cadence, rate, unit: "rpm")) }
    if let speed = figures.speed {
      let symbol = units.speedSymbol
      lines.append(
        "\(self.speed) \(average) \(Self.speed(speed.average, units: units)) \(symbol) · \(maximum) "
          + "\(Self.speed(speed.maximum, units: units)) \(symbol)")
    }
    return lines
  }

  func summary(_ name: String, _ summary: SensorFigures.Summary, unit: String) -> String {
    "\(name) \(average) \(summary.average) \(unit) · \(maximum) \(summary.maximum) \(unit)"
  }

  /// A speed of `millimetresPerSecond` in km/h (or mph) to the tenth, rounded: `32.9`.
  public static func speed(_ millimetresPerSecond: Int, units: DistanceUnits) -> String {
    let kept = Int64(SensorFigures.kept(millimetresPerSecond))
    let perUnit = units.millimetres
    return LapDistance.decimal((kept * 36_000 + perUnit / 2) / perUnit, places: 1, keepZeros: true)
  }

  /// Whole watts, rounded.
  public static func whole(_ value: Double) -> String { String(Int64(min(max(value, 0), 1e15).rounded())) }

  /// `value` to `places` decimals, rounded: `1.04`.
  public static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return LapDistance.decimal(Int64((min(max(value, 0), 1e12) * scale).rounded()), places: places, keepZeros: true)
  }
}
