/// Where an attempt on a route stands (livesplit-core's `TimerPhase`).
public enum RouteTimerPhase: String, Sendable {
  case notRunning, running, paused, ended
}

/// What a timer operation did (livesplit-core's `Event`).
public enum RouteTimerEvent: Equatable, Sendable {
  case started, splitted, finished, splitSkipped, splitUndone, paused, resumed, reset, comparisonChanged
}

/// Why a timer operation was refused (livesplit-core's `Error`).
public enum RouteTimerError: Error, Equatable, Sendable {
  case runAlreadyInProgress, noRunInProgress, runFinished, timerPaused, negativeTime
  case cantSkipLastSplit, cantUndoFirstSplit, alreadyPaused, notPaused, comparisonDoesntExist
}

/// A route with an attempt applied to it, the way livesplit-core's `Timer` applies one: start
/// (the attempt count goes up), split, skip (not the last), undo, pause, and reset, which
/// records the attempt (attempt history, golds, personal best, segment history) and fixes the
/// route. The last split completes the attempt (LiveSplit's Ended); a reset before it records
/// an attempt with no time. Pure: the times of splits are given, no clock is read.
public struct RouteTimer: Equatable, Sendable {
  /// The route, with the split times of the attempt under way.
  public private(set) var route: Route
  /// The timing method whose final time decides a personal best.
  public var timingMethod: TimingMethod
  public private(set) var phase: RouteTimerPhase = .notRunning
  /// The comparisons' split times: the route's own and the generated ones.
  public internal(set) var comparisons: RouteComparisons
  /// The comparison the attempt is compared with (the personal best to begin with).
  public internal(set) var currentComparison = RouteSegment.personalBest
  /// The segment under way (nil when no attempt is under way or it has ended).
  public private(set) var currentSplitIndex: Int?
  /// Time paused in the attempt under way, recorded with it.
  public var pauseTime: Duration?
  private var attemptStarted: AttemptDate?
  private var attemptEnded: AttemptDate?

  /// A timer on the route, fixed and its comparisons generated; nil for a route with no
  /// segments (it could not hold a final time).
  public init?(route: Route, timingMethod: TimingMethod = .real) {
    guard !route.segments.isEmpty else { return nil }
    var route = route
    route.fixSplits()
    self.route = route
    self.timingMethod = timingMethod
    self.comparisons = RouteComparisons(route: route)
  }

  /// The index of the segment under way, the number of segments once the attempt has ended;
  /// nil with no attempt (livesplit-core's `current_split_index`).
  public var splitIndex: Int? {
    phase == .ended ? route.segments.count : currentSplitIndex
  }

  /// The segment under way.
  public var currentSegment: RouteSegment? { currentSplitIndex.map { route.segments[$0] } }

  /// The time the timer shows when no attempt is under way or once it has ended; nil while one
  /// runs (its time is given to the analysis).
  public var settledTime: RouteTime? {
    switch phase {
    case .notRunning: RouteTime(real: route.offset, game: route.offset)
    case .ended: route.segments.last?.splitTime
    case .running, .paused: nil
    }
  }

  @discardableResult
  public mutating func start(at date: AttemptDate? = nil) throws(RouteTimerError) -> RouteTimerEvent {
    guard phase == .notRunning else { throw .runAlreadyInProgress }
    phase = .running
    currentSplitIndex = 0
    attemptStarted = date
    attemptEnded = nil
    pauseTime = nil
    route.attemptCount += 1
    return .started
  }

  /// Ends the segment under way at the time given (the timer's time: the start offset and the
  /// time since the start, pauses left out). The last split ends the attempt.
  @discardableResult
  public mutating func split(at time: RouteTime, date: AttemptDate? = nil) throws(RouteTimerError) -> RouteTimerEvent {
    guard phase != .notRunning else { throw .noRunInProgress }
    guard phase != .ended, let index = currentSplitIndex else { throw .runFinished }
    guard phase != .paused else { throw .timerPaused }
    if let real = time.real, real < .zero { throw .negativeTime }
    route.segments[index].splitTime = time
    if index + 1 == route.segments.count {
      phase = .ended
      currentSplitIndex = nil
      attemptEnded = date
      return .finished
    }
    currentSplitIndex = index + 1
    return .splitted
  }

  /// A split at a real time only.
  @discardableResult
  public mutating func split(at real: Duration, date: AttemptDate? = nil) throws(RouteTimerError) -> RouteTimerEvent {
    try split(at: RouteTime(real: real), date: date)
  }

