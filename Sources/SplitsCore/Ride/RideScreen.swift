/// The ride screen as data: the instant it was last brought up to date, and its features,
/// each with its own state (`Features/`): the clock (the ride, its precision, the pre-start
/// countdown), the comparison, the workout and the chrome around them (hints, banner, help,
/// summary, the journal's problem, the question before quitting).
///
/// The properties below the features forward to them, so that the runtime, the views and
/// the tests read the screen as one value.
public struct RideScreenState: Equatable, Sendable {
  public typealias Hint = ChromeFeature.Hint

  /// The instant the state was last brought up to date; what the screen shows is computed at it.
  public var now: Instant
  public var clock: ClockFeature
  public var comparison = ComparisonFeature()
  /// The workout the ride follows, if any.
  public var following = WorkoutFeature()
  public var chrome = ChromeFeature()
  /// The route the ride rides, if its name has one.
  public var route = RouteFeature()
  /// The lap distance of the ride on screen and the next, and the units of its paces.
  public var distance = DistanceFeature()

  public init(ride: Ride, precision: Precision = .cs, countdownSteps: Int = 0, now: Instant) {
    self.clock = ClockFeature(ride: ride, precision: precision, countdownSteps: countdownSteps)
    self.now = now
  }

  /// The next instant after `now` at which a figure of `shown` can change: the earliest of
  /// the features' candidates. Every change of the frame without input happens at one of
  /// these instants; nil when none can come (a ready ride, a paused ride showing no counter).
  public func nextCandidate(shown: ShownClocks) -> Instant? {
    [
      chrome.nextCandidate,
      clock.nextCandidate(shown: shown, now: now),
      following.nextCandidate(at: workoutPosition, phase: phase, now: now),
      comparison.nextCandidate(ride, live: liveComparison, now: now),
      route.nextCandidate(ride, precision: precision, now: now),
    ].compactMap { $0 }.min()
  }

  /// The next change when every figure is shown in full (the moving time at its precision, the
  /// elapsed and paused times to the second).
  public func nextChange() -> Instant? { nextCandidate(shown: .everything(precision)) }

  /// Applies `event` to the ride and returns its record for the journal: how every feature
  /// records what happened.
  mutating func record(_ event: RideEvent, wall: Int64) -> [Effect] {
    let number = ride.number
    clock.ride.apply(event)
    return [.record(event, ride: number, wallMilliseconds: wall)]
  }

  mutating func showHint(_ hint: Hint) { chrome.hints.show(hint, at: now, in: phase) }
  mutating func clearHint() { chrome.hints.clear() }
  mutating func expireHint() { chrome.hints.expire(at: now, in: phase) }
}

// MARK: - The clock

extension RideScreenState {
  public var ride: Ride {
    get { clock.ride }
    set { clock.ride = newValue }
  }
  public var precision: Precision {
    get { clock.precision }
    set { clock.precision = newValue }
  }
  /// Steps of the pre-start countdown started by space (0: start at once).
  public var countdownSteps: Int {
    get { clock.countdownSteps }
    set { clock.countdownSteps = newValue }
  }
  /// What a ride started here is (`--sport`), recorded with its first event.
  public var sport: Sport {
    get { clock.sport }
    set { clock.sport = newValue }
  }
  /// The name a ride started here gets (`--name`, else a workout's name), with its first event.
  public var name: String? {
    get { clock.name }
    set { clock.name = newValue }
  }
  /// A lap within this much of the lap before (or of the start) is refused (`--split-guard`).
  public var splitGuard: Duration {
    get { clock.splitGuard }
    set { clock.splitGuard = newValue }
  }
  public var phase: Ride.Phase { ride.phase }
  public var moving: Duration { ride.moving(at: now) }
  public var elapsed: Duration { ride.elapsed(at: now) }
  public var pausedTotal: Duration { ride.paused(at: now) }
}

// MARK: - The workout

