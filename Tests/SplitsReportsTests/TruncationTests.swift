import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports

@Suite("Every duration truncates")
struct TruncationTests {
  /// Laps of 503 ms and 497 ms: the second lap's splits truncate to 0.50 s and 1.00 s, and
  /// their difference (0.50 s) is 3 ms ahead of the lap that passed.
  @Test func aLapOf497MillisecondsReadsTheSameInShowAndHistory() throws {
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    let ride = RideFigures(
      Restore.ride(
        number: 1,
        events: [
          SampleRides.stored(.start, 0), SampleRides.stored(.lap, 503), SampleRides.stored(.lap, 1_000),
          SampleRides.stored(.pause, 1_200), SampleRides.stored(.finish, 1_300),
        ], bootID: SampleRides.boot, now: SampleRides.now))
    #expect(ride.laps.map(\.lapMilliseconds) == [503, 497])
    let history = HistoryReport.table([ride], strings: .english, timeZone: utc)
    #expect(history.split(separator: "\n")[1].hasSuffix("00:00:00.49"), "\(history)")
    let show = HistoryReport.show(ride, strings: .english, timeZone: utc)
    let lap2 = try #require(show.split(separator: "\n").first { $0.split(separator: " ").first == "2" })
    #expect(lap2.contains("00:00:00.49 "), "\(show)")
    #expect(!lap2.contains("00:00:00.50 "), "\(show)")
  }
}
