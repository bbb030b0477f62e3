/// The ride screen as data: the instant it was last brought up to date, and its features,
/// each with its own state (`Features/`): the clock (the ride, its precision, the pre-start
/// countdown), the comparison, the workout and the chrome around them (hints, banner, help,
/// summary, the journal's problem, the question before quitting).
///
/// Readers reach into the feature that owns a field (`state.clock.ride`, `state.chrome.banner`);
/// the properties below the features only derive what takes more than one of them (the phase,
/// the moving time, what the ride is compared with now).
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
  /// A trainer held to the workout's target power (`--erg`).
  public var erg = ErgFeature()
  /// The remembered Bluetooth sensors: their links, the figures shown, the second sampled.
  public var sensors = SensorsFeature()

  public init(ride: Ride, precision: Precision = .cs, countdownSteps: Int = 0, now: Instant) {
    self.clock = ClockFeature(ride: ride, precision: precision, countdownSteps: countdownSteps)
    self.now = now
  }

  /// The next instant after `now` at which a figure of `shown` can change: the earliest of
  /// the features' candidates. Every change of the frame without input happens at one of
  /// these instants; nil when none can come (a ready ride, a paused ride showing no counter).
  public func nextCandidate(shown: ShownClocks) -> Instant? {
    Self.earlier(clock.nextCandidate(shown: shown, now: now), featuresCandidate)
  }

  /// The next candidate of the state a tick at `instant` would make when it changes nothing
  /// but `now` (the look-ahead's shortcut, `RideProgram.ahead`): the clock's after `instant`
  /// for `shown`, or `featuresDue` (this state's `featuresCandidate`, after `instant`).
  public func nextCandidate(shown: ShownClocks, at instant: Instant, featuresDue: Instant?) -> Instant? {
    Self.earlier(clock.nextCandidate(shown: shown, now: instant), featuresDue)
  }

  /// The earliest candidate of every feature but the clock's figures: until then, only the
  /// figures that read the clock can change on screen. Asked on every tick of the look-ahead
  /// (a hundred a second at hundredths): no array is made for it.
  public var featuresCandidate: Instant? {
    var earliest = chrome.nextCandidate
    // A workout's position and a live comparison cost more to work out than the answer: asked
    // only of a ride that follows a workout, or has a name to compare (each is nil otherwise).
    if following.isFollowing {
      earliest = Self.earlier(earliest, following.nextCandidate(at: workoutPosition, phase: phase, now: now))
    }
    if comparison.rideName != nil {
      earliest = Self.earlier(earliest, comparison.nextCandidate(clock.ride, live: liveComparison, now: now))
    }
    // Likewise a route's delta, only on a route.
    if route.isTimed {
      earliest = Self.earlier(earliest, route.nextCandidate(clock.ride, precision: clock.precision, now: now))
    }
    earliest = Self.earlier(earliest, erg.nextCandidate(now: now))
    return Self.earlier(earliest, sensors.nextCandidate(now: now))
  }

  /// The earlier of two candidates, either of which may be missing.
  static func earlier(_ a: Instant?, _ b: Instant?) -> Instant? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
  }

  /// The next change when every figure is shown in full (the moving time at its precision, the
  /// elapsed and paused times to the second).
  public func nextChange() -> Instant? { nextCandidate(shown: .everything(clock.precision)) }

  /// Applies `event` to the ride and returns its record for the journal: how every feature
  /// records what happened.
  mutating func record(_ event: RideEvent, wall: Int64) -> [Effect] {
    let number = clock.ride.number
    clock.ride.apply(event)
    return [.record(event, ride: number, wallMilliseconds: wall)]
  }

  mutating func showHint(_ hint: Hint) { chrome.hints.show(hint, at: now, in: phase) }
  mutating func clearHint() { chrome.hints.clear() }
  mutating func expireHint() { chrome.hints.expire(at: now, in: phase) }
}

// MARK: - The clock

extension RideScreenState {
  public var phase: Ride.Phase { clock.ride.phase }
  public var moving: Duration { clock.ride.moving(at: now) }
  public var elapsed: Duration { clock.ride.elapsed(at: now) }
  public var pausedTotal: Duration { clock.ride.paused(at: now) }
}

// MARK: - The workout

extension RideScreenState {
  /// Where the workout stands now; nil for a plain ride and before the ride's clock starts.
  public var workoutPosition: WorkoutPosition? { following.position(in: clock.ride, moving: moving) }

  /// Whether the workout still has steps to ride (false for a plain ride).
  public var isFollowingWorkout: Bool {
    guard following.isFollowing else { return false }
    return !(workoutPosition?.isComplete ?? false)
  }

  /// Whether `u` has a lap to take back: a workout's steps stay ended, so only laps taken
  /// after it are.
  public var canUndo: Bool { clock.ride.marks.count > clock.ride.stepEnds.count }

  /// Starts announcing from where the workout is now: a restored ride announces nothing that
  /// passed while no screen was open.
  public mutating func observeWorkoutFromNow() { following.observe(from: workoutPosition) }
}

// MARK: - The comparison

extension RideScreenState {
  /// What the ride on screen is: the open ride's sport, else the next ride's.
  public var rideSport: Sport { clock.openSport ?? clock.sport }
  /// The sport whose words the screen uses: the finished ride's while its summary shows.
  public var wordsSport: Sport { chrome.showingSummary ? (chrome.lastFinished?.sport ?? rideSport) : rideSport }

  /// Whether the ride on screen is compared: it has a name and follows no workout.
  public var canCompare: Bool { comparison.rideName != nil && !following.isFollowing }

  /// The comparison chosen for the ride on screen (nil when it is not compared).
  public var comparisonKind: ComparisonKind? {
    canCompare ? comparison.rideName.map(comparison.comparisons.kind(for:)) : nil
  }

  /// What the ride on screen is compared with now; nil when it is not compared.
  /// A ride on a route is measured against the route's records instead (`route`).
  public var liveComparison: LiveComparison? {
    route.isTimed ? nil : comparison.live(clock.ride, followingWorkout: following.isFollowing)
  }
}
