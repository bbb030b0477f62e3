import Foundation
import SplitsSensors
import SplitsTestRandom
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

/// The screen's reducer and the journal as the runtime drives them (each `record` and
/// `recordSample` written in order, committed before the next action), stopped dead at a
/// random moment as `kill -9` stops it: the journal then holds every second of moving time the
/// ride had passed when it stopped, and nothing of the second under way is promised.
@Suite("Drill: a crash loses at most the second of samples under way")
struct SensorCrashDrillTests {
  @Test func aRideStoppedDeadKeepsEverySecondItHadPassed() throws {
    var rng = SplitMix64(state: 0x5E45_0C01)
    for round in 0..<8 {
      let temp = TemporaryDirectory()
      defer { temp.remove() }
      let journal = try Journal.open(dataDirectory: temp.path, bootID: "drill")
      var s = RideScreenState(ride: Ride(number: 1), precision: .s, now: ms(0))
      func apply(_ input: Input, at: Int64) throws {
        for effect in RideReducer.reduce(&s, Action(input, at: Now(monotonic: ms(at), wallMilliseconds: at))) {
          switch effect {
          case .record(let event, let ride, let wall): try journal.append(event, ride: ride, wallMilliseconds: wall)
          case .recordSample(let sample, let ride): try journal.append(sample, ride: ride)
          default: break
          }
        }
      }
      try apply(.key(.character(" ")), at: 0)
      let stop = Int64.random(in: 1_500...20_000, using: &rng)
      var at: Int64 = 0
      var heard: Set<Int> = []
      while at + 250 < stop {
        at += 250
        if Int.random(in: 0..<40, using: &rng) == 0 { try apply(.key(.character(" ")), at: at) }  // pause or resume
        let moving = Int(s.clock.ride.moving(at: ms(at)).components.seconds)
        if s.phase == .running { heard.insert(moving) }
        try apply(.sensor(.measurement(address: "AA:00:00:00:00:01", .heartRate(HeartRateMeasurement(beatsPerMinute: 150, contact: .detected)))), at: at)
      }
      // kill -9 here: the journal is not closed, nothing else is written.
      let under = Int(s.moving.components.seconds)
      let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "other"))
      let kept = Set(try #require(try reader.ride(number: 1, now: Now(monotonic: ms(at), wallMilliseconds: at))).samples.map(\.second))
      #expect(kept == heard.filter { $0 < under }, "round \(round), stopped at \(at) ms with second \(under) under way")
      _ = journal
    }
  }
}
