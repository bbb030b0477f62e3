import SplitsWorkout

/// A workout ride by its steps, as the summary after `r`, `splits finish`, `history` and
/// `show` give it. Pure.
///
/// A step is done when it ended on its time or on `l` (a lap step), skipped when `l` cut a
/// timed step short, and left when it had not ended at the moving time read (the step under
/// way among them). The moving time is split by the kind of step it was spent in, the step
/// under way included, and what was ridden after the last step is apart.
public struct WorkoutFigures: Equatable, Sendable {
  /// The moving time spent in steps of one kind.
  public struct KindTime: Equatable, Sendable {
    public var kind: WorkoutStep.Kind
    public var time: Duration

    public init(_ kind: WorkoutStep.Kind, _ time: Duration) {
      self.kind = kind
      self.time = time
    }
  }

  /// The workout's number of steps.
  public var steps: Int
  public var done: Int
  public var skipped: Int
  /// Each kind the plan has, in the model's order (warm-up, active, rest, cool-down, free
  /// ride, max effort), with the moving time spent in its steps.
  public var kinds: [KindTime]
  /// The moving time after the last step ended (riding on after the workout); zero before.
  public var afterWorkout: Duration

  public var left: Int { max(0, steps - done - skipped) }

  public init(steps: Int, done: Int, skipped: Int, kinds: [KindTime], afterWorkout: Duration = .zero) {
    self.steps = steps
    self.done = done
    self.skipped = skipped
    self.kinds = kinds
    self.afterWorkout = afterWorkout
  }

  /// The figures of a ride following `plan` at `moving`: its first laps (`splits`) are the
  /// ends of its steps as `stepEnds` says; a timed step whose time ran out since the last
  /// of them ended on its time (`WorkoutPosition`).
  public init(plan: Workout, splits: [Duration], stepEnds: [StepEnd], moving: Duration) {
    let recorded = min(stepEnds.count, splits.count, plan.steps.count)
    let position = WorkoutPosition(plan, recordedEnds: splits.prefix(recorded), moving: moving)
    let ends = Array(splits.prefix(recorded)) + position.dueEnds
    let how = Array(stepEnds.prefix(recorded)) + position.dueEnds.map { _ in StepEnd.time }
    var times: [WorkoutStep.Kind: Duration] = [:]
    var start = Duration.zero
    for (index, end) in ends.enumerated() {
      times[plan.steps[index].kind, default: .zero] += (end - start).clampedToZero
      start = max(start, end)
    }
    if position.isComplete {
      afterWorkout = (moving - start).clampedToZero
    } else {
      times[plan.steps[position.step].kind, default: .zero] += (moving - start).clampedToZero
      afterWorkout = .zero
    }
    let present = Set(plan.steps.map(\.kind))
    steps = plan.steps.count
    done = how.filter { $0 != .skip }.count
    skipped = how.filter { $0 == .skip }.count
    kinds = WorkoutStep.Kind.allCases.filter(present.contains).map { KindTime($0, times[$0] ?? .zero) }
  }

  /// The time spent in steps of `kind` (zero for a kind the plan does not have).
  public func time(_ kind: WorkoutStep.Kind) -> Duration {
    kinds.first { $0.kind == kind }?.time ?? .zero
  }
}

/// The last finished ride of the same workout, as the summary of the next compares with it.
public struct WorkoutRideBefore: Equatable, Sendable {
  public var number: Int
  public var moving: Duration
  public var figures: WorkoutFigures

  public init(number: Int, moving: Duration, figures: WorkoutFigures) {
    self.number = number
    self.moving = moving
    self.figures = figures
  }
}

/// What the summary after `r` says of a workout ride: its steps, and the last finished ride
/// of the same workout (never whatever ride came before).
public struct WorkoutRideSummary: Equatable, Sendable {
  public var figures: WorkoutFigures
  public var before: WorkoutRideBefore?

  public init(figures: WorkoutFigures, before: WorkoutRideBefore? = nil) {
    self.figures = figures
    self.before = before
  }

  /// The kinds either ride spent time in, or has in its plan, in the model's order: each
  /// with this ride's time and the difference from the ride before (nil without one).
  public func kindRows() -> [(kind: WorkoutStep.Kind, time: Duration, difference: Duration?)] {
    let kinds = Set(figures.kinds.map(\.kind)).union(before?.figures.kinds.map(\.kind) ?? [])
    return WorkoutStep.Kind.allCases.filter(kinds.contains).map { kind in
      let time = figures.time(kind)
      return (kind, time, before.map { time - $0.figures.time(kind) })
    }
  }
}

extension WorkoutSource {
  /// Which workout a ride followed, to find the last ride of the same one: its file's name
  /// without the folders (`sweetspot.txt`, whether given as a path or a saved workout's
  /// name), else, for a workout given as text, the text itself.
  public var identity: String {
    guard let fileName else { return "text:" + text }
    return "file:" + String(fileName.split(separator: "/").last ?? Substring(fileName))
  }
}

extension WorkoutRideBefore {
  /// A finished ride that followed `plan`, as the next ride of that workout compares with it.
  public init(_ restored: RestoredRide, plan: Workout) {
    let moving = restored.moving.clampedToZero
    self.init(
      number: restored.ride.number, moving: moving,
      figures: WorkoutFigures(
        plan: plan, splits: restored.ride.splits, stepEnds: restored.ride.stepEnds, moving: moving))
  }
}
