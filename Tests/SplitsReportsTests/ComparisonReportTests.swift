import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports

@Suite("show --compare")
struct ComparisonReportTests {
  /// A finished ride started at `start` with laps of `laps` milliseconds (the last one up to
  /// the pause before the finish).
  static func ride(_ number: Int, name: String?, start: Int64, laps: [Int64], finished: Bool = true) -> RideFigures {
    var events = [SampleRides.stored(.start, start)]
    var at = start
    for lap in laps.dropLast() {
      at += lap
      events.append(SampleRides.stored(.lap, at))
    }
    at += laps.last ?? 0
    events.append(SampleRides.stored(.pause, at))
    if finished { events.append(SampleRides.stored(.finish, at + 1_000)) }
    var restored = Restore.ride(number: number, events: events, bootID: SampleRides.boot, now: SampleRides.now)
    restored.name = name
    return RideFigures(restored)
  }

  static let first = ride(1, name: "Loop", start: 1_000, laps: [60_000, 60_000, 60_000, 60_000])
  /// 1 s slower on lap 2.
  static let second = ride(2, name: "Loop", start: 1_000_000, laps: [60_000, 61_000, 60_000, 60_000])
  static let other = ride(3, name: "Hill", start: 2_000_000, laps: [10_000])
  /// 0.5 s faster than the first on lap 3, not finished.
  static let third = ride(4, name: "Loop", start: 3_000_000, laps: [60_000, 60_000, 59_500, 70_000], finished: false)
  static let all = [third, other, second, first]

