import SplitsXML

/// Why a LiveSplit file could not be read: where (the element and the line of its tag, a line
/// and column outside any element, or the file as a whole) and why, in words.
public struct LSSError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Place: Equatable, Sendable {
    case element(String, line: Int)
    case position(line: Int, column: Int)
    case file
  }

  public var place: Place
  public var message: String

  public init(_ place: Place, _ message: String) {
    self.place = place
    self.message = message
  }

  /// An error in `element`, at the line of its tag.
  init(_ element: XMLReader.Element, _ message: String) {
    self.init(.element(element.name, line: element.line), message)
  }

  /// The XML reader's refusal, its size limit worded for a LiveSplit file.
  init(_ error: XMLError) {
    switch error.reason {
    case .tooLarge(let bytes, let limit):
      self.init(.file, "the file has \(bytes) bytes; a LiveSplit file is at most \(limit) bytes (\(limit >> 20) MiB)")
    case .refused(let message):
      switch error.place {
      case .element(let name, let line): self.init(.element(name, line: line), message)
      case .position(let line, let column): self.init(.position(line: line, column: column), message)
      case .document: self.init(.file, message)
      }
    }
  }

  /// `line 12, element <RealTime>: "1:2:3:4" is not a time`.
  public var description: String {
    switch place {
    case .element(let name, let line): "line \(line), element <\(name)>: \(message)"
    case .position(let line, let column): "line \(line), column \(column): \(message)"
    case .file: message
    }
  }
}
