import Testing

@testable import SplitsRoutes

/// What `route import` and `route show` print comes from the route read: the same figures
/// after an export and a new import.
@Suite struct LSSFiguresTests {
  @Test(arguments: LSSFixtures.readable)
  func importingWhatWasExportedGivesTheSameFigures(_ file: String) throws {
    let route = try LSSFixtures.route(file)
    let reimported = try LSSReader.read(LSSWriter.write(route))
    for method in TimingMethod.allCases {
      let before = RouteFigures(route: route, method: method)
      #expect(before != nil)
      #expect(RouteFigures(route: reimported, method: method) == before, "\(method)")
    }
  }

  @Test func anImportedFilesFiguresAreItsOwn() throws {
    let figures = try #require(RouteFigures(route: LSSFixtures.route("livesplit1.6.lss")))
    #expect(figures.attempts == 55)
    #expect(figures.completed == 20)
    #expect(figures.personalBest == hms(0, 11, 25, nanoseconds: 671_000_000))
    #expect(figures.segments.count == 18)
    #expect(figures.segments[0].bestSegment == hms(0, 0, 22, nanoseconds: 973_000_000))
    let sumOfBest = try #require(figures.sumOfBest)
    // At most the sum of the golds (559.709 s, as livesplit-analyser adds them).
    #expect(sumOfBest <= .seconds(559) + .milliseconds(709))
    #expect(sumOfBest > .seconds(500))
  }
}
