/// Why a document could not be read: where (an element and the line of its tag, a line and
/// column, or the whole document) and why. Nothing in it speaks of what the document is for:
/// each format's reader words its own size limit and places the rest in its own error.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Place: Equatable, Sendable {
    /// In the element of that name, at the line of the tag at fault (its start tag, or the
    /// closing tag that does not match it).
    case element(String, line: Int)
    /// Before the root element or after it, where no element is open: a line and a column (in
    /// characters), both from 1.
    case position(line: Int, column: Int)
    /// The document as a whole: too large, or holding no element.
    case document
  }

  public enum Reason: Equatable, Sendable {
    /// More bytes than the reader was allowed to read; nothing was read.
    case tooLarge(bytes: Int, limit: Int)
    /// Anything else: XML that is not well formed, or that this reader does not accept (a DTD,
    /// an unknown entity, too deep), said in words.
    case refused(String)
  }

  public var place: Place
  public var reason: Reason

  public init(_ place: Place, _ reason: Reason) {
    self.place = place
    self.reason = reason
  }

  init(_ place: Place, _ message: String) {
    self.init(place, .refused(message))
  }

  /// The reason in words: `DTDs and entity declarations are not accepted`.
  public var message: String {
    switch reason {
    case .tooLarge(let bytes, let limit): "the document has \(bytes) bytes; at most \(limit) are read"
    case .refused(let message): message
    }
  }

  /// `line 3, element <a>: unknown entity &x; …` or `line 1, column 1: expected '<' …`.
  public var description: String {
    switch place {
    case .element(let name, let line): "line \(line), element <\(name)>: \(message)"
    case .position(let line, let column): "line \(line), column \(column): \(message)"
    case .document: message
    }
  }
}
