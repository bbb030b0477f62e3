import SplitsTestSupport
import Testing

@testable import SplitsCore

@Suite("Comparison with earlier rides of the same name")
struct ComparisonTests {
  @Test func goldIsTheFastestLapAtEachNumberAmongFinishedRides() {
    let earlier = [
      Attempt(number: 1, laps: [60_000, 70_000, 80_000]),
      Attempt(number: 2, laps: [65_000, 60_000, 90_000, 10_000]),
      // Not finished: never a reference, however fast.
      Attempt(number: 3, isFinished: false, laps: [1_000, 1_000]),
    ]
    #expect(Comparison.bestSegments(earlier).map(\.milliseconds) == [60_000, 60_000, 80_000, 10_000])
    let gold = Comparison.reference(.gold, earlier: earlier, laps: .exactly(3))
    #expect(gold?.rideNumber == nil)
    #expect(gold?.splits.map(\.milliseconds) == [60_000, 120_000, 200_000, 210_000])
    #expect(gold?.finish?.milliseconds == 210_000)
  }

  @Test func personalBestIsAmongRidesWithAsManyLaps() {
    let earlier = [
      Attempt(number: 1, laps: [100_000, 100_000, 100_000]),
      Attempt(number: 2, laps: [60_000, 60_000, 60_000, 60_000]),
      Attempt(number: 3, laps: [90_000, 95_000, 95_000]),
      Attempt(number: 4, isFinished: false, laps: [10_000, 10_000, 10_000]),
      // As fast as ride 3: the earlier one stays the best.
      Attempt(number: 5, laps: [80_000, 100_000, 100_000]),
    ]
    #expect(Comparison.personalBest(earlier, laps: .exactly(3))?.number == 3)
    #expect(Comparison.personalBest(earlier, laps: .exactly(4))?.number == 2)
    #expect(Comparison.personalBest(earlier, laps: .exactly(2)) == nil)
    #expect(Comparison.reference(.best, earlier: earlier, laps: .exactly(3))?.rideNumber == 3)
    #expect(Comparison.reference(.best, earlier: earlier, laps: .exactly(5)) == nil)
  }

  @Test func previousIsTheLastFinishedRide() {
    let earlier = [
      Attempt(number: 2, laps: [1_000]),
      Attempt(number: 5, laps: [2_000]),
      Attempt(number: 6, isFinished: false, laps: [3_000]),
    ]
    #expect(Comparison.previous(earlier)?.number == 5)
    #expect(Comparison.reference(.previous, earlier: earlier, laps: .exactly(1))?.rideNumber == 5)
    #expect(Comparison.reference(.previous, earlier: [], laps: .exactly(1)) == nil)
    #expect(Comparison.reference(.none, earlier: earlier, laps: .exactly(1)) == nil)
  }

  @Test func theFourStandings() {
    #expect(LapStanding(delta: .milliseconds(-500), lap: .milliseconds(59_000), comparisonLap: .milliseconds(60_000)) == .aheadGaining)
    #expect(LapStanding(delta: .milliseconds(-500), lap: .milliseconds(61_000), comparisonLap: .milliseconds(60_000)) == .aheadLosing)
    #expect(LapStanding(delta: .milliseconds(500), lap: .milliseconds(59_000), comparisonLap: .milliseconds(60_000)) == .behindGaining)
    #expect(LapStanding(delta: .milliseconds(500), lap: .milliseconds(61_000), comparisonLap: .milliseconds(60_000)) == .behindLosing)
    // A lap as fast as the comparison's gains nothing.
    #expect(LapStanding(delta: .milliseconds(-500), lap: .milliseconds(60_000), comparisonLap: .milliseconds(60_000)) == .aheadLosing)
    #expect(LapStanding(delta: .milliseconds(500), lap: .milliseconds(60_000), comparisonLap: .milliseconds(60_000)) == .behindLosing)
    // Level is neither ahead nor behind.
    #expect(LapStanding(delta: .milliseconds(0), lap: .milliseconds(59_000), comparisonLap: .milliseconds(60_000)) == nil)
  }

  @Test func deltasPerLapAgainstThePreviousRide() {
    let reference = Comparison.reference(.previous, earlier: [Attempt(number: 1, laps: [60_000, 60_000, 60_000])], laps: .exactly(3))
    let ride = Attempt(number: 2, laps: [60_000, 61_000, 59_500])
    let laps = Comparison.laps(of: ride, against: reference, gold: millis([60_000, 60_000, 60_000]))
    #expect(laps.map(\.compare?.milliseconds) == [60_000, 120_000, 180_000])
    #expect(laps.map(\.delta?.milliseconds) == [0, 1_000, 500])
    #expect(laps.map(\.standing) == [nil, .behindLosing, .behindGaining])
    #expect(laps.map(\.isNewGold) == [false, false, true])
  }

