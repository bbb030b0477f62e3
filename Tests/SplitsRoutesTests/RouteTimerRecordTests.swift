import Testing

@testable import SplitsRoutes

/// livesplit-core's src/timing/timer/tests/mod.rs and src/run/tests/{fixing,empty_run}.rs: how
/// an attempt's reset records it and how the route is fixed, with the same figures (the
/// editor's edits as the time set and the route fixed, which is what the editor does).
@Suite struct RouteTimerRecordTests {
  private func timer() -> RouteTimer { createTimer(["A", "B", "C"]) }

  @Test func personalBestSplitTimesNeverDecreaseAfterAReset() {
    var timer = timer()
    runWithSplits(&timer, [5, 15, 10])
    let pb = timer.route.segments.map { $0.personalBestSplit.game }
    #expect(pb == [span(5), span(15), span(15)])
  }

  /// The personal best set by hand (LiveSplit's editor) before the first attempt.
  private func routeWithPersonalBest(_ splits: [Double?]) -> Route {
    var route = createRoute(["A", "B", "C"])
    for (s, split) in splits.enumerated() { route.segments[s].personalBestSplit = RouteTime(game: split.map(span)) }
    return route
  }

  @Test func theOldPersonalBestGoesIntoTheSegmentHistoryBelowId1UnlessADuplicate() {
    var timer = RouteTimer(route: routeWithPersonalBest([5, 10, 15]), timingMethod: .game)!
    runWithSplits(&timer, [4, 9, 13])
    let s = timer.route.segments
    #expect(s[0].gameHistory(-1) == span(5))
    #expect(s[0].gameHistory(1) == span(4))
    #expect(s[1].history(at: -1) == nil)
    #expect(s[1].gameHistory(1) == span(5))
    #expect(s[2].gameHistory(-1) == span(5))
    #expect(s[2].gameHistory(1) == span(4))
  }

  @Test func theOldPersonalBestsCombinedSegmentIsNotImportedWhenItsEndIsADuplicate() {
    var timer = RouteTimer(route: routeWithPersonalBest([5, nil, 15]), timingMethod: .game)!
    runWithSplitsOpt(&timer, [4, nil, 14])
    let s = timer.route.segments
    #expect(s[0].gameHistory(-1) == span(5))
    #expect(s[0].gameHistory(1) == span(4))
    #expect(s[1].history(at: -1) == nil)
    #expect(s[1].history(at: 1) == RouteTime.none)
    #expect(s[2].history(at: -1) == nil)
    #expect(s[2].gameHistory(1) == span(10))
  }

  private func splitAndResetAsPersonalBest(_ timer: inout RouteTimer, _ splits: [Double]) {
    startRun(&timer)
    makeProgress(&timer, splits)
    _ = try? timer.resetAndSetAttemptAsPersonalBest()
  }

  @Test func resetAndSetAttemptAsPersonalBestTakesItsSplitsWhateverTheyAre() {
    var timer = timer()
    #expect(throws: RouteTimerError.noRunInProgress) { try timer.resetAndSetAttemptAsPersonalBest() }
    splitAndResetAsPersonalBest(&timer, [])
    #expect(timer.phase == .notRunning)
    #expect(timer.route.segments.allSatisfy { $0.personalBestSplit.game == nil })
    startRun(&timer)
    _ = try? timer.pause()
    #expect(timer.phase == .paused)
    _ = try? timer.resetAndSetAttemptAsPersonalBest()
    #expect(timer.route.segments.allSatisfy { $0.personalBestSplit.game == nil })
    splitAndResetAsPersonalBest(&timer, [1, 2])
    #expect(timer.route.segments.map(\.personalBestSplit.game) == [span(1), span(2), nil])
    splitAndResetAsPersonalBest(&timer, [4, 5, 6])
    #expect(timer.route.segments.map(\.personalBestSplit.game) == [span(4), span(5), span(6)])
    splitAndResetAsPersonalBest(&timer, [14, 15, 16])
    #expect(timer.route.segments.map(\.personalBestSplit.game) == [span(14), span(15), span(16)])
    let history = timer.route.attemptHistory.reversed().map(\.time.game)
    #expect(Array(history.prefix(3)) == [span(16), span(6), nil])
  }

