import Testing

@testable import SplitsRoutes

/// livesplit-core's own files, each read with the figures its tests and the files say: the
/// segments, their names, the attempts, the personal best and the golds.
@Suite struct LSSFixtureTests {
  struct Figures: Sendable, CustomTestStringConvertible {
    var file: String
    var game: String
    var category: String
    var offset: Duration
    var attemptCount: Int
    var attempts: Int
    var complete: Int
    var segments: Int
    var first: String
    var last: String
    var comparisons: [String]
    /// The last segment's personal best split (the personal best), real time.
    var personalBest: Duration?
    /// The first segment's gold, real and game time.
    var firstGold: RouteTime
    /// Entries in the first segment's history.
    var firstHistory: Int
    var testDescription: String { file }
  }

  static let pb = ["Personal Best"]
  static let figures: [Figures] = [
    Figures(
      file: "livesplit1.0.lss", game: "Pac-Man World 3", category: "Any%", offset: hms(12, 34, 56), attemptCount: 3,
      attempts: 6, complete: 3, segments: 4, first: "1", last: "4", comparisons: pb,
      personalBest: hms(0, 0, 16, nanoseconds: 365_321_300), firstGold: RouteTime(real: hms(0, 0, 4, nanoseconds: 960_154_000)),
      firstHistory: 3),
    Figures(
      file: "livesplit1.4.lss", game: "Tron: Evolution", category: "Any% (NG+)", offset: .zero, attemptCount: 30,
      attempts: 27, complete: 13, segments: 28, first: "Tron City", last: "Final fight phase 3", comparisons: pb,
      personalBest: hms(1, 24, 15, nanoseconds: 563_029_600),
      firstGold: RouteTime(real: hms(0, 0, 49, nanoseconds: 732_524_400), game: hms(0, 0, 49, nanoseconds: 732_524_400)),
      firstHistory: 16),
    Figures(
      file: "livesplit1.5.lss", game: "Kirby's Dream Land", category: "Normal", offset: .zero, attemptCount: 262,
      attempts: 65, complete: 1, segments: 5, first: "Green Greens", last: "Mt. DeDeDe",
      comparisons: pb + ["World Record"], personalBest: hms(0, 12, 30, nanoseconds: 760_000_000),
      firstGold: RouteTime(real: hms(0, 1, 36, nanoseconds: 601_174_000)), firstHistory: 10),
    Figures(
      file: "livesplit1.6.lss", game: "NES Open Tournament Golf", category: "US Course", offset: .zero, attemptCount: 55,
      attempts: 55, complete: 20, segments: 18, first: "Hole 1", last: "Hole 18", comparisons: pb,
      personalBest: hms(0, 11, 25, nanoseconds: 671_000_000), firstGold: RouteTime(real: hms(0, 0, 22, nanoseconds: 973_000_000)),
      firstHistory: 52),
    Figures(
      file: "livesplit1.6_gametime.lss", game: "Dishonored", category: "Any%", offset: .zero, attemptCount: 1958,
      attempts: 1788, complete: 83, segments: 13, first: "WatchYr<3Die", last: "H9 U Havelock",
      comparisons: pb + [
        "4-22-16", "NoStream1", "NoStream2", "This Can't be right2", "This Can't be right", "Mrdeadguy34",
      ], personalBest: hms(0, 40, 1, nanoseconds: 517_000_000),
      firstGold: RouteTime(real: hms(0, 0, 5, nanoseconds: 432_000_000), game: hms(0, 3, 10, nanoseconds: 751_000_000)),
      firstHistory: 190),
    Figures(
      file: "Celeste - Any% (1.2.1.5).lss", game: "Celeste", category: "Any%", offset: .zero, attemptCount: 32,
      attempts: 31, complete: 10, segments: 33, first: "Prologue", last: "The Summit", comparisons: pb,
      personalBest: hms(0, 39, 12, nanoseconds: 517_000_000),
      firstGold: RouteTime(real: hms(0, 0, 45, nanoseconds: 237_000_000), game: hms(0, 0, 43, nanoseconds: 639_000_000)),
      firstHistory: 25),
    Figures(
      file: "celeste_native_segment_groups.lss", game: "Celeste", category: "Any%", offset: .zero, attemptCount: 49,
      attempts: 48, complete: 11, segments: 33, first: "Prologue", last: "The Summit", comparisons: pb,
      personalBest: hms(1, 6, 47, nanoseconds: 593_748_000),
      firstGold: RouteTime(real: hms(0, 0, 33, nanoseconds: 573_873_000), game: hms(0, 0, 30, nanoseconds: 736_000_000)),
      firstHistory: 38),
    Figures(
      file: "clean_sum_of_best.lss", game: "SM64: 120 Star", category: "100%", offset: .zero, attemptCount: 102,
      attempts: 126, complete: 32, segments: 18, first: "BOB (3)", last: "Done", comparisons: pb,
      personalBest: hms(2, 37, 5, nanoseconds: 158_044_100),
      firstGold: RouteTime(real: hms(0, 4, 49, nanoseconds: 958_792_400), game: hms(0, 4, 36, nanoseconds: 112_146_300)),
      firstHistory: 18),
    Figures(
      file: "livesplit_attempt_ended_bug.lss", game: "SMR: Axeil Edition", category: "Crocomire%", offset: .zero,
      attemptCount: 87, attempts: 3, complete: 0, segments: 1, first: "Hi", last: "Hi", comparisons: pb,
      personalBest: nil, firstGold: .none, firstHistory: 0),
  ]

