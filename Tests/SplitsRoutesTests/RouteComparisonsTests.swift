import Testing

@testable import SplitsRoutes

/// livesplit-core's src/comparison/tests/{average,empty}.rs, and what the latest run, best
/// split times and personal best comparisons hold after attempts.
@Suite struct RouteComparisonsTests {
  private let average = RouteComparisons.averageSegments

  @Test func theAverageWeighsNewerAttemptsMore() {
    var timer = createTimer(["First"])
    #expect(timer.comparisons.time(average, at: 0).game == nil)
    runWithSplits(&timer, [0])
    #expect(timer.comparisons.time(average, at: 0).game == span(0))
    runWithSplits(&timer, [1])
    let last = timer.comparisons.time(average, at: 0).game!
    #expect(last < span(1))
    #expect(last >= span(0.5))
    runWithSplits(&timer, [1])
    let current = timer.comparisons.time(average, at: 0).game!
    #expect(current < span(1))
    #expect(current > last)
  }

  @Test func everyGeneratorTakesARouteWithNoSegments() {
    let comparisons = RouteComparisons(route: Route(name: "Empty", segmentNames: []))
    for name in RouteComparisons.generated { #expect(comparisons.times(name).isEmpty) }
  }

  /// livesplit-core takes the newest attempt in the history of the last segment that has any:
  /// an attempt reset earlier does not replace one that went further.
  @Test func theLatestRunIsTheNewestAttemptThatWentFurthest() {
    var timer = createTimer(["A", "B", "C"])
    runWithSplitsOpt(&timer, [nil, 12])
    #expect(timer.comparisons.times(RouteComparisons.latestRun).map(\.game) == [nil, span(12), nil])
    runWithSplits(&timer, [10, 20, 30])
    runWithSplitsOpt(&timer, [9, 19])
    #expect(timer.comparisons.times(RouteComparisons.latestRun).map(\.game) == [span(10), span(20), span(30)])
    runWithSplitsOpt(&timer, [nil, 21, 31])
    #expect(timer.comparisons.times(RouteComparisons.latestRun).map(\.game) == [nil, span(21), span(31)])
  }

  @Test func bestSplitTimesAreTheFastestTimeEachSplitWasReached() {
    var timer = createTimer(["A", "B", "C"])
    runWithSplits(&timer, [10, 20, 30])
    runWithSplits(&timer, [12, 18, 33])
    runWithSplitsOpt(&timer, [9])
    let times = timer.comparisons.times(RouteComparisons.bestSplitTimes).map(\.game)
    #expect(times == [span(9), span(18), span(30)])
  }

  @Test func thePersonalBestAndCustomComparisonsComeFirstThenTheGeneratedOnes() {
    var route = createRoute(["A"])
    route.customComparisons = [RouteSegment.personalBest, "World Record"]
    route.segments[0].setComparison("World Record", RouteTime(real: .seconds(5)))
    let comparisons = RouteComparisons(route: route)
    #expect(comparisons.names == [RouteSegment.personalBest, "World Record"] + RouteComparisons.generated)
    #expect(comparisons.time("World Record", at: 0) == RouteTime(real: .seconds(5)))
    #expect(comparisons.next(after: RouteComparisons.latestRun) == RouteSegment.personalBest)
  }
}

extension RouteComparisonsTests {
  @Test func aRouteWhoseCustomComparisonsLeaveOutThePersonalBestStillHasIt() {
    var route = createRoute(["A", "B"])
    route.customComparisons = []
    route.segments[0].personalBestSplit = RouteTime(real: .seconds(9))
    route.segments[1].personalBestSplit = RouteTime(real: .seconds(5))
    route.fixSplits()
    #expect(route.segments[1].personalBestSplit.real == .seconds(9))
    #expect(RouteComparisons(route: route).names.first == RouteSegment.personalBest)
  }
}