  @Test func newBestTimesAreToldInTheAttemptUnderWayOnly() {
    var timer = timer()
    runWithSplits(&timer, [10, 11, 12])
    #expect(!timer.hasNewBestTimes)
    startRun(&timer)
    #expect(!timer.hasNewBestTimes)
    makeProgress(&timer, [5, 10, 13])
    #expect(!timer.hasNewPersonalBest(.game))
    #expect(timer.hasNewBestSegments(.game))
    _ = try? timer.reset()
    #expect(!timer.hasNewBestTimes)
    startRun(&timer)
    makeProgress(&timer, [7, 9, 11])
    #expect(timer.hasNewPersonalBest(.game))
    #expect(!timer.hasNewBestSegments(.game))
    _ = try? timer.reset()
    startRun(&timer)
    makeProgress(&timer, [10, 11, 12])
    #expect(!timer.hasNewPersonalBest(.game))
    #expect(!timer.hasNewBestSegments(.game))
  }

  @Test func skippingAndUndoingKeepTheTimerPaused() throws {
    var timer = timer()
    startRun(&timer)
    try timer.pause()
    try timer.skipSplit()
    #expect(timer.phase == .paused)
    #expect(timer.splitIndex == 1)
    try timer.undoSplit()
    #expect(timer.phase == .paused)
    #expect(timer.splitIndex == 0)
  }

  /// One attempt 5, 10, 15, then an edit (LiveSplit's editor sets a time and fixes the route).
  private func editedAfterOneAttempt(_ edit: (inout RouteSegment) -> Void) -> Route {
    var timer = timer()
    runWithSplits(&timer, [5, 10, 15])
    var route = timer.route
    edit(&route.segments[1])
    route.fixSplits()
    return route
  }

  @Test func deletingAGoldClearsTheSegmentHistoryAndThePersonalBestGivesItBack() {
    var route = editedAfterOneAttempt { $0.personalBestSplit.game = nil }
    #expect(route.segments[1].bestSegment.game == span(5))
    route.segments[1].bestSegment.game = nil
    route.fixSplits()
    #expect(route.segments[1].history.isEmpty)
    #expect(route.segments[1].bestSegment.game == nil)
    let kept = editedAfterOneAttempt { $0.bestSegment.game = nil }
    #expect(kept.segments[1].history.isEmpty)
    #expect(kept.segments[1].bestSegment.game == span(5))
  }

  @Test func raisingAGoldRaisesTheHistoryUnlessThePersonalBestIsFaster() {
    var route = editedAfterOneAttempt { $0.personalBestSplit.game = nil }
    route.segments[1].bestSegment.game = span(7)
    route.fixSplits()
    #expect(route.segments[1].history.first?.time.game == span(7))
    #expect(route.segments[1].bestSegment.game == span(7))
    let kept = editedAfterOneAttempt { $0.bestSegment.game = span(7) }
    #expect(kept.segments[1].history.first?.time.game == span(5))
    #expect(kept.segments[1].bestSegment.game == span(5))
  }

  /// Two attempts, the last one's entry then left in the segment history without its attempt.
  private func routeWithUnattachedHistory() -> Route {
    var timer = createTimer(["A", "B"])
    runWithSplits(&timer, [3, 6])
    runWithSplits(&timer, [2, 4])
    var route = timer.route
    route.attemptHistory.removeLast()
    return route
  }

  @Test func historyOfAnAttemptThatNoLongerExistsIsReattachedBelowId1() {
    var route = routeWithUnattachedHistory()
    route.fixSplits()
    for segment in route.segments {
      #expect(segment.history.first?.index == 0)
      #expect(segment.history.last?.index == 1)
    }
  }

  @Test func aTimerFixesTheRouteItIsGiven() {
    let route = RouteTimer(route: routeWithUnattachedHistory())!.route
    for segment in route.segments {
      #expect(segment.history.first?.index == 0)
      #expect(segment.history.last?.index == 1)
    }
  }

  @Test func aRouteWithNoSegmentsHasNoHistoryIndexAndCanBeFixed() {
    var route = Route(name: "Empty", segmentNames: [])
    #expect(route.minSegmentHistoryIndex == nil)
    #expect(route.maxAttemptIndex == nil)
    route.fixSplits()
    route.importPersonalBestIntoSegmentHistory()
    #expect(route == Route(name: "Empty", segmentNames: []))
    #expect(RouteTimer(route: route) == nil)
  }
}
