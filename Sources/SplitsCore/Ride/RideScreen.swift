/// The ride screen as data: the ride, how it is shown, and what is on top of it.
public struct RideScreenState: Equatable, Sendable {
  public enum Hint: Equatable, Sendable {
    /// `l` with no ride (space starts one), `l` while paused (space resumes).
    case lapReady, lapPaused
    /// `r` with no ride, `r` while running (pause first).
    case finishReady, finishRunning
    /// `u` with no lap to take back.
    case nothingToUndo
    case countdownWait, nothingToCancel, unknownKey
    /// `u` during a workout: a step that ended stays ended.
    case stepsStay
    /// `c` for a ride without a name (comparisons are between rides of the same name), or
    /// during a workout.
    case compareNeedsName, compareWorkout
  }

  public var ride: Ride
  public var precision: Precision
  /// Steps of the pre-start countdown started by space (0: start at once).
  public var countdownSteps: Int
  /// The instant the state was last brought up to date; what the screen shows is computed at it.
  public var now: Instant
  public var showingHelp = false
  /// A hint about the last key, shown in place of the key line while it is true.
  public private(set) var hints = ShownHint<Hint, Ride.Phase>()
  public var hint: Hint? { hints.hint }
  /// A line shown above the help line until the next key (a restored ride's note, an event
  /// the journal refused for good).
  public var banner: String?
  /// Why the journal is not taking events now (shown until it has them all), and how many it
  /// has not taken; both come only from `.journal` actions.
  public var journalProblem: String?
  public var unwrittenEvents = 0
  /// `q` was pressed once while events were unwritten: the next key `q` quits without them.
  public var confirmingQuit = false
  /// The last ride finished in this session: the exit's summary line, and the summary shown
  /// after `r` until the next key (`showingSummary`).
  public var lastFinished: RideSummary?
  public var showingSummary = false
  /// The moving time of the last finished ride (from the journal at start, then this
  /// session's), for the summary's difference.
  public var previousMoving: Duration?
  /// The workout this ride follows, if any.
  public var workout: WorkoutRun?
  /// What a ride started here is (`--sport`), recorded with its first event.
  public var sport: Sport = .biking
  /// The name a ride started here gets (`--name`, else a workout's name), with its first event.
  public var name: String?
  /// The `--cue-cmd` command failed once: said in the banner, and never again.
  public var cueFailureShown = false
  /// The name of the ride on screen: the open ride's own, else `name` (the next ride's).
  public var rideName: String?
  /// Earlier finished rides by name and the comparison chosen for each (`c`).
  public var comparisons = RideComparisons()
  /// Why the journal did not keep the last choice of comparison (shown until the next key).
  public var comparisonNotSaved: String?

  public init(ride: Ride, precision: Precision = .cs, countdownSteps: Int = 0, now: Instant) {
    self.ride = ride
    self.precision = precision
    self.countdownSteps = countdownSteps
    self.now = now
  }

  public var phase: Ride.Phase { ride.phase }

  /// Where the workout stands now; nil for a plain ride and before the ride's clock starts.
  public var workoutPosition: WorkoutPosition? {
    guard let workout, ride.firstStart != nil else { return nil }
    return WorkoutPosition(
      workout.plan, recordedEnds: ride.splits.prefix(ride.stepEnds.count), moving: moving)
  }

  /// Whether the workout still has steps to ride (false for a plain ride).
  public var isFollowingWorkout: Bool {
    guard workout != nil else { return false }
    return !(workoutPosition?.isComplete ?? false)
  }

  /// Whether `u` has a lap to take back: a workout's steps stay ended, so only laps taken
  /// after it are.
  public var canUndo: Bool { ride.splits.count > ride.stepEnds.count }

  /// Starts announcing from where the workout is now: a restored ride announces nothing that
  /// passed while no screen was open.
  public mutating func observeWorkoutFromNow() {
    guard workout != nil else { return }
    if let position = workoutPosition {
      workout?.observedStep = position.step
      workout?.observedInto = position.intoStep
    } else {
      workout?.observedStep = -1
      workout?.observedInto = .zero
    }
  }

  /// Whether the ride on screen is compared: it has a name and follows no workout.
  public var canCompare: Bool { rideName != nil && workout == nil }

  /// The comparison chosen for the ride on screen (nil when it is not compared).
  public var comparisonKind: ComparisonKind? { canCompare ? rideName.map(comparisons.kind(for:)) : nil }

