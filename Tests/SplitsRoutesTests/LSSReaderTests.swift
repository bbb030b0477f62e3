import Foundation
import Testing

@testable import SplitsRoutes

/// livesplit-core's `minimal_lss` (tests/split_parsing.rs): a run of these segments.
func minimalLSS(_ version: String, _ names: [String], extra: String = "") -> String {
  let segments = names.map {
    "<Segment><Name>\($0)</Name><Icon/><SplitTimes/><BestSegmentTime/><SegmentHistory/></Segment>"
  }.joined()
  return #"<?xml version="1.0" encoding="UTF-8"?><Run version="\#(version)"><GameIcon/><GameName>Game</GameName>"#
    + #"<CategoryName>Any%</CategoryName><Offset>00:00:00</Offset><AttemptCount>0</AttemptCount>"#
    + "<Segments>\(segments)</Segments>\(extra)<AutoSplitterSettings/></Run>"
}

@Suite struct LSSReaderTests {
  // MARK: livesplit-core's own cases

  @Test func from1_8_1ADashIsPartOfTheName() throws {
    let route = try LSSReader.read(minimalLSS("1.8.1", ["Intro", "-Literal"]))
    #expect(route.kept["SegmentGroups"] == nil)
    #expect(route.segments[1].name == "-Literal")
  }

  @Test func before1_8_1DashedSegmentsBecomeAGroupNamedByTheBracePrefix() throws {
    let route = try LSSReader.read(minimalLSS("1.8.0", ["Intro", "-A1", "-A2", "{Chapter A} A End", "-Final"]))
    #expect(route.segments.map(\.name) == ["Intro", "A1", "A2", "A End", "-Final"])
    #expect(
      route.kept["SegmentGroups"]
        == #"<SegmentGroups><SegmentGroup start="1" end="4"><Name>Chapter A</Name></SegmentGroup></SegmentGroups>"#)
  }

  @Test func aGroupsNameIsEscapedAsTheSaverEscapesIt() throws {
    let route = try LSSReader.read(minimalLSS("1.7.0", ["-A", "{Fish &amp; Chips} B"]))
    #expect(route.segments.map(\.name) == ["A", "B"])
    #expect(
      route.kept["SegmentGroups"]
        == #"<SegmentGroups><SegmentGroup start="0" end="2"><Name>Fish &amp; Chips</Name></SegmentGroup></SegmentGroups>"#)
  }

  @Test func aBracePrefixOutsideAGroupStaysInTheName() throws {
    let route = try LSSReader.read(minimalLSS("1.8.0", ["Intro", "{Boss} Fight", "Outro"]))
    #expect(route.kept["SegmentGroups"] == nil)
    #expect(route.segments[1].name == "{Boss} Fight")
  }

