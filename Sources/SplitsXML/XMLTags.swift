// The tags of a document and the references in its text and attribute values.

extension XMLParserState {
  // MARK: Start tags

  /// `<name attribute="value" …>` or `<name … />` at `index`: a self-closing element is
  /// attached at once, any other stays open on the stack.
  mutating func startTag() throws(XMLError) {
    let tagStart = index
    index += 1
    guard let name = try name() else {
      throw error("expected an element name after '<', found \(shown(index))", at: index)
    }
    let line = line(at: tagStart)
    try admit(name, line: line)
    let (attributes, selfClosing) = try attributes(in: name, tagStart: tagStart)
    flushText()
    // The start tag for now; an open element's source grows to its end tag when it closes.
    let element = XMLReader.Element(name: name, attributes: attributes, line: line, source: bytes[tagStart..<index])
    if selfClosing {
      attach(element)
    } else {
      stack.append(element)
    }
  }

  /// Room for one more element named `name`: the only root, within the depth and the count.
  mutating func admit(_ name: String, line: Int) throws(XMLError) {
    if stack.isEmpty && root != nil {
      throw XMLError(.element(name, line: line), "a second root element: a document has only one")
    }
    guard stack.count < XMLReader.maxDepth else {
      throw XMLError(
        .element(name, line: line), "elements are nested more than \(XMLReader.maxDepth) deep")
    }
    elementCount += 1
    guard elementCount <= XMLReader.maxElements else {
      throw XMLError(.element(name, line: line), "more than \(XMLReader.maxElements) elements")
    }
  }

  /// The attributes of the tag of `element` from `index` to its `>` (false) or `/>` (true).
  mutating func attributes(
    in element: String, tagStart: Int
  ) throws(XMLError) -> (attributes: [XMLReader.Attribute], selfClosing: Bool) {
    var attributes: [XMLReader.Attribute] = []
    var seen: Set<String> = []
    while true {
      let spaced = skipWhitespace()
      guard index < bytes.count else {
        throw error("the tag <\(element)> is not closed with '>'", at: tagStart, element: element)
      }
      let byte = bytes[index]
      if byte == greaterThan {
        index += 1
        return (attributes, false)
      }
      if byte == slash {
        guard index + 1 < bytes.count, bytes[index + 1] == greaterThan else {
          throw error("expected '>' after '/' in the tag, found \(shown(index + 1))", at: index, element: element)
        }
        index += 2
        return (attributes, true)
      }
      let attributeStart = index
      let attribute = try self.attribute(in: element, spaced: spaced)
      guard seen.insert(attribute.name).inserted else {
        throw error("the attribute \(attribute.name) is given twice", at: attributeStart, element: element)
      }
      attributes.append(attribute)
    }
  }

  /// `name="value"` at `index`, after white space when `spaced`.
  mutating func attribute(in element: String, spaced: Bool) throws(XMLError) -> XMLReader.Attribute {
    let attributeStart = index
    guard let attribute = try self.name() else {
      throw error("unexpected \(shown(index)) in the tag", at: index, element: element)
    }
    guard spaced else {
      throw error("expected a space before the attribute \(attribute)", at: attributeStart, element: element)
    }
    skipWhitespace()
    guard index < bytes.count, bytes[index] == equals else {
      throw error("the attribute \(attribute) has no value (expected =\"…\")", at: index, element: element)
    }
    index += 1
    skipWhitespace()
    guard index < bytes.count, bytes[index] == doubleQuote || bytes[index] == singleQuote else {
      throw error("the value of the attribute \(attribute) must be in quotes", at: index, element: element)
    }
    let value = try attributeValue(of: attribute, in: element)
    return XMLReader.Attribute(name: attribute, value: value)
  }

  /// A quoted value at `index`: references replaced, tabs and line breaks made spaces.
  mutating func attributeValue(of attribute: String, in element: String) throws(XMLError) -> String {
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

  // MARK: References

  /// The character of the entity or character reference at `index` (`&…;`).
  mutating func reference(element: String? = nil) throws(XMLError) -> Unicode.Scalar {
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

  // MARK: End tags

  /// `</name>` at `index`: it closes the open element, which must be of that name.
  mutating func endTag() throws(XMLError) {
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
      throw XMLError(.element(name, line: line), "closing tag </\(name)> without an opening tag")
    }
    guard open.name == name else {
      throw XMLError(
        .element(open.name, line: line),
        "expected </\(open.name)> (opened on line \(open.line)), found </\(name)>")
    }
    flushText()
    var element = stack.removeLast()
    element.source = bytes[element.source.startIndex..<index]
    attach(element)
  }
}
