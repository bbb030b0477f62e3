import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport

/// Rides at chosen wall times, for the filters and the totals of `splits history`.
enum DatedRides {
  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let utc = TimeZone(identifier: "UTC")!

  /// Milliseconds since 1970 of a UTC date and time (Foundation's calendar, not the code
  /// under test).
  static func utcMilliseconds(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int, _ s: Int = 0, _ msec: Int = 0) -> Int64 {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    let date = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
    return Int64(date.timeIntervalSince1970) * 1000 + Int64(msec)
  }

  /// A finished ride started at `wall`: `moving` ms of moving time with `laps` laps evenly
  /// through it, then paused and finished.
  static func ride(
    _ number: Int, at wall: Int64, moving: Int64 = 600_000, laps: Int = 0, sport: Sport = .biking, name: String? = nil
  ) -> RideFigures {
    func stored(_ kind: RideEvent.Kind, _ at: Int64) -> StoredEvent {
      StoredEvent(kind, wallMilliseconds: wall + at, bootID: "dated", boottimeNanoseconds: (at + 1_000) * 1_000_000)
    }
    var events = [stored(.start, 0)]
    for lap in 0..<laps { events.append(stored(.lap, moving * Int64(lap + 1) / Int64(laps + 1))) }
    events += [stored(.pause, moving), stored(.finish, moving + 1_000)]
    let end = moving + 2_000
    var restored = Restore.ride(
      number: number, events: events, bootID: "dated", now: Now(monotonic: ms(end + 1_000), wallMilliseconds: wall + end))
    restored.sport = sport
    restored.name = name
    return RideFigures(restored)
  }

  /// A ride that never started.
  static func notStarted(_ number: Int) -> RideFigures {
    RideFigures(Restore.ride(number: number, events: [], bootID: "dated", now: Now(monotonic: ms(0), wallMilliseconds: 0)))
  }
}

@Suite("history --since and --until dates")
struct LocalDateTests {
  @Test("reads YYYY-MM-DD", arguments: ["2026-11-23", "2028-02-29", "1970-01-01", "2026-12-31"])
  func reads(_ text: String) throws {
    let date = try #require(LocalDate(text))
    #expect(date.description == text)
  }

  @Test(
    "refuses anything else",
    arguments: [
      "", "2026-02-29", "2026-13-01", "2026-00-10", "2026-11-00", "2026-11-31", "2026-1-05", "26-11-23",
      "2026-11-23T00:00", "2026/11/23", "+026-11-23", "２０２６-11-23", "2026-11-2a", "2026--11-23",
    ])
  func refuses(_ text: String) {
    #expect(LocalDate(text) == nil)
  }

  @Test("day counts agree with the calendar")
  func days() throws {
    #expect(try #require(LocalDate("1970-01-01")).day == 0)
    #expect(try #require(LocalDate("2026-11-23")).day * 86_400_000 == DatedRides.utcMilliseconds(2026, 11, 23, 0, 0))
  }
}

@Suite("history filters")
struct HistoryFilterTests {
  typealias R = DatedRides

  @Test("history --name loop found no ride named Loop: the name matches without regard to case")
  func name() {
    let rides = [
      R.ride(1, at: 0, name: "Loop"), R.ride(2, at: 0, name: "loop"), R.ride(3, at: 0, name: "Loop "),
      R.ride(4, at: 0), R.ride(5, at: 0, name: "LOOP"), R.ride(6, at: 0, name: "Loops"),
    ]
    #expect(HistoryFilter(name: "Loop").apply(rides, timeZone: R.utc).map(\.number) == [1, 2, 5])
    #expect(HistoryFilter(name: "loop").apply(rides, timeZone: R.utc).map(\.number) == [1, 2, 5])
    let accented = [R.ride(1, at: 0, name: "Étape"), R.ride(2, at: 0, name: "Etape"), R.ride(3, at: 0, name: "언덕")]
    #expect(HistoryFilter(name: "étape").apply(accented, timeZone: R.utc).map(\.number) == [1])
    #expect(HistoryFilter(name: "언덕").apply(accented, timeZone: R.utc).map(\.number) == [3])
  }

  @Test("--sport")
  func sport() {
    let rides = [R.ride(1, at: 0), R.ride(2, at: 0, sport: .running), R.ride(3, at: 0, sport: .other)]
    #expect(HistoryFilter(sport: .running).apply(rides, timeZone: R.utc).map(\.number) == [2])
    #expect(HistoryFilter(sport: .biking).apply(rides, timeZone: R.utc).map(\.number) == [1])
  }

