import SplitsSensors

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

/// An indication of a trainer's control point, as it came: the answer to a write
/// (`80 op result …`, read by `ControlPointResponse`), or bytes that are no answer.
public struct ControlPointIndication: Equatable, Sendable {
  public var address: String
  public var bytes: [UInt8]

  public init(address: String, bytes: [UInt8]) {
    self.address = address
    self.bytes = bytes
  }

  /// The answer, nil for bytes that are no answer.
  public var response: ControlPointResponse? { try? ControlPointResponse(bytes) }
}