  @Test func ridesWithMoreOrFewerLapsThanTheComparison() {
    let reference = ComparisonReference(kind: .previous, rideNumber: 1, laps: [10_000, 10_000], splits: [10_000, 20_000])
    let longer = Comparison.laps(of: Attempt(number: 2, laps: [9_000, 9_000, 9_000]), against: reference, gold: [])
    #expect(longer.map(\.compare?.milliseconds) == [10_000, 20_000, nil])
    #expect(longer.map(\.delta?.milliseconds) == [-1_000, -2_000, nil])
    #expect(longer.map(\.standing) == [.aheadGaining, .aheadGaining, nil])
    let shorter = Comparison.laps(of: Attempt(number: 2, laps: [12_000]), against: reference, gold: [])
    #expect(shorter.map(\.delta?.milliseconds) == [2_000])
    // No earlier lap at a number: nothing to beat, so no new gold.
    #expect(longer.map(\.isNewGold) == [false, false, false])
    // Nothing to compare with.
    let alone = Comparison.laps(of: Attempt(number: 2, laps: [12_000]), against: nil, gold: [])
    #expect(alone.map(\.delta?.milliseconds) == [nil])
    #expect(alone.map(\.compare?.milliseconds) == [nil])
  }

  @Test func theLiveDeltaAppearsAtTheSoonerOfTheComparisonLapAndTheGoldLap() {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }
    #expect(Comparison.liveDeltaAppears(comparisonLap: ms(60_000), goldLap: ms(55_000)) == ms(55_000))
    #expect(Comparison.liveDeltaAppears(comparisonLap: ms(50_000), goldLap: ms(55_000)) == ms(50_000))
    #expect(Comparison.liveDeltaAppears(comparisonLap: nil, goldLap: ms(55_000)) == ms(55_000))
    #expect(Comparison.liveDeltaAppears(comparisonLap: ms(60_000), goldLap: nil) == ms(60_000))
    #expect(Comparison.liveDeltaAppears(comparisonLap: nil, goldLap: nil) == nil)
    #expect(
      Comparison.liveDeltaAppears(comparisonLap: Duration.seconds(60), goldLap: Duration.milliseconds(55_500))
        == .milliseconds(55_500))
    #expect(!Comparison.liveDeltaShows(currentLap: ms(54_999), comparisonLap: ms(60_000), goldLap: ms(55_000)))
    #expect(Comparison.liveDeltaShows(currentLap: ms(55_000), comparisonLap: ms(60_000), goldLap: ms(55_000)))
    #expect(!Comparison.liveDeltaShows(currentLap: ms(1_000_000), comparisonLap: nil, goldLap: nil))
  }

  @Test func aLapUnderWayShowsItsDeltaOnlyOnceItMeansSomething() {
    let reference = ComparisonReference(kind: .previous, rideNumber: 1, laps: [10_000, 10_000], splits: [10_000, 20_000])
    let early = Attempt(
      number: 2, isFinished: false, movingMilliseconds: 17_000, laps: [9_000, 8_000], splits: [9_000, 17_000],
      lastLapUnderWay: true)
    let laps = Comparison.laps(of: early, against: reference, gold: millis([10_000, 10_000]))
    #expect(laps.map(\.delta?.milliseconds) == [-1_000, nil])
    // Short so far, but not a lap yet: no gold.
    #expect(laps.map(\.isNewGold) == [true, false])
    var late = early
    late.laps = millis([9_000, 10_500])
    late.splits = millis([9_000, 19_500])
    #expect(Comparison.laps(of: late, against: reference, gold: millis([10_000, 10_000])).map(\.delta?.milliseconds) == [-1_000, -500])
  }

  @Test func predictedFinish() {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }
    let reference = ComparisonReference(
      kind: .previous, rideNumber: 1, laps: [60_000, 70_000, 80_000], splits: [60_000, 130_000, 210_000])
    // 40 s into lap 2 at 100 s: 30 s left of it, then lap 3.
    #expect(Comparison.predictedFinish(moving: ms(100_000), lapNumber: 2, currentLap: ms(40_000), reference: reference) == ms(210_000))
    // Slower than the comparison's lap: nothing left of it, then lap 3.
    #expect(Comparison.predictedFinish(moving: ms(160_000), lapNumber: 2, currentLap: ms(90_000), reference: reference) == ms(240_000))
    #expect(Comparison.predictedFinish(moving: ms(0), lapNumber: 1, currentLap: ms(0), reference: reference) == ms(210_000))
    // More laps than the comparison: no prediction.
    #expect(Comparison.predictedFinish(moving: ms(220_000), lapNumber: 4, currentLap: ms(5_000), reference: reference) == nil)
  }

  @Test func sumsOfAbsurdLapsAreExactAndDoNotTrap() {
    #expect(Comparison.sums(millis([1, 2, 3])) == millis([1, 3, 6]))
    // Far beyond anything a journal holds (292 years a time): still exact, no trap.
    let most = Duration.milliseconds(Int64.max)
    #expect(Comparison.sums([most, most, most]) == [most, most * 2, most * 3])
    #expect(Attempt(number: 1, laps: [most, most]).finish == most * 2)
  }
}
