import Testing

@testable import SplitsXML

private func read(_ text: String, maxBytes: Int = 1_048_576) throws(XMLError) -> XMLReader.Element {
  try XMLReader.parse(Array(text.utf8), maxBytes: maxBytes)
}

/// The element and every element inside it, in document order.
private func all(_ element: XMLReader.Element) -> [XMLReader.Element] {
  [element] + element.elements.flatMap(all)
}

private func text(_ source: ArraySlice<UInt8>) -> String { String(decoding: source, as: UTF8.self) }

/// The element without what depends on where it sits in a document: its line and offsets.
private func shape(_ element: XMLReader.Element) -> String {
  let attributes = element.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
  let children = element.children.map { node in
    switch node {
    case .element(let child): shape(child)
    case .text(let text): "'\(text)'"
    }
  }
  return "\(element.name)[\(attributes)](\(children.joined(separator: " ")))"
}

/// The line of `offset` counted here apart from the reader: CR LF, LF and a lone CR end a line.
private func line(of offset: Int, in bytes: [UInt8]) -> Int {
  var line = 1
  for position in 0..<offset {
    if bytes[position] == 0x0A || (bytes[position] == 0x0D && bytes[position + 1] != 0x0A) { line += 1 }
  }
  return line
}

/// A splits file as LiveSplit writes one, with what a reader must give back untouched: CR LF,
/// a declaration, comments, CDATA, references, both quotes, a space before `>` in an end tag.
private let splitsFile =
  "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!-- saved by hand -->\r\n"
  + "<Run version=\"1.7.0\">\r\n"
  + "  <GameIcon />\r\n"
  + "  <GameName>Tour &amp; détour 🚲</GameName>\r\n"
  + "  <Metadata><Variables><Variable name='Route'>Col d&#233;</Variable></Variables></Metadata>\r\n"
  + "  <Segments>\r\n"
  + "    <Segment>\r\n      <Name><![CDATA[<Climb> & descent]]></Name>\r\n"
  + "      <SplitTimes><SplitTime name=\"Personal Best\"><RealTime>00:12:03.4</RealTime></SplitTime></SplitTimes>\r\n"
  + "    </Segment >\r\n"
  + "  </Segments>\r\n"
  + "  <AutoSplitterSettings><!-- unknown --><Flag on=\"1\"\r\n   off=\"0\"/></AutoSplitterSettings>\r\n"
  + "</Run>\r\n<!-- after -->\r\n"

@Suite("SplitsXML: each element's source, its line, and errors of XML alone")
struct XMLSourceTests {
  @Test("an element's source is its bytes from '<' to '>', exactly as written")
  func sourceText() throws {
    let bytes = Array(splitsFile.utf8)
    let root = try XMLReader.parse(bytes, maxBytes: bytes.count)
    let start = (0..<bytes.count).first { bytes[$0...].starts(with: Array("<Run".utf8)) }
    #expect(root.source.startIndex == start)
    #expect(text(root.source).hasPrefix("<Run version=\"1.7.0\">\r\n  <GameIcon />"))
    #expect(text(root.source).hasSuffix("</AutoSplitterSettings>\r\n</Run>"))
    let named = Dictionary(all(root).map { ($0.name, text($0.source)) }, uniquingKeysWith: { first, _ in first })
    #expect(named["GameIcon"] == "<GameIcon />")
    #expect(named["GameName"] == "<GameName>Tour &amp; détour 🚲</GameName>")
    #expect(named["Variable"] == "<Variable name='Route'>Col d&#233;</Variable>")
    #expect(named["Name"] == "<Name><![CDATA[<Climb> & descent]]></Name>")
    #expect(named["Flag"] == "<Flag on=\"1\"\r\n   off=\"0\"/>")
    #expect(named["AutoSplitterSettings"] == "<AutoSplitterSettings><!-- unknown --><Flag on=\"1\"\r\n   off=\"0\"/></AutoSplitterSettings>")
    let segment = try #require(named["Segment"])
    #expect(segment.hasPrefix("<Segment>\r\n      <Name>") && segment.hasSuffix("</SplitTimes>\r\n    </Segment >"))
    // The indices are the document's offsets, so the bytes around an element are at hand.
    for element in all(root) {
      #expect(Array(bytes[element.source.startIndex..<element.source.endIndex]) == Array(element.source))
    }
  }

