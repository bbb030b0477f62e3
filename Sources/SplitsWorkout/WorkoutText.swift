/// The plain-text workout format, close to intervals.icu's, read into a `Workout`.
///
/// ```
/// # Sweet spot 3x10
/// ftp 250
/// - Warm up 10m ramp 50-75% 90rpm warmup
/// Main set 3x
/// - Sweet spot 10m 88-92% 90rpm
///   @8m Stay seated
/// - Easy 5m 55% rest
///
/// - 8m ramp 60-40% cooldown
/// ```
///
/// Lines end with LF or CR LF; a byte order mark at the start is skipped. Columns count
/// characters (grapheme clusters) from 1; a tab is one column. Blanks are spaces, tabs and the
/// other Unicode space separators. `;` starts a comment anywhere, to the end of the line.
/// What comes before the comment is, by its first non-blank character:
/// - nothing: a blank line, which ends a block (a line holding only a comment is skipped and
///   ends nothing);
/// - `-`: a step, `- [label] length [target] [cadence] [kind]`;
/// - `@`: a cue of the step above, `@offset text`;
/// - `#`: the workout's name (once), which ends a block;
/// - `ftp N`: the FTP in watts (once);
/// - anything else, at column 1: a title, which ends a block; ending in `Nx` it starts a
///   block repeated N times, otherwise a section played once.
///
/// The full grammar, with each corner's reason, is in `docs/product.md` ("The text format")
/// and `docs/decisions.md`.
public enum WorkoutText {
  /// Reads `text`; every error names its line and column, but for a text that is too long or
  /// holds no step (`.whole`). Never traps, whatever the input.
  public static func parse(_ text: String) throws(WorkoutError) -> ParsedWorkout {
    let size = text.utf8.count
    guard size <= Workout.Limits.bytes else {
      throw WorkoutError(.whole, "expected at most \(Workout.Limits.bytes) bytes of text, found \(size)")
    }
    // Lines are split on the bytes: LF is never part of a longer character, and CR LF is the
    // only character holding it.
    let bytes = Array(text.utf8)
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var number = 1
    var reader = TextReader()
    while true {
      var newline = start
      while newline < bytes.count, bytes[newline] != 0x0A { newline += 1 }
      var end = newline
      if newline < bytes.count, end > start, bytes[end - 1] == 0x0D { end -= 1 }
      try reader.read(TextLine(bytes[start..<end], number: number))
      guard newline < bytes.count else { break }
      start = newline + 1
      number += 1
    }
    return ParsedWorkout(workout: try reader.finish())
  }

  /// The name a step without a label gets from its kind.
  public static func defaultName(_ kind: WorkoutStep.Kind) -> String {
    switch kind {
    case .warmup: "Warm-up"
    case .active: "Active"
    case .rest: "Rest"
    case .cooldown: "Cool-down"
    case .free: "Free ride"
    case .max: "Max effort"
    }
  }

  /// The power zones `Z1`…`Z7` in percent of FTP: Coggan's, as intervals.icu sets them by
  /// default. Z7 has no upper end there; here it stops at 200%.
  public static let zones: [(low: Double, high: Double)] = [
    (0, 55), (56, 75), (76, 90), (91, 105), (106, 120), (121, 150), (151, 200),
  ]
}

// MARK: - Lines and tokens

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

/// Shapes of tokens: a token of a shape is read as that thing, and an error if it is not a
/// valid one (so `0m` is a bad length, never a word of a label).
enum Shape {
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static let ftp = Array("ftp".utf8)
  static let ramp = Array("ramp".utf8)
  static let lap = Array("lap".utf8)
  static let kinds = WorkoutStep.Kind.allCases.map { (word: Array($0.rawValue.utf8), kind: $0) }

  static func equals(_ bytes: ArraySlice<UInt8>, _ word: [UInt8]) -> Bool {
    guard bytes.count == word.count else { return false }
    var index = 0
    while index < word.count {
      if bytes[bytes.startIndex + index] != word[index] { return false }
      index += 1
    }
    return true
  }

  static func kind(_ bytes: ArraySlice<UInt8>) -> WorkoutStep.Kind? {
    for entry in kinds where equals(bytes, entry.word) { return entry.kind }
    return nil
  }

