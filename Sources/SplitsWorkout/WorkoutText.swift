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
