// The text format's step lines: `- [label] length [target] [cadence] [kind]`.

/// What a step line says after its length: a target (and the word that gave it, for the
/// message about a free or max step), a cadence, a kind.
struct StepExtras {
  var target: WorkoutStep.Target?
  var targetToken: TextToken?
  var cadence: Int?
  var kind: WorkoutStep.Kind?
}

extension TextReader {
  /// `- [label] length [target] [cadence] [kind]`.
  mutating func step(_ line: TextLine, _ tokens: [TextToken]) throws(WorkoutError) {
    // The `-` may touch the first word (`-10m`): that word starts after it.
    let dash = tokens[0]
    var words = Array(tokens.dropFirst())
    if dash.count > 1 { words.insert(TextToken(start: dash.start + 1, end: dash.end), at: 0) }

    let lengthIndex = try Self.lengthIndex(line, words, tokens)
    let labelWords = words[..<lengthIndex]
    let lengthToken = words[lengthIndex]
    let length = try Self.length(line, lengthToken)
    let extras = try self.extras(line, words[(lengthIndex + 1)...], tokens)

    let finalKind = extras.kind ?? .active
    if let targetToken = extras.targetToken, finalKind == .free || finalKind == .max {
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
      target: extras.target, cadence: extras.cadence)
    group.steps.append(PendingStep(step: step, lengthText: line.text(lengthToken)))
  }

