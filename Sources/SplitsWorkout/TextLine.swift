// The text format's lexer: a line as one code a character, and its tokens.

/// A run of non-blank characters of a line: `start..<end` in characters (`TextLine.codes`).
struct TextToken {
  let start: Int
  let end: Int

  /// 1-based, in characters.
  var column: Int { start + 1 }
  var count: Int { end - start }
}

/// One line, up to its comment, as one code a character.
struct TextLine {
  let number: Int
  /// Each character as one byte: ASCII in lower case, 0x20 for a blank (space, tab or other
  /// space separator), 0x80 for any other non-ASCII character. Tokens index these.
  let codes: [UInt8]
  /// The bytes before the comment, when they are all ASCII (one byte a character).
  let ascii: ArraySlice<UInt8>
  /// The characters before the comment, when some are not ASCII; empty otherwise.
  let characters: [Character]
  let isASCII: Bool
  /// Whether the line holds a comment (`;`).
  let hasComment: Bool

  static let blank: UInt8 = 0x20
  static let other: UInt8 = 0x80

  /// Refuses control characters anywhere in the line, the comment included: names and cues
  /// reach the terminal.
  init(_ bytes: ArraySlice<UInt8>, number: Int) throws(WorkoutError) {
    self.number = number
    var index = bytes.startIndex
    var isASCII = true
    var comment = bytes.startIndex
    while comment < bytes.endIndex, bytes[comment] != UInt8(ascii: ";") { comment += 1 }
    while index < bytes.endIndex {
      let byte = bytes[index]
      var refused: (scalar: UInt32, what: String)?
      if byte < 0x80 {
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F { refused = (UInt32(byte), "control character") }
      } else {
        if index < comment { isASCII = false }
        let next = index + 1 < bytes.endIndex ? bytes[index + 1] : 0
        let third = index + 2 < bytes.endIndex ? bytes[index + 2] : 0
        if byte == 0xC2, next >= 0x80, next <= 0x9F {
          refused = (UInt32(next), "control character")  // U+0080…U+009F: C2 80…C2 9F
        } else if byte == 0xE2, next == 0x80, third == 0xA8 || third == 0xA9 {
          refused = (0x2000 + UInt32(third - 0x80), "separator")  // U+2028, U+2029
        }
      }
      if let refused {
        let column = String(decoding: bytes[bytes.startIndex..<index], as: UTF8.self).count + 1
        let code = String(refused.scalar, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        throw WorkoutError(
          .text(line: number, column: column), "expected printable text, found the \(refused.what) U+\(padded)")
      }
      index += 1
    }
    hasComment = comment < bytes.endIndex
    let content = bytes[bytes.startIndex..<comment]
    self.isASCII = isASCII
    if isASCII {
      ascii = content
      characters = []
      var codes: [UInt8] = []
      codes.reserveCapacity(content.count)
      var index = content.startIndex
      while index < content.endIndex {
        codes.append(Self.code(content[index]))
        index += 1
      }
      self.codes = codes
    } else {
      ascii = []
      characters = Array(String(decoding: content, as: UTF8.self))
      codes = characters.map(Self.code)
    }
  }

  static func code(_ character: Character) -> UInt8 {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
      return other
    }
    if scalar.isASCII { return code(UInt8(scalar.value)) }
    return scalar.properties.generalCategory == .spaceSeparator ? blank : other
  }

  static func code(_ byte: UInt8) -> UInt8 {
    if byte == 0x09 { return blank }
    return byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }

  /// The tokens from character `from` on.
  func tokens(from: Int = 0) -> [TextToken] {
    var tokens: [TextToken] = []
    var start: Int?
    var index = from
    while index < codes.count {
      if codes[index] == Self.blank {
        if let begin = start { tokens.append(TextToken(start: begin, end: index)) }
        start = nil
      } else if start == nil {
        start = index
      }
      index += 1
    }
    if let begin = start { tokens.append(TextToken(start: begin, end: codes.count)) }
    return tokens
  }

  /// The token's codes, for shapes and keywords.
  func code(_ token: TextToken) -> ArraySlice<UInt8> { codes[token.start..<token.end] }

  func `is`(_ token: TextToken, _ word: [UInt8]) -> Bool { Shape.equals(code(token), word) }

  /// The token as written.
  func text(_ token: TextToken) -> String { text(token.start..<token.end) }

  func text(_ range: Range<Int>) -> String {
    if isASCII {
      let base = ascii.startIndex
      return String(decoding: ascii[(base + range.lowerBound)..<(base + range.upperBound)], as: UTF8.self)
    }
    return String(characters[range])
  }

  /// The token for a message: quoted, at most 40 characters.
  func quoted(_ token: TextToken) -> String {
    token.count <= 40 ? "'\(text(token))'" : "'\(text(token.start..<(token.start + 39)))…'"
  }

  /// Tokens joined by single spaces.
  func joined(_ tokens: ArraySlice<TextToken>) -> String {
    tokens.map { text($0) }.joined(separator: " ")
  }

  /// The characters `joined` gives, at most (a space may join the mark that follows it).
  func joinedCount(_ tokens: ArraySlice<TextToken>) -> Int {
    tokens.reduce(max(0, tokens.count - 1)) { $0 + $1.count }
  }

  /// The column just after the last token: where the end of the line is reported.
  func endColumn(_ tokens: [TextToken]) -> Int { (tokens.last?.end ?? 0) + 1 }

  func fail(_ column: Int, _ message: String) -> WorkoutError {
    WorkoutError(.text(line: number, column: column), message)
  }

  func fail(_ token: TextToken, _ message: String) -> WorkoutError { fail(token.column, message) }
}
