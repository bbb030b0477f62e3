/// Fitness Machine's Indoor Bike Data (0x2AD2). Flags bit 0 is "more data": when it is
/// clear the instantaneous speed is present, the one inverted bit; every other bit set
/// announces its field. A trainer may split its figures over several notifications, so
/// each field is optional.
public struct IndoorBikeData: Equatable, Sendable {
  /// The energy fields of flags bit 8, all three together.
  public struct Energy: Equatable, Sendable {
    /// Kilocalories.
    public var total: UInt16
    public var perHour: UInt16
    public var perMinute: UInt8

    public init(total: UInt16, perHour: UInt16, perMinute: UInt8) {
      self.total = total
      self.perHour = perHour
      self.perMinute = perMinute
    }
  }

  /// 0.01 km/h.
  public var speed: UInt16?
  public var averageSpeed: UInt16?
  /// 0.5 rpm.
  public var cadence: UInt16?
  public var averageCadence: UInt16?
  /// Metres.
  public var totalDistance: UInt32?
  public var resistanceLevel: Int16?
  /// Watts.
  public var power: Int16?
  public var averagePower: Int16?
  public var energy: Energy?
  public var heartRate: UInt8?
  /// 0.1 metabolic equivalent.
  public var metabolicEquivalent: UInt8?
  /// Seconds.
  public var elapsedTime: UInt16?
  public var remainingTime: UInt16?

  public init() {}

  /// The instantaneous speed in km/h and cadence in rpm, when present.
  public var speedKilometresPerHour: Double? { speed.map { Double($0) / 100 } }
  public var cadenceRevolutionsPerMinute: Double? { cadence.map { Double($0) / 2 } }

  /// Reads one notification; reserved flag bits (13 to 15) and trailing bytes are ignored.
  public init(_ bytes: [UInt8]) throws(SensorPacketError) {
    var reader = PacketReader(bytes, .indoorBikeData)
    let flags = try reader.u16("flags")
    self.init()
    if !bit(flags, 0) { speed = try reader.u16("instantaneous speed") }
    if bit(flags, 1) { averageSpeed = try reader.u16("average speed") }
    if bit(flags, 2) { cadence = try reader.u16("instantaneous cadence") }
    if bit(flags, 3) { averageCadence = try reader.u16("average cadence") }
    if bit(flags, 4) { totalDistance = try reader.u24("total distance") }
    if bit(flags, 5) { resistanceLevel = try reader.s16("resistance level") }
    if bit(flags, 6) { power = try reader.s16("instantaneous power") }
    if bit(flags, 7) { averagePower = try reader.s16("average power") }
    if bit(flags, 8) {
      let total = try reader.u16("expended energy")
      let perHour = try reader.u16("energy per hour")
      energy = Energy(total: total, perHour: perHour, perMinute: try reader.u8("energy per minute"))
    }
    if bit(flags, 9) { heartRate = try reader.u8("heart rate") }
    if bit(flags, 10) { metabolicEquivalent = try reader.u8("metabolic equivalent") }
    if bit(flags, 11) { elapsedTime = try reader.u16("elapsed time") }
    if bit(flags, 12) { remainingTime = try reader.u16("remaining time") }
  }
}
