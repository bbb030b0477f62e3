/// One remote command as sent: the command and the id its sender made for it. The same id
/// sent again (after a screen died without answering) is the same request, applied at most
/// once.
public struct RemoteRequest: Equatable, Sendable {
  public var command: RemoteCommand
  /// 32 lowercase hexadecimal digits.
  public var id: String
  /// A name and a sport for the ride a `start` starts.
  public var details: RemoteRideDetails

  /// Nil when `id` is not 32 lowercase hexadecimal digits.
  public init?(_ command: RemoteCommand, id: String, details: RemoteRideDetails = RemoteRideDetails()) {
    guard Self.isValid(id: id) else { return nil }
    self.command = command
    self.id = id
    self.details = details
  }

  public static func isValid(id: String) -> Bool {
    id.utf8.count == 32 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// An id from 128 random bits (the sender's generator).
  public static func makeID<G: RandomNumberGenerator>(using generator: inout G) -> String {
    let high = generator.next()
    let low = generator.next()
    return hex(high) + hex(low)
  }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// What the journal keeps of an applied remote command, written in the same transaction as
/// the last event the command recorded: its id and its answer. A command sent again finds it
/// and answers the same, applying nothing.
public struct RemoteReceipt: Equatable, Sendable {
  public var id: String
  public var outcome: RemoteOutcome

  public init(id: String, outcome: RemoteOutcome) {
    self.id = id
    self.outcome = outcome
  }

  /// Which of the effects of applying `request` carries its receipt, and the receipt: the
  /// last `record` before an accepted `reply`. Nil for a refused command, or one that
  /// recorded nothing (sending it again changes nothing either).
  public static func carrier(of request: RemoteRequest, in effects: [Effect]) -> (index: Int, receipt: RemoteReceipt)? {
    guard
      let replyIndex = effects.firstIndex(where: { if case .reply = $0 { true } else { false } }),
      case .reply(let outcome, _) = effects[replyIndex], !outcome.isRefusal,
      let last = effects[..<replyIndex].lastIndex(where: { if case .record = $0 { true } else { false } })
    else { return nil }
    return (last, RemoteReceipt(id: request.id, outcome: outcome))
  }
}
