/// Terminal column widths, measured without the C library (whose `wcwidth` depends on the
/// process locale). Hangul, CJK and fullwidth forms take two columns; combining marks none.
public enum TextWidth {
  /// Columns one Unicode scalar takes.
  public static func columns(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0 { return 0 }
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
    if v < 0x300 { return 1 }
    if (0x300...0x36F).contains(v) || (0x1160...0x11FF).contains(v) || (0x200B...0x200F).contains(v)
      || (0xFE00...0xFE0F).contains(v) || (0x20D0...0x20FF).contains(v)
    {
      return 0
    }
    if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
      || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
      || (0xA960...0xA97F).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
      || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
      || (0x1F300...0x1F64F).contains(v) || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    {
      return 2
    }
    return isWideEmoji(v) ? 2 : 1
  }

  /// The other emoji a terminal shows two columns wide (East Asian Width W, as the C
  /// library's `wcwidth` and tmux have them): the transport and map symbols (🚴 U+1F6B4), the
  /// symbols and pictographs extended (🫡), and the older symbols with an emoji presentation
  /// (⌚ ⚡ ✅ ⭐).
  static func isWideEmoji(_ v: UInt32) -> Bool {
    if v >= 0x1F000 {
      return v == 0x1F004 || v == 0x1F0CF || v == 0x1F18E || (0x1F191...0x1F19A).contains(v)
        || (0x1F200...0x1F202).contains(v) || (0x1F210...0x1F23B).contains(v) || (0x1F240...0x1F248).contains(v)
        || (0x1F250...0x1F251).contains(v) || (0x1F260...0x1F265).contains(v) || (0x1F680...0x1F6C5).contains(v)
        || v == 0x1F6CC || (0x1F6D0...0x1F6D2).contains(v) || (0x1F6D5...0x1F6D7).contains(v)
        || (0x1F6DC...0x1F6DF).contains(v) || (0x1F6EB...0x1F6EC).contains(v) || (0x1F6F4...0x1F6FC).contains(v)
        || (0x1F7E0...0x1F7EB).contains(v) || v == 0x1F7F0 || (0x1FA70...0x1FAFF).contains(v)
    }
    guard v >= 0x231A, v <= 0x2B55 else { return false }
    return (0x231A...0x231B).contains(v) || (0x23E9...0x23EC).contains(v) || v == 0x23F0 || v == 0x23F3
      || (0x25FD...0x25FE).contains(v) || (0x2614...0x2615).contains(v) || (0x2648...0x2653).contains(v)
      || v == 0x267F || v == 0x2693 || v == 0x26A1 || (0x26AA...0x26AB).contains(v) || (0x26BD...0x26BE).contains(v)
      || (0x26C4...0x26C5).contains(v) || v == 0x26CE || v == 0x26D4 || v == 0x26EA || (0x26F2...0x26F3).contains(v)
      || v == 0x26F5 || v == 0x26FA || v == 0x26FD || v == 0x2705 || (0x270A...0x270B).contains(v) || v == 0x2728
      || v == 0x274C || v == 0x274E || (0x2753...0x2755).contains(v) || v == 0x2757 || (0x2795...0x2797).contains(v)
      || v == 0x27B0 || v == 0x27BF || (0x2B1B...0x2B1C).contains(v) || v == 0x2B50 || v == 0x2B55
  }

  /// Whether `scalar` is a printable character of its own next to any scalar of this set: no
  /// combining or joining scalar, no Hangul jamo, control, regional indicator or variation
  /// selector is in it (the grapheme cluster rules join none of its members to a neighbour),
  /// so a text made only of them reads scalar by scalar, each scalar one character. Latin,
  /// the punctuation, arrows, shapes and symbols the screens draw (`·` `…` `›` `▲` `█`),
  /// kana, CJK ideographs, Hangul syllables and fullwidth forms.
  public static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v < 0x300 { return (0x20...0x7E).contains(v) || v >= 0xA0 && v != 0xAD }
    return (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) || (0x2070...0x20CF).contains(v)
      || (0x2100...0x2BFF).contains(v) || (0x3000...0x3029).contains(v) || (0x3030...0x303E).contains(v)
      || (0x3041...0x3096).contains(v) || (0x309B...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v)
      || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xFF01...0xFF60).contains(v)
  }

  /// Whether every byte of `text` is printable ASCII (space to `~`): then each byte is one
  /// character of one column. (Only control characters cluster with ASCII: CR LF.)
  public static func isPrintableASCII(_ text: String) -> Bool {
    let fast = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy(isPrintableASCII) }
    return fast ?? text.utf8.allSatisfy(isPrintableASCII)
  }

  /// Whether `byte` is printable ASCII (space to `~`).
  public static func isPrintableASCII(_ byte: UInt8) -> Bool { byte &- 0x20 < 0x5F }

  /// Columns one character (grapheme cluster) takes: the widest of its scalars.
  public static func columns(_ character: Character) -> Int {
    let utf8 = character.utf8
    if utf8.count == 1, let byte = utf8.first {
      // ASCII: printable characters take one column, control characters none.
      return byte &- 0x20 < 0x5F ? 1 : 0
    }
    var width = 0
    for scalar in character.unicodeScalars { width = max(width, columns(scalar)) }
    return width
  }

  /// Columns a string takes.
  public static func columns(_ text: String) -> Int {
    if isPrintableASCII(text) { return text.utf8.count }
    var width = 0
    for character in text { width += columns(character) }
    return width
  }

  /// The longest prefix of `text` that fits in `limit` columns (a wide character that would
  /// be cut in half is left out).
  public static func prefix(_ text: String, columns limit: Int) -> String {
    if isPrintableASCII(text) {
      let count = text.utf8.count
      if limit >= count { return text }
      return String(text[..<text.utf8.index(text.startIndex, offsetBy: max(0, limit))])
    }
    var width = 0
    var end = text.startIndex
    for index in text.indices {
      let w = columns(text[index])
      if width + w > limit { break }
      width += w
      end = text.index(after: index)
    }
    return String(text[..<end])
  }

  /// `text` padded with spaces on the right to `width` columns (or cut to it).
  public static func padded(_ text: String, to width: Int) -> String {
    let cut = prefix(text, columns: width)
    return cut + String(repeating: " ", count: max(0, width - columns(cut)))
  }

  /// `text` padded with spaces on the left to `width` columns (or cut to it).
  public static func leftPadded(_ text: String, to width: Int) -> String {
    let cut = prefix(text, columns: width)
    return String(repeating: " ", count: max(0, width - columns(cut))) + cut
  }
}