  /// Whether every byte of `bytes` is a digit (true when there is none).
  static func allDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if !isDigit(bytes[index]) { return false }
      index += 1
    }
    return true
  }

  /// `10m`, `1m30`, `1:30`, `1.5h`, `-5m`: a digit first (after an optional `-`), then digits,
  /// `:`, `.`, `h`, `m` and `s`, with at least one of `:hms`. A bare number is not a length.
  static func isTimedLength(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.endIndex, isDigit(bytes[index]) else { return false }
    var marked = false
    while index < bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: ":"), UInt8(ascii: "h"), UInt8(ascii: "m"), UInt8(ascii: "s"): marked = true
      case UInt8(ascii: "."): break
      default: if !isDigit(bytes[index]) { return false }
      }
      index += 1
    }
    return marked
  }

  /// `75%`, `88-92%`, `220w`, `-5%`, `5--6%`: digits, `.` and `-` (a digit or `-` first)
  /// before `%` or `w`.
  static func isPowerTarget(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let last = bytes.last, last == UInt8(ascii: "%") || last == UInt8(ascii: "w") else { return false }
    return isNumbers(bytes.dropLast())
  }

  /// `Z2`, `Z0`, `Z12`.
  static func isZone(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count >= 2 && bytes.first == UInt8(ascii: "z") && allDigits(bytes.dropFirst())
  }

  /// `90rpm`, `90-100rpm`, `0rpm`.
  static func isCadence(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count > 3 else { return false }
    let end = bytes.endIndex
    return bytes[end - 3] == UInt8(ascii: "r") && bytes[end - 2] == UInt8(ascii: "p")
      && bytes[end - 1] == UInt8(ascii: "m") && isNumbers(bytes.dropLast(3))
  }

  /// `3x`, `0x`, `1000x`.
  static func isRepeatCount(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count >= 2 && bytes.last == UInt8(ascii: "x") && allDigits(bytes.dropLast())
  }

  /// Digits, `.` and `-`, starting with a digit or `-` and holding a digit.
  static func isNumbers(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, isDigit(first) || first == UInt8(ascii: "-") else { return false }
    var sawDigit = false
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if isDigit(byte) {
        sawDigit = true
      } else if byte != UInt8(ascii: ".") && byte != UInt8(ascii: "-") {
        return false
      }
      index += 1
    }
    return sawDigit
  }
}

// MARK: - Numbers

/// Numbers read without a trap: whole numbers stop growing at `cap`, above every limit, so
/// no product or sum of them can overflow.
enum TextNumber {
  static let cap = 100_000

  /// The value of ASCII digits (at least one, nothing else), at most `cap`.
  static func whole(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard !bytes.isEmpty else { return nil }
    var value = 0
    for byte in bytes {
      guard Shape.isDigit(byte) else { return nil }
      value = min(value * 10 + Int(byte - 0x30), cap)
    }
    return value
  }

  /// `12`, `87.5`: digits with an optional fraction (its first three digits count).
  static func decimal(_ bytes: ArraySlice<UInt8>) -> Double? {
    guard let dot = index(of: UInt8(ascii: "."), in: bytes) else { return whole(bytes).map(Double.init) }
    let digits = bytes[(dot + 1)...]
    guard let integer = whole(bytes[..<dot]), let fraction = whole(digits.prefix(3)), Shape.allDigits(digits) else {
      return nil
    }
    var scale = 1
    for _ in 0..<min(digits.count, 3) { scale *= 10 }
    return Double(integer * scale + fraction) / Double(scale)
  }

  /// The first index of `byte` in `bytes`.
  static func index(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }

