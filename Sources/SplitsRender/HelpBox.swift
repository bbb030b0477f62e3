import SplitsCore

/// The `?` overlay of every screen: a titled box, centred, of the keys and what they do, then
/// notes and a footer. Descriptions wrap at word boundaries under their own column instead of
/// being cut; when rows run short the inner margins, the blank line, the footer and the notes
/// go, in that order; when even that does not fit, a message says how large the terminal must
/// be.
enum HelpBox {
  struct Content {
    var title: String
    var keys: [(key: String, text: String)]
    var notes: [String]
    var footer: String
    /// The line shown instead, given the size the box needs (`52×11`).
    var tooSmall: (String) -> String
  }

  /// Narrowest description column worth wrapping into.
  static let minimumText = 12

  static func draw(_ content: Content, into screen: inout Screen) {
    let size = screen.size
    guard size.columns > 0, size.rows > 0 else { return }
    let keyWidth = content.keys.map { TextWidth.columns($0.key) }.max() ?? 0
    let naturalLines = content.keys.map { keyWidth + 2 + TextWidth.columns($0.text) }
      + (content.notes + [content.footer]).map { TextWidth.columns($0) }
    let natural = max(TextWidth.columns(content.title) + 4, naturalLines.max() ?? 0)
    let needed = "\(natural + 4)×\(content.keys.count + content.notes.count + 4)"
    // The roomiest layout that fits: a blank column inside each border, then none; all the
    // lines, then without the blank line, the footer, the notes.
    for padding in [1, 0] {
      let inner = min(natural, size.columns - 2 - 2 * padding)
      let textWidth = inner - keyWidth - 2
      guard textWidth >= minimumText else { continue }
      var keys: [String] = []
      for (key, text) in content.keys {
        for (index, part) in wrap(text, width: textWidth).enumerated() {
          keys.append(TextWidth.padded(index == 0 ? key : "", to: keyWidth) + "  " + part)
        }
      }
      let notes = content.notes.flatMap { wrap($0, width: inner) }
      let footer = wrap(content.footer, width: inner)
      for lines in [keys + notes + [""] + footer, keys + notes + footer, keys + notes, keys] where lines.count + 2 <= size.rows {
        box(content.title, lines, inner: inner, padding: padding, into: &screen)
        return
      }
    }
    // Too small for the box: say how large it must be, wrapped, in the middle rows.
    let message = Array(wrap(content.tooSmall(needed), width: max(1, size.columns - 2)).prefix(size.rows))
    let top = (size.rows - message.count) / 2
    screen.fill(row: top, column: 0, width: size.columns, height: message.count, style: .reverse)
    screen.cover(rows: top..<top + message.count, columns: 0..<size.columns)
    for (index, line) in message.enumerated() {
      screen.put(" " + line, row: top + index, column: 0, style: .reverse)
    }
  }

  static func box(_ title: String, _ lines: [String], inner: Int, padding: Int, into screen: inout Screen) {
    let size = screen.size
    let boxWidth = inner + 2 + 2 * padding
    let boxHeight = lines.count + 2
    let left = (size.columns - boxWidth) / 2
    let top = (size.rows - boxHeight) / 2
    screen.fill(row: top, column: left, width: boxWidth, height: boxHeight, style: .plain)
    screen.cover(rows: top..<top + boxHeight, columns: left..<left + boxWidth)
    let horizontal = String(repeating: "─", count: boxWidth - 2)
    let titled = TextWidth.padded(TextWidth.prefix("─ " + title + " " + horizontal, columns: boxWidth - 2), to: boxWidth - 2)
    screen.put("┌" + titled + "┐", row: top, column: left, style: .bold, width: boxWidth)
    let side = String(repeating: " ", count: padding)
    for (index, text) in lines.enumerated() {
      screen.put("│" + side + TextWidth.padded(text, to: inner) + side + "│", row: top + 1 + index, column: left, width: boxWidth)
    }
    screen.put("└" + horizontal + "┘", row: top + boxHeight - 1, column: left, style: .bold, width: boxWidth)
  }

  /// `text` in lines of at most `width` columns, broken between words (a word wider than a
  /// line is cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if TextWidth.columns(candidate) <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      var rest = word
      while TextWidth.columns(rest) > width {
        let head = TextWidth.prefix(rest, columns: width)
        guard !head.isEmpty else { return lines }
        lines.append(head)
        rest = String(rest.dropFirst(head.count))
      }
      line = rest
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
