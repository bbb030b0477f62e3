import Testing

@testable import SplitsXML

/// The limit a workout file has: 1 MiB.
private let maxBytes = 1_048_576

private func read(_ text: String) throws(XMLError) -> XMLReader.Element {
  try XMLReader.parse(Array(text.utf8), maxBytes: maxBytes)
}

/// The error reading `bytes` gives, or nil when it reads.
private func failure(_ bytes: [UInt8]) -> XMLError? {
  do {
    _ = try XMLReader.parse(bytes, maxBytes: maxBytes)
    return nil
  } catch {
    return error
  }
}

private func failure(_ text: String) -> XMLError? { failure(Array(text.utf8)) }

/// Seconds `body` takes on the continuous clock.
private func seconds(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let elapsed = clock.measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

@Suite("XMLReader: a strict XML tree from untrusted bytes")
struct XMLReaderTests {
  @Test("elements, attributes in either quote, text and the line of each element")
  func tree() throws {
    let root = try read(
      """
      <root a="1" b='two'>
        <child x = "y"/>
        text &amp; more
        <other>inner</other>
      </root>
      """)
    #expect(root.name == "root")
    #expect(root.line == 1)
    #expect(root.attributes == [.init(name: "a", value: "1"), .init(name: "b", value: "two")])
    #expect(root.elements.map(\.name) == ["child", "other"])
    #expect(root.elements.map(\.line) == [2, 4])
    #expect(root.elements[0].attributes == [.init(name: "x", value: "y")])
    #expect(root.elements[1].text == "inner")
    #expect(root.text == "\n  \n  text & more\n  \n")
  }

  @Test("a declaration, a byte order mark, comments, processing instructions and CDATA")
  func skippedParts() throws {
    let text =
      "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- before -->\n<?pi data?>\n"
      + "<r>a<!-- in <b> -->b<![CDATA[<not> & a tag]]>c<?x y?></r>\n<!-- after -->\n"
    let root = try read(text)
    #expect(root.name == "r")
    #expect(root.line == 4)
    #expect(root.children == [.text("ab<not> & a tagc")])
  }

  @Test("the five predefined entities and numeric references, in text and in attributes")
  func references() throws {
    let root = try read(#"<r v="&lt;&gt;&amp;&quot;&apos;&#38;&#x26;">&lt;&gt;&amp;&quot;&apos;&#233;&#x1F6B2;</r>"#)
    #expect(root.attributes[0].value == "<>&\"'&&")
    #expect(root.text == "<>&\"'é🚲")
  }

  @Test("hexadecimal references take x only, and values beyond U+10FFFF never overflow")
  func numericReferenceEdges() {
    #expect(failure("<r>&#X41;</r>")?.message == "a character reference must be &#digits; or &#xhex;")
    let huge = failure("<r>&#99999999999999999999999999;</r>")
    #expect(huge?.message == "the character reference to beyond U+10FFFF is not a character XML allows")
    #expect(huge?.place == .element("r", line: 1))
    for bad in ["&#0;", "&#x0;", "&#xD800;", "&#xDFFF;", "&#x110000;", "&#1;", "&#x1B;", "&#xFFFE;", "&#xFFFF;"] {
      #expect(failure("<r>\(bad)</r>")?.message.contains("is not a character XML allows") == true, "\(bad)")
    }
    for bad in ["&#;", "&#x;", "&#12", "&#x1G;", "&# 1;"] {
      #expect(failure("<r>\(bad)</r>")?.message == "a character reference must be &#digits; or &#xhex;", "\(bad)")
    }
    #expect((try? read("<r>&#9;&#10;&#13;&#x10FFFF;</r>"))?.text == "\t\n\r\u{10FFFF}")
  }

  @Test("any other entity, and a bare '&', are errors naming the element and line")
  func unknownEntities() {
    let unknown = failure("<r>\n<a>&foo;</a></r>")
    #expect(unknown?.place == .element("a", line: 2))
    #expect(
      unknown?.message == "unknown entity &foo; (only &lt; &gt; &amp; &quot; &apos; and numeric references are accepted)")
    #expect(failure("<r>&LT;</r>")?.message.hasPrefix("unknown entity &LT;") == true)
    #expect(failure(#"<r a="&nbsp;"/>"#)?.message.hasPrefix("unknown entity &nbsp;") == true)
    #expect(failure("<r>fish & chips</r>")?.message == "'&' must start a reference such as &amp; (write &amp; for '&')")
    #expect(failure("<r>&amp</r>")?.message == "'&' must start a reference such as &amp; (write &amp; for '&')")
    #expect(failure("<r>&\(String(repeating: "a", count: 40));</r>")?.message.hasPrefix("'&' must start") == true)
  }

  @Test("attribute values: line breaks and tabs become spaces, references do not")
  func attributeNormalisation() throws {
    let root = try read("<r a=\"one\ttwo\r\nthree\nfour\rfive&#10;six\"/>")
    #expect(root.attributes[0].value == "one two three four five\nsix")
  }

  @Test("a DTD of any kind is refused before it is read")
  func dtd() {
    let message = "DTDs and entity declarations are not accepted"
    let plain = failure("<?xml version=\"1.0\"?>\n<!DOCTYPE workout_file>\n<workout_file/>")
    #expect(plain == XMLError(.position(line: 2, column: 1), message))
    let external = failure(
      """
      <?xml version="1.0"?>
      <!DOCTYPE r [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
      <r>&xxe;</r>
      """)
    #expect(external == XMLError(.position(line: 2, column: 1), message))
    let publicID = failure(#"<!DOCTYPE r PUBLIC "-//X//EN" "http://example.com/x.dtd"><r/>"#)
    #expect(publicID?.message == message)
    #expect(failure("<!doctype r><r/>")?.message == message)
    // Declarations inside an element are refused too, naming it.
    #expect(failure("<r>\n<!ENTITY a \"b\"></r>") == XMLError(.element("r", line: 2), message))
    for declaration in ["<!ELEMENT r ANY>", "<!ATTLIST r a CDATA #IMPLIED>", "<!NOTATION n SYSTEM \"x\">"] {
      #expect(failure("<r>\(declaration)</r>")?.message == message)
    }
    #expect(failure("<r><!foo></r>")?.message == "unexpected '<!': only comments and CDATA sections may start so")
  }

  @Test("billion laughs fails at once with the DTD error, expanding nothing")
  func billionLaughs() {
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    for level in 1...9 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      text += " <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    text += "]>\n<lolz>&lol9;</lolz>\n"
    var error: XMLError?
    let elapsed = seconds { error = failure(text) }
    #expect(error == XMLError(.position(line: 2, column: 1), "DTDs and entity declarations are not accepted"))
    #expect(elapsed < 0.5)
  }

  @Test("unclosed and mismatched tags name the element and the line")
  func unbalanced() {
    #expect(
      failure("<r>\n  <a>\n  </b>\n</r>")
        == XMLError(.element("a", line: 3), "expected </a> (opened on line 2), found </b>"))
    #expect(
      failure("<r>\n  <a>\n</r>") == XMLError(.element("a", line: 3), "expected </a> (opened on line 2), found </r>"))
    #expect(failure("<r>\n<a>\n") == XMLError(.element("a", line: 2), "not closed: the file ends before </a>"))
    #expect(failure("<r></r>\n</r>") == XMLError(.element("r", line: 2), "closing tag </r> without an opening tag"))
    #expect(failure("<r>\n<a x=\"1\"") == XMLError(.element("a", line: 2), "the tag <a> is not closed with '>'"))
    #expect(failure("<r></r") == XMLError(.element("r", line: 1), "the closing tag </r> is not closed with '>'"))
    #expect(failure("<r><a/ ></r>")?.message == "expected '>' after '/' in the tag, found a space or line break")
    #expect(failure("<r><!-- open </r>")?.message == "a comment is not closed with '-->'")
    #expect(failure("<r><![CDATA[ open </r>")?.message == "a CDATA section is not closed with ']]>'")
    #expect(failure("<?xml version=\"1.0\"")?.message == "a processing instruction '<?' is not closed with '?>'")
    #expect(failure("<r>< a/></r>")?.message == "expected an element name after '<', found a space or line break")
    #expect(failure("<r></ r></r>")?.message == "expected an element name after '</', found a space or line break")
    #expect(failure("<r><")?.message == "expected an element name after '<', found the end of the file")
    // Names match exactly, case included.
    #expect(failure("<r></R>")?.message == "expected </r> (opened on line 1), found </R>")
  }

  @Test("one root element, and no text outside it")
  func oneRoot() {
    #expect(failure("<r/>\n<s/>") == XMLError(.element("s", line: 2), "a second root element: a document has only one"))
    #expect(failure("hello <r/>") == XMLError(.position(line: 1, column: 1), "expected '<' to open the root element"))
    #expect(failure("<r/>\n  x") == XMLError(.position(line: 2, column: 3), "text after the root element"))
    #expect(failure("&amp;<r/>")?.message == "text outside the root element")
    #expect(failure("<![CDATA[x]]><r/>")?.message == "text outside the root element")
    #expect(failure("") == XMLError(.document, "the file holds no XML element"))
    #expect(failure("  \n<!-- only a comment -->\n") == XMLError(.document, "the file holds no XML element"))
    #expect(failure([0xEF, 0xBB, 0xBF]) == XMLError(.document, "the file holds no XML element"))
  }

  @Test("attribute syntax: quotes, '=', spaces between, no '<', no duplicate")
  func attributeSyntax() {
    #expect(failure("<r a=1/>")?.message == "the value of the attribute a must be in quotes")
    #expect(failure("<r a/>")?.message == "the attribute a has no value (expected =\"…\")")
    #expect(failure("<r a=\"1\"b=\"2\"/>")?.message == "expected a space before the attribute b")
    #expect(failure("<r a=\"<\"/>")?.message == "'<' is not allowed in the value of the attribute a")
    #expect(failure("<r a=\"1\" a='2'/>") == XMLError(.element("r", line: 1), "the attribute a is given twice"))
    #expect(failure("<r a=\"1\n\n") == XMLError(.element("r", line: 1), "the value of the attribute a is not closed"))
    #expect(failure("<r =\"1\"/>")?.message == "unexpected '=' in the tag")
    // Attributes differing in case are different attributes to XML.
    #expect((try? read("<r a=\"1\" A=\"2\"/>"))?.attributes.count == 2)
  }

  @Test("names: XML's name characters only, at most 200 bytes")
  func names() throws {
    #expect(try read("<zwift:workout_file x.y-z_1=\"\"><é·b/></zwift:workout_file>").elements[0].name == "é·b")
    // U+009B (a C1 control, the terminal's CSI) and U+202E (a bidirectional override).
    #expect(failure("<r\u{9B}2J/>")?.message == "U+009B cannot be part of a name")
    #expect(failure("<r a\u{202E}=\"1\"/>")?.message == "U+202E cannot be part of a name")
    #expect(failure("<·r/>")?.message == "U+00B7 cannot be part of a name")
    #expect((try? read("<" + String(repeating: "n", count: 200) + "/>")) != nil)
    #expect(failure("<" + String(repeating: "n", count: 201) + "/>")?.message == "a name longer than 200 bytes")
    #expect(failure("<r " + String(repeating: "n", count: 201) + "=\"\"/>")?.message == "a name longer than 200 bytes")
  }

  @Test("invalid UTF-8 and control characters are errors at their line and column")
  func encoding() {
    let prefix = Array("<r>\nab".utf8)
    let cases: [([UInt8], String)] = [
      ([0xFF], "the file is not valid UTF-8 (byte 0xFF)"),
      ([0xC0, 0x80], "the file is not valid UTF-8 (byte 0xC0)"),  // overlong NUL
      ([0xE0, 0x80, 0xAF], "the file is not valid UTF-8 (byte 0xE0)"),  // overlong '/'
      ([0xED, 0xA0, 0x80], "the file is not valid UTF-8 (byte 0xED)"),  // a surrogate
      ([0xF4, 0x90, 0x80, 0x80], "the file is not valid UTF-8 (byte 0xF4)"),  // beyond U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], "the file is not valid UTF-8 (byte 0xF5)"),
      ([0x80], "the file is not valid UTF-8 (byte 0x80)"),  // a lone continuation
      ([0xC3, 0x28], "the file is not valid UTF-8 (byte 0xC3)"),
      ([0x00], "control character U+0000 is not allowed in XML"),
      ([0x1B], "control character U+001B is not allowed in XML"),
      ([0xEF, 0xBF, 0xBE], "character U+FFFE is not allowed in XML"),
      ([0xEF, 0xBF, 0xBF], "character U+FFFF is not allowed in XML"),
    ]
    for (bad, message) in cases {
      #expect(failure(prefix + bad + Array("</r>".utf8)) == XMLError(.position(line: 2, column: 3), message))
    }
    // A sequence cut by the end of the file.
    #expect(failure(prefix + [0xE2, 0x82]) == XMLError(.position(line: 2, column: 3), "the file is not valid UTF-8 (byte 0xE2)"))
    // Valid multibyte characters count one column each; a lone CR ends a line.
    #expect(failure(Array("<r>\r\nx\r😀é\u{1}".utf8)) == XMLError(.position(line: 3, column: 3), "control character U+0001 is not allowed in XML"))
    // Tab, LF and CR are allowed, as is DEL.
    #expect((try? read("<r>\t\n\r\u{7F}</r>")) != nil)
  }

  @Test("a file larger than the limit fails before it is read, quickly")
  func size() {
    let limit = maxBytes
    let tenMegabytes = [UInt8](repeating: UInt8(ascii: "<"), count: 10 * 1_048_576)
    var error: XMLError?
    let elapsed = seconds { error = failure(tenMegabytes) }
    #expect(
      error == XMLError(.document, .tooLarge(bytes: 10_485_760, limit: 1_048_576)))
    #expect(error?.description == "the document has 10485760 bytes; at most 1048576 are read")
    #expect(elapsed < 0.5)
    // Exactly the limit reads; a byte more does not.
    let document = Array("<r>".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: limit - 7) + Array("</r>".utf8)
    #expect(document.count == limit)
    #expect((try? XMLReader.parse(document, maxBytes: limit)) != nil)
    #expect(failure(document + [UInt8(ascii: " ")])?.place == .document)
  }

  @Test("nesting is limited to 64 elements, and a deep hostile file fails fast")
  func depth() {
    let deepest = String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)
    #expect((try? read(deepest)) != nil)
    let tooDeep = String(repeating: "<a>\n", count: 65) + String(repeating: "</a>", count: 65)
    #expect(failure(tooDeep) == XMLError(.element("a", line: 65), "elements are nested more than 64 deep"))
    let hostile = String(repeating: "<a>", count: 300_000)
    var error: XMLError?
    let elapsed = seconds { error = failure(hostile) }
    #expect(error?.message == "elements are nested more than 64 deep")
    #expect(elapsed < 3)
  }

  @Test("at most 100 000 elements")
  func elementCount() {
    let most = "<r>" + String(repeating: "<a/>", count: 99_999) + "</r>"
    #expect((try? read(most))?.elements.count == 99_999)
    let tooMany = "<r>" + String(repeating: "<a/>", count: 100_000) + "</r>"
    #expect(failure(tooMany) == XMLError(.element("a", line: 1), "more than 100000 elements"))
  }

  @Test("errors read as 'line N, element <x>: …' or 'line N, column M: …'")
  func descriptions() {
    #expect(failure("<r>\n<a>&x;</a></r>")?.description.hasPrefix("line 2, element <a>: unknown entity &x;") == true)
    #expect(failure("x")?.description == "line 1, column 1: expected '<' to open the root element")
  }
}