  /// `1h`, `10m`, `30s`, `1h30m`, `1m30s`, `1m30` (a last bare number is of the unit below
  /// the one before it), `1:30` (M:SS), `1:00:00` (H:MM:SS), in seconds; nil when malformed.
  static func seconds(_ bytes: ArraySlice<UInt8>) -> Int? {
    if let colon = index(of: UInt8(ascii: ":"), in: bytes) {
      guard var total = whole(bytes[..<colon]) else { return nil }
      var rest = bytes[(colon + 1)...]
      // Then `:SS` or `:MM:SS`: two digits, below 60, each.
      for part in 0..<2 {
        guard rest.count >= 2, let value = whole(rest.prefix(2)), value < 60 else { return nil }
        total = total * 60 + value
        rest = rest.dropFirst(2)
        if rest.isEmpty { return total }
        guard part == 0, rest.first == UInt8(ascii: ":") else { return nil }
        rest = rest.dropFirst()
      }
      return nil
    }
    var total = 0
    var next = 0  // the largest unit still allowed: 0 hours, 1 minutes, 2 seconds, 3 none
    var index = bytes.startIndex
    while index < bytes.endIndex {
      var end = index
      while end < bytes.endIndex, Shape.isDigit(bytes[end]) { end += 1 }
      guard let value = whole(bytes[index..<end]) else { return nil }
      if end == bytes.endIndex {
        // A bare number at the end counts in the unit below the last one (`1m30`, `1h30`).
        guard next == 1 || next == 2 else { return nil }
        return total + value * unitSeconds(next)
      }
      let unit: Int
      switch bytes[end] {
      case UInt8(ascii: "h"): unit = 0
      case UInt8(ascii: "m"): unit = 1
      case UInt8(ascii: "s"): unit = 2
      default: return nil
      }
      guard unit >= next else { return nil }
      total += value * unitSeconds(unit)
      next = unit + 1
      index = end + 1
    }
    return next > 0 ? total : nil
  }

  static func unitSeconds(_ unit: Int) -> Int { unit == 0 ? 3600 : unit == 1 ? 60 : 1 }
}

// MARK: - The reader

/// A step read but not yet placed: its cues are sorted when its block ends.
struct PendingStep {
  var step: WorkoutStep
  /// The length as written, for messages about cues.
  var lengthText: String
  /// Cues in the order written.
  var cues: [WorkoutStep.Cue] = []
}

/// The steps since the last blank or header line, played `repeats` times.
struct StepGroup {
  /// Where the title or repeat count that opened the group is, and what it says; nil at the
  /// top level (no title since the last blank line).
  var header: (line: Int, column: Int, text: String, isRepeat: Bool)?
  var repeats = 1
  var steps: [PendingStep] = []
}

struct TextReader {
  typealias Limits = Workout.Limits

  var name: String?
  var nameLine = 0
  var ftp: Int?
  var ftpLine = 0
  var steps: [WorkoutStep] = []
  var group = StepGroup()
  /// Whether a cue here belongs to the last step: only cue and comment lines came after it.
  var cuesAllowed = false

  static let lengthForms = "a length (1h, 10m, 30s, 1m30, 1:30 or lap)"
  static let targetForms = "a target (75%, 88-92%, 220w, 220-250w, ramp 50-75%, Z2 or free)"

  mutating func read(_ line: TextLine) throws(WorkoutError) {
    let tokens = line.tokens()
    guard let first = tokens.first else {
      if !line.hasComment {
        try endGroup()
        cuesAllowed = false
      }
      return
    }
    let lead = line.codes[first.start]
    if lead == UInt8(ascii: "-") {
      try step(line, tokens)
      cuesAllowed = true
    } else if lead == UInt8(ascii: "@") {
      try cue(line, tokens)
    } else if lead == UInt8(ascii: "#") {
      try endGroup()
      cuesAllowed = false
      try workoutName(line, first)
    } else if line.is(first, Shape.ftp), tokens.count >= 2, let byte = line.code(tokens[1]).first,
      Shape.isDigit(byte) || byte == UInt8(ascii: "-")
    {
      cuesAllowed = false
      try readFTP(line, tokens)
    } else if first.column > 1 {
      throw line.fail(
        first, "expected '- ' for a step or '@' for a cue on an indented line, found \(line.quoted(first))")
    } else {
      try endGroup()
      cuesAllowed = false
      try header(line, tokens)
    }
  }

  // MARK: Lines other than steps

  /// `# Name`: the workout's name, the rest of the line after the leading `#`s.
  mutating func workoutName(_ line: TextLine, _ first: TextToken) throws(WorkoutError) {
    guard name == nil else {
      throw line.fail(first, "expected one '#' name line, found a second (the first is on line \(nameLine))")
    }
    var after = first.start
    while after < first.end, line.codes[after] == UInt8(ascii: "#") { after += 1 }
    let words = line.tokens(from: after)
    guard let firstWord = words.first else {
      throw line.fail(after + 1, "expected a name after '#', found the end of the line")
    }
    let count = line.joinedCount(words[...])
    guard count <= Limits.textCharacters else {
      throw line.fail(firstWord, "expected a name of at most \(Limits.textCharacters) characters, found \(count)")
    }
    name = line.joined(words[...])
    nameLine = line.number
  }

