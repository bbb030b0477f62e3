import Foundation
import SplitsCore

/// The control socket's messages: one request line from the command, one answer line from
/// the screen, then the screen closes the connection.
///
/// A request is `splits-control 2 <command> <id>\n` (the protocol's version, the command's
/// name, and the request's id: 32 lowercase hexadecimal digits, made afresh by each `splits
/// lap`). The answer is one line of JSON: `{"answer": RemoteAnswer}` or `{"error": "why"}`.
/// Anything else, or more than `maxRequest` bytes, is refused without harm.
///
/// The id makes a command apply at most once, whatever dies when: the last event a command
/// records carries it into the journal (`RemoteReceipt`), so a command sent again after its
/// screen died without answering finds its answer there instead of applying twice.
public enum RemoteWire {
  public static let version = 2
  public static let maxRequest = 80
  static let prefix = "splits-control \(version) "

  /// The error a screen that is quitting answers with: the command was not taken.
  public static let closing = "the screen is closing"

  public static func request(_ request: RemoteRequest) -> [UInt8] {
    Array((prefix + request.command.rawValue + " " + request.id + "\n").utf8)
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
    guard words.count == 4 else { return .failure(.notARequest) }
    guard let command = RemoteCommand(rawValue: String(words[2])) else { return .failure(.unknownCommand) }
    guard let request = RemoteRequest(command, id: String(words[3])) else { return .failure(.badID) }
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
