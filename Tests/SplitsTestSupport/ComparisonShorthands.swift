import SplitsCore

/// Comparisons written in whole milliseconds, as the tests' tables of laps read best.
extension Attempt {
  public init(number: Int, isFinished: Bool = true, laps: [Int64]) {
    self.init(number: number, isFinished: isFinished, laps: laps.map { .milliseconds($0) })
  }

  public init(
    number: Int, isFinished: Bool, movingMilliseconds: Int64, laps: [Int64], splits: [Int64],
    lastLapUnderWay: Bool = false
  ) {
    self.init(
      number: number, isFinished: isFinished, moving: .milliseconds(movingMilliseconds),
      laps: laps.map { .milliseconds($0) }, splits: splits.map { .milliseconds($0) }, lastLapUnderWay: lastLapUnderWay)
  }
}

extension ComparisonReference {
  public init(kind: ComparisonKind, rideNumber: Int?, laps: [Int64], splits: [Int64]) {
    self.init(kind: kind, rideNumber: rideNumber, laps: laps.map { .milliseconds($0) }, splits: splits.map { .milliseconds($0) })
  }
}

/// Whole milliseconds as `Duration`s.
public func millis(_ values: [Int64]) -> [Duration] { values.map { .milliseconds($0) } }