  /// `ftp 250` or `ftp 250w`.
  mutating func readFTP(_ line: TextLine, _ tokens: [TextToken]) throws(WorkoutError) {
    guard ftp == nil else {
      throw line.fail(tokens[0], "expected one 'ftp' line, found a second (the first is on line \(ftpLine))")
    }
    let value = tokens[1]
    var digits = line.code(value)
    if digits.last == UInt8(ascii: "w") { digits = digits.dropLast() }
    guard let watts = TextNumber.whole(digits), (1...Limits.ftp).contains(watts) else {
      throw line.fail(
        value, "expected the FTP in watts from 1 to \(Limits.ftp) (ftp 250), found \(line.quoted(value))")
    }
    if tokens.count > 2 {
      throw line.fail(tokens[2], "expected the end of the line after the FTP, found \(line.quoted(tokens[2]))")
    }
    ftp = watts
    ftpLine = line.number
  }

  /// A title line: `Main set 3x` or `3x` opens a repeat block; other text a section.
  mutating func header(_ line: TextLine, _ tokens: [TextToken]) throws(WorkoutError) {
    let last = tokens[tokens.count - 1]
    let isRepeat = Shape.isRepeatCount(line.code(last))
    let words = isRepeat ? tokens.dropLast() : tokens[...]
    // A step line without its `-` reads as a title: refuse it rather than lose the step.
    if let length = words.first(where: { Shape.isTimedLength(line.code($0)) }) {
      throw line.fail(
        length, "expected '- ' at the start of a step, found a title with the length \(line.quoted(length))")
    }
    var repeats = 1
    if isRepeat {
      let count = TextNumber.whole(line.code(last).dropLast()) ?? 0
      guard (1...Limits.repeats).contains(count) else {
        throw line.fail(
          last, "expected a repeat count from 1 to \(Limits.repeats) (3x), found \(line.quoted(last))")
      }
      repeats = count
    }
    // For a message about an empty block: the title as written, at most 40 characters.
    var shown = ""
    for token in tokens {
      shown += (shown.isEmpty ? "" : " ") + line.text(token.start..<min(token.end, token.start + 41))
      if shown.count > 40 {
        shown = String(shown.prefix(39)) + "…"
        break
      }
    }
    group = StepGroup(
      header: (line.number, isRepeat ? last.column : tokens[0].column, shown, isRepeat), repeats: repeats)
  }

  /// Ends the current group: its steps, cues sorted, are added `repeats` times.
  mutating func endGroup() throws(WorkoutError) {
    defer { group = StepGroup() }
    if let header = group.header, group.steps.isEmpty {
      let message =
        header.isRepeat
        ? "expected a step in the block '\(header.text)', found none"
        : "expected a step under '\(header.text)', found none"
      throw WorkoutError(.text(line: header.line, column: header.column), message)
    }
    let ready = group.steps.map { pending in
      var step = pending.step
      step.cues = pending.cues.enumerated()
        .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        .map(\.element)
      return step
    }
    for _ in 0..<group.repeats { steps += ready }
  }

  mutating func finish() throws(WorkoutError) -> Workout {
    try endGroup()
    guard !steps.isEmpty else {
      throw WorkoutError(.whole, "expected at least one step ('- 10m 75%'), found none")
    }
    return Workout(name: name, ftp: ftp, steps: steps)
  }

  // MARK: Cues

  /// `@8m Stay seated`, under a step.
  mutating func cue(_ line: TextLine, _ tokens: [TextToken]) throws(WorkoutError) {
    let head = tokens[0]
    guard cuesAllowed, let last = group.steps.indices.last else {
      throw line.fail(head, "expected a cue right under a step, found \(line.quoted(head))")
    }
    let offsetCode = line.code(head).dropFirst()
    let negative = offsetCode.first == UInt8(ascii: "-")
    guard Shape.isTimedLength(offsetCode),
      let offset = TextNumber.seconds(negative ? offsetCode.dropFirst() : offsetCode)
    else {
      throw line.fail(head, "expected an offset after '@' (@8m, @30s, @1:30), found \(line.quoted(head))")
    }
    if negative { throw line.fail(head, "expected an offset of zero or more, found \(line.quoted(head))") }
    let pending = group.steps[last]
    switch pending.step.length {
    case .seconds(let length):
      guard offset < length else {
        throw line.fail(
          head, "expected an offset under the step's length (\(pending.lengthText)), found \(line.quoted(head))")
      }
    case .untilLap:
      guard offset <= Limits.stepSeconds else {
        throw line.fail(head, "expected an offset of at most 24h, found \(line.quoted(head))")
      }
    }
    guard tokens.count > 1 else {
      throw line.fail(
        line.endColumn(tokens), "expected the cue's text after \(line.quoted(head)), found the end of the line")
    }
    let words = tokens.dropFirst()
    let count = line.joinedCount(words)
    guard count <= Limits.textCharacters else {
      throw line.fail(tokens[1], "expected a cue of at most \(Limits.textCharacters) characters, found \(count)")
    }
    guard pending.cues.count < Limits.cues else {
      throw line.fail(head, "expected at most \(Limits.cues) cues in one step, found \(pending.cues.count + 1)")
    }
    group.steps[last].cues.append(WorkoutStep.Cue(offset: offset, text: line.joined(words)))
  }