  /// What the ride on screen is compared with now; nil when it is not compared.
  public var liveComparison: LiveComparison? {
    guard let kind = comparisonKind, let name = rideName else { return nil }
    return LiveComparison(
      kind: kind, earlier: comparisons.earlier(than: ride.number, named: name), lapsSoFar: ride.splits.count + 1)
  }

  /// The instant the running lap's live delta appears, when it is still to come.
  func liveDeltaInstant() -> Instant? {
    guard ride.phase == .running, let live = liveComparison,
      let appears = live.liveDeltaAppears(lap: ride.splits.count + 1)
    else { return nil }
    let into = moving - LapTable.runningLapOrigin(splits: ride.splits)
    return into < appears ? now + (appears - into) : nil
  }

  mutating func showHint(_ hint: Hint) { hints.show(hint, at: now, in: phase) }
  mutating func clearHint() { hints.clear() }
  mutating func expireHint() { hints.expire(at: now, in: phase) }
  public var moving: Duration { ride.moving(at: now) }
  public var elapsed: Duration { ride.elapsed(at: now) }
  public var pausedTotal: Duration { ride.paused(at: now) }

  /// The next instant after `now` at which a figure of `shown` can change: a moving time
  /// shown to hundredths crosses its next hundredth, an elapsed or paused time its next second,
  /// the pre-start countdown its next step (or its end, which starts the ride). Every change
  /// of the frame without input happens at one of these instants; nil when none can come (a
  /// ready ride, a paused ride showing no counter).
  public func nextCandidate(shown: ShownClocks) -> Instant? {
    var candidates: [Instant] = []
    // A hint goes after its lifetime (the phase it belongs to changes only at a candidate
    // below, or with a key).
    if let expiry = hints.expiry { candidates.append(expiry) }
    switch ride.phase {
    case .ready:
      break
    case .countdown:
      if let step = ride.countdown?.nextChange(at: now) { candidates.append(step) }
    case .running:
      // A workout acts at its step's end, its bells and its cues, seen or not; its cue and
      // flash come and go (what moves every second is noted by the view, as digits are).
      if let position = workoutPosition, let run = workout, let mark = run.nextMark(after: position) {
        candidates.append(now + (mark - position.intoStep))
      }
      // The moving time, and the running lap's figures, which turn over when the moving time
      // passes their origin plus a multiple of their place.
      let movingNs = moving.nanoseconds
      for (origin, place) in shown.lattices(.moving) {
        let unit = place.nanoseconds
        let into = ((movingNs - origin.nanoseconds) % unit + unit) % unit
        candidates.append(now + .nanoseconds(unit - into))
      }
      // The running lap's live delta appears when the lap reaches the comparison's lap time
      // or the best segment (it then moves with the split, a lattice above).
      if let appears = liveDeltaInstant() { candidates.append(appears) }
    case .paused:
      if let unit = shown[.paused], let first = ride.firstStart {
        // Paused time grows from the ride's start plus its moving time.
        candidates.append(Self.nextBoundary(since: first + ride.accumulated, now: now, unit: unit.nanoseconds))
      }
    }
    if let unit = shown[.elapsed], let first = ride.firstStart {
      candidates.append(Self.nextBoundary(since: first, now: now, unit: unit.nanoseconds))
    }
    return candidates.min()
  }

  /// The next change when every figure is shown in full (the moving time at its precision, the
  /// elapsed and paused times to the second).
  public func nextChange() -> Instant? { nextCandidate(shown: .everything(precision)) }

  /// The first instant after `now` that is a whole number of `unit`s after `origin`.
  static func nextBoundary(since origin: Instant, now: Instant, unit: Int64) -> Instant {
    let gone = (now - origin).nanoseconds
    guard gone >= 0 else { return origin }
    return origin + .nanoseconds((gone / unit + 1) * unit)
  }
}

/// A finished ride in a line: what the exit summary prints.
public struct RideSummary: Equatable, Sendable {
  public var number: Int
  public var moving: Duration
  public var laps: Int
  public var elapsed: Duration
  public var paused: Duration
  /// The laps recorded with `l`, as the lap table shows them (each truncated).
  public var lapTimes: [Duration]
  /// The moving time of the ride finished before this one, if any.
  public var previousMoving: Duration?

  public init(
    number: Int, moving: Duration, laps: Int, elapsed: Duration = .zero, paused: Duration = .zero,
    lapTimes: [Duration] = [], previousMoving: Duration? = nil
  ) {
    self.number = number
    self.moving = moving
    self.laps = laps
    self.elapsed = elapsed
    self.paused = paused
    self.lapTimes = lapTimes
    self.previousMoving = previousMoving
  }

