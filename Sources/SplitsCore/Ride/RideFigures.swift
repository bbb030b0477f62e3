import SplitsWorkout

/// A ride's numbers in whole milliseconds, as `status`, `history`, `show` and the exports
/// print them. Pure.
///
/// Each figure is its true value truncated to the millisecond: a lap is the moving time
/// between two laps, truncated, not the difference of two truncated splits (which can be a
/// millisecond ahead of the lap); the paused time is elapsed minus moving, truncated. So no
/// figure is ever ahead of the time that passed, and truncating one further (to the
/// hundredth, the second) gives what the screen shows; the laps can add up to a few
/// milliseconds less than the moving time, never more.
public struct RideFigures: Equatable, Sendable {
  public struct Lap: Equatable, Sendable {
    public var number: Int
    /// Moving time of this lap.
    public var lapMilliseconds: Int64
    /// Moving time from the start to the end of this lap.
    public var splitMilliseconds: Int64
    /// Elapsed time (pauses included) from the ride's start to the start of this lap: where
    /// the lap sits on the wall clock.
    public var startElapsedMilliseconds: Int64
    /// The workout step this lap was, for a workout ride; nil for a lap of the ride's own.
    public var step: Step?

    public init(
      number: Int, lapMilliseconds: Int64, splitMilliseconds: Int64, startElapsedMilliseconds: Int64,
      step: Step? = nil
    ) {
      self.number = number
      self.lapMilliseconds = lapMilliseconds
      self.splitMilliseconds = splitMilliseconds
      self.startElapsedMilliseconds = startElapsedMilliseconds
      self.step = step
    }
  }

  /// A workout step as a lap: what the plan says of it and how it ended.
  public struct Step: Equatable, Sendable {
    /// The step's name; nil when the plan is not known.
    public var name: String?
    /// Nil when the plan is not known.
    public var kind: WorkoutStep.Kind?
    /// The planned length in seconds; nil for a step that ends on a lap (or an unknown plan).
    public var plannedSeconds: Int?
    /// How the step ended, as the journal says; nil for the step a ride finished in before
    /// its end (the final stretch).
    public var ended: StepEnd?

    public init(name: String?, kind: WorkoutStep.Kind?, plannedSeconds: Int?, ended: StepEnd?) {
      self.name = name
      self.kind = kind
      self.plannedSeconds = plannedSeconds
      self.ended = ended
    }

    /// Step `index` (0-based) of `plan`, ended as `ended`; only `ended` without a plan, or
    /// for an index the plan does not have.
    init(index: Int, of plan: Workout?, ended: StepEnd?) {
      let planned = plan.flatMap { index < $0.steps.count ? $0.steps[index] : nil }
      self.init(name: planned?.name, kind: planned?.kind, plannedSeconds: planned?.length.seconds, ended: ended)
    }
  }

  /// What `status` and the exports call the ride's state.
  public enum State: String, Equatable, Sendable {
    case ready, countdown, running, paused, finished
  }

  public var number: Int
  public var state: State
  public var startedAtWallMilliseconds: Int64?
  public var finishedAtWallMilliseconds: Int64?
  public var movingMilliseconds: Int64
  public var elapsedMilliseconds: Int64
  public var pausedMilliseconds: Int64
  /// The laps recorded with `l`, oldest first.
  public var laps: [Lap]
  /// The stretch after the last recorded lap (to the finish, or to now), numbered after the
  /// laps; nil when it is empty. A ride without laps is one stretch.
  public var finalStretch: Lap?
  public var wallClockWentBackwards: Bool
  /// What the ride is (biking unless the ride says otherwise).
  public var sport: Sport
  /// Its name and note, if any.
  public var name: String?
  public var note: String?
  /// Its lap distance (`--lap-distance`), if it has one (`RideFigures+Distance.swift`).
  public var lapDistance: LapDistance?
  /// The stretches the ride's clock ran, oldest first (`RideTimeline.swift`).
  public var stretches: [Stretch]
  /// A workout ride's steps done, skipped and left and its time in each kind; nil for a
  /// plain ride (and for a workout ride whose plan is not known).
  public var workout: WorkoutFigures?
  /// The plan a workout ride followed (the FIT export writes its steps); nil otherwise.
  public var plan: Workout?
  /// The sensors' samples, a second of moving time each, oldest first (empty without sensors).
  public var samples: [SensorSample]
  /// The rider's FTP setting (`splits config ftp`), set by the caller; a workout's own FTP
  /// comes first (`thresholdPower`, `SensorFigures.swift`).
  public var ftpSetting: Int?

  /// The figures of a plain ride, or of a workout ride whose plan is not known (its laps
  /// still say how each step ended).
  public init(_ restored: RestoredRide) {
    self.init(restored, plan: nil)
  }

