/// A structured workout: a plan of steps followed on the ride's moving time. Repeat blocks
/// are unrolled when a workout is read, so `steps` is the sequence exactly as it is ridden.
public struct Workout: Equatable, Sendable {
  /// The `#` title or the `.zwo` `<name>`; nil when the file names none.
  public var name: String?
  /// Functional threshold power in watts (`ftp N`), which turns percentages into watts.
  public var ftp: Int?
  public var steps: [WorkoutStep]

  public init(name: String? = nil, ftp: Int? = nil, steps: [WorkoutStep]) {
    self.name = name
    self.ftp = ftp
    self.steps = steps
  }

  /// The planned length of the whole workout; nil when a step ends only on a lap.
  public var totalSeconds: Int? {
    var total = 0
    for step in steps {
      guard case .seconds(let seconds) = step.length else { return nil }
      total += seconds
    }
    return total
  }

  /// Limits that keep every sum and product of a workout far from overflow, and a hostile
  /// file from holding the screen: checked by both readers.
  public enum Limits {
    /// The longest step: 24 hours.
    public static let stepSeconds = 86_400
    /// Steps after repeat blocks are unrolled.
    public static let steps = 1_000
    /// Repetitions of one block.
    public static let repeats = 100
    /// Bytes of a workout file or text.
    public static let bytes = 1_048_576
    /// Characters of a name, a label or a cue.
    public static let textCharacters = 200
    /// Percent of FTP, for any target.
    public static let percent = 1_000.0
    /// Watts of `ftp`.
    public static let ftp = 2_000
    /// Cadence in rpm.
    public static let cadence = 250
    /// Cues in one step.
    public static let cues = 100
  }
}

/// One step of a workout.
public struct WorkoutStep: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    case warmup, active, rest, cooldown, free, max
  }

  /// How a step ends: after a planned time, or when `l` is pressed.
  public enum Length: Equatable, Sendable {
    case seconds(Int)
    case untilLap

    public var seconds: Int? {
      if case .seconds(let seconds) = self { return seconds }
      return nil
    }
  }

  /// What to hold, in percent of FTP.
  public enum Target: Equatable, Sendable {
    /// Hold `low`…`high` (equal for a single value: `75%`).
    case steady(low: Double, high: Double)
    /// Go from `from` at the start of the step to `to` at its end (down when `from > to`).
    case ramp(from: Double, to: Double)

    /// The first bound (`target_low`): the low end of a range, the start of a ramp.
    public var low: Double {
      switch self {
      case .steady(let low, _): low
      case .ramp(let from, _): from
      }
    }

    /// The second bound (`target_high`): the high end of a range, the end of a ramp.
    public var high: Double {
      switch self {
      case .steady(_, let high): high
      case .ramp(_, let to): to
      }
    }
  }

  /// Text shown (and sent to `--cue-cmd`) when the step's own moving time reaches `offset`
  /// seconds.
  public struct Cue: Equatable, Sendable {
    public var offset: Int
    public var text: String

    public init(offset: Int, text: String) {
      self.offset = offset
      self.text = text
    }
  }

  /// The label, or a name made from the kind when the step has none.
  public var name: String
  public var kind: Kind
  public var length: Length
  /// Nil for a free ride, a max effort or a step that names no target.
  public var target: Target?
  /// Revolutions per minute.
  public var cadence: Int?
  /// By offset, earliest first.
  public var cues: [Cue]

  public init(
    name: String, kind: Kind, length: Length, target: Target? = nil, cadence: Int? = nil, cues: [Cue] = []
  ) {
    self.name = name
    self.kind = kind
    self.length = length
    self.target = target
    self.cadence = cadence
    self.cues = cues
  }
}

/// Why a workout could not be read: where (a line and column of the text, or an XML element
/// of a `.zwo`) and what was expected there.
public struct WorkoutError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Place: Equatable, Sendable {
    case text(line: Int, column: Int)
    case element(String, line: Int)
    case whole
  }

  public var place: Place
  public var message: String

  public init(_ place: Place, _ message: String) {
    self.place = place
    self.message = message
  }

  /// `line 3, column 12: expected a length (10m, 30s, 1:30 or lap), found 'abc'`.
  public var description: String {
    switch place {
    case .text(let line, let column): "line \(line), column \(column): \(message)"
    case .element(let name, let line): "line \(line), element <\(name)>: \(message)"
    case .whole: message
    }
  }
}

/// A workout read from a file or text, with what the reader skipped.
public struct ParsedWorkout: Equatable, Sendable {
  public var workout: Workout
  /// One line per thing skipped (an unknown `.zwo` element), in file order.
  public var warnings: [String]

  public init(workout: Workout, warnings: [String] = []) {
    self.workout = workout
    self.warnings = warnings
  }
}
