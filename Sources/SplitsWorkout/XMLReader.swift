/// A small, strict XML reader for workout files, which come from strangers: it builds a tree of
/// elements and text from UTF-8 bytes and refuses anything it does not need.
///
/// - The input is at most `Workout.Limits.bytes` bytes (checked before anything else) and valid
///   UTF-8 holding only characters XML allows (no NUL or other C0 control but tab, LF and CR).
/// - A byte order mark, the `<?xml …?>` declaration and other processing instructions, and
///   comments are skipped; CDATA sections are text.
/// - A DTD (`<!DOCTYPE`, `<!ENTITY`, …) is refused before it is read, so no entity is ever
///   declared or expanded: only the five predefined entities and numeric character references
///   of characters XML allows are accepted.
/// - At most `maxDepth` elements nested and `maxElements` elements in all.
///
/// It never recurses: open elements are kept on an explicit stack, and every scan is linear in
/// the input. Errors name the element when one is known, else a line and column.
enum XMLReader {
  /// Elements open at once, the root included.
  static let maxDepth = 64
  /// Elements in the whole document.
  static let maxElements = 100_000
  /// Bytes of an element or attribute name, so that names stay fit for messages.
  static let maxNameBytes = 200

  struct Attribute: Equatable, Sendable {
    var name: String
    var value: String
  }

  enum Node: Equatable, Sendable {
    case element(Element)
    case text(String)
  }

  struct Element: Equatable, Sendable {
    var name: String
    /// In the order written; names are unique (exactly, not ignoring case).
    var attributes: [Attribute]
    /// Elements and text in document order; adjacent text (CDATA included) is one node.
    var children: [Node]
    /// The line of the `<` that opens the element, from 1.
    var line: Int

    init(name: String, attributes: [Attribute] = [], children: [Node] = [], line: Int) {
      self.name = name
      self.attributes = attributes
      self.children = children
      self.line = line
    }

    /// The child elements, in document order.
    var elements: [Element] {
      children.compactMap { node in
        if case .element(let element) = node { return element }
        return nil
      }
    }

    /// The text directly inside the element (not inside its children), entities replaced.
    var text: String {
      var text = ""
      for case .text(let part) in children { text += part }
      return text
    }
  }

  /// The root element of `bytes`.
  static func parse(_ bytes: [UInt8]) throws(WorkoutError) -> Element {
    guard bytes.count <= Workout.Limits.bytes else {
      throw WorkoutError(
        .whole, "the file has \(bytes.count) bytes; a workout file is at most \(Workout.Limits.bytes) bytes (1 MiB)")
    }
    var parser = XMLParserState(bytes)
    return try parser.document()
  }
}

private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let ampersand = UInt8(ascii: "&")
private let slash = UInt8(ascii: "/")
private let question = UInt8(ascii: "?")
private let bang = UInt8(ascii: "!")
private let equals = UInt8(ascii: "=")
private let doubleQuote = UInt8(ascii: "\"")
private let singleQuote = UInt8(ascii: "'")
private let semicolon = UInt8(ascii: ";")
private let hash = UInt8(ascii: "#")
private let lineFeed = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let tab = UInt8(ascii: "\t")
private let space = UInt8(ascii: " ")

private func isWhitespace(_ byte: UInt8) -> Bool {
  byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
}

private func isNameStart(_ byte: UInt8) -> Bool {
  (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_")
    || byte == UInt8(ascii: ":") || byte >= 0x80
}

private func isNameByte(_ byte: UInt8) -> Bool {
  isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
}

/// XML 1.0's `NameStartChar`.
private func isNameStartScalar(_ value: UInt32) -> Bool {
  switch value {
  case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A: true
  case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D: true
  case 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD: true
  case 0x1_0000...0xE_FFFF: true
  default: false
  }
}

/// XML 1.0's `NameChar`.
private func isNameScalar(_ value: UInt32) -> Bool {
  switch value {
  case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
  default: isNameStartScalar(value)
  }
}

/// A character XML 1.0 allows in a document (its `Char` production).
private func isXMLCharacter(_ value: UInt32) -> Bool {
  switch value {
  case 0x9, 0xA, 0xD: true
  case 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
  default: false
  }
}

/// Appends the UTF-8 form of `scalar`.
private func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
  UTF8.encode(scalar) { bytes.append($0) }
}

