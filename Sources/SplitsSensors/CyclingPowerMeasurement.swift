/// Cycling Power Measurement (0x2A63): instantaneous power and the optional fields its flags
/// announce, in the order of their flag bits.
public struct CyclingPowerMeasurement: Equatable, Sendable {
  /// A pair of extremes: the largest and the smallest magnitude of a force or a torque, or
  /// the crank angles (degrees, 12 bits each) of the largest and smallest force.
  public struct Extremes<Value: Equatable & Sendable>: Equatable, Sendable {
    public var maximum: Value
    public var minimum: Value

    public init(maximum: Value, minimum: Value) {
      self.maximum = maximum
      self.minimum = minimum
    }
  }

  /// The pedal power balance in 1/2 %, and whether it is the left pedal's (flags bit 1).
  public struct PedalBalance: Equatable, Sendable {
    public var halfPercent: UInt8
    public var isLeft: Bool

    public init(halfPercent: UInt8, isLeft: Bool) {
      self.halfPercent = halfPercent
      self.isLeft = isLeft
    }

    public var percent: Double { Double(halfPercent) / 2 }
  }

  public var watts: Int
  public var pedalBalance: PedalBalance?
  /// Accumulated torque in 1/32 Nm, and whether the wheel (not the crank) is its source.
  public var accumulatedTorque: UInt16?
  public var torqueFromWheel: Bool
  /// The wheel's event time is in 1/2048 s here.
  public var wheel: WheelRevolutions?
  public var crank: CrankRevolutions?
  /// Newtons.
  public var extremeForce: Extremes<Int16>?
  /// 1/32 Nm.
  public var extremeTorque: Extremes<Int16>?
  public var extremeAngles: Extremes<UInt16>?
  /// Degrees.
  public var topDeadSpot: UInt16?
  public var bottomDeadSpot: UInt16?
  /// Kilojoules.
  public var accumulatedEnergy: UInt16?

  public init(watts: Int) {
    self.watts = watts
    torqueFromWheel = false
  }

  /// Reads one notification. Reserved flag bits (13 to 15) and bytes after the last field
  /// announced are ignored, as the specification asks of a reader.
  public init(_ bytes: [UInt8]) throws(SensorPacketError) {
    var reader = PacketReader(bytes, .cyclingPowerMeasurement)
    let flags = try reader.u16("flags")
    self.init(watts: Int(try reader.s16("instantaneous power")))
    if bit(flags, 0) { pedalBalance = PedalBalance(halfPercent: try reader.u8("pedal power balance"), isLeft: bit(flags, 1)) }
    if bit(flags, 2) { accumulatedTorque = try reader.u16("accumulated torque") }
    torqueFromWheel = bit(flags, 3)
    if bit(flags, 4) { wheel = try reader.wheel() }
    if bit(flags, 5) { crank = try reader.crank() }
    if bit(flags, 6) { extremeForce = try reader.extremes("extreme force magnitudes") }
    if bit(flags, 7) { extremeTorque = try reader.extremes("extreme torque magnitudes") }
    if bit(flags, 8) {
      let packed = try reader.u24("extreme angles")
      extremeAngles = Extremes(
        maximum: UInt16(truncatingIfNeeded: packed & 0xFFF), minimum: UInt16(truncatingIfNeeded: packed >> 12))
    }
    if bit(flags, 9) { topDeadSpot = try reader.u16("top dead spot angle") }
    if bit(flags, 10) { bottomDeadSpot = try reader.u16("bottom dead spot angle") }
    if bit(flags, 11) { accumulatedEnergy = try reader.u16("accumulated energy") }
  }
}
