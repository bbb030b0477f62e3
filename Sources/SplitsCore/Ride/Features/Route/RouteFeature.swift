import SplitsRoutes

/// The route the ride on screen rides, when its name has one: the segments ended by `l` (a
/// split) or `s` (a skip), the attempt complete at the last split, ended unfinished (a reset)
/// by `r` asked twice, and the route's records as they stood before this attempt.
///
/// The ride's marks (`Ride.marks`) are the attempt: the first as many as the route has
/// segments. Laps after a complete attempt are the ride's own.
public struct RouteFeature: Equatable, Sendable {
  /// The route ridden, with its records before the attempt on screen; nil: not a route.
  public var route: Route?
  /// `r` was pressed once on an attempt with segments left: the next input, if it is `r`,
  /// ends the attempt unfinished.
  public var askingReset = false

  public init(route: Route? = nil) { self.route = route }

  /// How many segments `ride` has ended (split or skipped), up to the route's count.
  public func segmentsEnded(_ ride: Ride) -> Int {
    guard let route else { return 0 }
    return min(ride.marks.count, route.segments.count)
  }

  /// Whether `ride` has split the route's last segment (LiveSplit's "ended").
  public func isComplete(_ ride: Ride) -> Bool {
    guard let route, !route.segments.isEmpty else { return false }
    return ride.marks.count >= route.segments.count
  }

  /// Whether `l` is the route's: a split while segments are left.
  func takesSplit(_ ride: Ride) -> Bool { route != nil && !isComplete(ride) }

  /// Whether `r` on a paused `ride` must be asked twice: an attempt under way with segments
  /// left ends unfinished.
  func asksBeforeReset(_ ride: Ride) -> Bool {
    route != nil && ride.phase == .paused && !isComplete(ride)
  }

  /// An input arrived: the reset question goes; returns whether it had been asked.
  mutating func inputArrived() -> Bool {
    defer { askingReset = false }
    return askingReset
  }
}
