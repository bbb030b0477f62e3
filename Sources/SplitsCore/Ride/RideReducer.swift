/// The only place the ride screen's state changes. Every action goes the same way: the state
/// is brought up to date (the clock advances, the workout records the step ends that came
/// due, a hint past its time goes), the input goes to the feature that owns it, and the
/// workout announces what it must. A key and a remote command taken are both "an input
/// arrived" (`inputArrived`), done once, before the command is handed on (`press`).
public enum RideReducer {
  public static func reduce(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
    var effects = bringUpToDate(&state, action)
    effects += respond(&state, action)
    effects += announceWorkout(&state)
    // Quitting stops a trainer held to the plan first; else it is told what the ride wants now.
    if let quitting = effects.firstIndex(where: \.isQuit) {
      effects.insert(contentsOf: state.erg.quit(), at: quitting)
    } else {
      effects += holdTrainer(&state)
    }
    return effects
  }

  static func bringUpToDate(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
    if action.at > state.now { state.now = action.at }
    state.clock.ride.advance(to: state.now)
    var effects = sampleSensors(&state)
    effects += settleWorkout(&state, wall: action.now.wallMilliseconds)
    state.expireHint()
    return effects
  }

  static func respond(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
    let wall = action.now.wallMilliseconds
    switch action.input {
    case .tick, .redraw:
      return []
    case .sensor(let input):
      return sensor(input, &state) + trainer(input, &state)
    case .cueFailed(let message):
      state.chrome.cueFailed(message)
      return []
    case .inputClosed:
      return [.quit(.failure)]
    case .signal(let signal):
      guard let status = signal.exitStatus else { return [.suspend] }
      // Ctrl-C, SIGTERM or a hang-up during the pre-start countdown cancel it, as `q` does:
      // only a crash or `kill -9` leaves it to start the ride on restore.
      guard state.phase == .countdown else { return [.quit(status)] }
      return state.record(RideEvent(.countdownCancel, at: state.now), wall: wall) + [.quit(status)]
    case .journal(let report):
      state.chrome.take(report)
      state.comparison.take(report)
      return []
    case .key(let key):
      let asked = inputArrived(&state)
      guard let binding = KeyTable.binding(for: key) else {
        state.showHint(.unknownKey)
        return []
      }
      return press(binding.command, &state, wall: wall, asked: asked)
    case .remote(let command, let details):
      // A query changes nothing, not even the screen: it is answered from the state.
      if command.isQuery {
        return [.reply(.value(LiveSplitAnswer.answer(command, state: state)), sport: state.rideSport)]
      }
      // Refused when it makes no sense now: nothing changes, not even the screen.
      let keys: [Command]
      switch RemoteMapping.keys(for: command, state: state) {
      case .failure(let refusal): return [.reply(.refused(refusal), sport: state.rideSport)]
      case .success(let pressed): keys = pressed
      }
      _ = inputArrived(&state)
      if keys.first == .startPause, state.phase == .ready { state.takeForNextRide(details) }
      let before = state.clock.ride
      // A remote command is meant as sent: `finish` and `reset` end a route's attempt without
      // asking.
      var effects: [Effect] = []
      for key in keys { effects += press(key, &state, wall: wall, asked: Asked(quit: false, reset: true)) }
      guard let last = keys.last else { return effects }
      let sport = last == .finish ? state.chrome.lastFinished?.sport ?? state.rideSport : state.rideSport
      return effects + [.reply(RemoteMapping.outcome(of: last, before: before, state: state), sport: sport)]
    }
  }

  /// The questions asked by the input before this one: a first `q` with events unwritten,
  /// a first `r` on a route's attempt with segments left.
  struct Asked {
    var quit: Bool
    var reset: Bool
  }

  /// An input arrived (a key, or a remote command taken): what each feature shows until the
  /// next input goes. Returns the questions the input before had asked.
  static func inputArrived(_ state: inout RideScreenState) -> Asked {
    state.comparison.inputArrived()
    state.following.inputArrived()
    state.erg.inputArrived()
    let reset = state.route.inputArrived()
    return Asked(quit: state.chrome.inputArrived(), reset: reset)
  }

  /// Hands a command to the feature that owns it.
  static func press(_ command: Command, _ state: inout RideScreenState, wall: Int64, asked: Asked) -> [Effect] {
    switch command {
    case .quit:
      return quit(&state, wall: wall, confirmingQuit: asked.quit)
    case .help:
      state.chrome.showingHelp.toggle()
      return []
    case .back where state.chrome.showingHelp:
      state.chrome.showingHelp = false
      return []
    case .compare:
      return compare(&state)
    case .lap where state.clock.lapTooSoon(at: state.now):
      // A double press: no lap, for a key and a remote command alike (which answers with
      // the refusal, `RemoteMapping.outcome`).
      state.showHint(.lapTooSoon(milliseconds: state.clock.splitGuard.milliseconds))
      return []
    case .lap where workoutTakesLap(state):
      return workoutLap(&state, wall: wall)
    case .lap where state.route.isTimed && state.route.takesSplit(state.clock.ride):
      return routeSplit(&state, wall: wall)
    case .skip:
      return routeSkip(&state, wall: wall)
    case .finish where state.route.isTimed && state.route.asksBeforeReset(state.clock.ride) && !asked.reset:
      state.route.askingReset = true
      state.showHint(.resetAsk)
      return []
    case .finish where state.phase == .paused:
      return finish(&state, wall: wall)
    case .startPause, .lap, .undo, .finish, .back:
      return clock(command, &state, wall: wall)
    }
  }

  /// `r` on a paused ride: it is finished, and each feature takes the news (the summary, the
  /// next ride's previous, the workout's summary gone).
  static func finish(_ state: inout RideScreenState, wall: Int64) -> [Effect] {
    let laps = LapTable.rows(splits: state.clock.ride.splits, precision: state.clock.precision).map(\.lap)
    var summary = RideSummary(
      number: state.clock.ride.number, moving: state.moving, laps: state.clock.ride.splits.count,
      elapsed: state.elapsed, paused: state.pausedTotal, lapTimes: laps, previousMoving: state.chrome.previousMoving)
    let attempt = Attempt(finished: state.clock.ride, moving: state.moving)
    state.following.inputArrived()
    summary.route = state.route.result(state.clock.ride)
    summary.sport = state.rideSport
    state.clock.openSport = nil
    summary.workout = workoutSummary(state)
    if summary.workout != nil { summary.previousMoving = nil }
    (summary.lapDistance, summary.units) = (state.distance.onScreen, state.distance.units)
    state.distance.finished()
    state.route.finished(state.clock.ride, startedWall: nil, finishedWall: wall, paused: state.pausedTotal)
    let sampled = finishSampling(&state)
    summary.sensors = SensorFigures(
      state.sensors.rideSamples, fromMoving: 0, toMoving: .max, ftp: state.following.run?.plan.ftp ?? state.sensors.ftp)
    state.sensors.rideSamples = []
    state.chrome.finished(summary)
    let effects = sampled + state.record(RideEvent(.finish, at: state.now), wall: wall)
    state.comparison.finished(attempt, next: state.clock.name)
    return effects
  }
}