  @Test func timesWithDaysReadAsLivesplitCoreReadsThem() {
    #expect(LSSTime.parse("1.23:34:56.789") == .seconds(171_296) + .milliseconds(789))
    #expect(LSSTime.parse("-1.23:34:56.789") == .zero - .seconds(171_296) - .milliseconds(789))
    for refused in ["-1.-23:34:56.789", "1.-23:34:56.789", "-123.45.23:34:56.789", "NaN.23:34:56.789", "Inf.23:34:56.789"] {
      #expect(LSSTime.parse(refused) == nil, "\(refused)")
    }
    #expect(LSSTime.parse("12:34:56") == hms(12, 34, 56))
    #expect(LSSTime.parse("1:37") == hms(0, 1, 37))
    #expect(LSSTime.parse("02:01:32.2430950009") == hms(2, 1, 32, nanoseconds: 243_095_000))
    for refused in ["", "1:60", "1:2:3:4", "1.", ":5", "a"] { #expect(LSSTime.parse(refused) == nil, "\(refused)") }
  }

  @Test func datesReadAndWriteAsUTC() {
    #expect(LSSTime.parseDate("01/01/1970 00:00:00") == 0)
    #expect(LSSTime.parseDate("02/29/2024 12:00:01") == 1_709_208_001)
    #expect(LSSTime.parseDate("02/29/2023 12:00:01") == nil)
    #expect(LSSTime.parseDate("13/01/2023 12:00:01") == nil)
    #expect(LSSTime.parseDate("01/01/2023 24:00:00") == nil)
    #expect(LSSTime.formatDate(1_709_208_001) == "02/29/2024 12:00:01")
    let yearOne = LSSTime.parseDate("01/01/0001 06:00:00")
    #expect(yearOne.map(LSSTime.formatDate) == "01/01/0001 06:00:00")
  }

  // MARK: The route's name

  @Test func theRouteIsNamedByTheCallerElseByGameAndCategory() throws {
    let file = minimalLSS("1.8.1", ["A"])
    #expect(try LSSReader.read(file, name: "Mine").name == "Mine")
    #expect(try LSSReader.read(file, name: "  ").name == "Game - Any%")
    #expect(try LSSReader.read(file).name == "Game - Any%")
    let noCategory = file.replacingOccurrences(of: "<CategoryName>Any%</CategoryName>", with: "<CategoryName/>")
    #expect(try LSSReader.read(noCategory).name == "Game")
    let neither = noCategory.replacingOccurrences(of: "<GameName>Game</GameName>", with: "<GameName/>")
    #expect(try LSSReader.read(neither).name == "Untitled")
  }

  // MARK: What is kept

  @Test func unknownElementsAreKeptAndWrittenBackAfterTheKnownOnes() throws {
    let file = minimalLSS("1.8.1", ["A"], extra: #"<Future a="1">x<b/></Future>"#)
      .replacingOccurrences(of: "<SegmentHistory/>", with: "<SegmentHistory/><Note>hi</Note>")
    let route = try LSSReader.read(file)
    #expect(route.kept["Future"] == #"<Future a="1">x<b/></Future>"#)
    #expect(route.segments[0].kept["Note"] == "<Note>hi</Note>")
    let written = LSSWriter.write(route)
    #expect(written.hasSuffix(#"<AutoSplitterSettings/><Future a="1">x<b/></Future></Run>"#))
    #expect(written.contains("<SegmentHistory/><Note>hi</Note></Segment>"))
  }

  @Test func splitTimesUnderAGeneratedComparisonsNameAreNotKept() throws {
    let file = minimalLSS("1.8.1", ["A"]).replacingOccurrences(
      of: "<SplitTimes/>",
      with: #"<SplitTimes><SplitTime name="Personal Best"><RealTime>00:01:00</RealTime></SplitTime>"#
        + #"<SplitTime name="Best Segments"><RealTime>00:00:50</RealTime></SplitTime>"#
        + #"<SplitTime name="WR"><GameTime>00:00:40</GameTime></SplitTime></SplitTimes>"#)
    let route = try LSSReader.read(file)
    #expect(route.customComparisons == ["Personal Best", "WR"])
    #expect(route.segments[0].personalBestSplit == RouteTime(real: hms(0, 1, 0)))
    #expect(route.segments[0].comparison("WR") == RouteTime(game: hms(0, 0, 40)))
    #expect(route.segments[0].comparison("Best Segments") == .none)
  }

  @Test func ofTwoHistoryEntriesOfOneAttemptTheFirstCounts() throws {
    let file = minimalLSS("1.8.1", ["A"]).replacingOccurrences(
      of: "<SegmentHistory/>",
      with: #"<SegmentHistory><Time id="5"><RealTime>00:00:05</RealTime></Time><Time id="2"/>"#
        + #"<Time id="5"><RealTime>00:00:09</RealTime></Time><Time id="-1"><RealTime>00:00:01</RealTime></Time></SegmentHistory>"#)
    let history = try LSSReader.read(file).segments[0].history
    #expect(history.map(\.index) == [-1, 2, 5])
    #expect(history[2].time == RouteTime(real: hms(0, 0, 5)))
  }
}