  @Test("an element's source read alone gives the same element, and a document is put back byte for byte")
  func roundTrip() throws {
    let bytes = Array(splitsFile.utf8)
    let root = try XMLReader.parse(bytes, maxBytes: bytes.count)
    for element in all(root) {
      let again = try XMLReader.parse(Array(element.source), maxBytes: bytes.count)
      #expect(shape(again) == shape(element), "\(element.name)")
      #expect(again.source == element.source[...], "\(element.name)")
      #expect(Array(again.source) == Array(element.source), "\(element.name)")
    }
    // What a writer does with an element it does not know: its source, as it was, between
    // the rest rewritten.
    let unknown = try #require(root.elements.first { $0.name == "AutoSplitterSettings" })
    let rebuilt =
      Array(bytes[..<unknown.source.startIndex]) + Array(unknown.source) + Array(bytes[unknown.source.endIndex...])
    #expect(rebuilt == bytes)
  }

  @Test("each element's line is the line of its '<', for LF, CR LF and a lone CR alike")
  func lines() throws {
    for newline in ["\n", "\r\n", "\r"] {
      let document = [
        "<?xml version=\"1.0\"?>", "<!-- a comment", "over two lines -->", "<r>", "  <a x=\"1", "2\"/><b>",
        "<![CDATA[", "]]></b>", "  <c/>", "</r>",
      ].joined(separator: newline)
      let bytes = Array(document.utf8)
      let root = try XMLReader.parse(bytes, maxBytes: bytes.count)
      #expect(all(root).map(\.line) == [4, 5, 6, 9], "\(Array(newline.utf8))")
      for element in all(root) {
        #expect(element.line == line(of: element.source.startIndex, in: bytes), "\(element.name)")
      }
    }
    // Many elements on one line, and lines counted on after a long stretch.
    let long = "<r>" + String(repeating: "<a/>", count: 1000) + "\n\n" + String(repeating: " \n", count: 500) + "<b/></r>"
    let root = try read(long)
    #expect(Set(root.elements.dropLast().map(\.line)) == [1])
    #expect(root.elements.last?.line == 503)
  }

  @Test("errors: where (an element, a line and column, the document) and why, nothing about workouts")
  func errors() {
    func failure(_ text: String, maxBytes: Int = 1_048_576) -> XMLError? {
      do {
        _ = try read(text, maxBytes: maxBytes)
        return nil
      } catch {
        return error
      }
    }
    let inElement = failure("<Run>\n<Segment>&nbsp;</Segment></Run>")
    #expect(inElement?.place == .element("Segment", line: 2))
    #expect(inElement?.reason == .refused(
      "unknown entity &nbsp; (only &lt; &gt; &amp; &quot; &apos; and numeric references are accepted)"))
    #expect(inElement?.description.hasPrefix("line 2, element <Segment>: unknown entity &nbsp;") == true)
    let atPosition = failure("\n  <!DOCTYPE Run>\n<Run/>")
    #expect(atPosition == XMLError(.position(line: 2, column: 3), .refused("DTDs and entity declarations are not accepted")))
    #expect(atPosition?.description == "line 2, column 3: DTDs and entity declarations are not accepted")
    #expect(failure("  ") == XMLError(.document, .refused("the file holds no XML element")))
    #expect(failure("  ")?.description == "the file holds no XML element")
    // The size allowed is the caller's: nothing is read past it.
    let tooLarge = failure("<Run/>", maxBytes: 5)
    #expect(tooLarge == XMLError(.document, .tooLarge(bytes: 6, limit: 5)))
    #expect(tooLarge?.message == "the document has 6 bytes; at most 5 are read")
    #expect(failure("<Run/>", maxBytes: 6) == nil)
  }
}
