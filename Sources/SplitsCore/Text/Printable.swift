/// Text that came from another process (the answer of whatever listens on the control
/// socket), made safe to print on a terminal: without its control characters an escape
/// sequence cannot move the cursor, recolour, retitle the window or rewrite the line.
public enum Printable {
  /// `text` without control characters: C0 (escape included), DEL and C1 are removed, and a
  /// line break or tab becomes a space, so the message stays one line; the bidirectional
  /// overrides and isolates, which reorder what is shown, are removed too.
  public static func text(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: scalars.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: continue
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: continue
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
