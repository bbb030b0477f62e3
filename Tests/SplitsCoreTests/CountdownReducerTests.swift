import SplitsTestSupport
import Testing

@testable import SplitsCore

/// A test clock: both clocks move together unless a test steps the wall clock.
struct TestClocks {
  var now: Now

  init(monotonicSeconds: Int64 = 1000, wall: Int64 = countdownTestNow) {
    now = Now(monotonic: Instant(nanoseconds: monotonicSeconds * 1_000_000_000), wallMilliseconds: wall)
  }

  /// Moves both clocks by `d` (wall clock at millisecond resolution, truncated).
  mutating func advance(_ d: Duration) {
    now.monotonic = now.monotonic + d
    now.wallMilliseconds = now.wallMilliseconds + d.nanoseconds / 1_000_000
  }

  /// Moves both clocks to the monotonic `instant`.
  mutating func advance(to instant: Instant) { advance(instant - now.monotonic) }

  /// Sets the wall clock by `ms` without any time passing.
  mutating func stepWall(_ ms: Int64) { now.wallMilliseconds += ms }
}

@Suite("Countdown state and reducer")
struct CountdownReducerTests {
  @Test func aHintGoesAfterThreeSecondsAndItsDeadlineIsAChange() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(600)), clocks: clocks)
    state.pause()
    _ = CountdownReducer.reduce(&state, .key(.character("x"), at: clocks.now))
    #expect(state.hint == .unknownKey)
    // Paused: nothing moves but the hint, which goes 3 s after the key.
    #expect(state.nextChange() == clocks.now.monotonic + .seconds(3))
    clocks.advance(.milliseconds(2999))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.hint == .unknownKey)
    clocks.advance(.milliseconds(1))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.hint == nil)
    #expect(state.nextChange() == nil)
  }

  func start(
    _ target: CountdownTarget, bell: Bool = true, exit: Bool = false, clocks: TestClocks = TestClocks()
  ) -> CountdownState {
    CountdownState(target: target, ringsBell: bell, exitsAtZero: exit, start: clocks.now)
  }

  /// Runs the countdown as the runtime does: sleep until `nextChange()`, tick, repeat.
  /// Returns every value shown, with the instants and the effects.
  func runToEnd(_ state: inout CountdownState, _ clocks: inout TestClocks, limit: Int = 100_000)
    -> (shown: [String], at: [Instant], effects: [Effect])
  {
    var shown = [state.display]
    var at = [clocks.now.monotonic]
    var effects: [Effect] = []
    var steps = 0
    while let next = state.nextChange(), steps < limit {
      #expect(next > clocks.now.monotonic || state.ended, "a deadline must be in the future")
      clocks.advance(to: next)
      effects += CountdownReducer.reduce(&state, .tick(at: clocks.now))
      shown.append(state.display)
      at.append(clocks.now.monotonic)
      steps += 1
      if effects.contains(where: { if case .quit = $0 { true } else { false } }) { break }
    }
    return (shown, at, effects)
  }

  @Test("A duration counts down second by second and reaches zero exactly at the target")
  func durationReachesZeroExactly() {
    var clocks = TestClocks()
    let t0 = clocks.now.monotonic
    var state = start(.duration(.seconds(3)), clocks: clocks)
    #expect(state.display == "00:00:03")
    #expect(state.nextChange() == t0 + .seconds(1))
    let run = runToEnd(&state, &clocks)
    #expect(run.shown == ["00:00:03", "00:00:02", "00:00:01", "00:00:00"])
    #expect(run.at == [t0, t0 + .seconds(1), t0 + .seconds(2), t0 + .seconds(3)])
    #expect(run.effects == [.bell])
    #expect(state.phase == .ended)
    #expect(state.nextChange() == nil)
    // More time, more actions: no second bell, still zero.
    clocks.advance(.seconds(10))
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [])
    #expect(CountdownReducer.reduce(&state, .redraw(at: clocks.now)) == [])
    #expect(state.display == "00:00:00")
  }

  @Test("The value is rounded up: 00:00:01 until the last nanosecond")
  func roundedUp() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(3)), clocks: clocks)
    clocks.advance(.nanoseconds(1))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "00:00:03")
    clocks.advance(.seconds(3) - .nanoseconds(2))
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [])
    #expect(state.display == "00:00:01")
    #expect(state.phase == .running)
    #expect(state.nextChange() == clocks.now.monotonic + .nanoseconds(1))
    clocks.advance(.nanoseconds(1))
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [.bell])
    #expect(state.display == "00:00:00")
  }

  @Test("A late tick shows the right value; the ended countdown rings once, whenever it is seen")
  func lateTick() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(90)), clocks: clocks)
    clocks.advance(.milliseconds(30_250))
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [])
    #expect(state.display == "00:01:00")
    #expect(state.nextChange() == clocks.now.monotonic + .milliseconds(750))
    clocks.advance(.seconds(500))
    #expect(CountdownReducer.reduce(&state, .redraw(at: clocks.now)) == [.bell])
    #expect(state.display == "00:00:00")
  }

  @Test("A date counts down on the wall clock and reaches zero exactly at the target")
  func dateReachesZeroExactly() {
    var clocks = TestClocks()
    let target = clocks.now.wallMilliseconds + 3_500
    var state = start(.date(wallMilliseconds: target), clocks: clocks)
    let t0 = clocks.now.monotonic
    #expect(state.display == "00:00:04")
    #expect(state.nextChange() == t0 + .milliseconds(500))
    let run = runToEnd(&state, &clocks)
    #expect(run.shown == ["00:00:04", "00:00:03", "00:00:02", "00:00:01", "00:00:00"])
    #expect(run.at.last == t0 + .milliseconds(3_500))
    #expect(clocks.now.wallMilliseconds == target)
    #expect(run.effects == [.bell])
    #expect(state.nextChange() == nil)
  }

  @Test("A wall-clock step of ±1 h moves a date target")
  func wallStepMovesDate() {
    var clocks = TestClocks()
    var state = start(.date(wallMilliseconds: clocks.now.wallMilliseconds + 7_200_000), clocks: clocks)
    #expect(state.display == "02:00:00")
    clocks.advance(.seconds(1))
    clocks.stepWall(3_600_000)
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "00:59:59")
    clocks.stepWall(-7_200_000)
    _ = CountdownReducer.reduce(&state, .redraw(at: clocks.now))
    #expect(state.display == "02:59:59")
    // The next deadline follows the wall clock's remaining fraction of a second.
    clocks.stepWall(-250)
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "03:00:00")
    #expect(state.nextChange() == clocks.now.monotonic + .milliseconds(250))
    // A step past the target ends it at the next tick, with the bell.
    clocks.stepWall(4 * 3_600_000)
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [.bell])
    #expect(state.phase == .ended)
  }

  @Test("A wall-clock step of ±1 h does not move a duration")
  func wallStepLeavesDuration() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(7200)), clocks: clocks)
    clocks.advance(.seconds(1))
    clocks.stepWall(3_600_000)
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "01:59:59")
    clocks.stepWall(-7_200_000)
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "01:59:59")
    #expect(state.nextChange() == clocks.now.monotonic + .seconds(1))
  }

  @Test("Space pauses and resumes a duration; no wake-ups while paused")
  func pauseResume() {
    var clocks = TestClocks()
    let t0 = clocks.now.monotonic
    var state = start(.duration(.seconds(10)), clocks: clocks)
    clocks.advance(.milliseconds(2_400))
    #expect(CountdownReducer.reduce(&state, .key(.character(" "), at: clocks.now)) == [])
    #expect(state.phase == .paused)
    #expect(state.display == "00:00:08")
    #expect(state.nextChange() == nil)
    clocks.advance(.seconds(60))
    _ = CountdownReducer.reduce(&state, .redraw(at: clocks.now))
    #expect(state.display == "00:00:08")
    #expect(CountdownReducer.reduce(&state, .key(.character(" "), at: clocks.now)) == [])
    #expect(state.phase == .running)
    #expect(state.nextChange() == clocks.now.monotonic + .milliseconds(600))
    let run = runToEnd(&state, &clocks)
    #expect(run.effects == [.bell])
    #expect(clocks.now.monotonic == t0 + .seconds(70))
    // Space after the end: a hint, nothing else.
    #expect(CountdownReducer.reduce(&state, .key(.character(" "), at: clocks.now)) == [])
    #expect(state.hint == .ended)
  }

  @Test("Space on a date shows a hint and changes nothing; the next key clears it")
  func dateCannotPause() {
    var clocks = TestClocks()
    var state = start(.date(wallMilliseconds: clocks.now.wallMilliseconds + 60_000), clocks: clocks)
    clocks.advance(.seconds(1))
    #expect(CountdownReducer.reduce(&state, .key(.character(" "), at: clocks.now)) == [])
    #expect(state.hint == .dateCannotPause)
    #expect(state.phase == .running)
    #expect(state.nextChange() != nil)
    #expect(!CountdownKeys.isEnabled(.pauseResume, in: state))
    _ = CountdownReducer.reduce(&state, .key(.character("?"), at: clocks.now))
    #expect(state.hint == nil)
    #expect(state.showingHelp)
  }

  @Test("q quits with 0; with --exit, 1 before zero and 0 at zero")
  func quitStatuses() {
    var clocks = TestClocks()
    var plain = start(.duration(.seconds(5)), clocks: clocks)
    #expect(CountdownReducer.reduce(&plain, .key(.character("q"), at: clocks.now)) == [.quit(.success)])

    var early = start(.duration(.seconds(5)), exit: true, clocks: clocks)
    clocks.advance(.seconds(4))
    #expect(CountdownReducer.reduce(&early, .key(.character("Q"), at: clocks.now)) == [.quit(.failure)])
    #expect(CountdownReducer.reduce(&early, .inputClosed(at: clocks.now)) == [.quit(.failure)])

    clocks = TestClocks()
    var atZero = start(.duration(.seconds(5)), exit: true, clocks: clocks)
    let run = runToEnd(&atZero, &clocks)
    #expect(run.effects == [.bell, .quit(.success)])
    #expect(run.shown.last == "00:00:00")

    clocks = TestClocks()
    var silent = start(.duration(.seconds(5)), bell: false, exit: true, clocks: clocks)
    #expect(runToEnd(&silent, &clocks).effects == [.quit(.success)])

    clocks = TestClocks()
    var quiet = start(.duration(.seconds(5)), bell: false, clocks: clocks)
    #expect(runToEnd(&quiet, &clocks).effects == [])
    #expect(quiet.phase == .ended)
    #expect(CountdownReducer.reduce(&quiet, .key(.character("q"), at: clocks.now)) == [.quit(.success)])
  }

  @Test("Signals: Ctrl-C, SIGTERM and SIGHUP quit with 130, 143, 129; Ctrl-Z suspends")
  func signals() {
    let clocks = TestClocks()
    for (signal, effect) in [
      (SignalKind.interrupt, Effect.quit(.interrupt)), (.terminate, .quit(.terminate)), (.hangup, .quit(.hangup)),
      (.suspend, .suspend),
    ] {
      var state = start(.duration(.seconds(5)), exit: true, clocks: clocks)
      #expect(CountdownReducer.reduce(&state, .signal(signal, at: clocks.now)) == [effect])
    }
  }

  @Test("Time stopped by Ctrl-Z counts: the redraw on resume shows the value recomputed")
  func suspendResume() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(300)), clocks: clocks)
    #expect(CountdownReducer.reduce(&state, .signal(.suspend, at: clocks.now)) == [.suspend])
    clocks.advance(.seconds(120))
    #expect(CountdownReducer.reduce(&state, .redraw(at: clocks.now)) == [])
    #expect(state.display == "00:03:00")
  }

  @Test("A target in the past starts ended, at zero, without a bell")
  func pastTarget() {
    var clocks = TestClocks()
    var state = start(.date(wallMilliseconds: clocks.now.wallMilliseconds - 86_400_000 * 3), clocks: clocks)
    #expect(state.endedAtStart)
    #expect(state.phase == .ended)
    #expect(state.display == "00:00:00")
    #expect(!state.showsDays)
    #expect(state.nextChange() == nil)
    clocks.advance(.seconds(1))
    #expect(CountdownReducer.reduce(&state, .redraw(at: clocks.now)) == [])
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [])
    // A clock set back later does not bring it back to life.
    clocks.stepWall(-86_400_000 * 10)
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "00:00:00")

    var zero = start(.duration(.zero), clocks: clocks)
    #expect(zero.phase == .ended)
    #expect(CountdownReducer.reduce(&zero, .redraw(at: clocks.now)) == [])
  }

  @Test("A target in the past with --exit quits with 0 at the first action")
  func pastTargetWithExit() {
    let clocks = TestClocks()
    var state = start(.date(wallMilliseconds: 0), exit: true, clocks: clocks)
    // The runtime is asked for a tick at once, so the quit cannot be lost.
    #expect(state.nextChange() == clocks.now.monotonic)
    #expect(CountdownReducer.reduce(&state, .redraw(at: clocks.now)) == [.quit(.success)])
    #expect(CountdownReducer.reduce(&state, .tick(at: clocks.now)) == [.quit(.success)])
    #expect(CountdownReducer.reduce(&state, .signal(.interrupt, at: clocks.now)) == [.quit(.interrupt)])
  }

  @Test("DD:HH:MM:SS when a day or more away at the start, kept to the end")
  func daysFormat() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(86_400 + 7200)), clocks: clocks)
    #expect(state.showsDays)
    #expect(state.display == "01:02:00:00")
    clocks.advance(.seconds(7201))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "00:23:59:59")
    clocks.advance(.seconds(86_398))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "00:00:00:01")
    clocks.advance(.seconds(1))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "00:00:00:00")

    #expect(start(.duration(.seconds(86_400))).display == "01:00:00:00")
    #expect(start(.duration(.seconds(86_399))).display == "23:59:59")
    // A wall-clock date a day away: the same rule, on the wall clock.
    let clocks2 = TestClocks()
    #expect(start(.date(wallMilliseconds: clocks2.now.wallMilliseconds + 86_400_000), clocks: clocks2).showsDays)
    #expect(!start(.date(wallMilliseconds: clocks2.now.wallMilliseconds + 86_399_999), clocks: clocks2).showsDays)
  }

  @Test("The days field takes as many digits as the start needs, and keeps them")
  func dayDigits() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(150 * 86_400)), clocks: clocks)
    #expect(state.display == "150:00:00:00")
    clocks.advance(.seconds(149 * 86_400 + 1))
    _ = CountdownReducer.reduce(&state, .tick(at: clocks.now))
    #expect(state.display == "000:23:59:59")
    #expect(TimeFormat.clock(.seconds(59), precision: .s) == "00:00:59")
    #expect(TimeFormat.clock(.seconds(100 * 3600), precision: .s) == "100:00:00")
  }

  @Test("The fixed width holds over a whole run, each second shown once")
  func fixedWidthWholeRun() {
    var clocks = TestClocks()
    var state = start(.duration(.seconds(3725)), clocks: clocks)
    let run = runToEnd(&state, &clocks)
    #expect(run.shown.count == 3726)
    #expect(Set(run.shown.map(\.count)) == [8])
    #expect(Set(run.shown).count == 3726)
    #expect(run.effects == [.bell])
  }

  @Test("Help: ? toggles, Esc closes; Esc with nothing open and unknown keys give hints")
  func helpAndHints() {
    let clocks = TestClocks()
    var state = start(.duration(.seconds(60)), clocks: clocks)
    _ = CountdownReducer.reduce(&state, .key(.escape, at: clocks.now))
    #expect(state.hint == .nothingToClose)
    _ = CountdownReducer.reduce(&state, .key(.character("?"), at: clocks.now))
    #expect(state.showingHelp)
    #expect(state.hint == nil)
    #expect(CountdownKeys.enabled(in: state).map(\.command) == [.pauseResume, .help, .back, .quit])
    _ = CountdownReducer.reduce(&state, .key(.escape, at: clocks.now))
    #expect(!state.showingHelp)
    _ = CountdownReducer.reduce(&state, .key(.character("x"), at: clocks.now))
    #expect(state.hint == .unknownKey)
    _ = CountdownReducer.reduce(&state, .key(.other, at: clocks.now))
    #expect(state.hint == .unknownKey)
    #expect(CountdownKeys.enabled(in: state).map(\.command) == [.pauseResume, .help, .quit])
  }
}

