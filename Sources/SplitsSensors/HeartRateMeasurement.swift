/// Heart Rate Measurement (0x2A37): beats per minute (u8 or u16), the sensor's contact, the
/// energy expended and the RR intervals.
public struct HeartRateMeasurement: Equatable, Sendable {
  /// What the strap says of its contact with the skin (flags bits 1 and 2).
  public enum Contact: Equatable, Sendable {
    case notSupported
    case notDetected
    case detected
  }

  public var beatsPerMinute: Int
  public var contact: Contact
  /// Kilojoules since the sensor's last reset, when it sends them.
  public var energyExpended: Int?
  /// The intervals between beats in 1/1024 s, oldest first.
  public var rrIntervals: [UInt16]

  public init(beatsPerMinute: Int, contact: Contact, energyExpended: Int? = nil, rrIntervals: [UInt16] = []) {
    self.beatsPerMinute = beatsPerMinute
    self.contact = contact
    self.energyExpended = energyExpended
    self.rrIntervals = rrIntervals
  }

  /// The RR intervals in seconds.
  public var rrSeconds: [Double] { rrIntervals.map { Double($0) / 1024 } }

  /// Reads one notification. Flag bits 5 to 7 are reserved and ignored; RR intervals take
  /// every byte after the fields before them, so an odd byte left there is refused.
  public init(_ bytes: [UInt8]) throws(SensorPacketError) {
    var reader = PacketReader(bytes, .heartRateMeasurement)
    let flags = try reader.u8("flags")
    beatsPerMinute = bit(flags, 0) ? Int(try reader.u16("heart rate (u16)")) : Int(try reader.u8("heart rate (u8)"))
    contact =
      switch (bit(flags, 2), bit(flags, 1)) {
      case (false, _): .notSupported
      case (true, false): .notDetected
      case (true, true): .detected
      }
    energyExpended = bit(flags, 3) ? Int(try reader.u16("energy expended")) : nil
    var intervals: [UInt16] = []
    if bit(flags, 4) {
      if reader.remaining == 0 { _ = try reader.u16("RR interval") }
      while reader.remaining > 0 { intervals.append(try reader.u16("RR interval")) }
    }
    rrIntervals = intervals
  }
}
