/// Reads a workout from the bytes of a file or of text given on the command line, in either
/// format: a Zwift `.zwo` when the first thing in it (after a byte-order mark and white space)
/// is `<`, else the text format. The journal keeps the same bytes, so a restored ride reads
/// its workout the same way.
public enum WorkoutReader {
  public static func parse(bytes: [UInt8]) throws(WorkoutError) -> ParsedWorkout {
    guard bytes.count <= Workout.Limits.bytes else {
      throw WorkoutError(
        .whole, "the workout is \(bytes.count) bytes; at most \(Workout.Limits.bytes) (1 MiB) are read")
    }
    if isXML(bytes) { return try ZwiftWorkout.parse(bytes) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw WorkoutError(invalidUTF8: bytes)
    }
    return try WorkoutText.parse(text)
  }

  public static func parse(_ source: WorkoutSource) throws(WorkoutError) -> ParsedWorkout {
    try parse(bytes: Array(source.text.utf8))
  }

  static func isXML(_ bytes: [UInt8]) -> Bool {
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    let first = rest.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    return first == UInt8(ascii: "<")
  }
}

extension WorkoutError {
  /// Where the first byte that is not UTF-8 sits, as a line and a column of the valid text
  /// before it.
  public init(invalidUTF8 bytes: [UInt8]) {
    var line = 1
    var column = 1
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let length =
        byte < 0x80 ? 1 : byte & 0xE0 == 0xC0 ? 2 : byte & 0xF0 == 0xE0 ? 3 : byte & 0xF8 == 0xF0 ? 4 : 0
      guard length > 0, index + length <= bytes.count,
        String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
      else { break }
      if byte == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += length
    }
    self.init(.text(line: line, column: column), "expected UTF-8 text, found the byte 0x\(String(bytes[min(index, bytes.count - 1)], radix: 16, uppercase: true))")
  }
}