  // MARK: Steps

  /// `- [label] length [target] [cadence] [kind]`.
  mutating func step(_ line: TextLine, _ tokens: [TextToken]) throws(WorkoutError) {
    // The `-` may touch the first word (`-10m`): that word starts after it.
    let dash = tokens[0]
    var words = Array(tokens.dropFirst())
    if dash.count > 1 { words.insert(TextToken(start: dash.start + 1, end: dash.end), at: 0) }

    // The label is every word before the first length; it may not hold what reads as a
    // target or a cadence (the length was forgotten or put after it).
    var lengthIndex = 0
    var labelCount = 0
    while lengthIndex < words.count {
      let word = words[lengthIndex]
      let code = line.code(word)
      if Self.isLength(code) { break }
      if Shape.isPowerTarget(code) || Shape.isZone(code) || Shape.isCadence(code) {
        throw line.fail(word, "expected the length first (- 10m 75% 90rpm), found \(line.quoted(word))")
      }
      // Stop at once past the limit: a line may be a megabyte long.
      labelCount += (lengthIndex > 0 ? 1 : 0) + word.count
      guard labelCount <= Limits.textCharacters else {
        throw line.fail(
          words[0], "expected a label of at most \(Limits.textCharacters) characters, found a longer one")
      }
      lengthIndex += 1
    }
    guard lengthIndex < words.count else {
      throw line.fail(line.endColumn(tokens), "expected \(Self.lengthForms), found the end of the line")
    }
    let labelWords = words[..<lengthIndex]
    let lengthToken = words[lengthIndex]
    let length = try Self.length(line, lengthToken)

    var target: WorkoutStep.Target?
    var targetToken: TextToken?
    var cadence: Int?
    var kind: WorkoutStep.Kind?
    var index = lengthIndex + 1
    while index < words.count {
      let word = words[index]
      let code = line.code(word)
      func once(_ taken: Bool, _ what: String) throws(WorkoutError) {
        if taken { throw line.fail(word, "expected one \(what) per step, found \(line.quoted(word)) as well") }
      }
      if Self.isLength(code) {
        throw line.fail(word, "expected one length per step, found \(line.quoted(word)) as well")
      } else if line.is(word, Shape.ramp) {
        try once(target != nil, "target")
        guard index + 1 < words.count else {
          throw line.fail(
            line.endColumn(tokens), "expected a range after 'ramp' (ramp 50-75%), found the end of the line")
        }
        let range = words[index + 1]
        guard let values = try power(line, range), values.count == 2 else {
          throw line.fail(range, "expected a range after 'ramp' (ramp 50-75%), found \(line.quoted(range))")
        }
        target = .ramp(from: values[0], to: values[1])
        targetToken = word
        index += 1
      } else if Shape.isPowerTarget(code) {
        try once(target != nil, "target")
        guard let values = try power(line, word) else {
          throw line.fail(word, "expected \(Self.targetForms), found \(line.quoted(word))")
        }
        target = .steady(low: values.min() ?? 0, high: values.max() ?? 0)
        targetToken = word
      } else if Shape.isZone(code) {
        try once(target != nil, "target")
        let zone = TextNumber.whole(code.dropFirst()) ?? 0
        let zones = WorkoutText.zones
        guard zone >= 1, zone <= zones.count else {
          throw line.fail(word, "expected a power zone from Z1 to Z\(zones.count), found \(line.quoted(word))")
        }
        target = .steady(low: zones[zone - 1].low, high: zones[zone - 1].high)
        targetToken = word
      } else if Shape.isCadence(code) {
        try once(cadence != nil, "cadence")
        let digits = code.dropLast(3)
        if digits.dropFirst().contains(UInt8(ascii: "-")) {
          throw line.fail(word, "expected one cadence (90rpm), found \(line.quoted(word))")
        }
        guard let value = TextNumber.whole(digits), (1...Limits.cadence).contains(value) else {
          throw line.fail(
            word, "expected a cadence from 1 to \(Limits.cadence) (90rpm), found \(line.quoted(word))")
        }
        cadence = value
      } else if let named = Shape.kind(code) {
        try once(kind != nil, "kind")
        kind = named
      } else {
        throw line.fail(
          word, "expected a target, a cadence or a kind (75%, 90rpm, rest), found \(line.quoted(word))")
      }
      index += 1
    }
    let finalKind = kind ?? .active
    if let targetToken, finalKind == .free || finalKind == .max {
      throw line.fail(
        targetToken, "expected no target on a \(finalKind.rawValue) step, found \(line.quoted(targetToken))")
    }

    let unrolled = steps.count + (group.steps.count + 1) * group.repeats
    guard unrolled <= Limits.steps else {
      throw line.fail(dash, "expected at most \(Limits.steps) steps after repeats are unrolled, found \(unrolled)")
    }
    let label = line.joined(labelWords)
    let step = WorkoutStep(
      name: label.isEmpty ? WorkoutText.defaultName(finalKind) : label, kind: finalKind, length: length,
      target: target, cadence: cadence)
    group.steps.append(PendingStep(step: step, lengthText: line.text(lengthToken)))
  }

