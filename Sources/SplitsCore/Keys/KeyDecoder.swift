/// Turns what the terminal delivers (bytes, and the keys curses recognised) into keys.
///
/// curses recognises the escape sequences its terminal description lists (arrows, function
/// keys, mouse) and hands over everything else byte by byte: `ESC [1;7Q` (Ctrl-Alt-F2 on
/// many terminals) would arrive as Esc, `[`, `1`, `;`, `7`, `Q`, and `Q` would quit. This
/// decoder folds every sequence into one key that means nothing (`.other`):
/// - CSI `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), a final byte
///   (0x40–0x7E): keys with modifiers, cursor position and mode reports, urxvt and SGR mouse;
///   an X10 mouse report (`ESC [M` and three bytes) with its three bytes;
/// - SS3 `ESC O` and one byte;
/// - strings `ESC ]` (OSC), `ESC P` (DCS), `ESC X`, `ESC ^`, `ESC _`, up to BEL or `ESC \`;
/// - a bracketed paste, `ESC [200~` to `ESC [201~`, with what it pastes (pasted text is not
///   typed keys);
/// - Esc and any other character: Alt and that key.
///
/// A lone Esc (nothing after it in the same read) is the Esc key. A sequence cut by the end
/// of a read ends there, as `.other`, so a stray `ESC [` never swallows a later key; only
/// a paste goes on across reads, up to `pasteLimit` bytes.
///
/// UTF-8 is decoded here, not by curses, whose decoder drops the byte after a broken
/// sequence (a Latin-1 terminal's `é`, 0xE9, then space: the space was lost). A broken or
/// invalid sequence is one `.other`, and the byte that broke it counts on its own. A
/// character cut by the end of a read goes on in the next.
public struct KeyDecoder: Sendable {
  /// One item from the terminal: a byte, or a key curses recognised itself.
  public enum Unit: Equatable, Sendable {
    case byte(UInt8)
    /// The keypad's Enter.
    case enterKey
    /// Any other key curses recognised (arrows, function keys, mouse, resize).
    case functionKey
  }

  enum State: Equatable, Sendable {
    case ground
    /// Inside a UTF-8 character: the bytes so far, how many it takes, and whether Esc came
    /// first (Alt and the character).
    case utf8(bytes: [UInt8], length: Int, alt: Bool)
    case escape
    case csi(parameters: [UInt8])
    case x10Mouse(remaining: Int)
    case ss3
    case string
    case stringEscape
    case paste(count: Int)
    case pasteEscape(count: Int, tail: [UInt8])
  }

  static let escapeByte: UInt8 = 27
  /// Longest CSI parameter run kept (the decoder's memory stays bounded).
  static let parameterLimit = 64
  public static let pasteLimit = 1 << 16

  private(set) var state: State = .ground

  public init() {}

  /// The keys `units` make, in order, then the end of the read.
  public mutating func decode(_ units: [Unit]) -> [Key] {
    var keys: [Key] = []
    for unit in units { feed(unit, into: &keys) }
    endOfRead(into: &keys)
    return keys
  }

