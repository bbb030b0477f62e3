/// Message templates: `%@` placeholders filled in order. Every strings table uses this one.
public enum Template {
  public static func fill(_ format: String, _ values: [String]) -> String {
    var out = ""
    var rest = Substring(format)
    var iterator = values.makeIterator()
    while let range = rest.firstRange(of: "%@") {
      out += rest[..<range.lowerBound]
      out += iterator.next() ?? ""
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
