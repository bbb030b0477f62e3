@testable import SplitsRoutes

/// livesplit-core's `util/tests_helper.rs`: attempts timed in game time, as its tests time them.
func span(_ seconds: Double) -> Duration { .fromSeconds(seconds) }

func game(_ seconds: Double) -> RouteTime { RouteTime(game: span(seconds)) }

func createRoute(_ names: [String]) -> Route { Route(name: "Test", segmentNames: names) }

func createTimer(_ names: [String]) -> RouteTimer {
  RouteTimer(route: createRoute(names), timingMethod: .game)!
}

func startRun(_ timer: inout RouteTimer) {
  timer.timingMethod = .game
  _ = try? timer.start()
}

func makeProgress(_ timer: inout RouteTimer, _ splits: [Double?]) {
  for split in splits {
    if let split { _ = try? timer.split(at: game(split)) } else { _ = try? timer.skipSplit() }
  }
}

func runWithSplits(_ timer: inout RouteTimer, _ splits: [Double]) {
  runWithSplitsOpt(&timer, splits.map { $0 })
}

func runWithSplitsOpt(_ timer: inout RouteTimer, _ splits: [Double?]) {
  startRun(&timer)
  makeProgress(&timer, splits)
  _ = try? timer.reset()
}

extension RouteSegment {
  func gameHistory(_ index: Int) -> Duration? { history(at: index)?.game }
}
