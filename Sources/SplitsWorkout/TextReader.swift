// The text format's reader: each line by its first character, names, FTP and cues.

/// The text format read line by line: what the lines so far have said.
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
}