  /// The index in `words` of the step's length. The label is every word before it; it may not
  /// hold what reads as a target or a cadence (the length was forgotten or put after it).
  static func lengthIndex(_ line: TextLine, _ words: [TextToken], _ tokens: [TextToken]) throws(WorkoutError) -> Int {
    var lengthIndex = 0
    var labelCount = 0
    while lengthIndex < words.count {
      let word = words[lengthIndex]
      let code = line.code(word)
      if isLength(code) { return lengthIndex }
      if Shape.isPowerTarget(code) || Shape.isZone(code) || Shape.isCadence(code) {
        // The word before may be the length, of a kind Splits cannot ride: say so.
        if lengthIndex > 0, let error = notALength(line, words[lengthIndex - 1]) { throw error }
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
    if let last = words.last, let error = notALength(line, last) { throw error }
    throw line.fail(line.endColumn(tokens), "expected \(lengthForms), found the end of the line")
  }

  /// The error for a word written where the length goes that is a length of another kind:
  /// a distance (`1km`, `400mtr`) or a number without its unit (`90`); nil for any other word.
  static func notALength(_ line: TextLine, _ word: TextToken) -> WorkoutError? {
    let code = line.code(word)
    if Shape.isDistance(code) {
      return line.fail(
        word,
        "expected a length in time (10m, 1:30) or lap, found the distance \(line.quoted(word)): distance steps are not supported yet"
      )
    }
    if !code.isEmpty, Shape.allDigits(code) {
      let number = line.text(word)
      return line.fail(word, "expected a length with its unit (\(number)s or \(number)m), found \(line.quoted(word))")
    }
    return nil
  }

  /// The words after the length, each a target, a cadence or a kind, once each.
  func extras(
    _ line: TextLine, _ words: ArraySlice<TextToken>, _ tokens: [TextToken]
  ) throws(WorkoutError) -> StepExtras {
    var extras = StepExtras()
    var index = words.startIndex
    while index < words.endIndex {
      let word = words[index]
      let code = line.code(word)
      func once(_ taken: Bool, _ what: String) throws(WorkoutError) {
        if taken { throw line.fail(word, "expected one \(what) per step, found \(line.quoted(word)) as well") }
      }
      if Self.isLength(code) {
        throw line.fail(word, "expected one length per step, found \(line.quoted(word)) as well")
      } else if line.is(word, Shape.ramp) {
        try once(extras.target != nil, "target")
        extras.target = try ramp(line, range: index + 1 < words.endIndex ? words[index + 1] : nil, tokens)
        extras.targetToken = word
        index += 1
      } else if Shape.isPowerTarget(code) {
        try once(extras.target != nil, "target")
        guard let values = try power(line, word) else {
          throw line.fail(word, "expected \(Self.targetForms), found \(line.quoted(word))")
        }
        extras.target = .steady(low: values.min() ?? 0, high: values.max() ?? 0)
        extras.targetToken = word
      } else if Shape.isZone(code) {
        try once(extras.target != nil, "target")
        extras.target = try Self.zone(line, word)
        extras.targetToken = word
      } else if Shape.isCadence(code) {
        try once(extras.cadence != nil, "cadence")
        extras.cadence = try Self.cadence(line, word)
      } else if let named = Shape.kind(code) {
        try once(extras.kind != nil, "kind")
        extras.kind = named
      } else if Shape.starts(code, with: Shape.intensity) {
        // intervals.icu's `intensity=rest`: the kind.
        try once(extras.kind != nil, "kind")
        guard let named = Shape.kind(code.dropFirst(Shape.intensity.count)), Shape.intensityKinds.contains(named) else {
          throw line.fail(word, "expected intensity=active, rest, warmup or cooldown, found \(line.quoted(word))")
        }
        extras.kind = named
      } else if Shape.isHeartRate(code) {
        throw line.fail(
          word, "expected a power target (75%, 220w or Z2), found \(line.quoted(word)): heart-rate targets are not supported yet")
      } else if Shape.isPace(code) {
        throw line.fail(
          word, "expected a power target (75%, 220w or Z2), found \(line.quoted(word)): pace targets are not supported yet")
      } else if Shape.isDistance(code) {
        throw line.fail(
          word, "expected a target, a cadence or a kind, found the distance \(line.quoted(word)): distance steps are not supported yet")
      } else {
        throw line.fail(
          word, "expected a target, a cadence or a kind (75%, 90rpm, rest), found \(line.quoted(word))")
      }
      index += 1
    }
    return extras
  }

  /// `ramp 50-75%`: the range after `ramp`, nil at the end of the line.
  func ramp(_ line: TextLine, range: TextToken?, _ tokens: [TextToken]) throws(WorkoutError) -> WorkoutStep.Target {
    guard let range else {
      throw line.fail(
        line.endColumn(tokens), "expected a range after 'ramp' (ramp 50-75%), found the end of the line")
    }
    guard let values = try power(line, range), values.count == 2 else {
      throw line.fail(range, "expected a range after 'ramp' (ramp 50-75%), found \(line.quoted(range))")
    }
    return .ramp(from: values[0], to: values[1])
  }

  /// `Z1`…`Z7`.
  static func zone(_ line: TextLine, _ word: TextToken) throws(WorkoutError) -> WorkoutStep.Target {
    let zone = TextNumber.whole(line.code(word).dropFirst()) ?? 0
    let zones = WorkoutText.zones
    guard zone >= 1, zone <= zones.count else {
      throw line.fail(word, "expected a power zone from Z1 to Z\(zones.count), found \(line.quoted(word))")
    }
    return .steady(low: zones[zone - 1].low, high: zones[zone - 1].high)
  }

  /// `90rpm`, from 1 to the limit; a range `90-100rpm` is its middle (rounded half up), as a
  /// `.zwo` file's `CadenceLow` and `CadenceHigh` are.
  static func cadence(_ line: TextLine, _ word: TextToken) throws(WorkoutError) -> Int {
    let digits = line.code(word).dropLast(3)
    let dash = digits.isEmpty ? nil : TextNumber.index(of: UInt8(ascii: "-"), in: digits.dropFirst())
    let parts = dash.map { [digits[..<$0], digits[($0 + 1)...]] } ?? [digits]
    var values: [Int] = []
    for part in parts {
      guard let value = TextNumber.whole(part), (1...Limits.cadence).contains(value) else {
        throw line.fail(
          word, "expected a cadence from 1 to \(Limits.cadence) (90rpm or 90-100rpm), found \(line.quoted(word))")
      }
      values.append(value)
    }
    return (values.reduce(0, +) * 2 + values.count) / (2 * values.count)
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
    guard Shape.isPowerTarget(code), let body = Shape.powerNumbers(code) else { return nil }
    let watts = code.last == UInt8(ascii: "w")
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
