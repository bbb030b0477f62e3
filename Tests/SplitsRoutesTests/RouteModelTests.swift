import Testing

@testable import SplitsRoutes

@Suite struct RouteModelTests {
  @Test func aSegmentsHistoryStaysInAttemptOrderWhateverOrderItIsWrittenIn() {
    var segment = RouteSegment(name: "Forsaken City")
    segment.setHistory(3, RouteTime(real: .seconds(3)))
    segment.setHistory(-1, RouteTime(real: .seconds(9)))
    segment.setHistory(1, RouteTime(real: .seconds(1)))
    segment.setHistory(3, RouteTime(real: .seconds(4)))
    #expect(segment.history.map(\.index) == [-1, 1, 3])
    #expect(segment.history(at: 3) == RouteTime(real: .seconds(4)))
    #expect(segment.history(at: 2) == nil)
  }

  @Test func thePersonalBestIsTheComparisonOfThatName() {
    var segment = RouteSegment(name: "A")
    #expect(segment.personalBestSplit == .none)
    segment.personalBestSplit = RouteTime(real: .milliseconds(1500))
    #expect(segment.comparison("Personal Best") == RouteTime(real: .milliseconds(1500)))
    #expect(segment.comparisons.count == 1)
  }

  @Test func timesSubtractOnlyWhereBothSidesHaveAMethod() {
    let a = RouteTime(real: .seconds(5), game: .seconds(4))
    let b = RouteTime(real: .seconds(2))
    #expect(a - b == RouteTime(real: .seconds(3), game: nil))
    #expect(a + .zero == a)
  }
}
