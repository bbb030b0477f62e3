/// The reading of one document: a cursor over the bytes and the stack of open elements.
struct XMLParserState {
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
  mutating func error(_ message: String, at offset: Int, element name: String? = nil) -> XMLError {
    let line = line(at: offset)
    if let name = name ?? stack.last?.name { return XMLError(.element(name, line: line), message) }
    return XMLError(.position(line: line, column: column(at: offset)), message)
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

  mutating func document() throws(XMLError) -> XMLReader.Element {
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
      throw XMLError(.element(open.name, line: open.line), "not closed: the file ends before </\(open.name)>")
    }
    guard let root else { throw XMLError(.document, "the file holds no XML element") }
    return root
  }

  /// Whatever starts with `<` at `index`.
  mutating func markup() throws(XMLError) {
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
  mutating func name() throws(XMLError) -> String? {
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

  /// Adds a finished element to the open one, or makes it the root.
  mutating func attach(_ element: XMLReader.Element) {
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(.element(element))
    }
  }
}