  /// One unit; appends the keys it completes.
  public mutating func feed(_ unit: Unit, into keys: inout [Key]) {
    guard case .byte(let value) = unit else {
      // A key curses recognised ends whatever sequence was open.
      switch state {
      case .paste, .pasteEscape: return
      case .escape: keys.append(.other)  // Alt and that key
      case .ground: keys.append(unit == .enterKey ? .enter : .other)
      default: keys.append(.other); keys.append(unit == .enterKey ? .enter : .other)
      }
      state = .ground
      return
    }
    switch state {
    case .ground:
      if value == Self.escapeByte {
        state = .escape
      } else if value < 0x80 {
        keys.append(Self.key(UInt32(value)))
      } else {
        startCharacter(value, alt: false, into: &keys)
      }
    case .utf8(var bytes, let length, let alt):
      guard value & 0xC0 == 0x80 else {
        // Broken off: what came so far is one key that means nothing; this byte starts afresh.
        keys.append(.other)
        state = .ground
        feed(unit, into: &keys)
        return
      }
      bytes.append(value)
      guard bytes.count == length else {
        state = .utf8(bytes: bytes, length: length, alt: alt)
        return
      }
      state = .ground
      let text = String(decoding: bytes, as: UTF8.self)
      // Overlong forms and surrogates decode to U+FFFD: invalid, like any other.
      guard !alt, let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else {
        keys.append(.other)
        return
      }
      keys.append(Self.key(scalar.value))
    case .escape:
      switch value {
      case 0x5B: state = .csi(parameters: [])  // [
      case 0x4F: state = .ss3  // O
      case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string  // ] P X ^ _
      case Self.escapeByte:
        keys.append(.escape)  // Esc Esc: the first stands alone
      case 0x80...:
        startCharacter(value, alt: true, into: &keys)  // Alt and a non-ASCII character
      default:
        keys.append(.other)  // Alt and a key
        state = .ground
      }
    case .csi(var parameters):
      switch value {
      case 0x20...0x3F:
        // Past the limit the run is still part of the sequence; it is just not kept.
        if parameters.count < Self.parameterLimit { parameters.append(UInt8(value)) }
        state = .csi(parameters: parameters)
      case 0x40...0x7E:
        if parameters.isEmpty && value == 0x4D {  // ESC [ M and three bytes: X10 mouse
          state = .x10Mouse(remaining: 3)
        } else if parameters == Array("200".utf8) && value == 0x7E {
          state = .paste(count: 0)
        } else {
          keys.append(.other)
          state = .ground
        }
      default:
        // Not part of a CSI sequence: what came so far means nothing, this starts afresh.
        keys.append(.other)
        state = .ground
        feed(unit, into: &keys)
      }
    case .x10Mouse(let remaining):
      if remaining > 1 {
        state = .x10Mouse(remaining: remaining - 1)
      } else {
        keys.append(.other)
        state = .ground
      }
    case .ss3:
      keys.append(.other)
      state = .ground
    case .string:
      if value == 7 {
        keys.append(.other)
        state = .ground
      } else if value == Self.escapeByte {
        state = .stringEscape
      }
    case .stringEscape:
      keys.append(.other)
      state = .ground
      if value != 0x5C { feed(.byte(Self.escapeByte), into: &keys); feed(unit, into: &keys) }
    case .paste(let count):
      if count >= Self.pasteLimit {
        state = .ground
        feed(unit, into: &keys)
      } else if value == Self.escapeByte {
        state = .pasteEscape(count: count + 1, tail: [])
      } else {
        state = .paste(count: count + 1)
      }
    case .pasteEscape(let count, var tail):
      // Looking for "[201~" after an Esc inside the paste.
      let end = Array("[201~".utf8)
      guard value == end[tail.count] else {
        state = .paste(count: count + 1)
        if value == Self.escapeByte { state = .pasteEscape(count: count + 1, tail: []) }
        return
      }
      tail.append(value)
      if tail.count == end.count {
        keys.append(.other)
        state = .ground
      } else {
        state = .pasteEscape(count: count + 1, tail: tail)
      }
    }
  }

  /// The end of one read from the terminal.
  public mutating func endOfRead(into keys: inout [Key]) {
    switch state {
    case .ground, .utf8, .paste, .pasteEscape: return
    case .escape: keys.append(.escape)
    default: keys.append(.other)
    }
    state = .ground
  }

  /// The first byte of a UTF-8 character: how many bytes it takes, or `.other` at once for
  /// a byte that cannot start one (a continuation byte, 0xC0, 0xC1, 0xF5 and above).
  private mutating func startCharacter(_ lead: UInt8, alt: Bool, into keys: inout [Key]) {
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default:
      keys.append(.other)
      state = .ground
      return
    }
    state = .utf8(bytes: [lead], length: length, alt: alt)
  }

  /// A character outside any sequence.
  static func key(_ value: UInt32) -> Key {
    switch value {
    case 10, 13: return .enter
    case UInt32(escapeByte): return .escape
    default:
      guard value >= 32, value != 127, let scalar = Unicode.Scalar(value) else { return .other }
      return .character(Character(scalar))
    }
  }
}
