import SplitsTestSupport
import Testing

@testable import SplitsCore

/// The key line and the help overlay are built from `KeyTable.isEnabled`; the keys do what the
/// reducer says. Both must agree for every state and command, or the screen would offer a key
/// that only answers with a hint, or hide one that works.
@Suite("Key table and reducer agree")
struct KeyTableAgreementTests {
  @Test(arguments: [Ride.Phase.ready, .countdown, .running, .paused], [false, true])
  func everyCommandInEveryState(phase: Ride.Phase, helpShown: Bool) {
    for binding in KeyTable.bindings {
      for withLap in [false, true] {
        var s = state(in: phase)
        if withLap, phase == .running || phase == .paused {
          // A lap recorded, so that `u` has something to take back.
          s.clock.ride.splits.append(.seconds(1))
          s.clock.ride.marks.append(.lap)
        }
        s.chrome.showingHelp = helpShown
        let before = s
        let effects = RideReducer.reduce(&s, .key(binding.keys[0], at: t(1500)))
        var unchanged = s
        unchanged.now = before.now
        let didSomething = !effects.isEmpty || unchanged != before
        let enabled = KeyTable.isEnabled(binding.command, in: phase, helpShown: helpShown, hasLaps: !before.clock.ride.splits.isEmpty)
        #expect(enabled == (didSomething && s.chrome.hints.hint == nil), "\(binding.command) in \(phase), help \(helpShown)")
        #expect(enabled == (s.chrome.hints.hint == nil), "\(binding.command) in \(phase), help \(helpShown): hint \(String(describing: s.chrome.hints.hint))")
      }
    }
  }
}
