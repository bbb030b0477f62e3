// The text format's blocks: the steps since the last title or blank line, repeated.

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

extension TextReader {
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
}
