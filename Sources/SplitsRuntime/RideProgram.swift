import SplitsCore
import SplitsRender

/// The ride screen as a `Program`: the core's reducer and the pure view.
public struct RideProgram: Program {
  public private(set) var state: RideScreenState
  public let options: ViewOptions
  /// Whether rides are kept in a journal (then `q` leaves a running ride running).
  public let persistent: Bool

  public init(state: RideScreenState, options: ViewOptions, persistent: Bool) {
    self.state = state
    self.options = options
    self.persistent = persistent
  }

  public mutating func handle(_ action: Action) -> [Effect] { RideReducer.reduce(&state, action) }

  /// The ride's reducer reads the wall clock only for the events it records, and a tick
  /// records none: the candidate carries the monotonic instant alone.
  public func nextCandidate(shown: ShownClocks) -> Now? {
    state.nextCandidate(shown: shown).map { Now(monotonic: $0, wallMilliseconds: 0) }
  }

  public func render(size: Size) -> Screen { RideView.render(state, size: size, options: options) }

  /// The keys a ride gets first from where it is: a ready ride's start (its countdown's, when it
  /// has one), two laps and pause, a running one's two laps and pause, a paused one's resume,
  /// a lap and pause; each later than the one before by more than the lap guard, so that every
  /// lap is taken. Nothing during a countdown. The stage is this ride with memos of its own.
  public func rehearsal(from now: Now) -> (stage: RideProgram, actions: [Action])? {
    let keys: [Character] =
      switch state.phase {
      case .ready: [" ", "l", "l", " "]
      case .running: ["l", "l", " "]
      case .paused: [" ", "l", " "]
      case .countdown: []
      }
    guard !keys.isEmpty else { return nil }
    let step = state.clock.splitGuard + .seconds(1)
    var at = now
    let actions = keys.map { key in
      at = Now(monotonic: at.monotonic + step, wallMilliseconds: at.wallMilliseconds.addingSaturating(step.milliseconds))
      return Action(.key(.character(key)), at: at)
    }
    return (RideProgram(state: state, options: options.withOwnMemos(), persistent: persistent), actions)
  }

  /// What the frame written again needs of the ride before ticks: whether it ran, when, and
  /// when any feature but the clock's figures had something due next.
  public struct TickBasis: Sendable {
    var running: Bool
    var now: Instant
    var featuresDue: Instant?
  }

  public var tickBasis: TickBasis {
    let running = state.phase == .running
    // Only a running ride's frame is written again: a stopped one needs no candidate.
    return TickBasis(running: running, now: state.now, featuresDue: running ? state.featuresCandidate : nil)
  }

  /// While the ride runs and no feature but the clock's figures has anything due up to now,
  /// the frame is `earlier`'s with those figures written again (`Screen.patched`).
  ///
  /// Nonisolated, as `ahead` and `figure` are: a closure formed in a main-actor function
  /// checks its executor at run time (`swift_task_isCurrentExecutor`), on every tick.
  public nonisolated func patched(_ frame: Screen, since earlier: TickBasis, reusing spare: inout Screen.Spare?) -> Screen? {
    guard earlier.running, state.phase == .running, state.now >= earlier.now,
      earlier.featuresDue.map({ $0 > state.now }) ?? true
    else { return nil }
    let ride = state.clock.ride
    return frame.patched(reusing: &spare) { Self.figure($0, of: ride, at: state.now) }
  }

  /// The ride's clock figure `field` at `instant`, as the view shows it; nil for the
  /// countdown's, which a running ride does not show.
  private nonisolated static func figure(_ field: ClockField, of ride: Ride, at instant: Instant) -> Duration? {
    switch field {
    case .moving: ride.moving(at: instant)
    case .elapsed: ride.elapsed(at: instant)
    case .paused: ride.paused(at: instant)
    case .countdown: nil
    }
  }

  /// While the ride runs and no feature but the clock's figures has anything due up to
  /// `instant`, a tick there would change nothing but `now`: the frame is this one's with the
  /// figures at `instant` written again, and the next candidate the clock's after it or the
  /// features' (`patched`, without the tick).
  public nonisolated func ahead(of frame: Screen, at instant: Now, reusing spare: inout Screen.Spare?) -> (frame: Screen, following: Now?)? {
    let at = instant.monotonic
    guard state.phase == .running, at >= state.now else { return nil }
    let featuresDue = state.featuresCandidate
    if let featuresDue, featuresDue <= at { return nil }
    let ride = state.clock.ride
    guard let written = frame.patched(reusing: &spare, { Self.figure($0, of: ride, at: at) }) else { return nil }
    let following = state.nextCandidate(shown: written.clocks, at: at, featuresDue: featuresDue)
    return (written, following.map { Now(monotonic: $0, wallMilliseconds: 0) })
  }

  /// `Moving 00:42:10.25 · 4 laps`, with what became of the ride. "Still running" only when
  /// the journal has every event: otherwise coming back would not find what the screen showed.
  public func summary(unwrittenEvents: Int) -> String {
    let s = Strings.of(options.language, sport: state.wordsSport)
    let ride = state.clock.ride
    if ride.phase == .ready || ride.phase == .countdown {
      guard let last = state.chrome.lastFinished else { return s.summaryNoRide }
      let count = last.workout.map { options.workoutStrings.steps($0.figures) } ?? s.lapCount(last.laps)
      return s.fill(s.summaryFinishedFormat, String(last.number)) + ": " + s.summaryMoving + " "
        + TimeFormat.clock(last.moving, precision: state.clock.precision) + " · " + count
    }
    var line = "\(s.ride) \(ride.number): \(s.summaryMoving) "
      + TimeFormat.clock(state.moving, precision: state.clock.precision) + " · " + s.lapCount(ride.splits.count)
    if persistent, unwrittenEvents == 0 {
      if ride.phase == .running { line += " · " + s.summaryStillRunning }
      if ride.phase == .paused { line += " · " + s.summaryStillPaused }
    }
    return line
  }
}
