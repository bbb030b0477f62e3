// The bytes and characters XML is made of, as the reader tests them.

let lessThan = UInt8(ascii: "<")
let greaterThan = UInt8(ascii: ">")
let ampersand = UInt8(ascii: "&")
let slash = UInt8(ascii: "/")
let question = UInt8(ascii: "?")
let bang = UInt8(ascii: "!")
let equals = UInt8(ascii: "=")
let doubleQuote = UInt8(ascii: "\"")
let singleQuote = UInt8(ascii: "'")
let semicolon = UInt8(ascii: ";")
let hash = UInt8(ascii: "#")
let lineFeed = UInt8(ascii: "\n")
let carriageReturn = UInt8(ascii: "\r")
let tab = UInt8(ascii: "\t")
let space = UInt8(ascii: " ")

func isWhitespace(_ byte: UInt8) -> Bool {
  byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
}

func isNameStart(_ byte: UInt8) -> Bool {
  (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_")
    || byte == UInt8(ascii: ":") || byte >= 0x80
}

func isNameByte(_ byte: UInt8) -> Bool {
  isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
}

/// XML 1.0's `NameStartChar`.
func isNameStartScalar(_ value: UInt32) -> Bool {
  switch value {
  case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A: true
  case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D: true
  case 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD: true
  case 0x1_0000...0xE_FFFF: true
  default: false
  }
}

/// XML 1.0's `NameChar`.
func isNameScalar(_ value: UInt32) -> Bool {
  switch value {
  case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
  default: isNameStartScalar(value)
  }
}

/// A character XML 1.0 allows in a document (its `Char` production).
func isXMLCharacter(_ value: UInt32) -> Bool {
  switch value {
  case 0x9, 0xA, 0xD: true
  case 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
  default: false
  }
}

/// Appends the UTF-8 form of `scalar`.
func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
  UTF8.encode(scalar) { bytes.append($0) }
}

/// `U+001B`
func scalarName(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

extension XMLParserState {
  /// Every byte is part of valid UTF-8 and a character XML allows.
  mutating func checkCharacters() throws(XMLError) {
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
}