  static func isLength(_ code: ArraySlice<UInt8>) -> Bool {
    Shape.equals(code, Shape.lap) || Shape.isTimedLength(code)
  }

  static func length(_ line: TextLine, _ token: TextToken) throws(WorkoutError) -> WorkoutStep.Length {
    let code = line.code(token)
    if Shape.equals(code, Shape.lap) { return .untilLap }
    let negative = code.first == UInt8(ascii: "-")
    guard let seconds = TextNumber.seconds(negative ? code.dropFirst() : code) else {
      throw line.fail(token, "expected \(lengthForms), found \(line.quoted(token))")
    }
    guard !negative, seconds > 0 else {
      throw line.fail(token, "expected a length above zero, found \(line.quoted(token))")
    }
    guard seconds <= Limits.stepSeconds else {
      throw line.fail(token, "expected a length of at most 24h, found \(line.quoted(token))")
    }
    return .seconds(seconds)
  }

  /// The one or two values of `75%`, `88-92%`, `220w` or `220-250w`, in percent of FTP, in
  /// the order written; nil when the token is not of that form.
  func power(_ line: TextLine, _ token: TextToken) throws(WorkoutError) -> [Double]? {
    let code = line.code(token)
    guard Shape.isPowerTarget(code) else { return nil }
    let watts = code.last == UInt8(ascii: "w")
    let body = code.dropLast()
    if body.first == UInt8(ascii: "-") {
      if watts { throw line.fail(token, "expected watts of zero or more, found \(line.quoted(token))") }
      throw line.fail(
        token, "expected a percent of FTP from 0 to \(Int(Limits.percent)), found \(line.quoted(token))")
    }
    var values: [Double] = []
    if let dash = TextNumber.index(of: UInt8(ascii: "-"), in: body) {
      guard let low = TextNumber.decimal(body[..<dash]), let high = TextNumber.decimal(body[(dash + 1)...]) else {
        return nil
      }
      values = [low, high]
    } else {
      guard let value = TextNumber.decimal(body) else { return nil }
      values = [value]
    }
    if watts {
      guard let ftp else {
        throw line.fail(token, "expected an 'ftp' line before a target in watts, found \(line.quoted(token))")
      }
      let most = Double(ftp) * Limits.percent / 100
      guard values.allSatisfy({ $0 <= most }) else {
        throw line.fail(
          token, "expected at most \(Int(most))w (\(Int(Limits.percent))% of ftp \(ftp)), found \(line.quoted(token))")
      }
      return values.map { $0 * 100 / Double(ftp) }
    }
    guard values.allSatisfy({ $0 <= Limits.percent }) else {
      throw line.fail(
        token, "expected a percent of FTP from 0 to \(Int(Limits.percent)), found \(line.quoted(token))")
    }
    return values
  }
}
