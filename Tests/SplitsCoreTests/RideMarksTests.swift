import SplitsTestRandom
import SplitsTestSupport
import Testing

@testable import SplitsCore

@Suite("A ride's laps and skips: the marks a route's segments end with")
struct RideMarksTests {
  @Test func aSkipIsAMarkWithoutASplitAndUndoTakesBackTheLastMarkOfEitherKind() {
    var ride = Ride(number: 1)
    ride.apply(RideEvent(.start, at: t(0)))
    ride.apply(RideEvent(.lap, at: t(1000)))
    let skipped = ride.apply(RideEvent(.skip, at: t(1500)))
    #expect(skipped)
    ride.apply(RideEvent(.lap, at: t(3000)))
    #expect(ride.marks == [.lap, .skip, .lap])
    #expect(ride.splits == [.milliseconds(1000), .milliseconds(3000)])
    ride.apply(RideEvent(.undoLap, at: t(3100)))
    #expect(ride.marks == [.lap, .skip] && ride.splits == [.milliseconds(1000)])
    ride.apply(RideEvent(.undoLap, at: t(3200)))
    #expect(ride.marks == [.lap] && ride.splits == [.milliseconds(1000)])
  }

  @Test func aSkipOnlyCountsWhileRunning() {
    var ride = Ride(number: 1)
    let beforeStart = ride.apply(RideEvent(.skip, at: t(0)))
    ride.apply(RideEvent(.start, at: t(0)))
    ride.apply(RideEvent(.pause, at: t(100)))
    let whilePaused = ride.apply(RideEvent(.skip, at: t(200)))
    #expect(!beforeStart && !whilePaused)
    #expect(ride.marks.isEmpty)
  }

  @Test func restoringARideWithSkipsKeepsItsLapsElapsedTimes() {
    let kinds: [(RideEvent.Kind, Int64)] = [(.start, 0), (.lap, 1000), (.skip, 2000), (.undoLap, 2500), (.lap, 4000)]
    let stored = kinds.map { kind, at in
      StoredEvent(kind, wallMilliseconds: 1_800_000_000_000 + at, bootID: "b", boottimeNanoseconds: at * 1_000_000)
    }
    let restored = Restore.ride(number: 1, events: stored, bootID: "b", now: Now(monotonic: t(5000), wallMilliseconds: 0))
    #expect(restored.ride.marks == [.lap, .lap])
    #expect(restored.lapElapsed == [.milliseconds(1000), .milliseconds(4000)])
  }

  @Test func theLapsOfEveryFoldEqualItsSplitsWhateverTheEvents() {
    var rng = SplitMix64(state: 0x5EED_0A11)
    let kinds: [RideEvent.Kind] = [.start, .pause, .resume, .lap, .lap, .skip, .undoLap, .undoLap]
    for _ in 0..<500 {
      var ride = Ride(number: 1)
      var at: Int64 = 0
      for _ in 0..<30 {
        at += Int64.random(in: 0...900, using: &rng)
        ride.apply(RideEvent(kinds.randomElement(using: &rng) ?? .lap, at: t(at)))
        #expect(ride.marks.filter { $0 == .lap }.count == ride.splits.count)
      }
    }
  }
}
