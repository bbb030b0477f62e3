/// The measurement characteristics this module reads, by their 16-bit GATT numbers.
public enum SensorCharacteristic: UInt16, CaseIterable, Sendable {
  case heartRateMeasurement = 0x2A37
  case cyclingPowerMeasurement = 0x2A63
  case cscMeasurement = 0x2A5B
  case indoorBikeData = 0x2AD2

  /// Its name as messages give it, with its number: `heart rate measurement (0x2A37)`.
  public var title: String {
    let name =
      switch self {
      case .heartRateMeasurement: "heart rate measurement"
      case .cyclingPowerMeasurement: "cycling power measurement"
      case .cscMeasurement: "speed and cadence measurement"
      case .indoorBikeData: "indoor bike data"
      }
    return "\(name) (0x\(String(rawValue, radix: 16, uppercase: true)))"
  }
}

/// A notification that cannot be read: it ends before a field its flags announce, or a
/// field's bytes cannot be whole. Nothing of it is used.
public struct SensorPacketError: Error, Equatable, Sendable, CustomStringConvertible {
  public var characteristic: SensorCharacteristic
  /// The field that could not be read (`flags`, `RR interval`, …).
  public var field: String
  /// Where the field starts, and how many bytes it needs there.
  public var offset: Int
  public var needed: Int
  /// The packet's length.
  public var length: Int

  public var description: String {
    "\(characteristic.title): \(length) byte\(length == 1 ? "" : "s") end inside the \(field) "
      + "(byte \(offset) needs \(needed))"
  }
}

/// A bounds-checked little-endian cursor over one packet: every read either gives a whole
/// field or throws, so no packet, however short, can trap.
struct PacketReader {
  let bytes: [UInt8]
  let characteristic: SensorCharacteristic
  private(set) var offset = 0

  init(_ bytes: [UInt8], _ characteristic: SensorCharacteristic) {
    self.bytes = bytes
    self.characteristic = characteristic
  }

  /// The bytes not read yet.
  var remaining: Int { bytes.count - offset }

  /// `count` bytes as one little-endian unsigned number (`count` ≤ 4).
  mutating func unsigned(_ count: Int, _ field: String) throws(SensorPacketError) -> UInt32 {
    guard remaining >= count else {
      throw SensorPacketError(
        characteristic: characteristic, field: field, offset: offset, needed: count, length: bytes.count)
    }
    var value: UInt32 = 0
    for index in 0..<count { value |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
    offset += count
    return value
  }

  mutating func u8(_ field: String) throws(SensorPacketError) -> UInt8 {
    UInt8(truncatingIfNeeded: try unsigned(1, field))
  }

  mutating func u16(_ field: String) throws(SensorPacketError) -> UInt16 {
    UInt16(truncatingIfNeeded: try unsigned(2, field))
  }

  mutating func s16(_ field: String) throws(SensorPacketError) -> Int16 {
    Int16(bitPattern: try u16(field))
  }

  mutating func u24(_ field: String) throws(SensorPacketError) -> UInt32 { try unsigned(3, field) }

  mutating func u32(_ field: String) throws(SensorPacketError) -> UInt32 { try unsigned(4, field) }

  /// A wheel's u32 revolutions and u16 event time.
  mutating func wheel() throws(SensorPacketError) -> WheelRevolutions {
    let revolutions = try u32("wheel revolutions")
    return WheelRevolutions(revolutions: revolutions, eventTime: try u16("wheel event time"))
  }

  /// A crank's u16 revolutions and u16 event time.
  mutating func crank() throws(SensorPacketError) -> CrankRevolutions {
    let revolutions = try u16("crank revolutions")
    return CrankRevolutions(revolutions: revolutions, eventTime: try u16("crank event time"))
  }

  /// Two sint16 magnitudes, the largest first.
  mutating func extremes(_ field: String) throws(SensorPacketError) -> CyclingPowerMeasurement.Extremes<Int16> {
    let maximum = try s16(field)
    return CyclingPowerMeasurement.Extremes(maximum: maximum, minimum: try s16(field))
  }
}

/// A wheel's cumulative revolutions and the time of its last revolution, as a sensor counts
/// them (the event time in 1/1024 s from a speed sensor, 1/2048 s from a power meter).
public struct WheelRevolutions: Equatable, Sendable {
  public var revolutions: UInt32
  public var eventTime: UInt16

  public init(revolutions: UInt32, eventTime: UInt16) {
    self.revolutions = revolutions
    self.eventTime = eventTime
  }
}

/// A crank's cumulative revolutions and the time of its last revolution in 1/1024 s.
public struct CrankRevolutions: Equatable, Sendable {
  public var revolutions: UInt16
  public var eventTime: UInt16

  public init(revolutions: UInt16, eventTime: UInt16) {
    self.revolutions = revolutions
    self.eventTime = eventTime
  }
}

/// The bit `index` of `flags`.
func bit<T: BinaryInteger>(_ flags: T, _ index: Int) -> Bool { (flags >> index) & 1 == 1 }
