/// What the ride screen shows around the ride: the hint about the last key, the banner, the
/// `?` overlay, the summary after `r`, the journal's problem and the question a `q` with
/// unwritten events asks.
public struct ChromeFeature: Equatable, Sendable {
  public enum Hint: Equatable, Sendable {
    /// `l` with no ride (space starts one), `l` while paused (space resumes).
    case lapReady, lapPaused
    /// `l` before the start or while paused on a workout ride with a step to come: `l` ends
    /// that step (`lapStep`) or skips it, but only while riding.
    case stepWhileStopped(lapStep: Bool, paused: Bool)
    /// `r` with no ride, `r` while running (pause first).
    case finishReady, finishRunning
    /// `u` with no lap to take back.
    case nothingToUndo
    case countdownWait, nothingToCancel, unknownKey
    /// `u` during a workout: a step that ended stays ended.
    case stepsStay
    /// `l` within the split guard (`milliseconds`) of the lap before or of the start.
    case lapTooSoon(milliseconds: Int64)
    /// `c` for a ride without a name (comparisons are between rides of the same name), or
    /// during a workout.
    case compareNeedsName, compareWorkout
    /// A route's: `r` once on an attempt with segments left; `s` on the last segment, or on a
    /// ride with no route.
    case resetAsk, skipLast, skipNoRoute
  }

  public var showingHelp = false
  /// A hint about the last key, shown in place of the key line while it is true.
  public internal(set) var hints = ShownHint<Hint, Ride.Phase>()
  /// A line shown above the help line until the next input (a restored ride's note, an event
  /// the journal refused for good).
  public var banner: String?
  /// Why the journal is not taking events now (shown until it has them all), and how many it
  /// has not taken; both come only from `.journal` actions.
  public var journalProblem: String?
  public var unwrittenEvents = 0
  /// `q` was pressed once while events were unwritten: the next key `q` quits without them.
  public var confirmingQuit = false
  /// The last ride finished in this session: the exit's summary line, and the summary shown
  /// after `r` until the next input (`showingSummary`).
  public var lastFinished: RideSummary?
  public var showingSummary = false
  /// The moving time of the last finished ride (from the journal at start, then this
  /// session's), for the summary's difference.
  public var previousMoving: Duration?
  /// The last finished ride of the workout this screen follows (from the journal at start,
  /// then this session's), for a workout ride's summary.
  public var workoutRideBefore: WorkoutRideBefore?
  /// The `--cue-cmd` command failed once: said in the banner, and never again.
  public var cueFailureShown = false

  public init() {}

  /// An input arrived: the hint, the banner, the summary after `r` and the question of a
  /// first `q` go. Returns whether that question was asked (the input may be its answer).
  mutating func inputArrived() -> Bool {
    hints.clear()
    banner = nil
    showingSummary = false
    defer { confirmingQuit = false }
    return confirmingQuit
  }

  /// The journal's news. While events are unwritten the problem stays on screen, whatever the
  /// keys; a refused event is said once, until the next input.
  mutating func take(_ report: JournalReport) {
    switch report {
    case .failing(let message, let unwritten):
      journalProblem = message
      unwrittenEvents = unwritten
    case .refused(let message):
      banner = message
    case .choiceNotSaved:
      break
    case .caughtUp:
      journalProblem = nil
      unwrittenEvents = 0
      confirmingQuit = false
    }
  }

  /// The `--cue-cmd` command failed: said once.
  mutating func cueFailed(_ message: String) {
    guard !cueFailureShown else { return }
    cueFailureShown = true
    banner = message
  }

  /// The ride just finished: its summary shows until the next input, and its moving time is
  /// the next ride's previous.
  mutating func finished(_ summary: RideSummary) {
    lastFinished = summary
    previousMoving = summary.moving
    if let workout = summary.workout {
      workoutRideBefore = WorkoutRideBefore(number: summary.number, moving: summary.moving, figures: workout.figures)
    }
    showingSummary = true
  }

  /// The chrome's ticker candidate: a hint goes after its lifetime (the phase it belongs to
  /// changes only at another feature's candidate, or with an input).
  var nextCandidate: Instant? { hints.expiry }
}

extension RideReducer {
  /// `q`. Nothing is lost silently: with events the journal has not taken, `q` asks to be
  /// pressed again, and the second quits with status 1 (the exit says what is missing).
  static func quit(_ state: inout RideScreenState, wall: Int64, confirmingQuit: Bool) -> [Effect] {
    guard state.chrome.unwrittenEvents == 0 || confirmingQuit else {
      state.chrome.confirmingQuit = true
      return []
    }
    let status: ExitStatus = state.chrome.unwrittenEvents == 0 ? .success : .failure
    // Quitting during the pre-start countdown cancels it, as Esc does: no ride starts
    // behind the user's back (a crash or `kill -9` still lets it start on restore).
    if state.phase == .countdown {
      return state.record(RideEvent(.countdownCancel, at: state.now), wall: wall) + [.quit(status)]
    }
    return [.quit(status)]
  }
}

/// A finished ride in a line: what the exit summary prints.
/// How an attempt at a route ended: complete (the last segment split), and then whether it is
/// the new personal best; or unfinished (a reset).
public enum RouteResult: Equatable, Sendable {
  case complete(personalBest: Bool), reset
}

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
  /// For an attempt at a route: how it ended.
  public var route: RouteResult?
  /// What the ride was: its words are a run's when running.
  public var sport: Sport = .biking
  /// For a workout ride: its steps, and the last ride of the same workout (then
  /// `previousMoving` is nil: it is not compared with whatever ride came before).
  public var workout: WorkoutRideSummary?
  /// The ride's lap distance, and the units its pace is shown in.
  public var lapDistance: LapDistance?
  public var units: DistanceUnits = .metric
  /// What the sensors measured over the ride (`SensorFigures`); nil without samples.
  public var sensors: SensorFigures?

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
