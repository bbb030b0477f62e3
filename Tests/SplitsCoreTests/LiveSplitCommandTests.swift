import SplitsRoutes
import SplitsTestSupport
import Testing

@testable import SplitsCore

/// LiveSplit Server's commands on the ride screen: the keys each presses in every state, the
/// refusals, and each query's answer on a route, on a plain ride and with no ride.
@Suite("LiveSplit Server's commands: keys, refusals and answers")
struct LiveSplitCommandTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var phase: Ride.Phase
    var command: RemoteCommand
    var expected: Result<[Command], RemoteRefusal>
    var testDescription: String { "\(command) in \(phase)" }
  }

  /// On a plain ride (no route).
  static let plainCases: [Case] = [
    Case(phase: .ready, command: .split, expected: .failure(.noRide)),
    Case(phase: .countdown, command: .split, expected: .failure(.countingDown)),
    Case(phase: .running, command: .split, expected: .success([.lap])),
    Case(phase: .paused, command: .split, expected: .failure(.lapWhilePaused)),
    Case(phase: .ready, command: .startorsplit, expected: .success([.startPause])),
    Case(phase: .countdown, command: .startorsplit, expected: .failure(.countingDown)),
    Case(phase: .running, command: .startorsplit, expected: .success([.lap])),
    Case(phase: .paused, command: .startorsplit, expected: .failure(.alreadyPaused)),
    Case(phase: .ready, command: .skipsplit, expected: .failure(.noRide)),
    Case(phase: .running, command: .skipsplit, expected: .failure(.noRoute)),
    Case(phase: .paused, command: .skipsplit, expected: .failure(.noRoute)),
    Case(phase: .ready, command: .unsplit, expected: .failure(.noRide)),
    Case(phase: .running, command: .unsplit, expected: .failure(.nothingToUndo)),
    Case(phase: .paused, command: .unsplit, expected: .failure(.nothingToUndo)),
    Case(phase: .ready, command: .reset, expected: .failure(.noRide)),
    Case(phase: .countdown, command: .reset, expected: .failure(.countingDown)),
    Case(phase: .running, command: .reset, expected: .success([.startPause, .finish])),
    Case(phase: .paused, command: .reset, expected: .success([.finish])),
  ]

  @Test(arguments: plainCases)
  func onAPlainRide(_ c: Case) {
    #expect(RemoteMapping.keys(for: c.command, state: state(in: c.phase)) == c.expected)
  }

  @Test(arguments: plainCases.filter { if case .failure = $0.expected { true } else { false } })
  func aRefusedCommandChangesNothingAndSaysWhy(_ c: Case) {
    var s = state(in: c.phase)
    let before = s
    let effects = RideReducer.reduce(&s, remote(c.command, at: s.now))
    guard case .failure(let why) = c.expected else { return }
    #expect(effects == [.reply(.refused(why))])
    #expect(s == before)
  }

  @Test func resetOfARunningPlainRidePausesAndFinishesIt() {
    var s = state(in: .running)
    _ = RideReducer.reduce(&s, remote(.lap, at: t(1000)))
    let effects = RideReducer.reduce(&s, remote(.reset, at: t(2000)))
    #expect(RouteReducerTests.kinds(effects) == [.pause, .finish])
    #expect(replies(effects) == [.finished(ride: 7, moving: .milliseconds(2000), laps: 1)])
    #expect(s.phase == .ready && s.clock.ride.number == 8)
  }

  @Test(arguments: RemoteCommand.allCases.filter(\.isQuery), [Ride.Phase.ready, .running, .paused])
  func aQueryChangesNothingNotEvenAHint(_ query: RemoteCommand, _ phase: Ride.Phase) {
    var s = state(in: phase)
    s.chrome.banner = "a note"
    let before = s
    let effects = RideReducer.reduce(&s, remote(query, at: s.now))
    #expect(effects.count == 1 && replies(effects).count == 1)
    #expect(s == before)
  }

  static func answer(_ query: RemoteCommand, _ s: inout RideScreenState, at ms: Int64) -> String? {
    guard case .value(let text) = replies(RideReducer.reduce(&s, remote(query, at: t(ms)))).first else { return nil }
    return text
  }

  @Test func withNoRideTheQueriesAnswerAsLiveSplitDoesBeforeTheStart() {
    var s = state(in: .ready)
    #expect(Self.answer(.ping, &s, at: 0) == "pong")
    #expect(Self.answer(.getcurrenttimerphase, &s, at: 0) == "NotRunning")
    #expect(Self.answer(.getcurrenttime, &s, at: 0) == "00:00:00")
    #expect(Self.answer(.getdelta, &s, at: 0) == "-")
    #expect(Self.answer(.getsplitindex, &s, at: 0) == "-1")
    #expect(Self.answer(.getcurrentsplitname, &s, at: 0) == "-")
    #expect(Self.answer(.getbestpossibletime, &s, at: 0) == "-")
    #expect(Self.answer(.getpossibletimesave, &s, at: 0) == "-")
  }

  @Test func onAPlainRideTheSplitsAreItsLaps() {
    var s = state(in: .running)
    _ = RideReducer.reduce(&s, remote(.split, at: t(1000)))
    #expect(Self.answer(.getcurrenttime, &s, at: 1234) == "00:00:01.2340000")
    #expect(Self.answer(.getsplitindex, &s, at: 1234) == "1")
    #expect(Self.answer(.getcurrentsplitname, &s, at: 1234) == "-")
    #expect(Self.answer(.getcurrenttimerphase, &s, at: 1234) == "Running")
    #expect(Self.answer(.getdelta, &s, at: 1234) == "-")
    #expect(Self.answer(.getbestpossibletime, &s, at: 1234) == "-")
    _ = RideReducer.reduce(&s, remote(.pause, at: t(1500)))
    #expect(Self.answer(.getcurrenttimerphase, &s, at: 1600) == "Paused")
    #expect(Self.answer(.getcurrenttime, &s, at: 9000) == "00:00:01.5000000")
  }

  @Test func aPlainRideOfANameAnswersItsLastLapsDeltaToTheComparison() {
    var s = state(in: .ready)
    s.clock.name = "Loop"
    s.comparison.rideName = "Loop"
    s.comparison.comparisons.add(Attempt(number: 3, laps: [1000, 1000]), named: "Loop")
    _ = RideReducer.reduce(&s, remote(.start, at: t(0)))
    _ = RideReducer.reduce(&s, remote(.split, at: t(1250)))
    #expect(Self.answer(.getdelta, &s, at: 1300) == "00:00:00.2500000")
  }

  /// A route's three segments ridden once (1.0, 1.5, 1.5 s: the personal best) and once more
  /// slower but with a gold on the first (0.9 s).
  static func routeWithRecords() -> RideScreenState {
    var s = RouteReducerTests.state()
    for (start, splits) in [(0, [1000, 2500, 4000]), (10_000, [900, 2600, 4200])] {
      RouteReducerTests.press(&s, " ", at: Int64(start))
      for split in splits { RouteReducerTests.press(&s, "l", at: Int64(start + split)) }
      RouteReducerTests.press(&s, "r", at: Int64(start + 5000))
    }
    return s
  }

  @Test func onARouteBeforeTheStartTheBestPossibleTimeIsTheSumOfBest() {
    var s = Self.routeWithRecords()
    #expect(Self.answer(.getcurrenttimerphase, &s, at: 20_000) == "NotRunning")
    #expect(Self.answer(.getbestpossibletime, &s, at: 20_000) == "00:00:03.9000000")
    #expect(Self.answer(.getpossibletimesave, &s, at: 20_000) == "00:00:00.1000000")
    #expect(Self.answer(.getsplitindex, &s, at: 20_000) == "-1")
  }

  @Test func aRouteRiddenByRemoteCommandsAnswersEachQueryAsLiveSplit() {
    var s = Self.routeWithRecords()
    #expect(replies(RideReducer.reduce(&s, remote(.startorsplit, at: t(20_000)))) == [.started(ride: 3, countdown: 0)])
    #expect(Self.answer(.getcurrentsplitname, &s, at: 20_100) == "A")
    #expect(Self.answer(.getdelta, &s, at: 20_100) == "-")
    _ = RideReducer.reduce(&s, remote(.startorsplit, at: t(21_200)))
    #expect(Self.answer(.getsplitindex, &s, at: 21_500) == "1")
    #expect(Self.answer(.getcurrentsplitname, &s, at: 21_500) == "B")
    #expect(Self.answer(.getdelta, &s, at: 21_500) == "00:00:00.2000000")
    // Against best segments: 0.3 s behind at the last split, added to the sum of best.
    #expect(Self.answer(.getbestpossibletime, &s, at: 21_500) == "00:00:04.2000000")
    #expect(Self.answer(.getpossibletimesave, &s, at: 21_500) == "00:00:00")
    #expect(replies(RideReducer.reduce(&s, remote(.skipsplit, at: t(22_000)))) == [.skipped(ride: 3, number: 2, name: "B")])
    #expect(Self.answer(.getcurrentsplitname, &s, at: 22_100) == "C")
    #expect(replies(RideReducer.reduce(&s, remote(.skipsplit, at: t(22_200)))) == [.refused(.lastSegment)])
    #expect(replies(RideReducer.reduce(&s, remote(.unsplit, at: t(22_300)))) == [.unskipped(ride: 3, number: 2)])
    #expect(Self.answer(.getcurrentsplitname, &s, at: 22_400) == "B")
    _ = RideReducer.reduce(&s, remote(.split, at: t(22_700)))
    _ = RideReducer.reduce(&s, remote(.split, at: t(24_100)))
    // The last split completes the attempt: LiveSplit's Ended, the clock stopped there.
    #expect(Self.answer(.getcurrenttimerphase, &s, at: 25_000) == "Ended")
    #expect(Self.answer(.getsplitindex, &s, at: 25_000) == "3")
    #expect(Self.answer(.getcurrentsplitname, &s, at: 25_000) == "-")
    #expect(Self.answer(.getcurrenttime, &s, at: 25_000) == "00:00:04.1000000")
    #expect(Self.answer(.getdelta, &s, at: 25_000) == "00:00:00.1000000")
    #expect(Self.answer(.getbestpossibletime, &s, at: 25_000) == "00:00:04.1000000")
    #expect(replies(RideReducer.reduce(&s, remote(.split, at: t(25_100)))) == [.refused(.attemptComplete)])
    #expect(replies(RideReducer.reduce(&s, remote(.skipsplit, at: t(25_100)))) == [.refused(.attemptComplete)])
    // reset records a complete attempt complete, as LiveSplit's reset of an ended one does.
    let effects = RideReducer.reduce(&s, remote(.reset, at: t(25_200)))
    #expect(RouteReducerTests.kinds(effects) == [.finish])
    #expect(s.chrome.lastFinished?.route == .complete(personalBest: false))
    #expect(s.route.route?.attemptCount == 3)
  }

  /// `r` is asked twice on the screen; a remote reset is explicit and ends the attempt at once,
  /// from a running ride too.
  @Test func aRemoteResetEndsAnAttemptWithSegmentsLeftAtOnceEvenWhileRunning() {
    var s = RouteReducerTests.state()
    RouteReducerTests.press(&s, " ", at: 0)
    RouteReducerTests.press(&s, "l", at: 1000)
    let effects = RideReducer.reduce(&s, remote(.reset, at: t(1500)))
    #expect(RouteReducerTests.kinds(effects) == [.pause, .finish])
    #expect(replies(effects) == [.reset(ride: 1, ended: 1, segments: 3)])
    #expect(s.chrome.lastFinished?.route == .reset)
    #expect(!s.route.askingReset)
  }

  @Test func aRemoteFinishOfAnAttemptWithSegmentsLeftSaysItWasReset() {
    var s = RouteReducerTests.state()
    RouteReducerTests.press(&s, " ", at: 0)
    RouteReducerTests.press(&s, " ", at: 600)
    #expect(replies(RideReducer.reduce(&s, remote(.finish, at: t(700)))) == [.reset(ride: 1, ended: 0, segments: 3)])
  }

  @Test func theSplitGuardRefusesASplitAsItRefusesALap() {
    var s = RouteReducerTests.state()
    s.clock.splitGuard = .milliseconds(250)
    RouteReducerTests.press(&s, " ", at: 0)
    _ = RideReducer.reduce(&s, remote(.split, at: t(1000)))
    #expect(replies(RideReducer.reduce(&s, remote(.split, at: t(1100)))) == [.refused(.lapTooSoon)])
    #expect(replies(RideReducer.reduce(&s, remote(.startorsplit, at: t(1200)))) == [.refused(.lapTooSoon)])
  }

  @Test(arguments: [
    (nil, "-"), (0, "00:00:00"), (1, "00:00:00"), (1_234_567_800, "00:00:01.2345678"),
    (90_061_500_000_000, "1.01:01:01.5000000"), (-1_230_000_000, "-00:00:01.2300000"),
    (3_600_000_000_000, "01:00:00"),
  ] as [(Int64?, String)])
  func timesAreWordedAsDotNetsTimeSpanC(_ nanoseconds: Int64?, _ text: String) {
    #expect(LiveSplitAnswer.time(nanoseconds.map { .nanoseconds($0) }) == text)
  }

  @Test func theOutcomesAreSaidInBothLanguages() {
    for strings in [RemoteStrings.english, .korean] {
      #expect(strings.describe(.skipped(ride: 1, number: 2, name: "Ridge"), precision: .cs).contains("Ridge"))
      #expect(strings.describe(.reset(ride: 4, ended: 1, segments: 3), precision: .cs).contains("3"))
      #expect(strings.describe(.unskipped(ride: 1, number: 2), precision: .cs).contains("2"))
      #expect(strings.describe(.value("00:00:01.5000000"), precision: .cs) == "00:00:01.5000000")
      for refusal in [RemoteRefusal.noRoute, .lastSegment, .attemptComplete] { #expect(!strings.reason(refusal).isEmpty) }
    }
    #expect(RemoteStrings.english.describe(.reset(ride: 4, ended: 1, segments: 3), precision: .cs)
      == "ride 4: the attempt was reset after 1 of 3 segments")
  }
}
