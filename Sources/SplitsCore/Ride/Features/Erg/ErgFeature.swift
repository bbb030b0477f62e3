import SplitsSensors

/// ERG (`splits workout --erg`): a connected trainer held to each step's target power. The
/// trainer's session (`ErgSession`) decides what to write and when; this feature says what
/// the ride wants of it after every action: the step's target while the clock runs, nothing
/// while paused, a stop when the screen quits.
public struct ErgFeature: Equatable, Sendable {
  /// Whether the ride holds a trainer to its plan (`--erg`).
  public var enabled = false
  /// The FTP the plan's percentages are of (the workout's, else the setting); nil holds
  /// nothing.
  public var ftp: Int?
  /// The trainer held, by address, while it is connected.
  public private(set) var trainer: String?
  var session: ErgSession?
  /// The target wanted now (watts, before the trainer's range), shown beside the power.
  public private(set) var target: Int?
  /// Whether the ride's clock ran when the trainer was last told.
  var running = false
  /// Why the trainer is not held, said once on the banner line until the next input.
  public private(set) var refusal: ErgSession.Refusal?
  public private(set) var showingRefusal = false

  public init(enabled: Bool = false, ftp: Int? = nil) {
    self.enabled = enabled
    self.ftp = ftp
  }

  /// Whether a connected trainer is held to the plan now (its session on, nothing refused):
  /// the sensors' line says `ERG` where it says `target`.
  public var isHolding: Bool { enabled && session != nil && refusal == nil }

  /// An input arrived: a refusal said goes.
  mutating func inputArrived() { showingRefusal = false }

  /// When the trainer's answer is next due (a request is sent again, or given up, then).
  func nextCandidate(now: Instant) -> Instant? {
    session?.deadline.map { Instant(nanoseconds: 0) + $0 }
  }

  /// The session's outputs as effects: writes to the trainer, a refusal said once.
  mutating func effects(_ outputs: [ErgSession.Output]) -> [Effect] {
    outputs.compactMap { output in
      switch output {
      case .write(let request):
        return trainer.map { Effect.trainer(request, address: $0) }
      case .refused(let refusal):
        guard self.refusal == nil else { return nil }
        self.refusal = refusal
        showingRefusal = true
        return nil
      }
    }
  }

  /// A trainer that can be held connected (again): a new session with it.
  mutating func connected(_ address: String, features: FitnessMachineFeatures, range: SupportedPowerRange?, at now: Instant) -> [Effect] {
    guard enabled, refusal == nil, trainer == nil || trainer == address else { return [] }
    trainer = address
    var session = ErgSession(features: features, range: range)
    running = false
    let outputs = session.begin(at: now.sinceBoot)
    self.session = session
    return effects(outputs)
  }

  /// The trainer was lost: its session ends; a new one begins when it connects again.
  mutating func lost(_ address: String) {
    guard address == trainer else { return }
    session = nil
  }

  /// The trainer's control point answered.
  mutating func answered(_ address: String, _ response: ControlPointResponse, at now: Instant) -> [Effect] {
    guard address == trainer, var session else { return [] }
    let outputs = session.indicated(response, at: now.sinceBoot)
    self.session = session
    return effects(outputs)
  }

  /// After every action: the target the ride wants now (nil while paused), given to the
  /// trainer; a pause or a resume said as such; a silence past its time handled.
  mutating func follow(target: Int?, running: Bool, at now: Instant) -> [Effect] {
    self.target = enabled ? target : nil
    guard var session else { return [] }
    var outputs = session.elapse(to: now.sinceBoot)
    if running != self.running {
      outputs += running ? session.resume(target, at: now.sinceBoot) : session.pause(at: now.sinceBoot)
      self.running = running
    } else if running {
      outputs += session.hold(target, at: now.sinceBoot)
    }
    self.session = session
    return effects(outputs)
  }

  /// The screen quits: the trainer stops.
  mutating func quit() -> [Effect] {
    guard var session else { return [] }
    let outputs = session.stop()
    self.session = session
    return effects(outputs)
  }
}

extension Instant {
  /// The instant as a duration since the boot, the clock a trainer's session keeps.
  var sinceBoot: Duration { .nanoseconds(nanoseconds) }
}

extension RideReducer {
  /// A trainer's news, for ERG.
  static func trainer(_ input: SensorInput, _ state: inout RideScreenState) -> [Effect] {
    switch input {
    case .trainer(let address, let features, let range):
      return state.erg.connected(address, features: features, range: range, at: state.now)
    case .trainerAnswered(let address, let response):
      return state.erg.answered(address, response, at: state.now)
    case .lost(let address):
      state.erg.lost(address)
      return []
    case .connected, .measurement, .malformed:
      return []
    }
  }

  /// What the trainer is told after the action: the step's target while the clock runs.
  static func holdTrainer(_ state: inout RideScreenState) -> [Effect] {
    guard state.erg.enabled else { return [] }
    let running = state.phase == .running
    var target: Int?
    if let position = state.workoutPosition, !position.isComplete, let ftp = state.erg.ftp,
      let plan = state.following.run?.plan, position.step < plan.steps.count
    {
      target = plan.steps[position.step].targetWatts(into: position.intoStep, ftp: ftp)
    }
    return state.erg.follow(target: target, running: running && target != nil, at: state.now)
  }
}
