/// The ride screen as data: the ride, how it is shown, and what is on top of it.
public struct RideScreenState: Equatable, Sendable {
  public enum Hint: Equatable, Sendable {
    case lapNotRunning, finishNotPaused, countdownWait, nothingToCancel, unknownKey
  }

  public var ride: Ride
  public var precision: Precision
  /// Steps of the pre-start countdown started by space (0: start at once).
  public var countdownSteps: Int
  /// The instant the state was last brought up to date; what the screen shows is computed at it.
  public var now: Instant
  public var showingHelp = false
  public var hint: Hint?
  /// A line shown above the help line until the next key (a restored ride's note, a
  /// journal problem).
  public var banner: String?
  /// The last ride finished in this session, for the summary line.
  public var lastFinished: RideSummary?

  public init(ride: Ride, precision: Precision = .cs, countdownSteps: Int = 0, now: Instant) {
    self.ride = ride
    self.precision = precision
    self.countdownSteps = countdownSteps
    self.now = now
  }

  public var phase: Ride.Phase { ride.phase }
  public var moving: Duration { ride.moving(at: now) }
  public var elapsed: Duration { ride.elapsed(at: now) }
  public var pausedTotal: Duration { ride.paused(at: now) }

  /// The next instant at which something on screen changes, or nil when nothing moves (ready,
  /// paused): then there is no ticker and no wake-up at all. Always after `now`.
  public func nextChange() -> Instant? {
    switch ride.phase {
    case .ready, .paused:
      return nil
    case .countdown:
      guard let countdown = ride.countdown else { return nil }
      return countdown.nextChange(at: now)
    case .running:
      let unit = precision.unitNanoseconds
      let movingNs = moving.nanoseconds
      let nextMoving = now + .nanoseconds(unit - movingNs % unit)
      guard let first = ride.firstStart else { return nextMoving }
      let nextElapsed = Self.nextBoundary(since: first, now: now, unit: 1_000_000_000)
      return min(nextMoving, nextElapsed)
    }
  }

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

  public init(number: Int, moving: Duration, laps: Int) {
    self.number = number
    self.moving = moving
    self.laps = laps
  }
}

/// What happened, with the instant it happened at.
public enum RideAction: Equatable, Sendable {
  case key(Key, at: Instant)
  /// The ticker woke: only time passed.
  case tick(at: Instant)
  /// The terminal size changed, or the process came back from a stop (SIGCONT).
  case redraw(at: Instant)
  case signal(SignalKind, at: Instant)
  /// Standard input reached its end: nobody can type any more.
  case inputClosed(at: Instant)
}

public enum RideReducer {
  /// The only place the ride screen's state changes.
  public static func reduce(_ state: inout RideScreenState, _ action: RideAction) -> [Effect] {
    switch action {
    case .tick(let at), .redraw(let at):
      bringUpToDate(&state, at)
      return []
    case .inputClosed(let at):
      bringUpToDate(&state, at)
      return [.quit(.failure)]
    case .signal(let signal, let at):
      bringUpToDate(&state, at)
      if let status = signal.exitStatus { return [.quit(status)] }
      return [.suspend]
    case .key(let key, let at):
      bringUpToDate(&state, at)
      state.hint = nil
      state.banner = nil
      guard let binding = KeyTable.binding(for: key) else {
        state.hint = .unknownKey
        return []
      }
      return press(binding.command, &state, at)
    }
  }

  static func bringUpToDate(_ state: inout RideScreenState, _ at: Instant) {
    if at > state.now { state.now = at }
    state.ride.advance(to: state.now)
  }

  static func press(_ command: Command, _ state: inout RideScreenState, _ at: Instant) -> [Effect] {
    let phase = state.phase
    let at = state.now
    switch (command, phase) {
    case (.quit, _):
      return [.quit(.success)]
    case (.help, _):
      state.showingHelp.toggle()
      return []
    case (.back, _) where state.showingHelp:
      state.showingHelp = false
      return []
    case (.back, .countdown):
      return record(RideEvent(.countdownCancel, at: at), &state)
    case (.back, _):
      state.hint = .nothingToCancel
      return []
    case (.startPause, .ready):
      if state.countdownSteps > 0 {
        return record(RideEvent(.countdownStart, at: at, countdownSteps: state.countdownSteps), &state)
      }
      return record(RideEvent(.start, at: at), &state)
    case (.startPause, .running):
      return record(RideEvent(.pause, at: at), &state)
    case (.startPause, .paused):
      return record(RideEvent(.resume, at: at), &state)
    case (.startPause, .countdown):
      state.hint = .countdownWait
      return []
    case (.lap, .running):
      return record(RideEvent(.lap, at: at), &state)
    case (.lap, _):
      state.hint = phase == .countdown ? .countdownWait : .lapNotRunning
      return []
    case (.finish, .paused):
      state.lastFinished = RideSummary(
        number: state.ride.number, moving: state.moving, laps: state.ride.splits.count)
      return record(RideEvent(.finish, at: at), &state)
    case (.finish, _):
      state.hint = phase == .countdown ? .countdownWait : .finishNotPaused
      return []
    }
  }

  static func record(_ event: RideEvent, _ state: inout RideScreenState) -> [Effect] {
    let number = state.ride.number
    state.ride.apply(event)
    return [.record(event, ride: number)]
  }
}
