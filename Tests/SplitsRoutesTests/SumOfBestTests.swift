import Testing

@testable import SplitsRoutes

/// livesplit-core's src/analysis/sum_of_segments/tests.rs and src/analysis/tests/empty_run.rs:
/// the predictions of the sum of best, combined segments from skips included, and the best
/// segments comparison that follows their path.
@Suite struct SumOfBestTests {
  /// Each boundary's prediction (time, predecessor) and whether the segment before it has a
  /// best segments split time.
  private func expectSumOfBest(
    _ timer: RouteTimer, _ expected: [(Double, Int, Bool)], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let predictions = SumOfBest.predictions(timer.route.segments, method: .game)
    let want = [SumOfBest.Prediction(time: .zero, predecessor: 0)]
      + expected.map { SumOfBest.Prediction(time: span($0.0), predecessor: $0.1) }
    #expect(predictions == want, sourceLocation: sourceLocation)
    for (index, (time, _, isSome)) in expected.enumerated() {
      let value = timer.comparisons.time(RouteComparisons.bestSegments, at: index).game
      #expect(value == (isSome ? span(time) : nil), "segment \(index)", sourceLocation: sourceLocation)
    }
  }

  @Test func sumOfBestFollowsCombinedSegmentsFromSkips() {
    var timer = createTimer(["A", "B", "C"])
    runWithSplitsOpt(&timer, [5, 20, 60])
    expectSumOfBest(timer, [(5, 0, true), (20, 1, true), (60, 2, true)])
    runWithSplitsOpt(&timer, [nil, 10])
    expectSumOfBest(timer, [(5, 0, false), (10, 0, true), (50, 2, true)])
    runWithSplitsOpt(&timer, [10, nil, 30])
    expectSumOfBest(timer, [(5, 0, true), (10, 0, false), (25, 1, true)])
    runWithSplitsOpt(&timer, [7, 10])
    expectSumOfBest(timer, [(5, 0, true), (8, 1, false), (25, 1, true)])
    runWithSplitsOpt(&timer, [nil, 15, 20])
    expectSumOfBest(timer, [(5, 0, true), (8, 1, true), (13, 2, true)])
  }

  @Test func anEmptyRouteSumsToZeroEveryWay() {
    for simple in [false, true] {
      for current in [false, true] {
        #expect(SumOfBest.calculate([], simple: simple, useCurrentRun: current, method: .real) == .zero)
      }
    }
  }

  @Test func theSimpleCalculationIgnoresCombinedSegmentsOfTheHistory() {
    var timer = createTimer(["A", "B", "C"])
    runWithSplitsOpt(&timer, [5, 20, 60])
    runWithSplitsOpt(&timer, [nil, 10])
    #expect(SumOfBest.calculate(timer.route.segments, method: .game) == span(50))
    // Golds 5, 10 (B's gold is the combined A+B: faster than its 15, as LiveSplit counts it),
    // 40: without the history, the path that reaches B's end at 10 s is not followed.
    #expect(timer.route.segments.map(\.bestSegment.game) == [span(5), span(10), span(40)])
    #expect(SumOfBest.calculate(timer.route.segments, simple: true, method: .game) == span(55))
  }
}
