/// A ride of laps of one distance (`--lap-distance 400m`): the lap distance a ride started
/// here gets, the ride on screen's, and the units its paces and speeds are shown in.
public struct DistanceFeature: Equatable, Sendable {
  /// The lap distance a ride started here gets, recorded with its first event.
  public var next: LapDistance?
  /// The ride on screen's: the open ride's own (from the journal), else `next`.
  public var onScreen: LapDistance?
  /// Min/km and km/h, or min/mi and mph (`--units`).
  public var units: DistanceUnits = .metric

  public init(next: LapDistance? = nil, onScreen: LapDistance? = nil, units: DistanceUnits = .metric) {
    self.next = next
    self.onScreen = onScreen
    self.units = units
  }

  /// The ride on screen finished: the next one on screen is a ride started here.
  mutating func finished() { onScreen = next }

  /// The distance of `laps` whole laps of the ride on screen; nil without a lap distance.
  public func covered(laps: Int) -> Int64? { onScreen.map { Pace.total(laps: laps, distance: $0) } }
}

extension RideScreenState {
  /// The ride's lap distance (`--lap-distance`): the ride on screen's, and the next ride's.
  public var lapDistance: LapDistance? { distance.onScreen }
}
