/// Holding a trainer to a target power (ERG) through its control point, as data: what to
/// write next, and what a refusal is. The trainer answers each request with an indication;
/// one request is in flight at a time, sent again once if no answer came within
/// `ErgSession.patience`, and given up after that. A target wanted while a request is in
/// flight waits, and only the latest one is sent. A refusal (control not permitted, a
/// target the trainer does not take, no answer) is said once, and the session writes
/// nothing more: the ride goes on without ERG. Time is a `Duration` on the caller's clock.
public struct ErgSession: Equatable, Sendable {
  /// Why the trainer is not held to the plan.
  public enum Refusal: Equatable, Sendable {
    /// The trainer's features do not include a target power.
    case targetPowerNotSupported
    /// The trainer refused control (another app holds it).
    case controlNotPermitted
    /// The trainer answered a request with this result.
    case refused(ControlPointRequest, ControlPointResponse.Result)
    /// The trainer did not answer a request twice.
    case noAnswer(ControlPointRequest)
  }

  /// What the caller does.
  public enum Output: Equatable, Sendable {
    /// Write these bytes to the control point (with a response).
    case write(ControlPointRequest)
    /// Say this once.
    case refused(Refusal)
  }

  /// How long an answer is waited for before the request is sent again, then given up.
  public static let patience: Duration = .seconds(1)

  struct InFlight: Equatable, Sendable {
    var request: ControlPointRequest
    var sentAt: Duration
    var retried: Bool
  }

  let range: SupportedPowerRange?
  private var queue: [ControlPointRequest] = []
  private var inFlight: InFlight?
  /// The target wanted (watts, clamped), nil while paused or before the first one.
  private var wanted: Int?
  /// The target the trainer last confirmed.
  private var held: Int?
  /// Whether the trainer is started (Start or Resume confirmed, no pause or stop since).
  private var started = false
  /// Set at the first refusal; nothing is written after it.
  public private(set) var refusal: Refusal?
  /// Set when the screen quits: nothing is written after the stop.
  private var stopped = false

  /// Whether the session writes nothing more.
  var isOver: Bool { refusal != nil || stopped }

  /// A session on a trainer with these features and power range, starting now: control is
  /// requested and the trainer started. A trainer that takes no target power is refused at
  /// once, without a write.
  public init(features: FitnessMachineFeatures, range: SupportedPowerRange?) {
    self.range = range
    if !features.holdsTargetPower { refusal = .targetPowerNotSupported }
  }

  /// The first request: control. The trainer starts at the first `resume` (the ride's clock
  /// running). Also says a refusal known from the features.
  public mutating func begin(at now: Duration) -> [Output] {
    if let refusal { return [.refused(refusal)] }
    queue = [.requestControl]
    return pump(at: now)
  }

  /// Hold `watts` from now (clamped to the trainer's range); nil releases the target.
  public mutating func hold(_ watts: Int?, at now: Duration) -> [Output] {
    wanted = watts.map { range?.clamp($0) ?? $0 }
    return pump(at: now)
  }

  /// The ride paused: the trainer pauses and lets go of the target until `resume`.
  public mutating func pause(at now: Duration) -> [Output] {
    wanted = nil
    held = nil
    started = false
    queue.removeAll { $0 == .startOrResume }
    queue.append(.pause)
    return pump(at: now)
  }

  /// The ride's clock runs (it started, or resumed): the trainer starts and takes the target
  /// `watts`.
  public mutating func resume(_ watts: Int?, at now: Duration) -> [Output] {
    queue.removeAll { $0 == .pause }
    queue.append(.startOrResume)
    return hold(watts, at: now)
  }

  /// The screen quits: the trainer stops. Nothing is waited for.
  public mutating func stop() -> [Output] {
    guard !isOver else { return [] }
    queue.removeAll()
    inFlight = nil
    wanted = nil
    stopped = true
    return [.write(.stop)]
  }

  /// An indication from the control point. One that answers no request in flight is ignored.
  public mutating func indicated(_ response: ControlPointResponse, at now: Duration) -> [Output] {
    guard !isOver, let flight = inFlight, response.request == flight.request.opCode else { return [] }
    inFlight = nil
    guard response.result == .success else {
      let refusal: Refusal =
        response.result == .controlNotPermitted ? .controlNotPermitted : .refused(flight.request, response.result)
      return give(up: refusal)
    }
    switch flight.request {
    case .startOrResume: started = true
    case .pause, .stop: started = false
    case .setTargetPower(let watts): held = watts
    case .requestControl: break
    }
    return pump(at: now)
  }

  /// When an answer is next due: the caller calls `elapse(to:)` then.
  public var deadline: Duration? {
    guard !isOver, let inFlight else { return nil }
    return inFlight.sentAt + Self.patience
  }

  /// Time passed: a request unanswered for `patience` is sent again once, then given up.
  public mutating func elapse(to now: Duration) -> [Output] {
    guard let deadline, now >= deadline, var flight = inFlight else { return [] }
    guard !flight.retried else { return give(up: .noAnswer(flight.request)) }
    flight.retried = true
    flight.sentAt = now
    inFlight = flight
    return [.write(flight.request)]
  }

  private mutating func give(up refusal: Refusal) -> [Output] {
    self.refusal = refusal
    queue.removeAll()
    inFlight = nil
    return [.refused(refusal)]
  }

  /// The next request, when none is in flight: the queue first, then the target wanted.
  private mutating func pump(at now: Duration) -> [Output] {
    guard !isOver, inFlight == nil else { return [] }
    let next: ControlPointRequest
    if !queue.isEmpty {
      next = queue.removeFirst()
    } else if started, let wanted, wanted != held {
      next = .setTargetPower(wanted)
    } else {
      return []
    }
    inFlight = InFlight(request: next, sentAt: now, retried: false)
    return [.write(next)]
  }
}
