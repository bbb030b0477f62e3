import Foundation
import SplitsCore

/// The control socket's messages: one request line from the command, one answer line from
/// the screen, then the screen closes the connection.
///
/// A request is `splits-control 3 <command> <id>` (the protocol's version, the command's
/// name, and the request's id: 32 lowercase hexadecimal digits, made afresh by each `splits
/// lap`), then for `start` the ride's details, each one word: `name=<hex>` (the name's UTF-8
/// bytes in lowercase hexadecimal, nothing for no name) and `sport=<sport>`; then `\n`.
/// The answer is one line of JSON: `{"answer": RemoteAnswer}` or `{"error": "why"}`.
/// Anything else, or more than `maxRequest` bytes, is refused without harm; a request of
/// another version is refused as such (version 2 had no details).
///
/// The id makes a command apply at most once, whatever dies when: the last event a command
/// records carries it into the journal (`RemoteReceipt`), so a command sent again after its
/// screen died without answering finds its answer there instead of applying twice.
public enum RemoteWire {
  public static let version = 3
  /// The most bytes a name may have in a request (`splits start --name` refuses more).
  public static let maxNameBytes = 256
  public static let maxRequest = 80 + " name=".utf8.count + 2 * maxNameBytes + " sport=biking".utf8.count
  static let prefix = "splits-control \(version) "

  /// The error a screen that is quitting answers with: the command was not taken.
  public static let closing = "the screen is closing"

  public static func request(_ request: RemoteRequest) -> [UInt8] {
    var words = [request.command.rawValue, request.id]
    if let name = request.details.name { words.append("name=" + name.utf8.map { hexByte($0) }.joined()) }
    if let sport = request.details.sport { words.append("sport=" + sport.rawValue) }
    return Array((prefix + words.joined(separator: " ") + "\n").utf8)
  }

  static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// The details' words of a request (after its id): nil when one is not a detail, is given
  /// twice, or its value cannot be read.
  static func details(_ words: some Collection<Substring>) -> RemoteRideDetails? {
    var details = RemoteRideDetails()
    for word in words {
      if word.hasPrefix("name="), details.name == nil {
        guard let name = text(hex: word.dropFirst(5)) else { return nil }
        details.name = name
      } else if word.hasPrefix("sport="), details.sport == nil {
        guard let sport = Sport(rawValue: String(word.dropFirst(6))) else { return nil }
        details.sport = sport
      } else {
        return nil
      }
    }
    return details
  }

  /// The UTF-8 text whose bytes `hex` spells in lowercase pairs; nil when it does not.
  static func text(hex: Substring) -> String? {
    let digits = Array(hex.utf8)
    guard digits.count.isMultiple(of: 2), digits.count <= 2 * maxNameBytes else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16),
        hexByte(byte) == String(decoding: digits[index...index + 1], as: UTF8.self)
      else { return nil }
      bytes.append(byte)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Why the screen refuses a request, sent back as `{"error": …}`.
  public enum Malformed: String, Error, Equatable, Sendable {
    case tooLong = "the request is longer than a command"
    case notARequest = "not a splits-control request"
    case otherVersion = "a request of another version of splits: quit the screen and open it again"
    case unknownCommand = "unknown command"
    case badID = "a request without a valid id"
  }

  /// The command in `bytes` (a whole line without its newline).
  public static func parse(_ bytes: some Collection<UInt8>) -> Result<RemoteRequest, Malformed> {
    guard bytes.count <= maxRequest else { return .failure(.tooLong) }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.notARequest) }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count >= 2, words[0] == "splits-control" else { return .failure(.notARequest) }
    guard words[1] == "\(version)" else { return .failure(.otherVersion) }
    guard words.count >= 4 else { return .failure(.notARequest) }
    guard let command = RemoteCommand(rawValue: String(words[2])) else { return .failure(.unknownCommand) }
    // Only a start takes a ride's details.
    guard let details = details(words.dropFirst(4)), details.isEmpty || command == .start else {
      return .failure(.notARequest)
    }
    guard let request = RemoteRequest(command, id: String(words[3]), details: details) else { return .failure(.badID) }
    return .success(request)
  }

  /// One answer line.
  public struct Reply: Equatable, Codable, Sendable {
    public var answer: RemoteAnswer?
    public var error: String?

    public init(answer: RemoteAnswer? = nil, error: String? = nil) {
      self.answer = answer
      self.error = error
    }
  }

  public static func encode(_ reply: Reply) -> [UInt8] {
    let data = (try? JSONEncoder().encode(reply)) ?? Data(#"{"error":"the answer could not be written"}"#.utf8)
    return Array(data) + [UInt8(ascii: "\n")]
  }

  /// The answer in `bytes` (one line, its newline optional), or nil when it is not one.
  public static func decode(_ bytes: [UInt8]) -> Reply? {
    let line = bytes.last == UInt8(ascii: "\n") ? Array(bytes.dropLast()) : bytes
    return try? JSONDecoder().decode(Reply.self, from: Data(line))
  }
}