  public var bestLap: Duration? { lapTimes.min() }
  public var worstLap: Duration? { lapTimes.max() }
  /// The mean lap, truncated to the nanosecond.
  public var averageLap: Duration? {
    lapTimes.isEmpty ? nil : .nanoseconds(lapTimes.reduce(Duration.zero, +).nanoseconds / Int64(lapTimes.count))
  }
  /// This ride's moving time minus the previous ride's: negative when faster.
  public var difference: Duration? { previousMoving.map { moving - $0 } }
}

public enum RideReducer {
  /// The only place the ride screen's state changes.
  public static func reduce(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
    // The workout's step ends that came due are recorded first, at their own moving time;
    // then the action; then what the workout announces (bells, cues, a new step).
    var effects = bringUpToDate(&state, action)
    effects += respond(&state, action)
    if var run = state.workout, let position = state.workoutPosition {
      effects += run.announcements(at: position)
      state.workout = run
    } else if state.workout != nil {
      state.observeWorkoutFromNow()
    }
    return effects
  }

  static func respond(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
    switch action.input {
    case .tick, .redraw:
      return []
    case .cueFailed(let message):
      guard !state.cueFailureShown else { return [] }
      state.cueFailureShown = true
      state.banner = message
      return []
    case .inputClosed:
      return [.quit(.failure)]
    case .remote(let command):
      return remote(command, &state, wall: action.now.wallMilliseconds)
    case .signal(let signal):
      guard let status = signal.exitStatus else { return [.suspend] }
      // Ctrl-C, SIGTERM or a hang-up during the pre-start countdown cancel it, as `q` does:
      // only a crash or `kill -9` leaves it to start the ride on restore.
      if state.phase == .countdown {
        return record(RideEvent(.countdownCancel, at: state.now), wall: action.now.wallMilliseconds, &state)
          + [.quit(status)]
      }
      return [.quit(status)]
    case .journal(let report):
      take(report, &state)
      return []
    case .key(let key):
      state.clearHint()
      state.banner = nil
      state.comparisonNotSaved = nil
      // The summary after `r` stays until a key; the key then does what it does (space
      // starts the next ride).
      state.showingSummary = false
      state.workout?.showingCompletion = false
      let confirming = state.confirmingQuit
      state.confirmingQuit = false
      guard let binding = KeyTable.binding(for: key) else {
        state.showHint(.unknownKey)
        return []
      }
      return press(binding.command, &state, wall: action.now.wallMilliseconds, confirmingQuit: confirming)
    }
  }

  /// The journal's news. While events are unwritten the problem stays on screen, whatever the
  /// keys; a refused event is said once, until the next key.
  static func take(_ report: JournalReport, _ state: inout RideScreenState) {
    switch report {
    case .failing(let message, let unwritten):
      state.journalProblem = message
      state.unwrittenEvents = unwritten
    case .refused(let message):
      state.banner = message
    case .choiceNotSaved(let message):
      state.comparisonNotSaved = message
    case .caughtUp:
      state.journalProblem = nil
      state.unwrittenEvents = 0
      state.confirmingQuit = false
    }
  }

  static func bringUpToDate(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
    if action.at > state.now { state.now = action.at }
    state.ride.advance(to: state.now)
    let effects = settleWorkout(&state, wall: action.now.wallMilliseconds)
    state.expireHint()
    return effects
  }

  /// Records what the workout owes the journal (`WorkoutSettle.owed`): the ends of the steps
  /// whose time ran out since the last action, each at its own instant, and the pause at the
  /// end of the last step, which shows the workout complete.
  static func settleWorkout(_ state: inout RideScreenState, wall: Int64) -> [Effect] {
    guard let run = state.workout else { return [] }
    var effects: [Effect] = []
    for event in WorkoutSettle.owed(state.ride, plan: run.plan, at: state.now) {
      let eventWall = wall.subtractingSaturating((state.now - event.at).milliseconds)
      if event.kind == .pause { state.workout?.showingCompletion = true }
      effects += record(event, wall: eventWall, &state)
    }
    return effects
  }

  /// The last step ended at `at`: the ride pauses there and the screen says the workout is
  /// complete.
  static func complete(_ state: inout RideScreenState, at: Instant, wall: Int64) -> [Effect] {
    state.workout?.showingCompletion = true
    return record(RideEvent(.pause, at: at), wall: wall, &state)
  }