  @Test(arguments: figures)
  func eachLiveSplitFileReadsWithItsFigures(_ expected: Figures) throws {
    let route = try LSSFixtures.route(expected.file)
    #expect(route.gameName == expected.game)
    #expect(route.categoryName == expected.category)
    #expect(route.name == "\(expected.game) - \(expected.category)")
    #expect(route.offset == expected.offset)
    #expect(route.attemptCount == expected.attemptCount)
    #expect(route.attemptHistory.count == expected.attempts)
    #expect(route.attemptHistory.filter(\.isComplete).count == expected.complete)
    #expect(route.segments.count == expected.segments)
    #expect(route.segments.first?.name == expected.first)
    #expect(route.segments.last?.name == expected.last)
    #expect(route.customComparisons == expected.comparisons)
    #expect(route.segments.last?.personalBestSplit.real == expected.personalBest)
    #expect(route.segments.first?.bestSegment == expected.firstGold)
    #expect(route.segments.first?.history.count == expected.firstHistory)
  }

  @Test(arguments: LSSFixtures.fuzzCrashes)
  func aFuzzCrashFileIsRefusedWithThePlaceNamed(_ file: String) throws {
    let error = try #require(throws: LSSError.self) { try LSSFixtures.route(file) }
    #expect(error.place != .file, "\(error)")
  }

  @Test func theOldestFormKeepsBareTimesItsRunHistoryAndPersonalBestSplitTimes() throws {
    let route = try LSSFixtures.route("livesplit1.0.lss")
    #expect(route.attemptHistory.map(\.index) == [1, 2, 3, 4, 5, 6])
    #expect(route.attemptHistory[2].time == RouteTime(real: hms(0, 0, 16, nanoseconds: 876_737_600)))
    #expect(route.attemptHistory[0].time == .none)
    #expect(route.attemptHistory.allSatisfy { $0.started == nil && $0.ended == nil })
    #expect(route.segments[0].personalBestSplit == .none)
    #expect(route.segments[1].personalBestSplit == RouteTime(real: hms(0, 0, 9, nanoseconds: 387_331_800)))
    #expect(route.segments[0].history.map(\.index) == [3, 4, 5])
    #expect(route.segments[0].history[1].time == .none)
    #expect(route.segments[0].kept["Icon"]?.hasPrefix("<Icon><![CDATA[AAEAAAD/////") == true)
  }

  @Test func aCustomComparisonOfTheOldFormKeepsItsTimes() throws {
    let route = try LSSFixtures.route("livesplit1.5.lss")
    #expect(route.segments[0].comparison("World Record") == RouteTime(real: hms(0, 1, 37)))
    #expect(route.segments[1].comparison("World Record") == RouteTime(real: hms(0, 3, 3)))
  }

  @Test func attemptsKeepTheirDatesSyncFlagsAndPauseTimes() throws {
    let route = try LSSFixtures.route("livesplit_attempt_ended_bug.lss")
    // 05/06/2018 23:58:45 and 23:59:08 UTC.
    #expect(route.attemptHistory[1].started == AttemptDate(secondsSince1970: 1_525_651_125, isSynced: true))
    #expect(route.attemptHistory[1].ended == AttemptDate(secondsSince1970: 1_525_651_148, isSynced: true))
    #expect(route.attemptHistory[0].pauseTime == hms(0, 37, 15, nanoseconds: 615_000_000))
  }

  @Test func anEndBeforeTheStartInAFileBefore1_7_1IsLiveSplitsOldBugAndDropped() throws {
    let route = try LSSFixtures.route("livesplit_attempt_ended_bug.lss")
    // Attempt 42 "ended" on 01/01/0001, before it started in 2018.
    #expect(route.attemptHistory[0].index == 42)
    #expect(route.attemptHistory[0].started != nil)
    #expect(route.attemptHistory[0].ended == nil)
    #expect(route.attemptHistory[2].ended != nil)
  }

  @Test func legacySubsplitsBecomeTheSameGroupsAsTheNativeFile() throws {
    let legacy = try LSSFixtures.route("Celeste - Any% (1.2.1.5).lss")
    let native = try LSSFixtures.route("celeste_native_segment_groups.lss")
    #expect(legacy.segments.map(\.name) == native.segments.map(\.name))
    #expect(!legacy.segments.contains { $0.name.hasPrefix("-") })
    let groups = try #require(legacy.kept["SegmentGroups"])
    let ranges = [(1, 4), (4, 7), (7, 11), (11, 15), (15, 20), (20, 26), (26, 33)]
    #expect(groups == "<SegmentGroups>" + ranges.map { #"<SegmentGroup start="\#($0)" end="\#($1)"/>"# }.joined() + "</SegmentGroups>")
    let nativeGroups = try #require(native.kept["SegmentGroups"])
    #expect(nativeGroups.hasPrefix(#"<SegmentGroups><SegmentGroup start="1" end="4"><Name>Okay</Name><Icon>"#))
  }
}
