import SplitsRoutes

/// What the ride screen opens on: the one place its first state is built, for the screen
/// (`splits`, `splits workout`) and for a remote command applied with no screen open
/// (`RemoteRun.headless`), so that both apply the reducer to the same state.
///
/// Where the two differ on purpose, it is a field here: a remote command has no
/// `--countdown` (a ride it starts starts at once; `splits start --name --sport` gives it a
/// name and a sport, through the reducer as on a screen), no split guard (the screen's `--split-guard`), rings no bells and reads no
/// earlier rides to compare with. Both ride the route of the ride's name, when it has one.
public struct RideOpening: Equatable, Sendable {
  /// The current ride as the journal restored it; nil without a journal (ride 1, ready).
  public var restored: RestoredRide?
  public var precision: Precision
  /// Steps of the pre-start countdown that space starts (`--countdown`).
  public var countdownSteps: Int
  /// What a ride started here is, and the name it gets (an empty name is none).
  public var sport: Sport
  public var name: String?
  /// The moving time of the last finished ride, for the summary after `r`.
  public var previousMoving: Duration?
  /// The workout the ride follows; nil for a plain ride.
  public var workout: WorkoutRun?
  /// The last finished ride of that workout (`WorkoutSource.identity`), for the summary
  /// after `r`.
  public var workoutRideBefore: WorkoutRideBefore?
  /// Why the open ride's workout cannot be read (it goes on as a plain ride): said in the banner.
  public var unreadableWorkout: String?
  /// What the workout's reader skipped (`.zwo` elements it does not know): said in the banner.
  public var workoutWarnings: [String] = []
  /// Earlier finished rides by name and the comparison chosen for each.
  public var comparisons: RideComparisons
  /// The language of the banners the opening state may carry.
  public var language: Language
  /// A lap within this much of the lap before (or of the start) is refused (`--split-guard`;
  /// a remote command applied with no screen open has none).
  public var splitGuard: Duration

  /// The route of the ride on screen's name (the open ride's, else the next ride's), if it
  /// has one; a workout ride rides none.
  public var route: Route?

  /// What the command line said of the open ride (options that apply only to the next
  /// ride, a name given to an unnamed one): the screen's banner.
  public var note: String?

  /// The lap distance a ride started here gets (`--lap-distance`), and the units of paces.
  public var lapDistance: LapDistance?
  public var units: DistanceUnits = .metric

  /// A trainer held to the workout's targets (`--erg`), and the FTP they are percents of.
  public var erg = ErgFeature()
  /// The remembered sensors (`splits sensors add`): what the screen connects to.
  public var sensors: [RememberedSensor] = []
  /// The rider's FTP (`splits config ftp`): a workout's watts when it names none.
  public var ftp: Int?

  /// The split guard unless `--split-guard` says otherwise.
  public static let defaultSplitGuard = Duration.milliseconds(250)

  public init(
    restored: RestoredRide?, precision: Precision, countdownSteps: Int = 0, sport: Sport = .biking,
    name: String? = nil, previousMoving: Duration? = nil, workout: WorkoutRun? = nil,
    unreadableWorkout: String? = nil, comparisons: RideComparisons = RideComparisons(), language: Language = .en,
    splitGuard: Duration = RideOpening.defaultSplitGuard, note: String? = nil, route: Route? = nil,
    lapDistance: LapDistance? = nil, units: DistanceUnits = .metric
  ) {
    self.lapDistance = lapDistance
    self.units = units
    self.note = note
    self.route = route
    self.splitGuard = splitGuard
    self.restored = restored
    self.precision = precision
    self.countdownSteps = countdownSteps
    self.sport = sport
    self.name = name
    self.previousMoving = previousMoving
    self.workout = workout
    self.unreadableWorkout = unreadableWorkout
    self.comparisons = comparisons
    self.language = language
  }

  /// What the screen opens saying, on its one banner line: a wall clock gone back, a workout
  /// unreadable or read with warnings, the command line's note.
  var banner: String? {
    let strings = WorkoutStrings.of(language)
    var parts: [String] = []
    if restored?.wallClockWentBackwards == true { parts.append(HistoryStrings.of(language).wallClockWentBackwards) }
    if let unreadableWorkout { parts.append(strings.fill(strings.workoutUnreadableFormat, unreadableWorkout)) }
    if let first = workoutWarnings.first {
      parts.append(
        workoutWarnings.count == 1
          ? strings.fill(strings.workoutWarningFormat, first)
          : strings.fill(strings.workoutWarningsFormat, first, String(workoutWarnings.count - 1)))
    }
    if let note { parts.append(note) }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The state at `now` (the boot clock's reading). A restored ride keeps running, with the
  /// time since its last event counted; a restored workout announces nothing that passed
  /// while no screen was open.
  public func state(at now: Instant) -> RideScreenState {
    let at = restored.map { max(now, $0.at) } ?? now
    var state = RideScreenState(
      ride: restored?.ride ?? Ride(number: 1), precision: precision, countdownSteps: countdownSteps, now: at)
    state.chrome.banner = banner
    state.chrome.previousMoving = previousMoving
    state.chrome.workoutRideBefore = workoutRideBefore
    state.clock.splitGuard = splitGuard
    state.clock.sport = sport
    state.clock.name = name.flatMap { $0.isEmpty ? nil : $0 }
    // The ride on screen is the open ride, with its own name, or the next one.
    if let restored, restored.phase != .ready {
      state.comparison.rideName = restored.name
      state.clock.openSport = restored.sport
    } else {
      state.comparison.rideName = state.clock.name
    }
    state.comparison.comparisons = comparisons
    let open = restored.flatMap { $0.phase == .ready ? nil : $0 }
    state.distance = DistanceFeature(
      next: lapDistance, onScreen: open.map(\.lapDistance) ?? lapDistance, units: units)
    state.sensors = SensorsFeature(ftp: ftp)
    // An open ride's samples from before the screen opened count in its summary.
    if let restored, restored.phase != .ready, !restored.isFinished { state.sensors.rideSamples = restored.samples }
    if workout == nil, let route, route.name == state.comparison.rideName {
      state.route = RouteFeature(route: route, comparison: comparisons.routeChoices[route.name])
    }
    if let workout {
      state.following.run = workout
      state.observeWorkoutFromNow()
      state.erg = erg
    }
    return state
  }
}