extension RideScreenState {
  /// The workout this ride follows, if any.
  public var workout: WorkoutRun? {
    get { following.run }
    set { following.run = newValue }
  }

  /// Where the workout stands now; nil for a plain ride and before the ride's clock starts.
  public var workoutPosition: WorkoutPosition? { following.position(in: ride, moving: moving) }

  /// Whether the workout still has steps to ride (false for a plain ride).
  public var isFollowingWorkout: Bool {
    guard workout != nil else { return false }
    return !(workoutPosition?.isComplete ?? false)
  }

  /// Whether `u` has a lap to take back: a workout's steps stay ended, so only laps taken
  /// after it are.
  public var canUndo: Bool { ride.marks.count > ride.stepEnds.count }

  /// Starts announcing from where the workout is now: a restored ride announces nothing that
  /// passed while no screen was open.
  public mutating func observeWorkoutFromNow() { following.observe(from: workoutPosition) }
}

// MARK: - The comparison

extension RideScreenState {
  /// The name of the ride on screen: the open ride's own, else `name` (the next ride's).
  /// What the ride on screen is: the open ride's sport, else the next ride's.
  public var rideSport: Sport { clock.openSport ?? clock.sport }
  /// The sport whose words the screen uses: the finished ride's while its summary shows.
  public var wordsSport: Sport { showingSummary ? (lastFinished?.sport ?? rideSport) : rideSport }
  public var rideName: String? {
    get { comparison.rideName }
    set { comparison.rideName = newValue }
  }
  /// Earlier finished rides by name and the comparison chosen for each (`c`).
  public var comparisons: RideComparisons {
    get { comparison.comparisons }
    set { comparison.comparisons = newValue }
  }
  /// Why the journal did not keep the last choice of comparison (shown until the next input).
  public var comparisonNotSaved: String? {
    get { comparison.notSaved }
    set { comparison.notSaved = newValue }
  }

  /// Whether the ride on screen is compared: it has a name and follows no workout.
  public var canCompare: Bool { rideName != nil && workout == nil }

  /// The comparison chosen for the ride on screen (nil when it is not compared).
  public var comparisonKind: ComparisonKind? { canCompare ? rideName.map(comparisons.kind(for:)) : nil }

  /// What the ride on screen is compared with now; nil when it is not compared.
  /// A ride on a route is measured against the route's records instead (`route`).
  public var liveComparison: LiveComparison? {
    route.timer == nil ? comparison.live(ride, followingWorkout: workout != nil) : nil
  }
}

// MARK: - The chrome

extension RideScreenState {
  public var showingHelp: Bool {
    get { chrome.showingHelp }
    set { chrome.showingHelp = newValue }
  }
  /// A hint about the last key, shown in place of the key line while it is true.
  public var hints: ShownHint<Hint, Ride.Phase> { chrome.hints }
  public var hint: Hint? { chrome.hints.hint }
  /// A line shown above the help line until the next input.
  public var banner: String? {
    get { chrome.banner }
    set { chrome.banner = newValue }
  }
  public var journalProblem: String? {
    get { chrome.journalProblem }
    set { chrome.journalProblem = newValue }
  }
  public var unwrittenEvents: Int {
    get { chrome.unwrittenEvents }
    set { chrome.unwrittenEvents = newValue }
  }
  public var confirmingQuit: Bool {
    get { chrome.confirmingQuit }
    set { chrome.confirmingQuit = newValue }
  }
  public var lastFinished: RideSummary? {
    get { chrome.lastFinished }
    set { chrome.lastFinished = newValue }
  }
  public var showingSummary: Bool {
    get { chrome.showingSummary }
    set { chrome.showingSummary = newValue }
  }
  public var previousMoving: Duration? {
    get { chrome.previousMoving }
    set { chrome.previousMoving = newValue }
  }
  public var cueFailureShown: Bool {
    get { chrome.cueFailureShown }
    set { chrome.cueFailureShown = newValue }
  }
}
