import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

@Suite("Journal: a ride's name and note; edit and delete")
struct NamesJournalTests {
  static func finishedRide(_ journal: Journal, _ number: Int, at start: Int64, name: String?) throws {
    try journal.append(RideEvent(.start, at: ms(start), sport: .running, name: name), ride: number, wallMilliseconds: 1_000 + start)
    try journal.append(RideEvent(.lap, at: ms(start + 1_000)), ride: number, wallMilliseconds: 2_000 + start)
    try journal.append(RideEvent(.pause, at: ms(start + 2_000)), ride: number, wallMilliseconds: 3_000 + start)
    try journal.append(RideEvent(.finish, at: ms(start + 2_000)), ride: number, wallMilliseconds: 3_000 + start)
  }

  @Test func theNameComesWithTheFirstEventAndEditChangesIt() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "names")
    try Self.finishedRide(journal, 1, at: 1_000, name: "Hill repeats")
    let now = Now(monotonic: ms(60_000), wallMilliseconds: 60_000)
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "names"))
    #expect(try reader.ride(number: 1, now: now)?.name == "Hill repeats")
    #expect(try journal.edit(ride: 1, Journal.Changes(name: "Hills", sport: .other, note: "legs heavy")))
    let edited = try #require(try reader.rides(now: now).first)
    #expect(edited.name == "Hills" && edited.note == "legs heavy" && edited.sport == .other)
    // An empty value takes a name or note away; what is not given stays.
    #expect(try journal.edit(ride: 1, Journal.Changes(note: "")))
    let cleared = try #require(try reader.ride(number: 1, now: now))
    #expect(cleared.name == "Hills" && cleared.note == nil && cleared.sport == .other)
    #expect(try !journal.edit(ride: 9, Journal.Changes(name: "x")))

    // Every report carries them.
    let figures = RideFigures(edited)
    #expect(Export.json([figures]).contains(#""name": "Hills", "note": "legs heavy""#))
    #expect(Export.csv([figures]).contains(",Hills,legs heavy\r\n"))
    #expect(Export.tcx([figures]).contains("<Notes>Splits ride 1 · Hills · legs heavy</Notes>"))
    let show = HistoryReport.show(figures, strings: .english, timeZone: TimeZone(secondsFromGMT: 0)!)
    #expect(show.hasPrefix("Ride 1 · finished · other · 1970-01-01 00:00 · Hills\nlegs heavy\n"), "\(show)")
    let history = HistoryReport.table([figures], strings: .english).split(separator: "\n")
    #expect(history.first?.hasSuffix("Name") == true && history.last?.hasSuffix("Hills") == true, "\(history)")
  }

  @Test func deleteRemovesAFinishedRideAndNothingElse() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "names")
    try Self.finishedRide(journal, 1, at: 1_000, name: nil)
    try Self.finishedRide(journal, 2, at: 10_000, name: "Keep")
    try journal.append(RideEvent(.start, at: ms(20_000), workout: WorkoutSource(text: "- 1m")), ride: 3, wallMilliseconds: 0)
    // The open ride is not deleted (finish it first); a ride that is not there neither.
    #expect(try !journal.delete(ride: 3))
    #expect(try !journal.delete(ride: 7))
    #expect(try journal.delete(ride: 1))
    let now = Now(monotonic: ms(60_000), wallMilliseconds: 60_000)
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "names"))
    #expect(try reader.rides(now: now).map(\.ride.number) == [3, 2])
    #expect(try reader.ride(number: 1, now: now) == nil)
    #expect(try JournalFileRows.count(temp.file("splits.sqlite"), "SELECT count(*) FROM events WHERE ride = 1") == 0)
  }
}

/// Row counts read with the sqlite3 tool, independently of the journal's own queries.
enum JournalFileRows {
  static func count(_ path: String, _ sql: String) throws -> Int {
    let tool = try #require(Spawn.which("sqlite3"), "sqlite3 is needed: make test installs it")
    let result = try Spawn.run([tool, "-readonly", path, sql], timeout: nil)
    return Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }
}
