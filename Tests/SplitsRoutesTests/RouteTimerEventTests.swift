import Testing

@testable import SplitsRoutes

/// livesplit-core's src/timing/timer/tests/events.rs: what each operation does or why it is
/// refused, in each phase (the operations Splits has: start, split, split or start, reset,
/// reset as personal best, undo, skip, pause, resume).
@Suite struct RouteTimerEventTests {
  private func timer() -> RouteTimer { createTimer(["A", "B", "C"]) }
  private let now = RouteTime(real: .seconds(1))

  private func finished() -> RouteTimer {
    var timer = timer()
    _ = try? timer.start()
    for _ in 0..<3 { _ = try? timer.split(at: now) }
    return timer
  }

  private typealias Op = (inout RouteTimer) throws -> RouteTimerEvent

  private func event(_ timer: RouteTimer, _ op: Op) -> Result<RouteTimerEvent, RouteTimerError>? {
    var timer = timer
    do { return .success(try op(&timer)) } catch { return (error as? RouteTimerError).map { .failure($0) } }
  }

  private func started(paused: Bool = false, splits: Int = 0) -> RouteTimer {
    var timer = timer()
    _ = try? timer.start()
    for _ in 0..<splits { _ = try? timer.split(at: now) }
    if paused { _ = try? timer.pause() }
    return timer
  }

  @Test func startingANewAttemptWorksAndASecondIsRefused() {
    #expect(event(timer()) { try $0.start() } == .success(.started))
    #expect(event(started()) { try $0.start() } == .failure(.runAlreadyInProgress))
  }

  @Test func splitWorksThenFinishesAndIsRefusedWithoutAnAttemptAfterTheEndOrWhilePaused() {
    let split: Op = { t in
      try t.split(at: RouteTime(real: .seconds(1)))
    }
    #expect(event(started(), split) == .success(.splitted))
    #expect(event(timer(), split) == .failure(.noRunInProgress))
    #expect(event(finished(), split) == .failure(.runFinished))
    #expect(event(started(splits: 2), split) == .success(.finished))
    #expect(event(started(paused: true), split) == .failure(.timerPaused))
  }

  @Test func aSplitBeforeTheTimerReachesZeroIsRefused() {
    var route = createRoute(["A", "B", "C"])
    route.offset = .seconds(-1000)
    var timer = RouteTimer(route: route)!
    _ = try? timer.start()
    #expect(event(timer) { try $0.split(at: RouteTime(real: .seconds(-999))) }
      == .failure(.negativeTime))
    #expect(event(timer) { try $0.splitOrStart(at: RouteTime(real: .seconds(-999))) }
      == .failure(.negativeTime))
  }

  @Test func splitOrStartStartsSplitsFinishesAndIsRefusedAfterTheEndOrWhilePaused() {
    let op: Op = { t in
      try t.splitOrStart(at: RouteTime(real: .seconds(1)))
    }
    #expect(event(timer(), op) == .success(.started))
    #expect(event(started(), op) == .success(.splitted))
    #expect(event(finished(), op) == .failure(.runFinished))
    #expect(event(started(splits: 2), op) == .success(.finished))
    #expect(event(started(paused: true), op) == .failure(.timerPaused))
  }

  @Test func resetWorksRunningEndedOrPausedAndIsRefusedWithoutAnAttempt() {
    for op: Op in [
      { try $0.reset() },
      { try $0.resetAndSetAttemptAsPersonalBest() },
    ] {
      #expect(event(started(), op) == .success(.reset))
      #expect(event(timer(), op) == .failure(.noRunInProgress))
      #expect(event(finished(), op) == .success(.reset))
      #expect(event(started(paused: true), op) == .success(.reset))
    }
  }

  @Test func undoWorksAfterASplitAfterTheEndAndWhilePausedButNotBeforeTheFirstSplit() {
    let op: Op = { t in
      try t.undoSplit()
    }
    #expect(event(started(splits: 1), op) == .success(.splitUndone))
    #expect(event(timer(), op) == .failure(.noRunInProgress))
    #expect(event(finished(), op) == .success(.splitUndone))
    #expect(event(started(), op) == .failure(.cantUndoFirstSplit))
    #expect(event(started(paused: true, splits: 1), op) == .success(.splitUndone))
  }

  @Test func skipWorksEvenPausedButNeverOnTheLastSegment() {
    let op: Op = { t in
      try t.skipSplit()
    }
    #expect(event(started(), op) == .success(.splitSkipped))
    #expect(event(timer(), op) == .failure(.noRunInProgress))
    #expect(event(finished(), op) == .failure(.runFinished))
    #expect(event(started(splits: 2), op) == .failure(.cantSkipLastSplit))
    #expect(event(started(paused: true), op) == .success(.splitSkipped))
  }

  @Test func pauseAndResumeAreRefusedWhereLiveSplitRefusesThem() {
    let pause: Op = { t in
      try t.pause()
    }
    let resume: Op = { t in
      try t.resume()
    }
    #expect(event(started(), pause) == .success(.paused))
    #expect(event(timer(), pause) == .failure(.noRunInProgress))
    #expect(event(started(paused: true), pause) == .failure(.alreadyPaused))
    #expect(event(finished(), pause) == .failure(.runFinished))
    #expect(event(started(paused: true), resume) == .success(.resumed))
    #expect(event(timer(), resume) == .failure(.noRunInProgress))
    #expect(event(started(), resume) == .failure(.notPaused))
    #expect(event(finished(), resume) == .failure(.runFinished))
  }

  @Test func togglePauseAndTogglePauseOrStartGoBetweenRunningAndPaused() {
    let toggle: Op = { try $0.togglePause() }
    let orStart: Op = { try $0.togglePauseOrStart() }
    #expect(event(started(), toggle) == .success(.paused))
    #expect(event(started(paused: true), toggle) == .success(.resumed))
    #expect(event(timer(), toggle) == .failure(.noRunInProgress))
    #expect(event(finished(), toggle) == .failure(.runFinished))
    #expect(event(timer(), orStart) == .success(.started))
    #expect(event(started(), orStart) == .success(.paused))
    #expect(event(started(paused: true), orStart) == .success(.resumed))
    #expect(event(finished(), orStart) == .failure(.runFinished))
  }

  @Test func onlyAComparisonTheRouteHasCanBeChosen() {
    #expect(event(timer()) { try $0.setCurrentComparison(RouteComparisons.bestSegments) } == .success(.comparisonChanged))
    #expect(event(timer()) { try $0.setCurrentComparison("non-existing") } == .failure(.comparisonDoesntExist))
    var timer = timer()
    timer.switchToPreviousComparison()
    #expect(timer.currentComparison == RouteComparisons.latestRun)
    timer.switchToNextComparison()
    timer.switchToNextComparison()
    #expect(timer.currentComparison == RouteComparisons.bestSegments)
  }
}
