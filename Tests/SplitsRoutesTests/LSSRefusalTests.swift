import Foundation
import SplitsTestRandom
import Testing

@testable import SplitsRoutes

/// Malformed files are refused with the element and the line; hostile XML is refused before
/// it costs anything.
@Suite struct LSSRefusalTests {
  static func refusal(_ text: String) throws -> LSSError {
    try #require(throws: LSSError.self) { try LSSReader.read(text) }
  }

  static let pretty = """
    <?xml version="1.0" encoding="UTF-8"?>
    <Run version="1.7.0">
      <GameIcon />
      <GameName>G</GameName>
      <CategoryName>C</CategoryName>
      <Offset>00:00:00</Offset>
      <AttemptCount>1</AttemptCount>
      <AttemptHistory>
        <Attempt id="1" started="04/18/2018 22:44:20" isStartedSynced="True" />
      </AttemptHistory>
      <Segments>
        <Segment>
          <Name>A</Name>
          <BestSegmentTime>
            <RealTime>00:00:10</RealTime>
          </BestSegmentTime>
        </Segment>
      </Segments>
    </Run>
    """

  @Test func theWellFormedSampleReads() throws {
    let route = try LSSReader.read(Self.pretty)
    #expect(route.segments[0].bestSegment == RouteTime(real: hms(0, 0, 10)))
  }

  @Test func aTimeThatIsNotOneNamesItsElementAndLine() throws {
    let error = try Self.refusal(Self.pretty.replacingOccurrences(of: "00:00:10", with: "ten seconds"))
    #expect(error.place == .element("RealTime", line: 15))
    #expect(error.description == #"line 15, element <RealTime>: "ten seconds" is not a time"#)
  }

  @Test func aBadDateOrFlagNamesTheAttempt() throws {
    let date = try Self.refusal(Self.pretty.replacingOccurrences(of: "04/18/2018", with: "18/04/2018"))
    #expect(date.place == .element("Attempt", line: 9))
    let flag = try Self.refusal(Self.pretty.replacingOccurrences(of: #"="True""#, with: #"="yes""#))
    #expect(flag.place == .element("Attempt", line: 9))
    let id = try Self.refusal(Self.pretty.replacingOccurrences(of: #"id="1""#, with: #"id="one""#))
    #expect(id.place == .element("Attempt", line: 9))
  }

  @Test func aMissingElementLivesplitCoreRequiresIsNamed() throws {
    let error = try Self.refusal(Self.pretty.replacingOccurrences(of: "<Offset>00:00:00</Offset>", with: ""))
    #expect(error.place == .element("Run", line: 2))
    #expect(error.message == "missing <Offset>")
  }

  @Test func otherRefusalsNameTheirElement() throws {
    let count = try Self.refusal(Self.pretty.replacingOccurrences(of: "<AttemptCount>1", with: "<AttemptCount>-1"))
    #expect(count.place == .element("AttemptCount", line: 7))
    let inner = try Self.refusal(Self.pretty.replacingOccurrences(of: "<Name>A</Name>", with: "<Name><b/></Name>"))
    #expect(inner.place == .element("Name", line: 13))
    let version = try Self.refusal(Self.pretty.replacingOccurrences(of: #""1.7.0""#, with: #""1.x""#))
    #expect(version.place == .element("Run", line: 2))
    let race = try Self.refusal(
      minimalLSS("1.8.1", ["A"]).replacingOccurrences(
        of: "<SplitTimes/>", with: #"<SplitTimes><SplitTime name="[Race] x"/></SplitTimes>"#))
    #expect(race.place == .element("SplitTime", line: 1))
    let root = try Self.refusal("<Layout/>")
    #expect(root.place == .element("Layout", line: 1))
  }

  @Test func brokenXMLNamesTheElementAndLine() throws {
    let error = try Self.refusal(Self.pretty.replacingOccurrences(of: "</BestSegmentTime>", with: "</Best>"))
    #expect(error.place == .element("BestSegmentTime", line: 16))
  }

  // MARK: Hostile XML

  @Test func aDTDIsRefusedBeforeAnyEntityIsRead() throws {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE Run [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <Run><GameName>&b;</GameName></Run>
      """
    let error = try Self.refusal(laughs)
    #expect(error.message.contains("DTD"))
    let external = try Self.refusal(Self.pretty.replacingOccurrences(of: "<GameName>G", with: "<GameName>&xxe;"))
    #expect(external.place == .element("GameName", line: 4))
  }

  @Test func aFileOverTheLimitIsRefusedUnread() throws {
    let start = ContinuousClock.now
    let huge = [UInt8](repeating: UInt8(ascii: "<"), count: LSSReader.maxBytes + 1)
    let error = try #require(throws: LSSError.self) { try LSSReader.read(huge) }
    #expect(error.place == .file)
    #expect(error.message.contains("at most \(LSSReader.maxBytes) bytes"))
    #expect(ContinuousClock.now - start < .seconds(1))
  }

  @Test func deepNestingIsRefusedFast() throws {
    let depth = 100_000
    let text = "<Run>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</Run>"
    let start = ContinuousClock.now
    let error = try Self.refusal(text)
    #expect(error.message.contains("nested"))
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test func tooManyElementsAreRefusedFast() throws {
    let text = "<Run>" + String(repeating: "<a/>", count: 100_001) + "</Run>"
    let start = ContinuousClock.now
    let error = try Self.refusal(text)
    #expect(error.message.contains("more than 100000 elements"))
    #expect(ContinuousClock.now - start < .seconds(2))
  }

  @Test func aFileOfNonsenseIsRefusedNotCrashedOn() {
    var generator = SplitMix64(state: 0x155)
    let valid = Array(minimalLSS("1.8.1", ["A", "B"]).utf8)
    for _ in 0..<500 {
      var bytes = valid
      for _ in 0..<4 {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[at] = UInt8.random(in: 0...255, using: &generator)
      }
      _ = try? LSSReader.read(bytes)
    }
  }
}
