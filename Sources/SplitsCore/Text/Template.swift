/// Message templates: `%@` placeholders filled in order. Every strings table uses this one.
public enum Template {
  /// `format` with each `%@` replaced by the next of `values` (nothing once they run out).
  ///
  /// The placeholder is found in the UTF-8 bytes: a screen fills templates on every frame it
  /// renders (the lap table's "earlier laps" line), and a search by characters cost as much
  /// as the rest of the lap table. `%` and `@` are ASCII, so the bytes around them are whole
  /// characters' boundaries. The pieces go in through String's own `append(contentsOf:)` for
  /// a substring: the generic `+=` looks the substring's conformances up at run time the first
  /// time a frame fills a template (the first line of earlier laps, a key's frame).
  public static func fill(_ format: String, _ values: [String]) -> String {
    let percent = UInt8(ascii: "%")
    let at = UInt8(ascii: "@")
    let bytes = format.utf8
    var out = ""
    var iterator = values.makeIterator()
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      let next = bytes.index(after: index)
      guard bytes[index] == percent, next != bytes.endIndex, bytes[next] == at else {
        index = next
        continue
      }
      out.append(contentsOf: format[start..<index])
      out += iterator.next() ?? ""
      index = bytes.index(after: next)
      start = index
    }
    out.append(contentsOf: format[start...])
    return out
  }
}
