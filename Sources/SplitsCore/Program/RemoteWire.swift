import Foundation

/// The control socket's messages: one request line from the command, one answer line from
/// the screen, then the screen closes the connection.
///
/// A request is `splits-control 1 <command>\n` (the protocol's version, then the command's
/// name). The answer is one line of JSON: `{"answer": RemoteAnswer}` or `{"error": "why"}`.
/// Anything else, or more than `maxRequest` bytes, is refused without harm.
public enum RemoteWire {
  public static let version = 1
  public static let maxRequest = 64
  static let prefix = "splits-control \(version) "

  /// The error a screen that is quitting answers with: the command was not taken.
  public static let closing = "the screen is closing"

  public static func request(_ command: RemoteCommand) -> [UInt8] { Array((prefix + command.rawValue + "\n").utf8) }

  /// Why the screen refuses a request, sent back as `{"error": …}`.
  public enum Malformed: String, Error, Equatable, Sendable {
    case tooLong = "the request is longer than a command"
    case notARequest = "not a splits-control request"
    case otherVersion = "a request of another version of splits: quit the screen and open it again"
    case unknownCommand = "unknown command"
  }

  /// The command in `bytes` (a whole line without its newline).
  public static func parse(_ bytes: some Collection<UInt8>) -> Result<RemoteCommand, Malformed> {
    guard bytes.count <= maxRequest else { return .failure(.tooLong) }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.notARequest) }
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard words.count == 3, words[0] == "splits-control" else { return .failure(.notARequest) }
    guard words[1] == "\(version)" else { return .failure(.otherVersion) }
    guard let command = RemoteCommand(rawValue: String(words[2])) else { return .failure(.unknownCommand) }
    return .success(command)
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
