import SplitsTestSupport
import Testing

@testable import SplitsCore

/// A double press must not record a 0.00 lap: a lap within the split guard (250 ms unless
/// `--split-guard` says otherwise) of the one before, or of the start, is refused, with a
/// hint on screen, whether it came from a key or a remote command.
@Suite("The split guard: a lap too soon after the one before is refused")
struct SplitGuardTests {
  static let origin = Instant(nanoseconds: 1_000_000_000_000)
  static func at(_ ms: Int64) -> Instant { origin + .milliseconds(ms) }

  /// The screen as it opens (`RideOpening`), started at 0.
  static func started(_ opening: RideOpening = RideOpening(restored: nil, precision: .cs)) -> RideScreenState {
    var state = opening.state(at: origin)
    _ = RideReducer.reduce(&state, .key(.character(" "), at: at(0)))
    return state
  }

  @Test func aDoublePressedLapRecordsOneLapAndSaysWhy() {
    var state = Self.started()
    _ = RideReducer.reduce(&state, .key(.character("l"), at: Self.at(5_000)))
    let effects = RideReducer.reduce(&state, .key(.character("l"), at: Self.at(5_120)))
    #expect(state.clock.ride.splits == [.seconds(5)])
    #expect(effects.isEmpty)
    #expect(state.chrome.hints.hint == .lapTooSoon(milliseconds: 250))
  }

  @Test func aRemoteLapTooSoonIsRefusedAndTheScreenSaysWhy() {
    var state = Self.started()
    _ = RideReducer.reduce(&state, remote(.lap, at: Self.at(5_000)))
    let effects = RideReducer.reduce(&state, remote(.lap, at: Self.at(5_010)))
    #expect(replies(effects) == [.refused(.lapTooSoon)])
    #expect(!effects.contains { if case .record = $0 { true } else { false } })
    #expect(state.clock.ride.splits == [.seconds(5)])
    #expect(state.chrome.hints.hint == .lapTooSoon(milliseconds: 250))
    #expect(RemoteStrings.english.reason(.lapTooSoon).contains("--split-guard"))
  }

  @Test func theGuardIsSetAndZeroTurnsItOff() {
    var wide = Self.started(RideOpening(restored: nil, precision: .cs, splitGuard: .seconds(1)))
    _ = RideReducer.reduce(&wide, .key(.character("l"), at: Self.at(900)))
    #expect(wide.clock.ride.splits.isEmpty)
    var off = Self.started(RideOpening(restored: nil, precision: .cs, splitGuard: .zero))
    _ = RideReducer.reduce(&off, .key(.character("l"), at: Self.at(0)))
    _ = RideReducer.reduce(&off, .key(.character("l"), at: Self.at(0)))
    #expect(off.clock.ride.splits == [.zero, .zero])
  }

  @Test func aLapWithinTheGuardOfTheStartIsRefused() {
    var state = Self.started()
    _ = RideReducer.reduce(&state, .key(.character("l"), at: Self.at(249)))
    #expect(state.clock.ride.splits.isEmpty)
    _ = RideReducer.reduce(&state, .key(.character("l"), at: Self.at(250)))
    #expect(state.clock.ride.splits == [.milliseconds(250)])
  }
}
