/// One second of a ride's moving time as its sensors measured it: what the journal keeps, a
/// row a second, and what the reports and exports read. A figure no sensor gave for that
/// second (none connected, a sensor lost, nothing heard recently enough) is nil, never zero.
public struct SensorSample: Equatable, Sendable {
  /// The second of moving time the sample covers, from 0: `[second, second + 1)` s.
  public var second: Int
  /// Beats a minute.
  public var heartRate: Int?
  /// Watts.
  public var power: Int?
  /// Crank revolutions a minute.
  public var cadence: Int?
  /// Millimetres a second.
  public var speedMillimetresPerSecond: Int?

  public init(
    second: Int, heartRate: Int? = nil, power: Int? = nil, cadence: Int? = nil, speedMillimetresPerSecond: Int? = nil
  ) {
    self.second = second
    self.heartRate = heartRate
    self.power = power
    self.cadence = cadence
    self.speedMillimetresPerSecond = speedMillimetresPerSecond
  }

  /// Whether no figure was measured in this second.
  public var isEmpty: Bool { heartRate == nil && power == nil && cadence == nil && speedMillimetresPerSecond == nil }
}
