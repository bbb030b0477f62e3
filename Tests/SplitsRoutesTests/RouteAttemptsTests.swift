import Testing

@testable import SplitsRoutes

/// Attempts folded from a journal into a route, and the newcomer's case of issue 22: a ride cut
/// short by a reset never becomes the personal best, and its final stretch never a gold.
@Suite struct RouteAttemptsTests {
  private func ms(_ value: Int) -> Duration { .milliseconds(value) }

  /// Three complete attempts of a three-segment route, the third the fastest.
  private let threeRides: [RouteAttemptLog] = [
    .real([.milliseconds(1400), .milliseconds(2800), .milliseconds(4200)], complete: true),
    .real([.milliseconds(1350), .milliseconds(2750), .milliseconds(4150)], complete: true),
    .real([.milliseconds(1300), .milliseconds(2650), .milliseconds(3980)], complete: true),
  ]

  @Test func aRideResetAfterOneSplitIsNeverThePersonalBestNorItsLastStretchAGold() {
    let base = RouteTimer.apply(threeRides, to: Route(name: "Run", segmentNames: ["Lap 1", "Lap 2", "Lap 3"]))
    // The fourth ride: one lap, then reset 0.11 s into the second.
    let cut = RouteAttemptLog.real([ms(1020)], complete: false)
    let route = RouteTimer.apply([cut], to: base)
    #expect(route.attemptCount == 4)
    #expect(route.attemptHistory.map(\.isComplete) == [true, true, true, false])
    #expect(route.segments.map(\.personalBestSplit.real) == [ms(1300), ms(2650), ms(3980)])
    #expect(route.segments.map(\.bestSegment.real) == [ms(1020), ms(1350), ms(1330)])
    #expect(route.segments[1].history(at: 4) == nil)
    let timer = RouteTimer(route: route)!
    #expect(RouteAnalysis(timer).sumOfBest() == ms(3700))
    #expect(RouteAnalysis(timer).personalBest() == ms(3980))
  }

  @Test func aResetsTimeForTheLastSegmentIsDroppedNotTakenAsACompletion() {
    let base = RouteTimer.apply(threeRides, to: Route(name: "Run", segmentNames: ["Lap 1", "Lap 2", "Lap 3"]))
    let cut = RouteAttemptLog.real([ms(1300), ms(2600), ms(2700)], complete: false)
    let route = RouteTimer.apply([cut], to: base)
    #expect(route.attemptHistory.last?.isComplete == false)
    #expect(route.segments[2].personalBestSplit.real == ms(3980))
    #expect(route.segments[2].bestSegment.real == ms(1330))
    #expect(route.segments[2].history(at: 4) == nil)
  }

  @Test func aSkippedSegmentFoldsIntoTheNextAndTheAttemptKeepsItsDatesAndPauseTime() {
    let started = AttemptDate(secondsSince1970: 1_700_000_000, isSynced: true)
    let ended = AttemptDate(secondsSince1970: 1_700_000_010, isSynced: true)
    let log = RouteAttemptLog(
      splits: [nil, RouteTime(real: ms(3000)), RouteTime(real: ms(4500))], isComplete: true, started: started,
      ended: ended, pauseTime: ms(700))
    let route = RouteTimer.apply([log], to: Route(name: "Run", segmentNames: ["A", "B", "C"]))
    #expect(route.attemptHistory == [RouteAttempt(index: 1, time: RouteTime(real: ms(4500)), started: started,
      ended: ended, pauseTime: ms(700))])
    #expect(route.segments[0].history(at: 1) == RouteTime.none)
    #expect(route.segments[1].history(at: 1)?.real == ms(3000))
    #expect(route.segments.map(\.personalBestSplit.real) == [nil, ms(3000), ms(4500)])
  }

  @Test func skippingTheLastSegmentEndsTheAttemptAsAReset() {
    let log = RouteAttemptLog.real([ms(1000), nil], complete: true)
    let route = RouteTimer.apply([log], to: Route(name: "Run", segmentNames: ["A", "B"]))
    #expect(route.attemptHistory.map(\.isComplete) == [false])
    #expect(route.segments[0].bestSegment.real == ms(1000))
    #expect(route.segments[1].personalBestSplit == .none)
  }

  @Test func anAttemptUnderWayIsRecordedBeforeTheLogIsFolded() throws {
    var timer = RouteTimer(route: Route(name: "Run", segmentNames: ["A", "B"]))!
    try timer.start()
    try timer.split(at: ms(900))
    timer.apply(attempts: [.real([ms(1000), ms(2000)], complete: true)])
    #expect(timer.phase == .notRunning)
    #expect(timer.route.attemptHistory.map(\.isComplete) == [false, true])
    #expect(timer.route.segments[0].bestSegment.real == ms(900))
  }
}

extension RouteAttemptsTests {
  @Test func theFiguresOfARouteAreItsAttemptsPersonalBestSumOfBestAndPossibleTimeSave() throws {
    let base = Route(name: "Run", segmentNames: ["Lap 1", "Lap 2", "Lap 3"])
    let route = RouteTimer.apply(threeRides + [.real([.milliseconds(1020)], complete: false)], to: base)
    let figures = try #require(RouteFigures(route: route))
    #expect(figures.attempts == 4)
    #expect(figures.completed == 3)
    #expect(figures.personalBest == .milliseconds(3980))
    #expect(figures.sumOfBest == .milliseconds(3700))
    #expect(figures.segments.map(\.possibleTimeSave) == [.milliseconds(280), .zero, .zero])
    #expect(figures.possibleTimeSave == .milliseconds(280))
    #expect(RouteFigures(route: base)?.possibleTimeSave == nil)
    #expect(RouteFigures(route: Route(name: "Empty", segmentNames: [])) == nil)
  }
}
