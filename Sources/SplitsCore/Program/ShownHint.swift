/// A hint about the last key, shown in place of the key line while it is true: for
/// `lifetime`, and only in the phase it was shown in. Both screens keep theirs in one of these.
public struct ShownHint<Hint: Equatable & Sendable, Phase: Equatable & Sendable>: Equatable, Sendable {
  /// How long a hint stays, unless it stops being true first.
  public static var lifetime: Duration { .seconds(3) }

  public private(set) var hint: Hint?
  /// When the hint goes, and the phase it is true in.
  public private(set) var until: Instant?
  public private(set) var phase: Phase?

  public init() {}

  mutating func show(_ hint: Hint, at now: Instant, in phase: Phase) {
    self.hint = hint
    until = now + Self.lifetime
    self.phase = phase
  }

  mutating func clear() { self = ShownHint() }

  /// Clears a hint whose time is up at `now` or whose phase has passed.
  mutating func expire(at now: Instant, in phase: Phase) {
    guard hint != nil else { return }
    if let until, now >= until { clear() } else if self.phase != phase { clear() }
  }

  /// When the hint goes, if one is shown: a change of the frame.
  public var expiry: Instant? { hint == nil ? nil : until }
}
