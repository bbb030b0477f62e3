import SplitsWorkout

/// One finished step of a workout ride, as the workout screen's table and its summary show
/// it: what was planned, how long it took, and how it ended.
public struct WorkoutTableRow: Equatable, Sendable {
  /// 1-based, in plan order.
  public var number: Int
  public var name: String
  public var planned: WorkoutStep.Length
  /// The moving time from the step's start to its end, truncated to whole seconds.
  public var actual: Duration
  public var ended: StepEnd

  public init(number: Int, name: String, planned: WorkoutStep.Length, actual: Duration, ended: StepEnd) {
    self.number = number
    self.name = name
    self.planned = planned
    self.actual = actual
    self.ended = ended
  }
}

/// The workout's figures as the screen shows them. Pure. Every duration is truncated to the
/// whole second except a time left, which is a countdown and reads as one
/// (`CountdownMath.shownSeconds`): `3` for the last (2, 3] seconds, so the bells 3, 2 and 1 s
/// before a step's end ring as the digits turn.
public enum WorkoutTable {
  /// The finished steps, oldest first: the first laps of the ride are the ends of the steps
  /// (`stepEnds` says how each ended).
  public static func rows(plan: Workout, splits: [Duration], stepEnds: [StepEnd]) -> [WorkoutTableRow] {
    let count = min(stepEnds.count, splits.count, plan.steps.count)
    return Laps.of(splits.prefix(count)).enumerated().map { index, piece in
      let step = plan.steps[index]
      return WorkoutTableRow(
        number: index + 1, name: step.name, planned: step.length,
        actual: TimeFormat.truncated(piece.lap, to: .s), ended: stepEnds[index])
    }
  }

  /// The rows of a ride's state (none for a plain ride).
  public static func rows(_ state: RideScreenState) -> [WorkoutTableRow] {
    guard let run = state.following.run else { return [] }
    return rows(plan: run.plan, splits: state.clock.ride.splits, stepEnds: state.clock.ride.stepEnds)
  }

  /// Whole seconds of `d`, truncated (zero when negative).
  public static func wholeSeconds(_ d: Duration) -> Int64 {
    max(0, d.nanoseconds) / 1_000_000_000
  }

  /// A time left as a countdown shows it: rounded up to whole seconds.
  public static func leftSeconds(_ d: Duration) -> Int64 { CountdownMath.shownSeconds(remaining: d) }

  /// The moving time (the workout's `origin`) at which a time left of `seconds` at the
  /// step's start, shown as `leftSeconds`, reads zero in every place: its digits turn over
  /// when the moving time passes it plus a multiple of their place value. (A time left of
  /// L s at the start shows `n` while the step's time is in [L − n, L − n + 1), so a digit of
  /// place p changes at L + 1 − k·p s into the step.)
  public static func countdownOrigin(stepStart: Duration, seconds: Int) -> Duration {
    stepStart + .seconds(seconds) + .seconds(1)
  }
}

/// The workout drawn as one row of bars over time: each step gets columns in proportion to
/// its planned length (a lap step `lapSeconds`), each column the height of its target at
/// its middle. Pure.
public enum WorkoutProfile {
  /// What one column shows.
  public enum Bar: Equatable, Sendable {
    /// A target, 1 (lowest) to 8 (the workout's highest target): eighths of the highest,
    /// to the nearest.
    case level(Int)
    /// A step without a target (a free ride).
    case free
    /// A max effort.
    case max
  }

  /// The width a lap step is given: it has no planned length.
  public static let lapSeconds = 300

  /// Each step's place on the profile's time line, in seconds: start and length.
  public static func spans(_ plan: Workout) -> [(start: Int, length: Int)] {
    var start = 0
    return plan.steps.map { step in
      let length = step.length.seconds ?? lapSeconds
      defer { start += length }
      return (start, length)
    }
  }

  /// The workout's highest target in percent (100 when none has one).
  public static func highest(_ plan: Workout) -> Double {
    let highs = plan.steps.compactMap { $0.target.map { max($0.low, $0.high) } }
    let top = highs.max() ?? 100
    return top > 0 ? top : 100
  }

  /// The bars of `columns` columns (empty for no columns or no steps).
  public static func bars(_ plan: Workout, columns: Int) -> [(step: Int, bar: Bar)] {
    let spans = spans(plan)
    guard columns > 0, let last = spans.last else { return [] }
    let total = Int64(last.start + last.length)
    guard total > 0 else { return [] }
    let top = highest(plan)
    var step = 0
    return (0..<columns).map { column in
      // The middle of the column, in seconds (twice over, to stay in integers).
      let middle2 = (2 * Int64(column) + 1) * total / Int64(columns)
      while step + 1 < spans.count, Int64(spans[step + 1].start) * 2 <= middle2 { step += 1 }
      let planned = plan.steps[step]
      if planned.kind == .max { return (step, .max) }
      guard let target = planned.target else { return (step, .free) }
      let value: Double
      switch target {
      case .steady(let low, let high):
        value = (low + high) / 2
      case .ramp(let from, let to):
        let span = spans[step]
        let fraction = Double(middle2 - 2 * Int64(span.start)) / Double(2 * max(1, span.length))
        value = from + (to - from) * min(1, max(0, fraction))
      }
      return (step, .level(min(8, max(1, Int((value / top * 8).rounded())))))
    }
  }

  /// The column of `columns` at which the workout stands `intoSeconds` (whole seconds) into
  /// step `step` (`plan.steps.count` when complete: the last column).
  public static func marker(_ plan: Workout, columns: Int, step: Int, intoSeconds: Int64) -> Int {
    let spans = spans(plan)
    guard columns > 0, let last = spans.last else { return 0 }
    let total = Int64(last.start + last.length)
    guard total > 0 else { return 0 }
    let at: Int64
    if step >= spans.count {
      at = total
    } else {
      // Within the step's own columns: a lap step ridden past its nominal width stays at
      // its end.
      let span = spans[max(0, step)]
      at = Int64(span.start) + min(max(0, intoSeconds), Int64(max(0, span.length - 1)))
    }
    return Int(min(Int64(columns - 1), at * Int64(columns) / total))
  }
}