  /// In Berlin (UTC+1 in November): the last instant of Sunday 22 and the first of Monday 23,
  /// local time, are both Sunday in UTC.
  static let sundayLast = R.ride(1, at: R.utcMilliseconds(2026, 11, 22, 22, 59, 59, 999))
  static let mondayFirst = R.ride(2, at: R.utcMilliseconds(2026, 11, 22, 23, 0))
  static let mondayLast = R.ride(3, at: R.utcMilliseconds(2026, 11, 23, 22, 59, 59, 999))
  static let tuesdayFirst = R.ride(4, at: R.utcMilliseconds(2026, 11, 23, 23, 0))

  @Test("--since and --until take whole local days, both included")
  func dayEdges() {
    let rides = [Self.tuesdayFirst, Self.mondayLast, Self.mondayFirst, Self.sundayLast]
    let monday = LocalDate("2026-11-23")
    let sunday = LocalDate("2026-11-22")
    #expect(HistoryFilter(since: monday).apply(rides, timeZone: R.berlin).map(\.number) == [4, 3, 2])
    #expect(HistoryFilter(until: sunday).apply(rides, timeZone: R.berlin).map(\.number) == [1])
    #expect(HistoryFilter(since: monday, until: monday).apply(rides, timeZone: R.berlin).map(\.number) == [3, 2])
    #expect(HistoryFilter(until: monday).apply(rides, timeZone: R.berlin).map(\.number) == [3, 2, 1])
    // The same rides in UTC: Sunday holds the first two.
    #expect(HistoryFilter(since: sunday, until: sunday).apply(rides, timeZone: R.utc).map(\.number) == [2, 1])
  }

  @Test("conditions combine; a ride not started has no day")
  func combined() {
    let at = R.utcMilliseconds(2026, 11, 23, 12, 0)
    let rides = [
      R.ride(1, at: at, sport: .running, name: "Track"), R.ride(2, at: at, name: "Track"),
      R.ride(3, at: at - 86_400_000 * 3, sport: .running, name: "Track"), R.notStarted(4),
    ]
    let since = LocalDate("2026-11-22")
    #expect(HistoryFilter(name: "Track", sport: .running, since: since).apply(rides, timeZone: R.berlin).map(\.number) == [1])
    #expect(HistoryFilter(since: since).apply(rides, timeZone: R.berlin).map(\.number) == [1, 2])
    #expect(HistoryFilter().apply(rides, timeZone: R.berlin).map(\.number) == [1, 2, 3, 4])
    #expect(!HistoryFilter().isActive && HistoryFilter(sport: .other).isActive)
  }
}

@Suite("history --week and --month totals")
struct HistoryTotalsTests {
  typealias R = DatedRides