  /// The arithmetic is on `Duration`s (128 bits, so no sum or difference can overflow,
  /// whatever the journal held) and each figure is its `milliseconds`, truncated toward zero
  /// and saturating at `Int64.max` nanoseconds.
  ///
  /// `plan` is the workout the ride followed (nil for a plain ride): the first
  /// `stepEnds.count` laps are its steps. The final stretch is the step under way when every
  /// recorded lap is a step's end and no step's time ran out since the last of them; else it
  /// is the ride's own.
  public init(_ restored: RestoredRide, plan: Workout?) {
    number = restored.ride.number
    switch restored.phase {
    case _ where restored.isFinished: state = .finished
    case .ready: state = .ready
    case .countdown: state = .countdown
    case .running: state = .running
    case .paused: state = .paused
    }
    startedAtWallMilliseconds = restored.startedAtWallMilliseconds
    finishedAtWallMilliseconds = restored.finishedAtWallMilliseconds
    let moving = restored.moving.clampedToZero
    let elapsed = max(moving, restored.elapsed)
    movingMilliseconds = moving.milliseconds
    elapsedMilliseconds = elapsed.milliseconds
    pausedMilliseconds = (elapsed - moving).milliseconds
    wallClockWentBackwards = restored.wallClockWentBackwards
    sport = restored.sport
    name = restored.name
    note = restored.note
    lapDistance = restored.lapDistance
    samples = restored.samples
    stretches = Self.stretches(of: restored)
    self.plan = plan
    workout = plan.map {
      WorkoutFigures(plan: $0, splits: restored.ride.splits, stepEnds: restored.ride.stepEnds, moving: moving)
    }

    var laps: [Lap] = []
    var previousSplit = Duration.zero
    var previousElapsed = Duration.zero
    let stepEnds = restored.ride.stepEnds
    // Within the moving time and never before the previous split (a damaged journal).
    for (index, piece) in Laps.of(restored.ride.splits, upTo: moving).enumerated() {
      let step = index < stepEnds.count ? Step(index: index, of: plan, ended: stepEnds[index]) : nil
      laps.append(
        Lap(number: index + 1, lapMilliseconds: piece.lap.milliseconds,
            splitMilliseconds: piece.split.milliseconds, startElapsedMilliseconds: previousElapsed.milliseconds,
            step: step))
      previousSplit = piece.split
      if index < restored.lapElapsed.count {
        previousElapsed = max(previousElapsed, restored.lapElapsed[index])
      }
    }
    self.laps = laps
    if restored.ride.firstStart != nil,
      let rest = Self.finalStretchMilliseconds(moving: moving, lastSplit: previousSplit, recordedLaps: laps.count)
    {
      finalStretch = Lap(
        number: laps.count + 1, lapMilliseconds: rest, splitMilliseconds: movingMilliseconds,
        startElapsedMilliseconds: previousElapsed.milliseconds,
        step: Self.stepUnderWay(restored, plan: plan, moving: moving))
    } else {
      finalStretch = nil
    }
  }

  /// The stretch after the last recorded lap (at `lastSplit`) to the moving time `moving`,
  /// truncated to the millisecond: nil when it is empty, except for a ride without laps,
  /// which is one stretch however short.
  public static func finalStretchMilliseconds(moving: Duration, lastSplit: Duration, recordedLaps: Int) -> Int64? {
    let rest = (moving - lastSplit).milliseconds
    return rest > 0 || recordedLaps == 0 ? max(0, rest) : nil
  }

  /// The step the stretch after the last lap belongs to: the one under way, when every lap
  /// is a step's end and no step's time has run out since the last of them (a stretch that
  /// spans steps whose ends the journal does not hold yet is no one step).
  static func stepUnderWay(_ restored: RestoredRide, plan: Workout?, moving: Duration) -> Step? {
    let ride = restored.ride
    guard let plan, ride.stepEnds.count == ride.splits.count else { return nil }
    let position = WorkoutPosition(plan, recordedEnds: ride.splits[...], moving: moving)
    guard position.dueEnds.isEmpty, !position.isComplete else { return nil }
    return Step(index: position.step, of: plan, ended: nil)
  }

  /// Whether the ride's clock has started (a ride that never started has nothing to show).
  public var hasStarted: Bool { startedAtWallMilliseconds != nil }

  /// The shortest recorded lap, if any; none for a workout ride, whose laps are its steps
  /// (the shortest step is no best lap).
  public var bestLapMilliseconds: Int64? { workout == nil ? laps.map(\.lapMilliseconds).min() : nil }

  /// The laps a fitness tool wants: every recorded lap and then the final stretch, so that
  /// together they cover the whole moving time.
  public var segments: [Lap] { finalStretch.map { laps + [$0] } ?? laps }
}
