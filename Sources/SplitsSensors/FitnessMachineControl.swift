/// Fitness Machine Service's control side: the features a trainer says it has (0x2ACC), the
/// power it can hold (0x2AD8), the requests written to its control point (0x2AD9) and the
/// indications that answer them. Pure: bytes in, bytes out.
public struct FitnessMachineFeatures: Equatable, Sendable {
  /// The machine's features (cadence, power measurement, …).
  public var machine: UInt32
  /// What the machine can be set to: bit 3 is a target power (ERG).
  public var targetSetting: UInt32

  public init(machine: UInt32, targetSetting: UInt32) {
    self.machine = machine
    self.targetSetting = targetSetting
  }

  /// Reads the characteristic's 8 bytes (two u32); more are ignored, fewer refused.
  public init(_ bytes: [UInt8]) throws(TrainerPacketError) {
    guard bytes.count >= 8 else { throw TrainerPacketError(what: "fitness machine feature", length: bytes.count) }
    machine = littleEndian(bytes, 0, 4)
    targetSetting = littleEndian(bytes, 4, 4)
  }

  /// Whether the trainer takes a target power (Set Target Power, 0x05).
  public var holdsTargetPower: Bool { bit(targetSetting, 3) }
}

/// The power a trainer can be set to hold, in watts, and the step between two settings.
public struct SupportedPowerRange: Equatable, Sendable {
  public var minimum: Int16
  public var maximum: Int16
  public var increment: UInt16

  public init(minimum: Int16, maximum: Int16, increment: UInt16) {
    self.minimum = minimum
    self.maximum = maximum
    self.increment = increment
  }

  /// Reads the characteristic's 6 bytes (sint16, sint16, uint16); fewer are refused.
  public init(_ bytes: [UInt8]) throws(TrainerPacketError) {
    guard bytes.count >= 6 else { throw TrainerPacketError(what: "supported power range", length: bytes.count) }
    minimum = Int16(bitPattern: UInt16(littleEndian(bytes, 0, 2)))
    maximum = Int16(bitPattern: UInt16(littleEndian(bytes, 2, 2)))
    increment = UInt16(littleEndian(bytes, 4, 2))
  }

  /// `watts` held within the range, on its steps from the minimum (a range whose maximum is
  /// below its minimum, or whose increment is 0, is taken as it can be: no trap).
  public func clamp(_ watts: Int) -> Int {
    let low = Int(minimum)
    let high = max(low, Int(maximum))
    let step = max(1, Int(increment))
    let inside = min(max(watts, low), high)
    let stepped = low + ((inside - low) + step / 2) / step * step
    return stepped > high ? stepped - step : stepped
  }
}

/// A request written to the control point (0x2AD9).
public enum ControlPointRequest: Equatable, Sendable {
  case requestControl
  case startOrResume
  /// Watts; written as a sint16 (clamped to its range).
  case setTargetPower(Int)
  case stop
  case pause

  /// Its op code, which the indication answering it repeats.
  public var opCode: UInt8 {
    switch self {
    case .requestControl: 0x00
    case .setTargetPower: 0x05
    case .startOrResume: 0x07
    case .stop, .pause: 0x08
    }
  }

  /// The bytes written.
  public var bytes: [UInt8] {
    switch self {
    case .requestControl, .startOrResume: [opCode]
    case .setTargetPower(let watts):
      {
        let value = UInt16(bitPattern: Int16(clamping: watts))
        return [opCode, UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
      }()
    case .stop: [opCode, 0x01]
    case .pause: [opCode, 0x02]
    }
  }
}

/// The control point's indication answering a request: `80 op result`.
public struct ControlPointResponse: Equatable, Sendable {
  public enum Result: Equatable, Sendable {
    case success
    case notSupported
    case invalidParameter
    case failed
    case controlNotPermitted
    /// A result code the specification does not define.
    case other(UInt8)

    init(_ code: UInt8) {
      switch code {
      case 0x01: self = .success
      case 0x02: self = .notSupported
      case 0x03: self = .invalidParameter
      case 0x04: self = .failed
      case 0x05: self = .controlNotPermitted
      default: self = .other(code)
      }
    }
  }

  /// The op code of the request answered.
  public var request: UInt8
  public var result: Result

  public init(request: UInt8, result: Result) {
    self.request = request
    self.result = result
  }

  /// Reads an indication; one that is not a response (its first byte is not 0x80) or ends
  /// before its result is refused.
  public init(_ bytes: [UInt8]) throws(TrainerPacketError) {
    guard bytes.count >= 3, bytes[0] == 0x80 else {
      throw TrainerPacketError(what: "control point response", length: bytes.count)
    }
    request = bytes[1]
    result = Result(bytes[2])
  }
}

/// A trainer's characteristic whose bytes cannot be read: too short, or not what it must be.
public struct TrainerPacketError: Error, Equatable, Sendable, CustomStringConvertible {
  public var what: String
  public var length: Int

  public var description: String { "\(what): \(length) byte\(length == 1 ? "" : "s") cannot be read" }
}

/// `count` bytes of `bytes` from `offset` as a little-endian number; the caller checked the
/// length.
private func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
  var value: UInt32 = 0
  for index in 0..<count { value |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
  return value
}
