/// CSC Measurement (0x2A5B) of a speed and cadence sensor: wheel and crank counters, both
/// with event times in 1/1024 s.
public struct CSCMeasurement: Equatable, Sendable {
  public var wheel: WheelRevolutions?
  public var crank: CrankRevolutions?

  public init(wheel: WheelRevolutions? = nil, crank: CrankRevolutions? = nil) {
    self.wheel = wheel
    self.crank = crank
  }

  /// Reads one notification; reserved flag bits and trailing bytes are ignored.
  public init(_ bytes: [UInt8]) throws(SensorPacketError) {
    var reader = PacketReader(bytes, .cscMeasurement)
    let flags = try reader.u8("flags")
    self.init()
    if bit(flags, 0) { wheel = try reader.wheel() }
    if bit(flags, 1) { crank = try reader.crank() }
  }
}
