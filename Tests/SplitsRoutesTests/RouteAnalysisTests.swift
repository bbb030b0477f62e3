import Testing

@testable import SplitsRoutes

/// livesplit-core's src/analysis/tests/{semantic_colors,segment_ranges}.rs, with the same
/// figures, and the delta and live delta of delta.rs and state_helper.rs.
@Suite struct RouteAnalysisTests {
  private let pb = RouteSegment.personalBest
  private let best = RouteComparisons.bestSegments

  private func color(_ timer: RouteTimer, _ delta: Double) -> RouteSplitColor {
    RouteAnalysis(timer).splitColor(span(delta), 1, showSegmentDeltas: true, showBestSegments: false, pb, .game)
  }

  @Test func aSplitIsAheadOrBehindAndGainingOrLosingByTheDeltaBeforeIt() throws {
    var timer = createTimer(["A", "B"])
    runWithSplits(&timer, [10, 20])
    startRun(&timer)
    makeProgress(&timer, [7])
    #expect(color(timer, -2.5) == .aheadLosingTime)
    #expect(color(timer, -5) == .aheadGainingTime)
    #expect(color(timer, 0) == .normal)
    try timer.reset(updateSplits: false)
    startRun(&timer)
    makeProgress(&timer, [15])
    #expect(color(timer, 2.5) == .behindGainingTime)
    #expect(color(timer, 8) == .behindLosingTime)
    #expect(color(timer, 0) == .normal)
  }

  @Test func segmentRangesUseTheSplitBeforeTheRange() throws {
    var route = createRoute(["A", "B", "C", "D"])
    for (s, (split, comparison, gold)) in [(12.0, 10.0, 10.0), (30, 25, 13), (48, 40, 14), (80, 70, 20)].enumerated() {
      route.segments[s].splitTime = game(split)
      route.segments[s].personalBestSplit = game(comparison)
      route.segments[s].bestSegment = game(gold)
    }
    var timer = RouteTimer(route: route, timingMethod: .game)!
    let analysis = RouteAnalysis(timer)
    #expect(analysis.previousSegmentTime(1, 2, .game) == span(36))
    #expect(analysis.previousSegmentDelta(1, 2, pb, .game) == span(6))
    #expect(analysis.comparisonSegmentTime(1, 2, pb, .game) == span(30))
    #expect(analysis.comparisonSegmentTime(1, 2, best, .game) == span(27))
    startRun(&timer)
    try timer.split(at: game(12))
    try timer.split(at: game(30))
    let live = RouteAnalysis(timer, at: game(50))
    #expect(live.liveSegmentTime(1, .game) == span(38))
    #expect(live.liveSegmentDelta(1, 2, pb, .game) == span(8))
  }

  @Test func theBestSegmentsOfARangeFollowTheFastestPath() {
    var timer = createTimer(["A", "B", "C"])
    runWithSplitsOpt(&timer, [10, 30, 50])
    runWithSplitsOpt(&timer, [10, nil, 25])
    #expect(RouteAnalysis(timer).comparisonSegmentTime(1, 2, best, .game) == span(15))
  }

  @Test func theDeltaIsTheLastSplitsUntilTheLiveOneIsLarger() throws {
    var timer = createTimer(["A", "B"])
    runWithSplits(&timer, [10, 20])
    startRun(&timer)
    try timer.split(at: game(8))
    #expect(RouteAnalysis(timer, at: game(15)).delta(pb) == (span(-2), false))
    #expect(RouteAnalysis(timer, at: game(23)).delta(pb) == (span(3), true))
    try timer.split(at: game(19))
    #expect(RouteAnalysis(timer).delta(pb) == (span(-1), false))
    try timer.reset()
    #expect(RouteAnalysis(timer).delta(pb) == (nil, false))
  }

  @Test func theLiveDeltaShowsOnceBehindTheSplitOrSlowerThanTheGoldAndBehindTheBest() throws {
    var timer = createTimer(["A", "B"])
    runWithSplits(&timer, [10, 20])
    runWithSplits(&timer, [12, 19])  // golds 10 and 7; personal best 12, 19
    startRun(&timer)
    try timer.split(at: game(11))
    // 5 s into B: faster than its gold (7 s), ahead of the split (19 s).
    #expect(RouteAnalysis(timer, at: game(16)).checkLiveDelta(splitDelta: true, pb, .game) == nil)
    // 7.5 s into B: slower than the gold and behind best segments, still ahead of the split.
    let slower = RouteAnalysis(timer, at: game(18.5))
    #expect(slower.checkLiveDelta(splitDelta: true, pb, .game) == span(-0.5))
    // As a segment delta: 7.5 s against the personal best's 7 s.
    #expect(slower.checkLiveDelta(splitDelta: false, pb, .game) == span(0.5))
    // Behind the personal best's split.
    #expect(RouteAnalysis(timer, at: game(20)).checkLiveDelta(splitDelta: true, pb, .game) == span(1))
  }

  @Test func aGoldIsTheSplitsColourFirst() throws {
    var timer = createTimer(["A", "B"])
    runWithSplits(&timer, [10, 20])
    startRun(&timer)
    try timer.split(at: game(9))
    let analysis = RouteAnalysis(timer)
    #expect(analysis.checkBestSegment(0, .game))
    #expect(analysis.splitColor(span(-1), 0, pb, .game) == .bestSegment)
    #expect(analysis.splitColor(span(-1), 0, showBestSegments: false, pb, .game) == .aheadGainingTime)
  }

  @Test func thePossibleTimeSaveIsTheComparisonAboveTheGoldsNeverBelowZero() throws {
    var timer = createTimer(["A", "B", "C"])
    runWithSplits(&timer, [10, 25, 40])
    runWithSplits(&timer, [12, 24, 45])  // golds 10, 12, 15
    let analysis = RouteAnalysis(timer)
    #expect(analysis.possibleTimeSave(0, pb, live: false, .game).save == .zero)
    #expect(analysis.possibleTimeSave(1, pb, live: false, .game).save == span(3))
    #expect(analysis.possibleTimeSave(2, pb, live: false, .game).save == .zero)
    #expect(analysis.totalPossibleTimeSave(pb, .game).save == span(3))
    #expect(analysis.sumOfBest(.game) == span(37))
    #expect(analysis.personalBest(.game) == span(40))
    // Live: 14 s into B (personal best segment 15 s, gold 12 s) leaves 1 s to save there.
    startRun(&timer)
    try timer.split(at: game(10))
    let live = RouteAnalysis(timer, at: game(24))
    #expect(live.possibleTimeSave(1, pb, live: true, .game) == (span(1), true))
    #expect(live.totalPossibleTimeSave(from: 1, pb, .game) == (span(1), true))
  }

  @Test func thePaceIsTheComparisonsFinishMovedByTheDeltaLiveOnceBehind() throws {
    var timer = createTimer(["A", "B"])
    runWithSplits(&timer, [10, 20])
    #expect(RouteAnalysis(timer).currentPace(pb) == (span(20), false))
    startRun(&timer)
    try timer.split(at: game(8))
    #expect(RouteAnalysis(timer, at: game(15)).currentPace(pb) == (span(18), false))
    #expect(RouteAnalysis(timer, at: game(23)).currentPace(pb) == (span(23), true))
    try timer.split(at: game(19))
    #expect(RouteAnalysis(timer).currentPace(pb) == (span(19), false))
  }
}