  @Test("ISO weeks start on Monday, local time, across the change from summer time")
  func weeksAcrossDST() {
    let rides = [
      // Monday 26 October 00:30 CET, Sunday 25 October 23:30 CET (after the change),
      // Monday 19 October 00:30 CEST (before it).
      R.ride(3, at: R.utcMilliseconds(2026, 10, 25, 23, 30), moving: 1_000_000, laps: 2),
      R.ride(2, at: R.utcMilliseconds(2026, 10, 25, 22, 30), moving: 2_000_000, laps: 1),
      R.ride(1, at: R.utcMilliseconds(2026, 10, 18, 22, 30), moving: 3_000_000),
    ]
    let berlin = HistoryTotals.totals(rides, by: .week, timeZone: R.berlin)
    #expect(
      berlin == [
        .init(period: "2026-W44", startDay: LocalDate("2026-10-26")!.day, rides: 1, movingMilliseconds: 1_000_000, laps: 2),
        .init(period: "2026-W43", startDay: LocalDate("2026-10-19")!.day, rides: 2, movingMilliseconds: 5_000_000, laps: 1),
      ])
    // In UTC all three start on a Sunday.
    #expect(HistoryTotals.totals(rides, by: .week, timeZone: R.utc).map(\.period) == ["2026-W43", "2026-W42"])
  }

  @Test("Sunday 23:30 and Monday 00:30 local are in different weeks")
  func weekBoundary() {
    let rides = [
      R.ride(2, at: R.utcMilliseconds(2026, 11, 22, 23, 30), moving: 60_000),
      R.ride(1, at: R.utcMilliseconds(2026, 11, 22, 22, 30), moving: 120_000),
    ]
    let totals = HistoryTotals.totals(rides, by: .week, timeZone: R.berlin)
    #expect(totals.map(\.period) == ["2026-W48", "2026-W47"])
    #expect(totals.map { WallTime.date(ofDay: $0.startDay) } == ["2026-11-23", "2026-11-16"])
    #expect(totals.map(\.movingMilliseconds) == [60_000, 120_000])
  }

  @Test("ISO week-based years", arguments: [
    ("2027-01-01", "2026-W53", "2026-12-28"), ("2024-12-30", "2025-W01", "2024-12-30"),
    ("2021-01-03", "2020-W53", "2020-12-28"), ("2026-01-01", "2026-W01", "2025-12-29"),
    ("2026-11-29", "2026-W48", "2026-11-23"),
  ])
  func weekYears(_ day: String, _ period: String, _ start: String) {
    let (label, startDay) = HistoryTotals.period(ofDay: LocalDate(day)!.day, .week)
    #expect(label == period)
    #expect(WallTime.date(ofDay: startDay) == start)
  }

  @Test("months, local time, newest first; periods without rides left out")
  func monthBoundary() {
    let rides = [
      R.ride(4, at: R.utcMilliseconds(2026, 10, 31, 23, 30), moving: 100_000, laps: 1),  // 1 Nov 00:30 CET
      R.ride(3, at: R.utcMilliseconds(2026, 10, 31, 22, 30), moving: 200_000),  // 31 Oct 23:30 CET
      R.ride(2, at: R.utcMilliseconds(2026, 9, 30, 22, 30), moving: 300_000),  // 1 Oct 00:30 CEST
      R.ride(1, at: R.utcMilliseconds(2026, 7, 31, 21, 30), moving: 400_000, laps: 3),  // 31 Jul 23:30 CEST
      R.notStarted(5),
    ]
    let totals = HistoryTotals.totals(rides, by: .month, timeZone: R.berlin)
    #expect(totals.map(\.period) == ["2026-11", "2026-10", "2026-07"])
    #expect(totals.map(\.rides) == [1, 2, 1])
    #expect(totals.map(\.movingMilliseconds) == [100_000, 500_000, 400_000])
    #expect(totals.map(\.laps) == [1, 0, 3])
    #expect(totals.map { WallTime.date(ofDay: $0.startDay) } == ["2026-11-01", "2026-10-01", "2026-07-01"])
  }

  @Test("the bar: the largest is full width, zero is empty, the rest to the nearest eighth")
  func bar() {
    let full = String(repeating: "█", count: 20)
    #expect(HistoryTotals.bar(1_000, largest: 1_000) == full)
    #expect(HistoryTotals.bar(Int64.max, largest: Int64.max) == full)
    #expect(HistoryTotals.bar(0, largest: 1_000) == "")
    #expect(HistoryTotals.bar(0, largest: 0) == "")
    #expect(HistoryTotals.bar(500, largest: 1_000) == String(repeating: "█", count: 10))
    #expect(HistoryTotals.bar(Int64.max / 2, largest: Int64.max) == String(repeating: "█", count: 10))
    // 160 eighths in all: 81 of 160 is ten cells and an eighth, 159 is 19 and seven eighths.
    #expect(HistoryTotals.bar(81, largest: 160) == String(repeating: "█", count: 10) + "▁")
    #expect(HistoryTotals.bar(159, largest: 160) == String(repeating: "█", count: 19) + "▇")
    #expect(HistoryTotals.bar(4, largest: 160) == "▄")
    // Halves round up: 1.5 eighths is two, 2.49 is two.
    #expect(HistoryTotals.bar(3, largest: 320) == "▂")
    #expect(HistoryTotals.bar(249, largest: 16_000) == "▂")
    // Anything above zero shows at least an eighth.
    #expect(HistoryTotals.bar(1, largest: 1_000_000) == "▁")
    #expect(HistoryTotals.bar(5, largest: 8, width: 1) == "▅")
  }

  static let sample = HistoryTotals.totals(
    [
      R.ride(3, at: R.utcMilliseconds(2026, 11, 23, 8, 0), moving: 3_600_000, laps: 4),
      R.ride(2, at: R.utcMilliseconds(2026, 11, 23, 7, 0), moving: 1_800_500, laps: 1),
      R.ride(1, at: R.utcMilliseconds(2026, 11, 16, 7, 0), moving: 2_700_000),
    ], by: .week, timeZone: R.berlin)

  @Test("the table: period, rides, moving, laps and the bar at the right end")
  func table() {
    let text = HistoryTotals.table(Self.sample, strings: .english)
    #expect(
      text == """
        Period    Rides    Moving  Laps
        2026-W48      2  01:30:00     5  ████████████████████
        2026-W47      1  00:45:00     0  ██████████

        """)
    let korean = HistoryTotals.table(Self.sample, strings: .korean)
    #expect(korean.hasPrefix("기간      라이드      이동  랩\n"), "\(korean)")
  }

  @Test("the JSON")
  func json() {
    #expect(
      HistoryTotals.json(Self.sample) == """
        [
          {"period": "2026-W48", "start": "2026-11-23", "rides": 2, "moving_ms": 5400500, "laps": 5},
          {"period": "2026-W47", "start": "2026-11-16", "rides": 1, "moving_ms": 2700000, "laps": 0}
        ]

        """)
    #expect(HistoryTotals.json([]) == "[]\n")
  }
}
