/// The second of moving time under way and the readings heard in it, for the journal's
/// samples: one `SensorSample` a second of moving time.
///
/// A second's figure is the mean (rounded) of the chosen readings heard in it (those of the
/// source the screen shows, `SensorsFeature.chosen`), and absent when none was: no sensor,
/// a sensor lost, a paused ride (nothing is heard into the moving time while it stands).
/// A second is recorded once the moving time has passed it, at the first action after
/// (a notification, a tick, a key), and the last, partial one at the ride's finish; a
/// second in which nothing was heard is not recorded at all.
public struct SensorSampling: Equatable, Sendable {
  /// The ride and the second of its moving time being tallied; nil while nothing is.
  public var ride: Int?
  public var second = 0
  /// The sum and count of each figure's readings heard in it.
  public var tallies: [SensorFigure: Tally] = [:]

  public struct Tally: Equatable, Sendable {
    public var sum = 0
    public var count = 0

    var mean: Int? { count > 0 ? Int((Double(sum) / Double(count)).rounded()) : nil }
  }

  public init() {}

  /// The sample of the second tallied so far; nil when nothing was heard in it.
  func sample() -> SensorSample? {
    let sample = SensorSample(
      second: second, heartRate: tallies[.heartRate]?.mean, power: tallies[.power]?.mean,
      cadence: tallies[.cadence]?.mean, speedMillimetresPerSecond: tallies[.speed]?.mean)
    return sample.isEmpty ? nil : sample
  }

  /// Whether nothing was heard since the last move (`move` then changes nothing).
  var heardNothing: Bool { tallies.isEmpty }

  /// Moves to second `second` of ride `ride`: returns the sample of the second left, if it
  /// heard anything. Nothing changes while nothing was heard (a ride without sensors keeps
  /// this state as it is).
  mutating func move(ride: Int, to second: Int) -> SensorSample? {
    guard !tallies.isEmpty, self.ride != ride || second > self.second else { return nil }
    let done = self.ride == ride ? sample() : nil
    self = SensorSampling()
    return done
  }

  /// A reading heard in second `second` of ride `ride` (the one `move` went to).
  mutating func hear(_ figure: SensorFigure, _ value: Int, ride: Int, second: Int) {
    if self.ride != ride || self.second != second {
      self = SensorSampling()
      self.ride = ride
      self.second = second
    }
    var tally = tallies[figure] ?? Tally()
    let (sum, overflow) = tally.sum.addingReportingOverflow(value)
    guard !overflow else { return }
    tally.sum = sum
    tally.count += 1
    tallies[figure] = tally
  }

  /// Ride `ride` finished: its partial last second, if it heard anything.
  mutating func finish(ride: Int) -> SensorSample? {
    let done = self.ride == ride ? sample() : nil
    self = SensorSampling()
    return done
  }
}
