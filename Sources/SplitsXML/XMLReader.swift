/// A small, strict XML reader for files that come from strangers (workouts, splits files): it
/// builds a tree of elements and text from UTF-8 bytes and refuses anything it does not need.
///
/// - The input is at most `maxBytes` bytes (checked before anything else) and valid UTF-8
///   holding only characters XML allows (no NUL or other C0 control but tab, LF and CR).
/// - A byte order mark, the `<?xml …?>` declaration and other processing instructions, and
///   comments are skipped; CDATA sections are text.
/// - A DTD (`<!DOCTYPE`, `<!ENTITY`, …) is refused before it is read, so no entity is ever
///   declared or expanded: only the five predefined entities and numeric character references
///   of characters XML allows are accepted.
/// - At most `maxDepth` elements nested and `maxElements` elements in all.
///
/// It never recurses: open elements are kept on an explicit stack, and every scan is linear in
/// the input. Errors (`XMLError`) name the element when one is known, else a line and column.
public enum XMLReader {
  /// Elements open at once, the root included.
  public static let maxDepth = 64
  /// Elements in the whole document.
  public static let maxElements = 100_000
  /// Bytes of an element or attribute name, so that names stay fit for messages.
  public static let maxNameBytes = 200

  public struct Attribute: Equatable, Sendable {
    public var name: String
    /// References replaced; tabs and line breaks made spaces.
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public enum Node: Equatable, Sendable {
    case element(Element)
    case text(String)
  }

  public struct Element: Equatable, Sendable {
    public internal(set) var name: String
    /// In the order written; names are unique (exactly, not ignoring case).
    public internal(set) var attributes: [Attribute]
    /// Elements and text in document order; adjacent text (CDATA included) is one node.
    public internal(set) var children: [Node]
    /// The line of the `<` that opens the element, from 1 (LF, CR LF and a lone CR each end a
    /// line).
    public internal(set) var line: Int
    /// The element exactly as the document writes it, from the `<` of its start tag to the `>`
    /// of its end tag (or of its only tag, `<a/>`): valid UTF-8, references and line breaks as
    /// written. Its indices are the byte offsets in the document.
    public internal(set) var source: ArraySlice<UInt8>

    init(
      name: String, attributes: [Attribute] = [], children: [Node] = [], line: Int, source: ArraySlice<UInt8> = []
    ) {
      self.name = name
      self.attributes = attributes
      self.children = children
      self.line = line
      self.source = source
    }

    /// The child elements, in document order.
    public var elements: [Element] {
      children.compactMap { node in
        if case .element(let element) = node { return element }
        return nil
      }
    }

    /// The text directly inside the element (not inside its children), entities replaced.
    public var text: String {
      var text = ""
      for case .text(let part) in children { text += part }
      return text
    }
  }

  /// The root element of `bytes`, which may hold at most `maxBytes` bytes.
  public static func parse(_ bytes: [UInt8], maxBytes: Int) throws(XMLError) -> Element {
    guard bytes.count <= maxBytes else {
      throw XMLError(.document, .tooLarge(bytes: bytes.count, limit: maxBytes))
    }
    var parser = XMLParserState(bytes)
    return try parser.document()
  }
}