  /// Starts an attempt or splits (livesplit-core's `split_or_start`).
  @discardableResult
  public mutating func splitOrStart(at time: RouteTime, date: AttemptDate? = nil) throws(RouteTimerError)
    -> RouteTimerEvent
  {
    phase == .notRunning ? try start(at: date) : try split(at: time, date: date)
  }

  /// Skips the segment under way: it gets no split time and folds into the next. Not the last.
  @discardableResult
  public mutating func skipSplit() throws(RouteTimerError) -> RouteTimerEvent {
    guard phase != .notRunning else { throw .noRunInProgress }
    guard let index = currentSplitIndex else { throw .runFinished }
    guard index + 1 < route.segments.count else { throw .cantSkipLastSplit }
    route.segments[index].splitTime = .none
    currentSplitIndex = index + 1
    return .splitSkipped
  }

  /// Takes back the last split (or skip); an ended attempt runs again.
  @discardableResult
  public mutating func undoSplit() throws(RouteTimerError) -> RouteTimerEvent {
    guard phase != .notRunning, let index = splitIndex else { throw .noRunInProgress }
    guard index > 0 else { throw .cantUndoFirstSplit }
    if phase == .ended { phase = .running }
    currentSplitIndex = index - 1
    route.segments[index - 1].splitTime = .none
    attemptEnded = nil
    return .splitUndone
  }

  @discardableResult
  public mutating func pause() throws(RouteTimerError) -> RouteTimerEvent {
    switch phase {
    case .notRunning: throw .noRunInProgress
    case .ended: throw .runFinished
    case .paused: throw .alreadyPaused
    case .running:
      phase = .paused
      return .paused
    }
  }

  @discardableResult
  public mutating func resume() throws(RouteTimerError) -> RouteTimerEvent {
    switch phase {
    case .notRunning: throw .noRunInProgress
    case .ended: throw .runFinished
    case .running: throw .notPaused
    case .paused:
      phase = .running
      return .resumed
    }
  }

  /// Ends the attempt under way. With `updateSplits` the attempt is recorded (attempt history,
  /// golds, personal best if it completed faster, segment history); without, it is discarded
  /// (the attempt count keeps it, as in LiveSplit). Then the route is fixed and the
  /// comparisons generated again.
  @discardableResult
  public mutating func reset(updateSplits: Bool = true, at date: AttemptDate? = nil) throws(RouteTimerError)
    -> RouteTimerEvent
  {
    try reset(updateSplits: updateSplits, at: date, regenerate: true)
  }

  /// A reset that may leave the comparisons to be generated later (records never read them:
  /// folding many attempts generates them once, at the end).
  @discardableResult
  mutating func reset(updateSplits: Bool, at date: AttemptDate?, regenerate: Bool) throws(RouteTimerError)
    -> RouteTimerEvent
  {
    guard phase != .notRunning else { throw .noRunInProgress }
    if updateSplits { updateTimes(resetAt: date) }
    resetSplits(regenerate: regenerate)
    return .reset
  }

  /// Resets, recording the attempt and making its split times the personal best whatever they
  /// are (livesplit-core's `reset_and_set_attempt_as_pb`).
  @discardableResult
  public mutating func resetAndSetAttemptAsPersonalBest(at date: AttemptDate? = nil) throws(RouteTimerError)
    -> RouteTimerEvent
  {
    guard phase != .notRunning else { throw .noRunInProgress }
    updateTimes(resetAt: date)
    route.setRunAsPersonalBest()
    resetSplits(regenerate: true)
    return .reset
  }

  private mutating func resetSplits(regenerate: Bool) {
    phase = .notRunning
    currentSplitIndex = nil
    pauseTime = nil
    for s in route.segments.indices { route.segments[s].splitTime = .none }
    route.fixSplits()
    if regenerate { comparisons = RouteComparisons(route: route) }
  }

  /// Records the attempt (livesplit-core's `update_times`).
  private mutating func updateTimes(resetAt date: AttemptDate?) {
    let ended = phase == .ended
    let time = ended ? (route.segments.last?.splitTime ?? .none) : .none
    route.addAttempt(time: time, started: attemptStarted, ended: ended ? attemptEnded : date, pauseTime: pauseTime)
    route.updateBestSegments()
    route.updatePersonalBestSplits(timingMethod)
    route.updateSegmentHistory(segmentsCount: splitIndex ?? 0)
  }
}
