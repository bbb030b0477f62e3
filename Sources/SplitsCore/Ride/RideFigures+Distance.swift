/// A ride of laps of one distance, in the reports and the exports: each recorded lap is that
/// distance, the final stretch after the last lap is not a whole lap and carries none, and
/// the ride's distance is its whole laps. Paces and speeds in the files are metric (seconds a
/// kilometre, kilometres an hour) whatever the screen shows.
extension RideFigures {
  /// The ride's distance in millimetres: its recorded laps times its lap distance; nil
  /// without a lap distance.
  public var distanceMillimetres: Int64? { lapDistance.map { Pace.total(laps: laps.count, distance: $0) } }

  /// The distance `lap` (one of `segments`) covered: the lap distance for a recorded lap,
  /// zero for the final stretch; nil without a lap distance.
  public func distanceMillimetres(of lap: Lap) -> Int64? {
    lapDistance.map { lap.number <= laps.count ? $0.millimetres : 0 }
  }

  /// A recorded lap's pace in seconds a kilometre and speed in km/h; nil without a lap
  /// distance, for the final stretch, and for a lap of no time.
  public func metricPace(of lap: Lap) -> (secondsPerKilometre: Double, kilometresPerHour: Double)? {
    guard let lapDistance, lap.number <= laps.count else { return nil }
    let time = Duration.milliseconds(lap.lapMilliseconds)
    guard let pace = Pace.seconds(lap: time, distance: lapDistance, units: .metric),
      let speed = Pace.speed(lap: time, distance: lapDistance, units: .metric)
    else { return nil }
    return (pace, speed)
  }

  /// The pace of the whole laps together (their time over their distance), in `units`; nil
  /// without a lap distance or a lap.
  public func averagePaceText(units: DistanceUnits) -> (pace: String, speed: String)? {
    guard let lapDistance, !laps.isEmpty else { return nil }
    let total = laps.reduce(Int64(0)) { $0.addingReportingOverflow($1.lapMilliseconds).partialValue }
    let average = Duration.milliseconds(total / Int64(laps.count))
    return (
      Pace.paceText(lap: average, distance: lapDistance, units: units),
      Pace.speedText(lap: average, distance: lapDistance, units: units)
    )
  }
}
