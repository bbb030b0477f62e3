import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

@Suite("Journal: a ride keeps its sport")
struct SportJournalTests {
  @Test func theSportOfTheFirstEventIsKeptAndAnOlderRideIsBiking() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "sport")
    let now = Now(monotonic: ms(10_000), wallMilliseconds: 10_000)
    // A ride whose events carry no sport (as before the column): biking.
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
    #expect(try journal.restoreCurrentRide(now: now).sport == .biking)
    try journal.append(RideEvent(.pause, at: ms(2_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.finish, at: ms(2_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.countdownStart, at: ms(3_000), countdownSteps: 3, sport: .running), ride: 2, wallMilliseconds: 0)
    #expect(try journal.restoreCurrentRide(now: now).sport == .running)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "sport"))
    #expect(try reader.rides(now: now).map(\.sport) == [.running, .biking])
    #expect(try reader.ride(number: 2, now: now)?.sport == .running)
  }
}
