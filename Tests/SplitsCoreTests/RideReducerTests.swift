import SplitsTestSupport
import Testing

@testable import SplitsCore

/// Instants in whole milliseconds from an arbitrary boot reading.
func t(_ ms: Int64) -> Instant { Instant(nanoseconds: 5_000_000_000_000 + ms * 1_000_000) }

/// A screen state in `phase`, reached through the reducer itself.
func state(in phase: Ride.Phase, countdownSteps: Int = 0) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: 7), precision: .cs, countdownSteps: countdownSteps, now: t(0))
  switch phase {
  case .ready:
    break
  case .countdown:
    s.clock.countdownSteps = 3
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    s.clock.countdownSteps = countdownSteps
  case .running:
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
  case .paused:
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1000)))
  }
  #expect(s.phase == phase)
  return s
}

@Suite("Ride reducer: every key in every state")
struct RideReducerTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var phase: Ride.Phase
    var key: Key
    var phaseAfter: Ride.Phase
    var effects: [RideEvent.Kind]
    var quit: SplitsCore.ExitStatus? = nil
    var hint: RideScreenState.Hint? = nil
    var helpToggles = false
    var testDescription: String { "\(key) in \(phase)" }
  }

  static let space = Key.character(" ")
  static let cases: [Case] = [
    // ready
    Case(phase: .ready, key: space, phaseAfter: .running, effects: [.start]),
    Case(phase: .ready, key: .character("l"), phaseAfter: .ready, effects: [], hint: .lapReady),
    Case(phase: .ready, key: .enter, phaseAfter: .ready, effects: [], hint: .lapReady),
    Case(phase: .ready, key: .character("r"), phaseAfter: .ready, effects: [], hint: .finishReady),
    Case(phase: .ready, key: .character("?"), phaseAfter: .ready, effects: [], helpToggles: true),
    Case(phase: .ready, key: .escape, phaseAfter: .ready, effects: [], hint: .nothingToCancel),
    Case(phase: .ready, key: .character("q"), phaseAfter: .ready, effects: [], quit: .success),
    Case(phase: .ready, key: .character("x"), phaseAfter: .ready, effects: [], hint: .unknownKey),
    Case(phase: .ready, key: .other, phaseAfter: .ready, effects: [], hint: .unknownKey),
    // countdown
    Case(phase: .countdown, key: space, phaseAfter: .countdown, effects: [], hint: .countdownWait),
    Case(phase: .countdown, key: .character("l"), phaseAfter: .countdown, effects: [], hint: .countdownWait),
    Case(phase: .countdown, key: .enter, phaseAfter: .countdown, effects: [], hint: .countdownWait),
    Case(phase: .countdown, key: .character("r"), phaseAfter: .countdown, effects: [], hint: .countdownWait),
    Case(phase: .countdown, key: .character("?"), phaseAfter: .countdown, effects: [], helpToggles: true),
    Case(phase: .countdown, key: .escape, phaseAfter: .ready, effects: [.countdownCancel]),
    Case(phase: .countdown, key: .character("q"), phaseAfter: .ready, effects: [.countdownCancel], quit: .success),
    Case(phase: .countdown, key: .character("x"), phaseAfter: .countdown, effects: [], hint: .unknownKey),
    // running
    Case(phase: .running, key: space, phaseAfter: .paused, effects: [.pause]),
    Case(phase: .running, key: .character("l"), phaseAfter: .running, effects: [.lap]),
    Case(phase: .running, key: .character("L"), phaseAfter: .running, effects: [.lap]),
    Case(phase: .running, key: .enter, phaseAfter: .running, effects: [.lap]),
    Case(phase: .running, key: .character("r"), phaseAfter: .running, effects: [], hint: .finishRunning),
    Case(phase: .running, key: .character("?"), phaseAfter: .running, effects: [], helpToggles: true),
    Case(phase: .running, key: .escape, phaseAfter: .running, effects: [], hint: .nothingToCancel),
    Case(phase: .running, key: .character("q"), phaseAfter: .running, effects: [], quit: .success),
    Case(phase: .running, key: .character("x"), phaseAfter: .running, effects: [], hint: .unknownKey),
    // paused
    Case(phase: .paused, key: space, phaseAfter: .running, effects: [.resume]),
    Case(phase: .paused, key: .character("l"), phaseAfter: .paused, effects: [], hint: .lapPaused),
    Case(phase: .paused, key: .enter, phaseAfter: .paused, effects: [], hint: .lapPaused),
    Case(phase: .paused, key: .character("r"), phaseAfter: .ready, effects: [.finish]),
    Case(phase: .paused, key: .character("?"), phaseAfter: .paused, effects: [], helpToggles: true),
    Case(phase: .paused, key: .escape, phaseAfter: .paused, effects: [], hint: .nothingToCancel),
    Case(phase: .paused, key: .character("q"), phaseAfter: .paused, effects: [], quit: .success),
    Case(phase: .paused, key: .character("x"), phaseAfter: .paused, effects: [], hint: .unknownKey),
  ]

  @Test("a key does what the key table says, and nothing else", arguments: cases)
  func key(_ c: Case) {
    var s = state(in: c.phase)
    let before = s
    let at = t(2000)
    let effects = RideReducer.reduce(&s, .key(c.key, at: at))

    #expect(s.phase == c.phaseAfter)
    #expect(s.chrome.hints.hint == c.hint)
    #expect(s.chrome.showingHelp == (c.helpToggles ? !before.chrome.showingHelp : before.chrome.showingHelp))
    // A ride's first event says what the ride is.
    var expected: [Effect] = c.effects.map {
      .record(RideEvent($0, at: at, sport: $0 == .start || $0 == .countdownStart ? .biking : nil), ride: 7, wallMilliseconds: 0)
    }
    if let quit = c.quit { expected.append(.quit(quit)) }
    #expect(effects == expected)
    if c.effects.isEmpty && c.phaseAfter == c.phase {
      // Nothing happened to the ride itself.
      #expect(s.clock.ride == before.clock.ride)
    }
  }

  @Test func escapeClosesHelpBeforeCancellingACountdown() {
    var s = state(in: .countdown)
    _ = RideReducer.reduce(&s, .key(.character("?"), at: t(100)))
    #expect(s.chrome.showingHelp)
    #expect(reduced(&s, .key(.escape, at: t(200))) == [])
    #expect(!s.chrome.showingHelp)
    #expect(s.phase == .countdown)
    #expect(reduced(&s, .key(.escape, at: t(300))) == [.record(RideEvent(.countdownCancel, at: t(300)), ride: 7, wallMilliseconds: 0)])
    #expect(s.phase == .ready)
  }

  @Test func aHintLastsUntilTheNextKey() {
    var s = state(in: .ready)
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(10)))
    #expect(s.chrome.hints.hint == .lapReady)
    _ = RideReducer.reduce(&s, .tick(at: t(20)))
    #expect(s.chrome.hints.hint == .lapReady)
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(30)))
    #expect(s.chrome.hints.hint == nil)
  }

  @Test func uTakesBackTheLastLapAsAnEventAndOnlyWhenThereIsOne() {
    var s = state(in: .running)
    #expect(RideReducer.reduce(&s, .key(.character("u"), at: t(300))) == [])
    #expect(s.chrome.hints.hint == .nothingToUndo)
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(400)))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(900)))
    let effects = RideReducer.reduce(&s, .key(.character("u"), at: t(1000)))
    #expect(effects == [.record(RideEvent(.undoLap, at: t(1000)), ride: 7, wallMilliseconds: 0)])
    #expect(s.clock.ride.splits == [.milliseconds(400)])
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(1100)))
    _ = RideReducer.reduce(&s, .key(.character("u"), at: t(1200)))
    #expect(s.clock.ride.splits.isEmpty)  // while paused too
    // The journal replays to the same ride: nothing is erased, the undo is an event.
    let events = [RideEvent(.start, at: t(0)), RideEvent(.lap, at: t(400)), RideEvent(.lap, at: t(900)),
                  RideEvent(.undoLap, at: t(1000))]
    #expect(Ride.fold(events, number: 7, now: t(1000)).splits == [.milliseconds(400)])
  }

  @Test func quittingDuringThePreStartCountdownCancelsIt() {
    var s = state(in: .countdown)
    let effects = RideReducer.reduce(&s, .key(.character("q"), at: t(1200)))
    #expect(effects == [.record(RideEvent(.countdownCancel, at: t(1200)), ride: 7, wallMilliseconds: 0), .quit(.success)])
    #expect(s.phase == .ready)
  }

  @Test func ctrlCDuringThePreStartCountdownCancelsItToo() {
    for (signal, status) in [(SignalKind.interrupt, ExitStatus.interrupt), (.terminate, .terminate), (.hangup, .hangup)] {
      var s = state(in: .countdown)
      let effects = RideReducer.reduce(&s, .signal(signal, at: t(700)))
      #expect(effects == [.record(RideEvent(.countdownCancel, at: t(700)), ride: 7, wallMilliseconds: 0), .quit(status)])
      #expect(s.phase == .ready)
    }
  }

  @Test func aHintGoesAfterThreeSeconds() {
    var s = state(in: .ready)
    _ = RideReducer.reduce(&s, .key(.character("x"), at: t(100)))
    #expect(s.chrome.hints.hint == .unknownKey)
    #expect(s.nextCandidate(shown: .everything(.cs)) == t(3100))
    _ = RideReducer.reduce(&s, .tick(at: t(3099)))
    #expect(s.chrome.hints.hint == .unknownKey)
    _ = RideReducer.reduce(&s, .tick(at: t(3100)))
    #expect(s.chrome.hints.hint == nil)
    #expect(s.nextCandidate(shown: .everything(.cs)) == nil)
  }

  @Test func theCountdownHintGoesWhenTheRideStarts() {
    // "Counting down: Esc cancels" stayed on a running ride, where Esc cancels nothing.
    var s = RideScreenState(ride: Ride(number: 7), precision: .cs, countdownSteps: 3, now: t(0))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(2500)))
    #expect(s.chrome.hints.hint == .countdownWait)
    _ = RideReducer.reduce(&s, .tick(at: t(3000)))
    #expect(s.phase == .running)
    #expect(s.chrome.hints.hint == nil)
  }

  @Test func signalsQuitWithTheirStatusAndCtrlZSuspends() {
    for (signal, effect) in [
      (SignalKind.interrupt, Effect.quit(.interrupt)), (.terminate, .quit(.terminate)),
      (.hangup, .quit(.hangup)), (.suspend, .suspend),
    ] {
      var s = state(in: .running)
      #expect(reduced(&s, .signal(signal, at: t(500))) == [effect])
      #expect(s.phase == .running)
    }
    var s = state(in: .paused)
    #expect(reduced(&s, .inputClosed(at: t(500))) == [.quit(.failure)])
  }

  @Test func finishingRemembersTheRideAndStartsTheNextNumber() {
    var s = state(in: .running)
    _ = RideReducer.reduce(&s, .key(.character("l"), at: t(400)))
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(900)))
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(5000)))
    #expect(s.phase == .ready)
    #expect(s.clock.ride == Ride(number: 8))
    #expect(
      s.chrome.lastFinished
        == RideSummary(
          number: 7, moving: .milliseconds(900), laps: 1, elapsed: .seconds(5), paused: .milliseconds(4100),
          lapTimes: [.milliseconds(400)], previousMoving: nil))
    #expect(s.chrome.showingSummary)
    #expect(s.chrome.previousMoving == .milliseconds(900))
  }

  @Test func theSummaryStaysUntilAKeyAndSpaceStartsTheNextRideFromIt() throws {
    var s = state(in: .running)
    s.chrome.previousMoving = .milliseconds(1_000)
    for (key, at) in [("l", 300), ("l", 500), ("l", 900), (" ", 1_100)] as [(Character, Int64)] {
      _ = RideReducer.reduce(&s, .key(.character(key), at: t(at)))
    }
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(2_000)))
    let summary = try #require(s.chrome.lastFinished)
    #expect(summary.lapTimes == [.milliseconds(300), .milliseconds(200), .milliseconds(400)])
    #expect(summary.bestLap == .milliseconds(200))
    #expect(summary.worstLap == .milliseconds(400))
    #expect(summary.averageLap == .milliseconds(300))
    #expect(summary.difference == .milliseconds(100))  // 1.1 s against 1.0 s
    _ = RideReducer.reduce(&s, .tick(at: t(60_000)))
    #expect(s.chrome.showingSummary)
    let effects = RideReducer.reduce(&s, .key(.character(" "), at: t(61_000)))
    #expect(!s.chrome.showingSummary)
    #expect(s.phase == .running)
    #expect(effects == [.record(RideEvent(.start, at: t(61_000), sport: .biking), ride: 8, wallMilliseconds: 0)])
  }

  @Test func theFirstEventOfARideSaysWhatItIs() {
    var s = RideScreenState(ride: Ride(number: 2), now: t(0))
    s.clock.sport = .running
    #expect(reduced(&s, .key(.character(" "), at: t(0))) == [.record(RideEvent(.start, at: t(0), sport: .running), ride: 2, wallMilliseconds: 0)])
    // Later events carry no sport.
    #expect(reduced(&s, .key(.character(" "), at: t(1000))) == [.record(RideEvent(.pause, at: t(1000)), ride: 2, wallMilliseconds: 0)])
    var named = RideScreenState(ride: Ride(number: 2), now: t(0))
    named.clock.name = "Hill repeats"
    #expect(
      reduced(&named, .key(.character(" "), at: t(0)))
        == [.record(RideEvent(.start, at: t(0), sport: .biking, name: "Hill repeats"), ride: 2, wallMilliseconds: 0)])
    var counted = RideScreenState(ride: Ride(number: 2), countdownSteps: 3, now: t(0))
    counted.clock.sport = .other
    #expect(
      reduced(&counted, .key(.character(" "), at: t(0)))
        == [.record(RideEvent(.countdownStart, at: t(0), countdownSteps: 3, sport: .other), ride: 2, wallMilliseconds: 0)])
  }
}

/// `Ride.apply`, usable inside `#expect`.
func applied(_ ride: inout Ride, _ event: RideEvent) -> Bool { ride.apply(event) }

/// `RideReducer.reduce`, usable inside `#expect`.
func reduced(_ state: inout RideScreenState, _ action: Action) -> [Effect] {
  RideReducer.reduce(&state, action)
}
