/// The ride's clock: the ride itself, the precision its moving time is shown at, the pre-start
/// countdown that space starts, and what a ride started here is.
public struct ClockFeature: Equatable, Sendable {
  public var ride: Ride
  public var precision: Precision
  /// Steps of the pre-start countdown started by space (0: start at once).
  public var countdownSteps: Int
  /// What a ride started here is (`--sport`), recorded with its first event.
  public var sport: Sport = .biking
  /// What the open ride the screen opened on is (its own sport, not `--sport`'s); nil once it
  /// finished, or when the screen opened ready.
  public var openSport: Sport?
  /// The name a ride started here gets (`--name`, else a workout's name), with its first event.
  public var name: String?
  /// A lap within this much moving time of the lap before (or of the start) is refused: a
  /// double press (`--split-guard`; zero lets every lap through). The opening state sets it
  /// (`RideOpening`).
  public var splitGuard: Duration = .zero

  public init(ride: Ride, precision: Precision, countdownSteps: Int) {
    self.ride = ride
    self.precision = precision
    self.countdownSteps = countdownSteps
  }

  /// The clock's ticker candidates after `now`: a moving time (or a running lap's figure)
  /// shown to hundredths crosses its next hundredth, an elapsed or paused time its next
  /// second, the pre-start countdown its next step (or its end, which starts the ride).
  func nextCandidate(shown: ShownClocks, now: Instant) -> Instant? {
    // The earliest so far, kept as it comes (asked twice a tick: no array for it).
    var earliest: Instant?
    func consider(_ candidate: Instant) { earliest = earliest.map { min($0, candidate) } ?? candidate }
    switch ride.phase {
    case .ready:
      break
    case .countdown:
      if let step = ride.countdown?.nextChange(at: now) { consider(step) }
    case .running:
      // The moving time, and the running lap's figures, which turn over when the moving time
      // passes their origin plus a multiple of their place.
      let movingNs = ride.moving(at: now).nanoseconds
      shown.forEachLattice(.moving) { origin, place in
        let unit = place.nanoseconds
        let into = ((movingNs - origin.nanoseconds) % unit + unit) % unit
        consider(now + .nanoseconds(unit - into))
      }
    case .paused:
      if let unit = shown[.paused], let first = ride.firstStart {
        // Paused time grows from the ride's start plus its moving time.
        consider(Self.nextBoundary(since: first + ride.accumulated, now: now, unit: unit.nanoseconds))
      }
    }
    if let unit = shown[.elapsed], let first = ride.firstStart {
      consider(Self.nextBoundary(since: first, now: now, unit: unit.nanoseconds))
    }
    return earliest
  }

  /// Whether a lap at `now` would come within the split guard of the lap before, or of the
  /// start: the one rule for keys and remote commands (`RideReducer.press`).
  func lapTooSoon(at now: Instant) -> Bool {
    guard splitGuard > .zero, ride.phase == .running else { return false }
    return ride.moving(at: now) - (ride.splits.last ?? .zero) < splitGuard
  }

  /// The first instant after `now` that is a whole number of `unit`s after `origin`.
  static func nextBoundary(since origin: Instant, now: Instant, unit: Int64) -> Instant {
    let gone = (now - origin).nanoseconds
    guard gone >= 0 else { return origin }
    return origin + .nanoseconds((gone / unit + 1) * unit)
  }
}

extension RideReducer {
  /// Space, `l`, `u`, `r` and Esc as the ride's clock takes them (a workout's `l`, and `r`
  /// on a paused ride, are handed elsewhere first: `RideReducer.press`).
  static func clock(_ command: Command, _ state: inout RideScreenState, wall: Int64) -> [Effect] {
    let phase = state.phase
    let at = state.now
    let clock = state.clock
    func record(_ event: RideEvent) -> [Effect] { state.record(event, wall: wall) }
    switch (command, phase) {
    case (.back, .countdown):
      return record(RideEvent(.countdownCancel, at: at))
    case (.startPause, .ready):
      // A workout ride's first event carries the workout, which the journal keeps with it.
      let source = state.following.run?.source
      if clock.countdownSteps > 0 {
        return record(
          RideEvent(
            .countdownStart, at: at, countdownSteps: clock.countdownSteps, workout: source, sport: clock.sport,
            name: clock.name, lapDistance: state.distance.next))
      }
      return record(
        RideEvent(.start, at: at, workout: source, sport: clock.sport, name: clock.name, lapDistance: state.distance.next))
    case (.startPause, .running):
      return record(RideEvent(.pause, at: at))
    case (.startPause, .paused):
      return record(RideEvent(.resume, at: at))
    case (.lap, .running):
      return record(RideEvent(.lap, at: at))
    case (.undo, .running), (.undo, .paused):
      guard state.canUndo else {
        state.showHint(state.isFollowingWorkout ? .stepsStay : .nothingToUndo)
        return []
      }
      return record(RideEvent(.undoLap, at: at))
    case (.back, _):
      state.showHint(.nothingToCancel)
    case (.startPause, .countdown):
      state.showHint(.countdownWait)
    case (.undo, _):
      state.showHint(phase == .countdown ? .countdownWait : .nothingToUndo)
    case (.lap, _):
      state.showHint(
        phase == .countdown
          ? .countdownWait : workoutStepWaiting(state) ?? (phase == .paused ? .lapPaused : .lapReady))
    case (.finish, _):
      state.showHint(phase == .countdown ? .countdownWait : phase == .running ? .finishRunning : .finishReady)
    case (.quit, _), (.help, _), (.compare, _), (.skip, _):
      // Handed to their features by `RideReducer.press`.
      break
    }
    return []
  }
}
