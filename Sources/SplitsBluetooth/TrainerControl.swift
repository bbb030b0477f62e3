/// A Fitness Machine trainer's characteristics beyond its measurement: what the writing side
/// (ERG) reads, writes and hears back. Nothing here decides a target: it carries bytes.
public enum TrainerCharacteristic: UInt16, CaseIterable, Sendable {
  /// Fitness Machine Feature (read): what the trainer supports.
  case features = 0x2ACC
  /// Supported Power Range (read): minimum, maximum and step, in watts.
  case powerRange = 0x2AD8
  /// Fitness Machine Control Point (write with response, indicate).
  case controlPoint = 0x2AD9
}

/// An indication of a trainer's control point: the answer to a write (`80 op result …`), or
/// bytes that are no answer (kept, so a caller can say what came).
public struct ControlPointIndication: Equatable, Sendable {
  /// The control point's result codes.
  public enum Result: UInt8, Sendable {
    case success = 0x01
    case notSupported = 0x02
    case invalidParameter = 0x03
    case failed = 0x04
    case controlNotPermitted = 0x05
  }

  public var address: String
  public var bytes: [UInt8]

  public init(address: String, bytes: [UInt8]) {
    self.address = address
    self.bytes = bytes
  }

  /// The op code answered, when the bytes are an answer (`80 op result`).
  public var opCode: UInt8? { bytes.count >= 3 && bytes[0] == 0x80 ? bytes[1] : nil }

  /// The answer's result, nil for bytes that are no answer or a result code not known.
  public var result: Result? { opCode == nil ? nil : Result(rawValue: bytes[2]) }
}
