import SplitsTestRandom
import Testing

@testable import SplitsRoutes

/// Rules that hold for every sequence of attempts: generated from fixed seeds (a failing case
/// is made again from its seed).
@Suite struct RoutePropertyTests {
  private static let seeds: [UInt64] = (1...200).map { 0x5EED_2200 + $0 }

  private struct Case {
    var route: Route
    var attempts: [RouteAttemptLog]
  }

  private func generate(_ seed: UInt64) -> Case {
    var rng = SplitMix64(state: seed)
    let count = Int.random(in: 1...5, using: &rng)
    let withGameTime = Bool.random(using: &rng)
    let route = Route(name: "R", segmentNames: (1...count).map { "S\($0)" })
    let attempts = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
      attempt(count, withGameTime, &rng)
    }
    return Case(route: route, attempts: attempts)
  }

  private func attempt(_ count: Int, _ withGameTime: Bool, _ rng: inout SplitMix64) -> RouteAttemptLog {
    let complete = Int.random(in: 0..<10, using: &rng) < 6
    let reached = complete ? count : Int.random(in: 0..<count, using: &rng)
    var real = Duration.zero
    var game = Duration.zero
    var splits: [RouteTime?] = []
    for index in 0..<reached {
      real += .milliseconds(Int.random(in: 200...5000, using: &rng))
      game += .milliseconds(Int.random(in: 100...4000, using: &rng))
      let skip = index < count - 1 && Int.random(in: 0..<5, using: &rng) == 0
      splits.append(skip ? nil : RouteTime(real: real, game: withGameTime ? game : nil))
    }
    return RouteAttemptLog(splits: splits, isComplete: complete, pauseTime: nil)
  }

  @Test(arguments: seeds) func theSumOfBestIsNeverAboveThePersonalBest(seed: UInt64) {
    let c = generate(seed)
    let timer = RouteTimer(route: RouteTimer.apply(c.attempts, to: c.route))!
    for method in TimingMethod.allCases {
      let analysis = RouteAnalysis(timer)
      guard let pb = analysis.personalBest(method) else { continue }
      let sob = analysis.sumOfBest(method)
      #expect(sob != nil && sob! <= pb, "seed \(seed) \(method)")
    }
  }

  @Test(arguments: seeds) func thePossibleTimeSaveIsNeverBelowZero(seed: UInt64) {
    let c = generate(seed)
    let timer = RouteTimer(route: RouteTimer.apply(c.attempts, to: c.route))!
    let analysis = RouteAnalysis(timer)
    for name in timer.comparisons.names {
      for method in TimingMethod.allCases {
        for s in timer.route.segments.indices {
          let save = analysis.possibleTimeSave(s, name, live: false, method).save
          #expect(save.map { $0 >= .zero } ?? true, "seed \(seed) \(name) \(method) segment \(s)")
        }
        #expect(analysis.totalPossibleTimeSave(name, method).save >= .zero)
      }
    }
  }

  @Test(arguments: seeds) func foldingTheSameAttemptsGivesTheSameRouteAndFoldsInParts(seed: UInt64) {
    let c = generate(seed)
    let once = RouteTimer.apply(c.attempts, to: c.route)
    #expect(RouteTimer.apply(c.attempts, to: c.route) == once, "seed \(seed)")
    let half = c.attempts.count / 2
    let parts = RouteTimer.apply(Array(c.attempts[half...]), to: RouteTimer.apply(Array(c.attempts[..<half]), to: c.route))
    #expect(parts == once, "seed \(seed)")
    #expect(once.attemptCount == c.attempts.count)
    #expect(once.attemptHistory.map(\.index) == Array(1...c.attempts.count))
  }

  @Test(arguments: seeds) func aResetNeverChangesThePersonalBest(seed: UInt64) {
    let c = generate(seed)
    var rng = SplitMix64(state: seed ^ 0xABCD)
    let before = RouteTimer.apply(c.attempts, to: c.route)
    var reset = attempt(c.route.segments.count, true, &rng)
    reset.isComplete = false
    let after = RouteTimer.apply([reset], to: before)
    #expect(after.segments.map(\.personalBestSplit) == before.segments.map(\.personalBestSplit), "seed \(seed)")
    #expect(after.attemptHistory.last?.isComplete == false)
  }

  @Test(arguments: seeds) func noTimeInASegmentsHistoryIsBelowItsGold(seed: UInt64) {
    let c = generate(seed)
    let route = RouteTimer.apply(c.attempts, to: c.route)
    for (s, segment) in route.segments.enumerated() {
      for method in TimingMethod.allCases {
        guard let gold = segment.bestSegment[method] else { continue }
        for entry in segment.history {
          #expect(entry.time[method].map { $0 >= gold } ?? true, "seed \(seed) segment \(s)")
        }
      }
    }
  }

  @Test(arguments: seeds) func thePersonalBestIsTheFastestCompleteAttempt(seed: UInt64) {
    let c = generate(seed)
    let route = RouteTimer.apply(c.attempts, to: c.route)
    let fastest = route.attemptHistory.compactMap(\.time.real).min()
    #expect(route.segments.last?.personalBestSplit.real == fastest, "seed \(seed)")
  }
}
