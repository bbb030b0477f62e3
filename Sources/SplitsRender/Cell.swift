import SplitsCore

/// A terminal size in columns and rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  public var description: String { "\(columns)×\(rows)" }
}

/// The few colours the screens use. The terminal layer maps them to colour pairs.
public enum Color: UInt8, CaseIterable, Sendable {
  case green = 1, red, yellow, cyan
}

public struct Style: Hashable, Sendable {
  /// Whether a blank looks the same in `a` as in `b`: colours are foreground only, so bold,
  /// dim and colour do not show on a blank; reverse video does.
  public static func blanksLookAlike(_ a: Style, _ b: Style) -> Bool { !a.reverse && !b.reverse }

  /// The colour's raw value in the low three bits (0: none), then bold, dim and reverse: one
  /// byte, so that comparing two cells (every cell of every frame) is comparing integers.
  private var bits: UInt8 = 0

  public var color: Color? {
    get { Color(rawValue: bits & 0x07) }
    set { bits = (bits & ~0x07) | (newValue?.rawValue ?? 0) }
  }
  public var bold: Bool {
    get { bits & 0x08 != 0 }
    set { set(0x08, newValue) }
  }
  public var dim: Bool {
    get { bits & 0x10 != 0 }
    set { set(0x10, newValue) }
  }
  public var reverse: Bool {
    get { bits & 0x20 != 0 }
    set { set(0x20, newValue) }
  }

  private mutating func set(_ flag: UInt8, _ on: Bool) { bits = on ? bits | flag : bits & ~flag }

  public init(color: Color? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
    self.color = color
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
  }

  public static let plain = Style()
  public static let bold = Style(bold: true)
  public static let dim = Style(dim: true)
  public static let reverse = Style(reverse: true)
}

/// One terminal cell. A wide character (Hangul, CJK) sits in its first cell and leaves the
/// next one as a continuation (`text` empty).
///
/// Plain data, so that a frame of cells is created, compared and freed without reference
/// counting: the character is kept as its UTF-8 bytes packed in a `UInt64` (first byte in the
/// lowest eight bits; no bytes for a continuation). A character of more than eight bytes (a
/// long grapheme cluster such as a family emoji) keeps the whole Unicode scalars that fit,
/// without a joiner left dangling at the end, and the width of the whole cluster (see
/// docs/decisions.md, 2026-11-23).
public struct Cell: Equatable, Sendable {
  /// The character's UTF-8 bytes, first byte lowest; 0 for a continuation.
  var bytes: UInt64
  /// The character takes two columns (the next cell is its continuation).
  var wide: Bool
  public var style: Style

  public init(_ text: String = " ", style: Style = .plain) {
    bytes = Self.pack(text.unicodeScalars)
    wide = TextWidth.columns(text) >= 2
    self.style = style
  }

  /// A cell for one character whose width is already known.
  init(_ character: Character, width: Int, style: Style) {
    bytes = Self.pack(character.unicodeScalars)
    wide = width >= 2
    self.style = style
  }

  /// A cell for one scalar that is a character of its own, whose width is already known.
  init(_ scalar: Unicode.Scalar, width: Int, style: Style) {
    bytes = Self.pack(CollectionOfOne(scalar))
    wide = width >= 2
    self.style = style
  }

  /// A cell for one printable ASCII byte.
  init(ascii byte: UInt8, style: Style) {
    bytes = UInt64(byte)
    wide = false
    self.style = style
  }

  /// A cell for a character already packed (see `pack`), one column wide.
  init(packed: UInt64, style: Style) {
    bytes = packed
    wide = false
    self.style = style
  }

  /// The second column of a wide character.
  static func continuation(style: Style) -> Cell { Cell(packed: 0, style: style) }

  public static let blank = Cell(ascii: 0x20, style: .plain)

  public var isContinuation: Bool { bytes == 0 }
  /// The character takes two columns.
  public var isWide: Bool { wide }

  /// Packs the UTF-8 bytes of the whole scalars that fit in eight bytes; when scalars are
  /// left out, a zero-width joiner at the end of what is kept goes too.
  static func pack(_ scalars: some Sequence<Unicode.Scalar>) -> UInt64 {
    var packed: UInt64 = 0
    var count = 0
    var joinerAt: Int?
    for scalar in scalars {
      let utf8 = scalar.utf8
      if count + utf8.count > 8 {
        if let at = joinerAt { packed &= (UInt64(1) << UInt64(at * 8)) &- 1 }
        break
      }
      joinerAt = scalar == "\u{200D}" ? count : nil
      for byte in utf8 {
        packed |= UInt64(byte) << UInt64(count * 8)
        count += 1
      }
    }
    return packed
  }

  /// The character (empty for a continuation). Setting it measures the new text's width.
  public var text: String {
    get {
      var out = ""
      appendText(to: &out)
      return out
    }
    set { self = Cell(newValue, style: style) }
  }

  /// Number of UTF-8 bytes of the character.
  var utf8Count: Int { (64 - bytes.leadingZeroBitCount + 7) / 8 }

  /// Appends the character's UTF-8 bytes to `buffer`.
  func appendUTF8(to buffer: inout [UInt8]) {
    var rest = bytes
    while rest != 0 {
      buffer.append(UInt8(truncatingIfNeeded: rest))
      rest >>= 8
    }
  }

  /// Writes the character's UTF-8 bytes (at most 8) into `buffer` from `index`; returns the
  /// index after them.
  func writeUTF8(into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    var rest = bytes
    var end = index
    while rest != 0 {
      buffer[end] = UInt8(truncatingIfNeeded: rest)
      end += 1
      rest >>= 8
    }
    return end
  }

  /// Appends the character to `string`.
  func appendText(to string: inout String) {
    if bytes == 0 { return }
    if bytes < 0x80 {
      string.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: bytes)))
      return
    }
    withUnsafeBytes(of: bytes.littleEndian) { raw in
      string += String(decoding: UnsafeRawBufferPointer(rebasing: raw.prefix(utf8Count)), as: UTF8.self)
    }
  }
}