  static func press(
    _ command: Command, _ state: inout RideScreenState, wall: Int64, confirmingQuit: Bool
  ) -> [Effect] {
    let phase = state.phase
    let at = state.now
    func record(_ event: RideEvent) -> [Effect] { RideReducer.record(event, wall: wall, &state) }
    switch (command, phase) {
    case (.quit, _):
      // Nothing is lost silently: with events the journal has not taken, `q` asks to be
      // pressed again, and the second quits with status 1 (the exit says what is missing).
      guard state.unwrittenEvents == 0 || confirmingQuit else {
        state.confirmingQuit = true
        return []
      }
      let status: ExitStatus = state.unwrittenEvents == 0 ? .success : .failure
      // Quitting during the pre-start countdown cancels it, as Esc does: no ride starts
      // behind the user's back (a crash or `kill -9` still lets it start on restore).
      if phase == .countdown { return record(RideEvent(.countdownCancel, at: at)) + [.quit(status)] }
      return [.quit(status)]
    case (.help, _):
      state.showingHelp.toggle()
      return []
    case (.compare, _):
      // Comparisons are between rides of the same name; the choice is kept per name.
      guard let name = state.rideName, state.workout == nil else {
        state.showHint(state.workout == nil ? .compareNeedsName : .compareWorkout)
        return []
      }
      let kind = RideComparisons.next(after: state.comparisons.kind(for: name))
      state.comparisons.choices[name] = kind
      return [.rememberComparison(kind, name: name)]
    case (.back, _) where state.showingHelp:
      state.showingHelp = false
      return []
    case (.back, .countdown):
      return record(RideEvent(.countdownCancel, at: at))
    case (.back, _):
      state.showHint(.nothingToCancel)
      return []
    case (.startPause, .ready):
      // A workout ride's first event carries the workout, which the journal keeps with it.
      let source = state.workout?.source
      if state.countdownSteps > 0 {
        return record(
          RideEvent(
            .countdownStart, at: at, countdownSteps: state.countdownSteps, workout: source, sport: state.sport,
            name: state.name))
      }
      return record(RideEvent(.start, at: at, workout: source, sport: state.sport, name: state.name))
    case (.startPause, .running):
      return record(RideEvent(.pause, at: at))
    case (.startPause, .paused):
      return record(RideEvent(.resume, at: at))
    case (.startPause, .countdown):
      state.showHint(.countdownWait)
      return []
    case (.lap, .running):
      // During a workout `l` ends the step: a step that ends on a lap ends, a timed one is
      // skipped. The last step's end completes the workout.
      if let position = state.workoutPosition, let run = state.workout, !position.isComplete {
        let ended: StepEnd = run.plan.steps[position.step].length == .untilLap ? .lap : .skip
        var effects = record(RideEvent(.lap, at: at, stepEnd: ended))
        if state.workoutPosition?.isComplete == true { effects += complete(&state, at: at, wall: wall) }
        return effects
      }
      return record(RideEvent(.lap, at: at))
    case (.undo, .running), (.undo, .paused):
      guard state.canUndo else {
        state.showHint(state.isFollowingWorkout ? .stepsStay : .nothingToUndo)
        return []
      }
      return record(RideEvent(.undoLap, at: at))
    case (.undo, _):
      state.showHint(phase == .countdown ? .countdownWait : .nothingToUndo)
      return []
    case (.lap, _):
      state.showHint(phase == .countdown ? .countdownWait : phase == .paused ? .lapPaused : .lapReady)
      return []
    case (.finish, .paused):
      state.workout?.showingCompletion = false
      let laps = LapTable.rows(splits: state.ride.splits, precision: state.precision).map(\.lap)
      state.lastFinished = RideSummary(
        number: state.ride.number, moving: state.moving, laps: state.ride.splits.count, elapsed: state.elapsed,
        paused: state.pausedTotal, lapTimes: laps, previousMoving: state.previousMoving)
      state.previousMoving = state.moving
      state.showingSummary = true
      // The ride just finished is the next ride's previous (and may be its best): the
      // comparisons take it from here, as the journal would give it back.
      if let name = state.rideName {
        state.comparisons.add(Attempt(finished: state.ride, moving: state.moving), named: name)
      }
      let effects = record(RideEvent(.finish, at: at))
      state.rideName = state.name
      return effects
    case (.finish, _):
      state.showHint(phase == .countdown ? .countdownWait : phase == .running ? .finishRunning : .finishReady)
      return []
    }
  }

  static func record(_ event: RideEvent, wall: Int64, _ state: inout RideScreenState) -> [Effect] {
    let number = state.ride.number
    state.ride.apply(event)
    return [.record(event, ride: number, wallMilliseconds: wall)]
  }
}
