/// One ride: the moving time is `accumulated + (now − runningSince)`, never a count of ticks.
public struct Ride: Equatable, Sendable {
  /// The pre-start countdown in progress: N…1, one step per second, from the clock. Its
  /// maths are the countdown screen's (`CountdownMath`).
  public struct Countdown: Equatable, Sendable {
    public var startedAt: Instant
    public var steps: Int
    /// `steps` comes from the journal and can be anything: a sum past the end of the boot
    /// clock saturates at `Instant.max` (a countdown that never ends) rather than trapping.
    public var endsAt: Instant { startedAt + .seconds(steps) }

    public func remaining(at now: Instant) -> Duration { (endsAt - now).clampedToZero }

    /// The number shown (steps…1) at `now`.
    public func step(at now: Instant) -> Int {
      min(steps, max(1, Int(CountdownMath.shownSeconds(remaining: remaining(at: now)))))
    }

    /// When the number shown next changes (or the ride starts).
    public func nextChange(at now: Instant) -> Instant {
      CountdownMath.nextChange(remaining: remaining(at: now), at: now)
    }
  }

  public enum Phase: String, Equatable, Sendable {
    case ready, countdown, running, paused
  }

  /// The ride's number in the history (1 for the first ride ever).
  public var number: Int
  /// When the ride's clock started: the first `start`, or the end of the countdown.
  public var firstStart: Instant?
  /// Moving time of the running stretches that have ended.
  public var accumulated: Duration = .zero
  /// Set while running.
  public var runningSince: Instant?
  public var countdown: Countdown?
  /// The moving time at each lap, oldest first.
  public var splits: [Duration] = []
  /// The laps and skips in the order they were taken: a route's segments end with these,
  /// one each (a skip has no split time).
  public var marks: [Mark] = []
  /// How each workout step ended, oldest first: the first `stepEnds.count` laps are the ends
  /// of the workout's steps (every step is a lap); later laps are the ride's own.
  public var stepEnds: [StepEnd] = []

  public init(number: Int) { self.number = number }

  public enum Mark: Equatable, Sendable {
    case lap, skip
  }

  public var phase: Phase {
    if runningSince != nil { return .running }
    if firstStart != nil { return .paused }
    if countdown != nil { return .countdown }
    return .ready
  }

  /// Time spent running, at `now`.
  public func moving(at now: Instant) -> Duration {
    guard let since = runningSince else { return accumulated }
    return accumulated + (now - since).clampedToZero
  }

  /// Time since the ride's clock started, pauses included.
  public func elapsed(at now: Instant) -> Duration {
    guard let first = firstStart else { return .zero }
    return (now - first).clampedToZero
  }

  /// Time spent paused.
  public func paused(at now: Instant) -> Duration {
    (elapsed(at: now) - moving(at: now)).clampedToZero
  }

  /// Brings the ride up to `now` without any event: a pre-start countdown whose end has
  /// passed becomes a running ride whose clock started exactly at that end.
  public mutating func advance(to now: Instant) {
    if let countdown, firstStart == nil, now >= countdown.endsAt {
      self.countdown = nil
      firstStart = countdown.endsAt
      runningSince = countdown.endsAt
    }
  }

  /// Applies one event. Events that make no sense in the current phase change nothing, so a
  /// replayed journal can never produce an impossible ride.
  /// Returns whether the event changed the ride.
  @discardableResult
  public mutating func apply(_ event: RideEvent) -> Bool {
    advance(to: event.at)
    switch (event.kind, phase) {
    case (.countdownStart, .ready):
      guard event.countdownSteps > 0 else { return false }
      countdown = Countdown(startedAt: event.at, steps: event.countdownSteps)
    case (.countdownCancel, .countdown):
      countdown = nil
    case (.start, .ready):
      firstStart = event.at
      runningSince = event.at
    case (.pause, .running):
      accumulated = moving(at: event.at)
      runningSince = nil
    case (.resume, .paused):
      runningSince = event.at
    case (.lap, .running):
      // A step's end is only ever the next lap after the steps already ended.
      if let end = event.stepEnd, stepEnds.count == splits.count { stepEnds.append(end) }
      splits.append(moving(at: event.at))
      marks.append(.lap)
    case (.skip, .running):
      marks.append(.skip)
    case (.undoLap, .running), (.undoLap, .paused):
      guard let last = marks.last else { return false }
      marks.removeLast()
      guard last == .lap else { return true }
      splits.removeLast()
      if stepEnds.count > splits.count { stepEnds.removeLast() }
    case (.finish, .paused):
      // The number comes from the journal, where it can be anything: after `Int.max` the
      // next ride keeps that number (saturating) rather than trapping, and the journal then
      // refuses its first event as one for a finished ride, which the screen shows.
      self = Ride(number: number < .max ? number + 1 : number)
    default:
      return false
    }
    return true
  }

  /// The ride obtained by folding `events` over a fresh ride, brought up to `now`.
  public static func fold(_ events: [RideEvent], number: Int, now: Instant) -> Ride {
    var ride = Ride(number: number)
    for event in events { ride.apply(event) }
    ride.advance(to: now)
    return ride
  }
}
