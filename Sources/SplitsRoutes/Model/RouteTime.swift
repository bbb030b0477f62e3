/// A time of a route, in the two timing methods a speedrunner's splits keep: real time (the
/// ride's moving time) and game time (kept from imported files; Splits does not measure it).
/// Either may be missing: a skipped split has neither. Pure.
public enum TimingMethod: String, CaseIterable, Sendable, Codable {
  case real, game
}

public struct RouteTime: Hashable, Sendable, Codable {
  public var real: Duration?
  public var game: Duration?

  public init(real: Duration? = nil, game: Duration? = nil) {
    self.real = real
    self.game = game
  }

  public static let zero = RouteTime(real: .zero, game: .zero)
  public static let none = RouteTime()

  public subscript(method: TimingMethod) -> Duration? {
    get { method == .real ? real : game }
    set {
      if method == .real { real = newValue } else { game = newValue }
    }
  }

  /// Neither time is known.
  public var isEmpty: Bool { real == nil && game == nil }

  /// Each method's difference where both sides have it (livesplit-core's `Time - Time`).
  public static func - (lhs: RouteTime, rhs: RouteTime) -> RouteTime {
    RouteTime(real: difference(lhs.real, rhs.real), game: difference(lhs.game, rhs.game))
  }

  /// Each method's sum where both sides have it.
  public static func + (lhs: RouteTime, rhs: RouteTime) -> RouteTime {
    RouteTime(real: sum(lhs.real, rhs.real), game: sum(lhs.game, rhs.game))
  }

  private static func difference(_ a: Duration?, _ b: Duration?) -> Duration? {
    guard let a, let b else { return nil }
    return a - b
  }

  private static func sum(_ a: Duration?, _ b: Duration?) -> Duration? {
    guard let a, let b else { return nil }
    return a + b
  }
}
