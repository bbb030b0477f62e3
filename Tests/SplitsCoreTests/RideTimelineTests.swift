import Testing

@testable import SplitsCore

/// The running stretches of a ride, and a lap's pieces and track points on the elapsed line.
@Suite("Ride timeline: stretches, pieces, track points")
struct RideTimelineTests {
  static func stored(_ kind: RideEvent.Kind, _ ms: Int64, steps: Int = 0) -> StoredEvent {
    StoredEvent(kind, wallMilliseconds: ms, bootID: "b", boottimeNanoseconds: ms * 1_000_000, countdownSteps: steps)
  }

  /// Start at 1 s; lap at 6 s; pause at 8 s; resume at 11.5 s; lap at 13.5 s; pause and
  /// finish at 14.25 s. Moving 9.75 s, elapsed 13.25 s.
  static let figures: RideFigures = {
    let events = [
      stored(.start, 1_000), stored(.lap, 6_000), stored(.pause, 8_000), stored(.resume, 11_500),
      stored(.lap, 13_500), stored(.pause, 14_250), stored(.finish, 14_250),
    ]
    return RideFigures(Restore.ride(number: 1, events: events, bootID: "b", now: Now(monotonic: Instant(nanoseconds: 20_000_000_000), wallMilliseconds: 20_000)))
  }()

  @Test func stretchesAddUpToTheMovingTime() {
    let f = Self.figures
    #expect(
      f.stretches == [
        RideFigures.Stretch(startElapsed: 0, endElapsed: 7_000, movingBefore: 0),
        RideFigures.Stretch(startElapsed: 10_500, endElapsed: 13_250, movingBefore: 7_000),
      ])
    #expect(f.stretches.last?.movingAfter == f.movingMilliseconds)
    #expect(f.stretches.last?.endElapsed == f.elapsedMilliseconds)
  }

  @Test func aLapAcrossAPauseIsTwoPieces() {
    let f = Self.figures
    #expect(f.elapsed(atMoving: 7_000) == 7_000)
    #expect(f.elapsed(atMoving: 7_001) == 10_501)
    let second = f.pieces(fromMoving: 5_000, toMoving: 9_000)
    #expect(
      second == [
        RideFigures.Piece(fromMoving: 5_000, toMoving: 7_000, fromElapsed: 5_000, toElapsed: 7_000),
        RideFigures.Piece(fromMoving: 7_000, toMoving: 9_000, fromElapsed: 10_500, toElapsed: 12_500),
      ])
    #expect(f.trackpoints(second[0]) == [5_000, 6_000, 7_000])
    #expect(f.trackpoints(second[1]) == [10_500, 11_500, 12_500])
    // The final stretch: moving 9 s to 9.75 s, 12.5 s to 13.25 s elapsed, no whole second
    // of moving time inside it: its two ends.
    let last = f.pieces(fromMoving: 9_000, toMoving: 9_750)
    #expect(last == [RideFigures.Piece(fromMoving: 9_000, toMoving: 9_750, fromElapsed: 12_500, toElapsed: 13_250)])
    #expect(f.trackpoints(last[0]) == [12_500, 13_250])
    #expect(f.trackpoints(f.pieces(fromMoving: 0, toMoving: 5_000)[0]) == [0, 1_000, 2_000, 3_000, 4_000, 5_000])
  }

  @Test func aCountdownStartsTheClockAtItsEndAndAnOpenRideRunsToNow() {
    let events = [Self.stored(.countdownStart, 1_000, steps: 3)]
    let restored = Restore.ride(
      number: 1, events: events, bootID: "b", now: Now(monotonic: Instant(nanoseconds: 6_500_000_000), wallMilliseconds: 0))
    #expect(restored.runningStretches == [Instant(nanoseconds: 4_000_000_000)...Instant(nanoseconds: 6_500_000_000)])
    let f = RideFigures(restored)
    #expect(f.stretches == [RideFigures.Stretch(startElapsed: 0, endElapsed: 2_500, movingBefore: 0)])
    #expect(f.pieces(fromMoving: 0, toMoving: 0).count == 1)
  }
}
