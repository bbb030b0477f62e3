/// The workout a ride follows: where it stands, the step ends and the pause it owes the
/// journal, `l` ending a step, and what it announces (bells, cues, a new step).
public struct WorkoutFeature: Equatable, Sendable {
  /// The workout this ride follows, if any.
  public var run: WorkoutRun? { didSet { isFollowing = run != nil } }
  /// Whether there is a `run`, kept beside it: asked at every action, tick and frame (first,
  /// before anything that reads the run), where `run != nil` copies the whole run first.
  public private(set) var isFollowing: Bool

  public init(run: WorkoutRun? = nil) {
    self.run = run
    isFollowing = run != nil
  }

  /// Where the workout stands in `ride` at `moving`; nil for a plain ride and before the
  /// ride's clock starts.
  func position(in ride: Ride, moving: Duration) -> WorkoutPosition? {
    guard let run, ride.firstStart != nil else { return nil }
    return WorkoutPosition(run.plan, recordedEnds: ride.splits.prefix(ride.stepEnds.count), moving: moving)
  }

  /// An input arrived: the workout's summary goes (the ride's own summary after `r` stays
  /// the chrome's).
  mutating func inputArrived() { if isFollowing { run?.showingCompletion = false } }

  /// Starts announcing from `position`: a restored ride announces nothing that passed while
  /// no screen was open.
  mutating func observe(from position: WorkoutPosition?) {
    guard run != nil else { return }
    run?.observedStep = position?.step ?? -1
    run?.observedInto = position?.intoStep ?? .zero
  }

  /// The workout's ticker candidate: it acts at its step's end, its bells and its cues, seen
  /// or not; its cue and flash come and go (what moves every second is noted by the view, as
  /// digits are).
  func nextCandidate(at position: WorkoutPosition?, phase: Ride.Phase, now: Instant) -> Instant? {
    guard phase == .running, let position, let run, let mark = run.nextMark(after: position) else { return nil }
    return now + (mark - position.intoStep)
  }
}

extension RideReducer {
  /// Records what the workout owes the journal (`WorkoutSettle.owed`): the ends of the steps
  /// whose time ran out since the last action, each at its own instant, and the pause at the
  /// end of the last step, which shows the workout complete.
  static func settleWorkout(_ state: inout RideScreenState, wall: Int64) -> [Effect] {
    guard let run = state.following.run else { return [] }
    var effects: [Effect] = []
    for event in WorkoutSettle.owed(state.clock.ride, plan: run.plan, at: state.now) {
      let eventWall = wall.subtractingSaturating((state.now - event.at).milliseconds)
      if event.kind == .pause { state.following.run?.showingCompletion = true }
      effects += state.record(event, wall: eventWall)
    }
    return effects
  }

  /// What the workout announces after the action (bells, cues, a new step), once each.
  static func announceWorkout(_ state: inout RideScreenState) -> [Effect] {
    // Asked at every action and tick: a ride without a workout leaves at once.
    guard state.following.isFollowing else { return [] }
    if var run = state.following.run, let position = state.workoutPosition {
      let effects = run.announcements(at: position)
      state.following.run = run
      return effects
    }
    if state.following.isFollowing { state.observeWorkoutFromNow() }
    return []
  }

  /// Whether `l` is the workout's: while it still has a step under way on a running ride.
  static func workoutTakesLap(_ state: RideScreenState) -> Bool {
    guard state.phase == .running, state.following.isFollowing, let position = state.workoutPosition else {
      return false
    }
    return !position.isComplete
  }

  /// A workout ride's summary at its finish: its steps, against the last finished ride of
  /// the same workout. Nil for a plain ride.
  static func workoutSummary(_ state: RideScreenState) -> WorkoutRideSummary? {
    guard let run = state.following.run else { return nil }
    let figures = WorkoutFigures(
      plan: run.plan, splits: state.clock.ride.splits, stepEnds: state.clock.ride.stepEnds, moving: state.moving)
    return WorkoutRideSummary(figures: figures, before: state.chrome.workoutRideBefore)
  }

  /// What `l` says on a workout ride that is not running (before its start, or paused) while
  /// a step is still to come: that it ends the step (a lap step) or skips it, once the ride
  /// runs. Nil for a plain ride and once the workout is complete (then `l` records laps).
  static func workoutStepWaiting(_ state: RideScreenState) -> ChromeFeature.Hint? {
    guard let run = state.following.run, state.phase == .ready || state.phase == .paused else { return nil }
    let step = state.workoutPosition.map { $0.isComplete ? nil : $0.step } ?? (state.phase == .ready ? 0 : nil)
    guard let step, step < run.plan.steps.count else { return nil }
    return .stepWhileStopped(lapStep: run.plan.steps[step].length == .untilLap, paused: state.phase == .paused)
  }

  /// `l` in a workout ends the step: a step that ends on a lap ends, a timed one is skipped.
  /// The last step's end completes the workout: the ride pauses there and the screen says so.
  static func workoutLap(_ state: inout RideScreenState, wall: Int64) -> [Effect] {
    guard let position = state.workoutPosition, let run = state.following.run else { return [] }
    let ended: StepEnd = run.plan.steps[position.step].length == .untilLap ? .lap : .skip
    var effects = state.record(RideEvent(.lap, at: state.now, stepEnd: ended), wall: wall)
    if state.workoutPosition?.isComplete == true {
      state.following.run?.showingCompletion = true
      effects += state.record(RideEvent(.pause, at: state.now), wall: wall)
    }
    return effects
  }
}