  @Test func deltasAgainstThePreviousRide() throws {
    let comparison = RideComparison(Self.second, kind: .previous, among: Self.all)
    #expect(comparison.reference?.rideNumber == 1)
    // Its three recorded laps; the stretch to the finish is not compared.
    #expect(comparison.laps.map(\.delta?.milliseconds) == [0, 1_000, 1_000])
    #expect(comparison.laps.map(\.compare?.milliseconds) == [60_000, 120_000, 180_000])

    let json = try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(Self.second, comparison).utf8)) as? [String: Any]
    #expect(json?["compare"] as? String == "previous")
    #expect(json?["compare_ride"] as? Int == 1)
    let laps = json?["laps"] as? [[String: Any]] ?? []
    #expect(laps.map { $0["delta_ms"] as? Int } == [0, 1_000, 1_000])
    #expect(laps.map { $0["compare_ms"] as? Int } == [60_000, 120_000, 180_000])
    let stretch = json?["final_stretch"] as? [String: Any]
    #expect(stretch?["delta_ms"] is NSNull)
    #expect(stretch?["compare_ms"] is NSNull)
    // The fields of the plain export are all still there.
    #expect(json?["moving_ms"] as? Int == 241_000)
    #expect(laps.first?["step_name"] is NSNull)

    let text = HistoryReport.show(Self.second, comparison: comparison, strings: .english, timeZone: TimeZone(identifier: "UTC")!)
    #expect(text.contains("Compared with ride 1 (previous)."))
    let lines = text.split(separator: "\n").map(String.init)
    let header = try #require(lines.first { $0.hasPrefix("      Lap") })
    #expect(header.hasSuffix("Δ"))
    #expect(lines.contains { $0.hasPrefix("        1") && $0.hasSuffix("▲  +00:00.00") })
    #expect(lines.contains { $0.hasPrefix("        2") && $0.hasSuffix("+00:01.00  ⇊") })
    #expect(lines.contains { $0.hasPrefix("to finish") && !$0.contains("⇊") && !$0.contains("+00:01.00") })
  }

  @Test func showMarksADeltaThatShowsAsPlus00_00_00NeitherAheadNorBehind() throws {
    // Three recorded laps each, then a stretch to the finish (never compared).
    let first = Self.ride(11, name: "Level", start: 5_000_000, laps: [60_000, 60_000, 60_000, 1_000])
    // 4 ms behind after lap 1, 6 ms ahead after lap 2: both show as level.
    let second = Self.ride(12, name: "Level", start: 6_000_000, laps: [60_004, 59_990, 61_000, 1_000])
    let comparison = RideComparison(second, kind: .previous, among: [second, first])
    let text = HistoryReport.show(second, comparison: comparison, strings: .english, timeZone: TimeZone(identifier: "UTC")!)
    let lines = text.split(separator: "\n").map(String.init)
    let one = try #require(lines.first { $0.hasPrefix("        1") })
    let two = try #require(lines.first { $0.hasPrefix("        2") })
    #expect(one.hasSuffix("+00:00.00"), "\(one)")
    #expect(two.hasSuffix("+00:00.00  ★"), "\(two)")
    for mark in ["⇈", "⇡", "⇣", "⇊", "-00:00.00"] {
      #expect(!one.contains(mark) && !two.contains(mark), "\(text)")
    }
    // A difference of a whole hundredth still has its side.
    #expect(lines.contains { $0.contains("+00:00.99  ⇊") }, "\(text)")
  }

  @Test func theFirstRideOfANameHasNothingToCompareWith() throws {
    let comparison = RideComparison(Self.first, kind: .previous, among: Self.all)
    #expect(comparison.reference == nil)
    let text = HistoryReport.show(Self.first, comparison: comparison, strings: .english)
    #expect(text.contains("No earlier finished ride named Loop to compare with."))
    let json = try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(Self.first, comparison).utf8)) as? [String: Any]
    #expect(json?["compare_ride"] is NSNull)
    let laps = json?["laps"] as? [[String: Any]] ?? []
    #expect(laps.allSatisfy { $0["delta_ms"] is NSNull && $0["compare_ms"] is NSNull })
  }

  @Test func aRideWithoutANameHasNothingToCompareWith() throws {
    let unnamed = Self.ride(5, name: nil, start: 4_000_000, laps: [60_000, 60_000])
    let comparison = RideComparison(unnamed, kind: .best, among: Self.all + [unnamed])
    #expect(comparison.reference == nil)
    #expect(HistoryReport.show(unnamed, comparison: comparison, strings: .english).contains("This ride has no name"))
    #expect(HistoryReport.show(unnamed, comparison: comparison, strings: .korean).contains("이름이 없어"))
  }

  @Test func goldAndBestAgainstEarlierFinishedRidesOnly() throws {
    // Ride 4 is not finished: the third lap's 0.5 s gain is a new best segment; its last
    // lap is still under way, and no earlier ride recorded a fourth lap (their stretches to
    // the finish are no laps), so it has no delta.
    let gold = RideComparison(Self.third, kind: .gold, among: Self.all)
    #expect(gold.reference?.rideNumber == nil)
    #expect(gold.reference?.laps.map(\.milliseconds) == [60_000, 60_000, 60_000])
    #expect(gold.laps.map(\.delta?.milliseconds) == [0, 0, -500, nil])
    #expect(gold.laps.map(\.isNewGold) == [false, false, true, false])
    let text = HistoryReport.show(Self.third, comparison: gold, strings: .english)
    #expect(text.contains("Compared with the best segments of the earlier rides named Loop (gold)."))
    #expect(text.contains("⇈ ★"))
    let json = try JSONSerialization.jsonObject(with: Data(ComparisonReport.json(Self.third, gold).utf8)) as? [String: Any]
    #expect(json?["compare"] as? String == "gold")
    #expect(json?["compare_ride"] is NSNull)

    // Best: ride 1 (its third lap at 180 s) is faster than ride 2 (181 s), both with three
    // laps; ride 4, under way, has three so far.
    let best = RideComparison(Self.third, kind: .best, among: Self.all)
    #expect(best.reference?.rideNumber == 1)
    #expect(HistoryReport.show(Self.third, comparison: best, strings: .english).contains("Compared with ride 1 (personal best)."))
    // With two laps there is no best to compare with: the laps are compared with the best
    // segments, and the text says which rides there are.
    let short = Self.ride(6, name: "Loop", start: 5_000_000, laps: [60_000, 60_000, 60_000])
    let none = RideComparison(short, kind: .best, among: Self.all + [short])
    #expect(none.reference?.kind == .gold)
    #expect(
      HistoryReport.show(short, comparison: none, strings: .english)
        .contains("No earlier finished ride named Loop with 2 laps to compare with (2 with 3 laps); Δ is against the best segments."))
    #expect(
      HistoryReport.show(short, comparison: none, strings: .korean)
        .contains("이름이 Loop 이고 랩이 2개인 완료된 이전 라이드가 없습니다 (라이드 2개는 랩 3개); Δ 는 구간 최고 기록과의 차이입니다."))
  }

  @Test func noneAddsNothingToTheText() {
    let comparison = RideComparison(Self.second, kind: .none, among: Self.all)
    #expect(HistoryReport.show(Self.second, comparison: comparison, strings: .english) == HistoryReport.show(Self.second, strings: .english))
  }
}
