import Foundation
import Testing

@testable import SplitsRoutes

@Suite struct LSSWriterTests {
  /// livesplit-core's saver wrote these two files (no line breaks, `<Region/>`, 9 decimals).
  static let savedByLivesplitCore = ["celeste_native_segment_groups.lss", "clean_sum_of_best.lss"]

  /// The file as Splits must write it: version 1.8.1, times with 7 decimals, the
  /// `<SegmentGroups/>` that livesplit-core's saver writes since 1.8.1, and no line break after
  /// the root (the saver writes none); nothing else changed.
  static func asSplitsWritesIt(_ source: String) throws -> String {
    let version = try Regex(#"<Run version="[0-9.]+">"#)
    let nanoseconds = try Regex(#"([0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{7})[0-9]{2}<"#)
    var text = source.replacing(version, maxReplacements: 1) { _ in #"<Run version="1.8.1">"# }
      .replacing(nanoseconds) { match in String(match.output[1].substring ?? "") + "<" }
    if !text.contains("<SegmentGroups") {
      text = text.replacing("<AutoSplitterSettings", with: "<SegmentGroups/><AutoSplitterSettings", maxReplacements: 1)
    }
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  @Test(arguments: savedByLivesplitCore)
  func aFileLivesplitCoreSavedComesBackAsItsSaverWritesIt(_ file: String) throws {
    let source = String(decoding: try LSSFixtures.bytes(file), as: UTF8.self)
    let written = LSSWriter.write(try LSSReader.read(source))
    let expected = try Self.asSplitsWritesIt(source)
    #expect(written.utf8.count == expected.utf8.count)
    if written != expected {
      let at = zip(written.utf8, expected.utf8).prefix { $0 == $1 }.count
      let wrote = String(decoding: Array(written.utf8.dropFirst(max(0, at - 80)).prefix(200)), as: UTF8.self)
      let wanted = String(decoding: Array(expected.utf8.dropFirst(max(0, at - 80)).prefix(200)), as: UTF8.self)
      Issue.record("differs at byte \(at):\n wrote  \(wrote)\n wanted \(wanted)")
    }
  }

  @Test(arguments: LSSFixtures.readable)
  func writingReadingAndWritingAgainGivesTheSameFileAndTheSameRoute(_ file: String) throws {
    let route = try LSSFixtures.route(file)
    let written = LSSWriter.write(route)
    let reread = try LSSReader.read(written)
    #expect(reread == route)
    #expect(LSSWriter.write(reread) == written)
  }

  /// Whether `haystack` holds `needle` byte for byte (Foundation's search: the icons are tens
  /// of kilobytes, and a generic search in the unoptimised tests took seconds a file).
  static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
    Data(haystack).range(of: Data(needle)) != nil
  }

  @Test(arguments: LSSFixtures.readable)
  func iconsAndAutoSplitterSettingsComeBackByteForByte(_ file: String) throws {
    let source = try LSSFixtures.bytes(file)
    let route = try LSSReader.read(source)
    let written = Array(LSSWriter.write(route).utf8)
    let hasSegmentGroups = Self.bytes(source, contain: Array("<SegmentGroups".utf8))
    var kept = route.kept.elements
    for segment in route.segments { kept += segment.kept.elements }
    for element in kept where element.name != "SegmentGroups" || hasSegmentGroups {
      let text = Array(element.source.utf8)
      #expect(Self.bytes(source, contain: text), "\(element.name) is not the file's own text")
      #expect(Self.bytes(written, contain: text), "\(element.name) not written back")
    }
    let reread = try LSSReader.read(written)
    #expect(reread.kept == route.kept)
    #expect(reread.segments.map(\.kept) == route.segments.map(\.kept))
  }

  @Test func theIconsOfTheFirstFileAreKeptWhole() throws {
    let route = try LSSFixtures.route("livesplit1.0.lss")
    let icon = try #require(route.segments[0].kept["Icon"])
    #expect(icon.hasPrefix("<Icon><![CDATA[") && icon.hasSuffix("]]></Icon>"))
    #expect(icon.utf8.count > 1000)
    let settings = try LSSFixtures.route("livesplit1.6.lss").kept["AutoSplitterSettings"]
    #expect(settings?.hasPrefix("<AutoSplitterSettings") == true)
  }

  @Test func aNewRouteIsWrittenAsLivesplitCoreWritesANewRunAndReadsBackTheSame() throws {
    var route = Route(name: "Forest", segmentNames: ["Climb", "Drop & \"Run\""])
    route.attemptCount = 2
    route.attemptHistory = [
      RouteAttempt(
        index: 1, time: RouteTime(real: hms(0, 1, 2, nanoseconds: 345_000_000)),
        started: AttemptDate(secondsSince1970: 1_525_651_125, isSynced: true),
        ended: AttemptDate(secondsSince1970: 1_525_651_188, isSynced: false), pauseTime: .seconds(1)),
      RouteAttempt(index: 2, time: .none),
    ]
    route.segments[0].personalBestSplit = RouteTime(real: hms(0, 0, 30))
    route.segments[0].bestSegment = RouteTime(real: hms(0, 0, 30))
    route.segments[0].history = [.init(index: 1, time: RouteTime(real: hms(0, 0, 30))), .init(index: 2, time: .none)]
    route.segments[1].personalBestSplit = RouteTime(real: hms(0, 1, 2, nanoseconds: 345_000_000))
    route.segments[1].bestSegment = RouteTime(real: hms(0, 0, 32, nanoseconds: 345_000_000))
    route.segments[1].history = [.init(index: 1, time: RouteTime(real: hms(0, 0, 32, nanoseconds: 345_000_000)))]
    let expected =
      #"<?xml version="1.0" encoding="UTF-8"?><Run version="1.8.1"><GameIcon/><GameName/><CategoryName>Forest</CategoryName>"#
      + #"<Metadata><Run id=""/><Platform usesEmulator="False"/><Region/><SpeedrunComVariables/><CustomVariables/></Metadata>"#
      + #"<LayoutPath/><Offset>00:00:00.0000000</Offset><AttemptCount>2</AttemptCount><AttemptHistory>"#
      + #"<Attempt id="1" started="05/06/2018 23:58:45" isStartedSynced="True" ended="05/06/2018 23:59:48" isEndedSynced="False">"#
      + #"<RealTime>00:01:02.3450000</RealTime><PauseTime>00:00:01.0000000</PauseTime></Attempt><Attempt id="2"/></AttemptHistory>"#
      + #"<Segments><Segment><Name>Climb</Name><Icon/><SplitTimes><SplitTime name="Personal Best"><RealTime>00:00:30.0000000</RealTime></SplitTime></SplitTimes>"#
      + #"<BestSegmentTime><RealTime>00:00:30.0000000</RealTime></BestSegmentTime><SegmentHistory><Time id="1"><RealTime>00:00:30.0000000</RealTime></Time><Time id="2"/></SegmentHistory></Segment>"#
      + #"<Segment><Name>Drop &amp; &quot;Run&quot;</Name><Icon/><SplitTimes><SplitTime name="Personal Best"><RealTime>00:01:02.3450000</RealTime></SplitTime></SplitTimes>"#
      + #"<BestSegmentTime><RealTime>00:00:32.3450000</RealTime></BestSegmentTime><SegmentHistory><Time id="1"><RealTime>00:00:32.3450000</RealTime></Time></SegmentHistory></Segment></Segments>"#
      + #"<SegmentGroups/><AutoSplitterSettings/></Run>"#
    #expect(LSSWriter.write(route) == expected)
    #expect(try LSSReader.read(expected) == route)
  }

  @Test func timesAreWrittenWithSevenDecimalsDaysAndSign() {
    #expect(LSSTime.format(.zero) == "00:00:00.0000000")
    #expect(LSSTime.format(hms(1, 2, 3, nanoseconds: 456_789_999)) == "01:02:03.4567899")
    #expect(LSSTime.format(.seconds(171_296) + .milliseconds(789)) == "1.23:34:56.7890000")
    #expect(LSSTime.format(.zero - .milliseconds(3140)) == "-00:00:03.1400000")
  }

  @Test func anEmptyRouteIsStillAFileLiveSplitReads() throws {
    let written = LSSWriter.write(Route(name: "x", segments: []))
    #expect(written.contains("<Segments/>"))
    let route = try LSSReader.read(written)
    #expect(route.segments.isEmpty && route.attemptCount == 0)
  }
}