@Suite("One countdown engine: the ride's pre-start countdown and `splits countdown`")
struct SharedCountdownEngineTests {
  /// At every instant of a 1…9 s countdown, sampled on a fine grid and at the boundaries,
  /// the pre-start countdown shows the value the countdown screen shows for the same
  /// duration, and asks for its next tick at the same instant.
  @Test(arguments: [1, 3, 9])
  func thePreStartCountdownIsADurationCountdown(steps: Int) {
    let start = Instant(nanoseconds: 5_000_000_000)
    let preStart = Ride.Countdown(startedAt: start, steps: steps)
    let screen = CountdownState(
      target: .duration(.seconds(steps)), start: Now(monotonic: start, wallMilliseconds: 1_790_000_000_000))
    var offsets: [Int64] = Array(stride(from: 0, to: Int64(steps) * 1_000_000_000, by: 37_000_000))
    for second in 0..<Int64(steps) { offsets += [second * 1_000_000_000, second * 1_000_000_000 + 1, (second + 1) * 1_000_000_000 - 1] }
    for offset in offsets {
      let now = start + .nanoseconds(offset)
      var shown = screen
      _ = CountdownReducer.reduce(&shown, .tick(at: Now(monotonic: now, wallMilliseconds: 1_790_000_000_000)))
      #expect(Int64(preStart.step(at: now)) == shown.remainingSeconds, "at +\(offset) ns")
      #expect(preStart.nextChange(at: now) == shown.nextChange(), "at +\(offset) ns")
    }
    // The ride starts at the end: the screen shows zero there, the ride its first moment.
    #expect(preStart.endsAt == start + .seconds(steps))
  }
}
