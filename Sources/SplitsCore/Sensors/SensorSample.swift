/// One second of a ride's moving time as its sensors measured it: what the journal keeps, a
/// row a second, and what the reports and exports read. A figure no sensor gave for that
/// second (none connected, a sensor lost, nothing heard recently enough) is nil, never zero.
///
/// Kept in 24 bytes (the figures as 32-bit integers, `Int32.min` for none) rather than the
/// 72 of four optional `Int`s: a year of hour-long rides is 1.3 million samples, which
/// `history` holds at once. A figure beyond ±2,147,483,647 is kept as that bound; Splits
/// writes none above 50,000 (`SensorFigure.plausible`).
public struct SensorSample: Equatable, Sendable {
  /// The second of moving time the sample covers, from 0: `[second, second + 1)` s.
  public var second: Int
  private var storedHeartRate: Int32
  private var storedPower: Int32
  private var storedCadence: Int32
  private var storedSpeed: Int32

  /// Beats a minute.
  public var heartRate: Int? {
    get { Self.figure(storedHeartRate) }
    set { storedHeartRate = Self.stored(newValue) }
  }
  /// Watts.
  public var power: Int? {
    get { Self.figure(storedPower) }
    set { storedPower = Self.stored(newValue) }
  }
  /// Crank revolutions a minute.
  public var cadence: Int? {
    get { Self.figure(storedCadence) }
    set { storedCadence = Self.stored(newValue) }
  }
  /// Millimetres a second.
  public var speedMillimetresPerSecond: Int? {
    get { Self.figure(storedSpeed) }
    set { storedSpeed = Self.stored(newValue) }
  }

  public init(
    second: Int, heartRate: Int? = nil, power: Int? = nil, cadence: Int? = nil, speedMillimetresPerSecond: Int? = nil
  ) {
    self.second = second
    storedHeartRate = Self.stored(heartRate)
    storedPower = Self.stored(power)
    storedCadence = Self.stored(cadence)
    storedSpeed = Self.stored(speedMillimetresPerSecond)
  }

  /// Whether no figure was measured in this second.
  public var isEmpty: Bool {
    storedHeartRate == Self.none && storedPower == Self.none && storedCadence == Self.none && storedSpeed == Self.none
  }

  private static let none = Int32.min

  private static func stored(_ figure: Int?) -> Int32 {
    guard let figure else { return none }
    return Int32(clamping: max(figure, Int(Int32.min) + 1))
  }

  private static func figure(_ stored: Int32) -> Int? { stored == none ? nil : Int(stored) }
}
