import SplitsCore

extension RideView {
  /// The summary's lines for a ride its sensors measured: power (with NP, IF and TSS), heart
  /// rate, cadence and speed, one line each; none without samples.
  static func sensorSummary(_ summary: RideSummary, options: ViewOptions) -> [(String, Style)] {
    guard let sensors = summary.sensors else { return [] }
    return SensorFigureStrings.of(options.language).lines(sensors, units: summary.units).map { ($0, .plain) }
  }
}
