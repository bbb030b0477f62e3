import SplitsTestRandom
import Testing

@testable import SplitsRoutes

/// Generated routes (names with XML's special characters and other scripts, negative and
/// day-long times, game time, dates from year 1 to 9999, custom comparisons, skipped
/// segments) come back from a LiveSplit file as they were written.
@Suite struct LSSRoundTripPropertyTests {
  struct Generator {
    var random: SplitMix64
    static let characters = Array("abcXYZ019 -{}<>&'\"/:.%한글🏁é")

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    /// Text without white space at either end (the reader trims it).
    mutating func name() -> String {
      var text = String((0..<int(0...12)).map { _ in Self.characters[int(0...(Self.characters.count - 1))] })
      while text.first == " " { text.removeFirst() }
      while text.last == " " { text.removeLast() }
      return text
    }

    /// A time in LiveSplit's ticks (100 ns), up to three days, negative when asked.
    mutating func duration(negative: Bool = false) -> Duration {
      let ticks = Int64.random(in: 0...(3 * 864_000_000_000), using: &random)
      let time = Duration.nanoseconds(ticks * 100)
      return negative && chance(30) ? .zero - time : time
    }

    mutating func time() -> RouteTime {
      RouteTime(real: chance(80) ? duration() : nil, game: chance(40) ? duration() : nil)
    }

    mutating func date() -> AttemptDate? {
      guard chance(70) else { return nil }
      // 01/01/0001 to 12/31/9999.
      let seconds = Int64.random(in: -62_135_596_800...253_402_300_799, using: &random)
      return AttemptDate(secondsSince1970: seconds, isSynced: chance(50))
    }

    mutating func route() -> Route {
      var comparisons = [RouteSegment.personalBest]
      for _ in 0..<int(0...3) {
        let name = "C " + name()
        if !comparisons.contains(name) { comparisons.append(name) }
      }
      let attempts = (1...int(1...6)).map { index in
        RouteAttempt(
          index: index, time: chance(50) ? time() : .none, started: date(), ended: date(),
          pauseTime: chance(30) ? duration() : nil)
      }
      let segments = (0..<int(0...5)).map { _ in segment(comparisons: comparisons, attempts: attempts.count) }
      // The file names its comparisons in its segments' split times only.
      if segments.isEmpty { comparisons = [RouteSegment.personalBest] }
      return Route(
        name: "Route", gameName: name(), categoryName: name(), offset: duration(negative: true),
        attemptCount: int(0...100_000), attemptHistory: attempts, segments: segments,
        customComparisons: comparisons)
    }

    mutating func segment(comparisons: [String], attempts: Int) -> RouteSegment {
      var segment = RouteSegment(name: name(), bestSegment: chance(80) ? time() : .none)
      for comparison in comparisons where chance(70) {
        let value = time()
        if !value.isEmpty { segment.setComparison(comparison, value) }
      }
      for index in -2...attempts where chance(60) {
        // A time with neither method: the segment was skipped in that attempt.
        segment.setHistory(index, chance(20) ? .none : time())
      }
      return segment
    }
  }

  @Test func aGeneratedRouteComesBackFromItsFileAsItWasWritten() throws {
    var generator = Generator(random: SplitMix64(state: 0x4C53_5331))
    for _ in 0..<300 {
      let route = generator.route()
      let written = LSSWriter.write(route)
      let read = try LSSReader.read(written, name: route.name)
      #expect(read == route, "\(written)")
      #expect(LSSWriter.write(read) == written)
      if read != route { break }
    }
  }
}