/// `U+001B`
private func scalarName(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

/// The reading of one document: a cursor over the bytes and the stack of open elements.
private struct XMLParserState {
  let bytes: [UInt8]
  var index = 0
  var stack: [XMLReader.Element] = []
  var root: XMLReader.Element?
  var elementCount = 0
  /// Text read since the last tag, not yet added to the open element.
  var pendingText: [UInt8] = []
  /// Where the line count last stopped, so counting lines stays linear.
  var countedOffset = 0
  var countedLine = 1

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: Positions and errors

  /// The line (from 1) of `offset`: LF, CR LF and a lone CR each end a line.
  mutating func line(at offset: Int) -> Int {
    if offset < countedOffset {
      countedOffset = 0
      countedLine = 1
    }
    var position = countedOffset
    var line = countedLine
    while position < offset && position < bytes.count {
      let byte = bytes[position]
      if byte == lineFeed {
        line += 1
      } else if byte == carriageReturn && (position + 1 >= bytes.count || bytes[position + 1] != lineFeed) {
        line += 1
      }
      position += 1
    }
    countedOffset = position
    countedLine = line
    return line
  }

  /// The column (from 1, in characters) of `offset`; only for errors, as it scans back to the
  /// start of the line.
  func column(at offset: Int) -> Int {
    var start = min(offset, bytes.count)
    while start > 0 && bytes[start - 1] != lineFeed && bytes[start - 1] != carriageReturn { start -= 1 }
    var column = 1
    var position = start
    while position < offset && position < bytes.count {
      if bytes[position] & 0xC0 != 0x80 { column += 1 }
      position += 1
    }
    return column
  }

  /// An error in element `name` when one is given, else in the open element, else at a line and
  /// column.
  mutating func error(_ message: String, at offset: Int, element name: String? = nil) -> WorkoutError {
    let line = line(at: offset)
    if let name = name ?? stack.last?.name { return WorkoutError(.element(name, line: line), message) }
    return WorkoutError(.text(line: line, column: column(at: offset)), message)
  }

  func starts(with prefix: String, at offset: Int, ignoringCase: Bool = false) -> Bool {
    var position = offset
    for expected in prefix.utf8 {
      guard position < bytes.count else { return false }
      var byte = bytes[position]
      var wanted = expected
      if ignoringCase {
        if byte >= 0x61 && byte <= 0x7A { byte -= 0x20 }
        if wanted >= 0x61 && wanted <= 0x7A { wanted -= 0x20 }
      }
      guard byte == wanted else { return false }
      position += 1
    }
    return true
  }

  /// The offset of the first `terminator` at or after `offset`, if any.
  func find(_ terminator: String, from offset: Int) -> Int? {
    let pattern = Array(terminator.utf8)
    guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
    var position = offset
    while position <= bytes.count - pattern.count {
      if bytes[position] == first {
        var matched = true
        for k in 1..<pattern.count where bytes[position + k] != pattern[k] {
          matched = false
          break
        }
        if matched { return position }
      }
      position += 1
    }
    return nil
  }

  // MARK: The document

  mutating func document() throws(WorkoutError) -> XMLReader.Element {
    try checkCharacters()
    if starts(with: "\u{FEFF}", at: 0) { index = 3 }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == lessThan {
        try markup()
      } else if byte == ampersand {
        guard !stack.isEmpty else { throw error("text outside the root element", at: index) }
        let scalar = try reference()
        appendUTF8(scalar, to: &pendingText)
      } else {
        if stack.isEmpty && !isWhitespace(byte) {
          throw error(
            root == nil ? "expected '<' to open the root element" : "text after the root element", at: index)
        }
        if !stack.isEmpty { pendingText.append(byte) }
        index += 1
      }
    }
    if let open = stack.last {
      throw WorkoutError(.element(open.name, line: open.line), "not closed: the file ends before </\(open.name)>")
    }
    guard let root else { throw WorkoutError(.whole, "the file holds no XML element") }
    return root
  }

  /// Every byte is part of valid UTF-8 and a character XML allows.
  mutating func checkCharacters() throws(WorkoutError) {
    var position = 0
    let count = bytes.count
    while position < count {
      let lead = bytes[position]
      if lead < 0x80 {
        if lead < 0x20 && lead != tab && lead != lineFeed && lead != carriageReturn {
          throw error("control character \(scalarName(UInt32(lead))) is not allowed in XML", at: position)
        }
        position += 1
        continue
      }
      var length = 0
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; high = 0x9F
      case 0xF0: length = 4; low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; high = 0x8F
      default: length = 0
      }
      var valid = length > 0 && position + length <= count
      if valid {
        let second = bytes[position + 1]
        valid = second >= low && second <= high
        for k in 2..<max(2, length) where valid {
          valid = bytes[position + k] & 0xC0 == 0x80
        }
      }
      guard valid else {
        throw error(
          "the file is not valid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true)))", at: position)
      }
      // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters.
      if lead == 0xEF && bytes[position + 1] == 0xBF && bytes[position + 2] >= 0xBE {
        let value: UInt32 = bytes[position + 2] == 0xBE ? 0xFFFE : 0xFFFF
        throw error("character \(scalarName(value)) is not allowed in XML", at: position)
      }
      position += length
    }
  }

  /// Whatever starts with `<` at `index`.
  mutating func markup() throws(WorkoutError) {
    let next = index + 1 < bytes.count ? bytes[index + 1] : 0
    switch next {
    case question:
      guard let end = find("?>", from: index + 2) else {
        throw error("a processing instruction '<?' is not closed with '?>'", at: index)
      }
      index = end + 2
    case bang:
      if starts(with: "<!--", at: index) {
        guard let end = find("-->", from: index + 4) else {
          throw error("a comment is not closed with '-->'", at: index)
        }
        index = end + 3
      } else if starts(with: "<![CDATA[", at: index) {
        guard !stack.isEmpty else { throw error("text outside the root element", at: index) }
        guard let end = find("]]>", from: index + 9) else {
          throw error("a CDATA section is not closed with ']]>'", at: index)
        }
        pendingText.append(contentsOf: bytes[(index + 9)..<end])
        index = end + 3
      } else if ["<!DOCTYPE", "<!ENTITY", "<!ELEMENT", "<!ATTLIST", "<!NOTATION"].contains(where: {
        starts(with: $0, at: index, ignoringCase: true)
      }) {
        throw error("DTDs and entity declarations are not accepted", at: index)
      } else {
        throw error("unexpected '<!': only comments and CDATA sections may start so", at: index)
      }
    case slash:
      try endTag()
    default:
      try startTag()
    }
  }

  /// Adds the text read since the last tag to the open element.
  mutating func flushText() {
    guard !pendingText.isEmpty, !stack.isEmpty else { return }
    let text = String(decoding: pendingText, as: UTF8.self)
    pendingText.removeAll(keepingCapacity: true)
    let top = stack.count - 1
    if case .text(let previous) = stack[top].children.last {
      stack[top].children[stack[top].children.count - 1] = .text(previous + text)
    } else {
      stack[top].children.append(.text(text))
    }
  }

  /// A name at `index`, or nil when none starts there. Beyond ASCII only the characters XML
  /// names allow (no control, no bidirectional override); at most `maxNameBytes` bytes.
  mutating func name() throws(WorkoutError) -> String? {
    guard index < bytes.count, isNameStart(bytes[index]) else { return nil }
    let start = index
    while index < bytes.count && isNameByte(bytes[index]) { index += 1 }
    guard index - start <= XMLReader.maxNameBytes else {
      throw error("a name longer than \(XMLReader.maxNameBytes) bytes", at: start)
    }
    let name = String(decoding: bytes[start..<index], as: UTF8.self)
    for (position, scalar) in name.unicodeScalars.enumerated()
    where !(position == 0 ? isNameStartScalar(scalar.value) : isNameScalar(scalar.value)) {
      throw error("\(scalarName(scalar.value)) cannot be part of a name", at: start)
    }
    return name
  }

  @discardableResult
  mutating func skipWhitespace() -> Bool {
    let start = index
    while index < bytes.count && isWhitespace(bytes[index]) { index += 1 }
    return index > start
  }

  /// A shown form of the byte at `offset` for messages: `'x'` or `the end of the file`.
  func shown(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte < 0x80 { return isWhitespace(byte) ? "a space or line break" : scalarName(UInt32(byte)) }
    return "a non-ASCII character"
  }

  mutating func startTag() throws(WorkoutError) {
    let tagStart = index
    index += 1
    guard let name = try name() else {
      throw error("expected an element name after '<', found \(shown(index))", at: index)
    }
    let line = line(at: tagStart)
    if stack.isEmpty && root != nil {
      throw WorkoutError(.element(name, line: line), "a second root element: a document has only one")
    }
    guard stack.count < XMLReader.maxDepth else {
      throw WorkoutError(
        .element(name, line: line), "elements are nested more than \(XMLReader.maxDepth) deep")
    }
    elementCount += 1
    guard elementCount <= XMLReader.maxElements else {
      throw WorkoutError(.element(name, line: line), "more than \(XMLReader.maxElements) elements")
    }
    var attributes: [XMLReader.Attribute] = []
    var seen: Set<String> = []
    var selfClosing = false
    while true {
      let spaced = skipWhitespace()
      guard index < bytes.count else {
        throw error("the tag <\(name)> is not closed with '>'", at: tagStart, element: name)
      }
      let byte = bytes[index]
      if byte == greaterThan {
        index += 1
        break
      }
      if byte == slash {
        guard index + 1 < bytes.count, bytes[index + 1] == greaterThan else {
          throw error("expected '>' after '/' in the tag, found \(shown(index + 1))", at: index, element: name)
        }
        index += 2
        selfClosing = true
        break
      }
      let attributeStart = index
      guard let attribute = try self.name() else {
        throw error("unexpected \(shown(index)) in the tag", at: index, element: name)
      }
      guard spaced else {
        throw error("expected a space before the attribute \(attribute)", at: attributeStart, element: name)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == equals else {
        throw error("the attribute \(attribute) has no value (expected =\"…\")", at: index, element: name)
      }
      index += 1
      skipWhitespace()
      guard index < bytes.count, bytes[index] == doubleQuote || bytes[index] == singleQuote else {
        throw error("the value of the attribute \(attribute) must be in quotes", at: index, element: name)
      }
      let value = try attributeValue(of: attribute, in: name)
      guard seen.insert(attribute).inserted else {
        throw error("the attribute \(attribute) is given twice", at: attributeStart, element: name)
      }
      attributes.append(XMLReader.Attribute(name: attribute, value: value))
    }
    flushText()
    let element = XMLReader.Element(name: name, attributes: attributes, line: line)
    if selfClosing {
      attach(element)
    } else {
      stack.append(element)
    }
  }

  /// A quoted value at `index`: references replaced, tabs and line breaks made spaces.
  mutating func attributeValue(of attribute: String, in element: String) throws(WorkoutError) -> String {
    let quote = bytes[index]
    let valueStart = index
    index += 1
    var value: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw error("the value of the attribute \(attribute) is not closed", at: valueStart, element: element)
      }
      let byte = bytes[index]
      if byte == quote {
        index += 1
        break
      }
      if byte == lessThan {
        throw error("'<' is not allowed in the value of the attribute \(attribute)", at: index, element: element)
      }
      if byte == ampersand {
        let scalar = try reference(element: element)
        appendUTF8(scalar, to: &value)
        continue
      }
      if byte == carriageReturn {
        // CR LF is one line break, as a lone CR is.
        if index + 1 < bytes.count && bytes[index + 1] == lineFeed { index += 1 }
        value.append(space)
      } else {
        value.append(isWhitespace(byte) ? space : byte)
      }
      index += 1
    }
    return String(decoding: value, as: UTF8.self)
  }

  /// The character of the entity or character reference at `index` (`&…;`).
  mutating func reference(element: String? = nil) throws(WorkoutError) -> Unicode.Scalar {
    let start = index
    index += 1
    if index < bytes.count && bytes[index] == hash {
      index += 1
      let hex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
      if hex { index += 1 }
      var value: UInt32 = 0
      var digits = 0
      while index < bytes.count {
        let byte = bytes[index]
        let digit: UInt32
        switch byte {
        case 0x30...0x39: digit = UInt32(byte - 0x30)
        case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
        case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
        default: digit = UInt32.max
        }
        guard digit != UInt32.max else { break }
        // Past U+10FFFF the value stays there: it is refused below, never overflows.
        value = min(value * (hex ? 16 : 10) + digit, 0x11_0000)
        digits += 1
        index += 1
      }
      guard digits > 0, index < bytes.count, bytes[index] == semicolon else {
        throw error(
          "a character reference must be &#digits; or &#xhex;", at: start, element: element)
      }
      index += 1
      guard isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
        let shownValue = value > 0x10_FFFF ? "beyond U+10FFFF" : scalarName(value)
        throw error(
          "the character reference to \(shownValue) is not a character XML allows", at: start, element: element)
      }
      return scalar
    }
    let nameStart = index
    while index < bytes.count && index - nameStart < 32 && isNameByte(bytes[index]) { index += 1 }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    guard !name.isEmpty, index < bytes.count, bytes[index] == semicolon else {
      throw error("'&' must start a reference such as &amp; (write &amp; for '&')", at: start, element: element)
    }
    index += 1
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      throw error(
        "unknown entity &\(name); (only &lt; &gt; &amp; &quot; &apos; and numeric references are accepted)",
        at: start, element: element)
    }
  }

  mutating func endTag() throws(WorkoutError) {
    let tagStart = index
    index += 2
    guard let name = try name() else {
      throw error("expected an element name after '</', found \(shown(index))", at: index)
    }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == greaterThan else {
      throw error("the closing tag </\(name)> is not closed with '>'", at: tagStart, element: name)
    }
    index += 1
    let line = line(at: tagStart)
    guard let open = stack.last else {
      throw WorkoutError(.element(name, line: line), "closing tag </\(name)> without an opening tag")
    }
    guard open.name == name else {
      throw WorkoutError(
        .element(open.name, line: line),
        "expected </\(open.name)> (opened on line \(open.line)), found </\(name)>")
    }
    flushText()
    attach(stack.removeLast())
  }

  /// Adds a finished element to the open one, or makes it the root.
  mutating func attach(_ element: XMLReader.Element) {
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(.element(element))
    }
  }
}
