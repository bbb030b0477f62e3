import Foundation
import SplitsTestRandom
import SplitsTestSupport
import Testing

@testable import SplitsCore

func remote(_ command: RemoteCommand, at instant: Instant) -> Action {
  Action(.remote(command), at: Now(monotonic: instant, wallMilliseconds: 0))
}

func replies(_ effects: [Effect]) -> [RemoteOutcome] {
  effects.compactMap {
    if case .reply(let outcome, _) = $0 { return outcome }
    return nil
  }
}

@Suite("Remote commands: the mapping to keys, the refusals, the answers")
struct RemoteCommandTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var phase: Ride.Phase
    var command: RemoteCommand
    /// The key it is, or why it is refused.
    var expected: Result<Command, RemoteRefusal>
    var testDescription: String { "\(command) in \(phase)" }
  }

  static let cases: [Case] = [
    Case(phase: .ready, command: .start, expected: .success(.startPause)),
    Case(phase: .ready, command: .toggle, expected: .success(.startPause)),
    Case(phase: .ready, command: .pause, expected: .failure(.noRide)),
    Case(phase: .ready, command: .resume, expected: .failure(.noRide)),
    Case(phase: .ready, command: .lap, expected: .failure(.noRide)),
    Case(phase: .ready, command: .undo, expected: .failure(.noRide)),
    Case(phase: .ready, command: .finish, expected: .failure(.noRide)),
    Case(phase: .countdown, command: .start, expected: .failure(.countingDown)),
    Case(phase: .countdown, command: .toggle, expected: .failure(.countingDown)),
    Case(phase: .countdown, command: .pause, expected: .failure(.countingDown)),
    Case(phase: .countdown, command: .lap, expected: .failure(.countingDown)),
    Case(phase: .countdown, command: .finish, expected: .failure(.countingDown)),
    Case(phase: .running, command: .start, expected: .failure(.alreadyRunning)),
    Case(phase: .running, command: .resume, expected: .failure(.alreadyRunning)),
    Case(phase: .running, command: .pause, expected: .success(.startPause)),
    Case(phase: .running, command: .toggle, expected: .success(.startPause)),
    Case(phase: .running, command: .lap, expected: .success(.lap)),
    Case(phase: .running, command: .undo, expected: .failure(.nothingToUndo)),
    Case(phase: .running, command: .finish, expected: .failure(.finishWhileRunning)),
    Case(phase: .paused, command: .start, expected: .failure(.alreadyPaused)),
    Case(phase: .paused, command: .pause, expected: .failure(.alreadyPaused)),
    Case(phase: .paused, command: .resume, expected: .success(.startPause)),
    Case(phase: .paused, command: .toggle, expected: .success(.startPause)),
    Case(phase: .paused, command: .lap, expected: .failure(.lapWhilePaused)),
    Case(phase: .paused, command: .undo, expected: .failure(.nothingToUndo)),
    Case(phase: .paused, command: .finish, expected: .success(.finish)),
  ]

  @Test(arguments: cases)
  func mapping(_ c: Case) {
    let s = state(in: c.phase)
    #expect(RemoteMapping.command(for: c.command, state: s) == c.expected)
  }

  /// A refused command changes nothing, not even the screen (no hint, the banner stays), and
  /// records nothing.
  @Test(arguments: cases.filter { if case .failure = $0.expected { true } else { false } })
  func aRefusalChangesNothing(_ c: Case) {
    var s = state(in: c.phase)
    s.chrome.banner = "a note"
    let before = s
    let effects = RideReducer.reduce(&s, remote(c.command, at: s.now))
    guard case .failure(let why) = c.expected else { return }
    #expect(effects == [.reply(.refused(why))])
    #expect(s == before)
  }

  /// An accepted command records what its key records, and then answers.
  @Test(arguments: cases.filter { if case .success = $0.expected { true } else { false } })
  func anAcceptedCommandIsItsKey(_ c: Case) {
    var byKey = state(in: c.phase)
    var byRemote = byKey
    let at = byKey.now + .milliseconds(2_500)
    guard case .success(let command) = c.expected,
      let key = KeyTable.bindings.first(where: { $0.command == command })?.keys.first
    else {
      Issue.record("no key for \(c.expected)")
      return
    }
    let keyEffects = RideReducer.reduce(&byKey, .key(key, at: at))
    let remoteEffects = RideReducer.reduce(&byRemote, remote(c.command, at: at))
    #expect(Array(remoteEffects.dropLast()) == keyEffects)
    #expect(replies(remoteEffects).count == 1)
    #expect(byRemote == byKey)
  }

  @Test("splits start --name Track --sport running started an unnamed biking ride")
  func aStartGivesTheRideItStartsItsNameAndSport() throws {
    var s = state(in: .ready)
    s.clock.name = "Loop"
    let details = RemoteRideDetails(name: "Track", sport: .running)
    let effects = RideReducer.reduce(&s, Action(.remote(.start, details), at: Now(monotonic: t(0), wallMilliseconds: 0)))
    #expect(replies(effects) == [.started(ride: 7, countdown: 0)])
    #expect(effects.contains { if case .reply(_, .running) = $0 { true } else { false } })
    let start = try #require(
      effects.compactMap { if case .record(let event, _, _) = $0 { event } else { nil } }.first)
    #expect(start.kind == .start && start.name == "Track" && start.sport == .running)
    #expect(s.comparison.rideName == "Track" && s.clock.sport == .running)
    // A ride already open keeps its own: the start is refused and changes nothing.
    let again = RideReducer.reduce(
      &s, Action(.remote(.start, RemoteRideDetails(name: "Other", sport: .other)), at: Now(monotonic: t(1_000), wallMilliseconds: 0)))
    #expect(replies(again) == [.refused(.alreadyRunning)])
    #expect(s.comparison.rideName == "Track" && s.clock.sport == .running && s.clock.name == "Track")
    // An empty name is none; a sport alone keeps the screen's name.
    var unnamed = state(in: .ready)
    unnamed.clock.name = "Loop"
    _ = RideReducer.reduce(&unnamed, Action(.remote(.start, RemoteRideDetails(name: "")), at: Now(monotonic: t(0), wallMilliseconds: 0)))
    #expect(unnamed.comparison.rideName == nil && unnamed.clock.name == nil)
    var sportOnly = state(in: .ready)
    sportOnly.clock.name = "Loop"
    sportOnly.comparison.rideName = "Loop"
    _ = RideReducer.reduce(&sportOnly, Action(.remote(.start, RemoteRideDetails(sport: .running)), at: Now(monotonic: t(0), wallMilliseconds: 0)))
    #expect(sportOnly.comparison.rideName == "Loop" && sportOnly.clock.sport == .running)
  }

  @Test func theAnswersSayWhatHappened() {
    var s = state(in: .ready)
    #expect(replies(RideReducer.reduce(&s, remote(.start, at: t(0)))) == [.started(ride: 7, countdown: 0)])
    #expect(
      replies(RideReducer.reduce(&s, remote(.lap, at: t(3_210))))
        == [.lap(ride: 7, number: 1, lap: .milliseconds(3_210), moving: .milliseconds(3_210), workoutComplete: false)])
    #expect(
      replies(RideReducer.reduce(&s, remote(.lap, at: t(5_000))))
        == [.lap(ride: 7, number: 2, lap: .milliseconds(1_790), moving: .milliseconds(5_000), workoutComplete: false)])
    #expect(replies(RideReducer.reduce(&s, remote(.toggle, at: t(6_000)))) == [.paused(ride: 7, moving: .seconds(6))])
    #expect(replies(RideReducer.reduce(&s, remote(.undo, at: t(7_000)))) == [.undone(ride: 7, number: 2)])
    #expect(replies(RideReducer.reduce(&s, remote(.resume, at: t(9_000)))) == [.resumed(ride: 7, moving: .seconds(6))])
    _ = RideReducer.reduce(&s, remote(.pause, at: t(10_000)))
    #expect(
      replies(RideReducer.reduce(&s, remote(.finish, at: t(11_000))))
        == [.finished(ride: 7, moving: .seconds(7), laps: 1)])
    #expect(s.phase == .ready)
    #expect(s.clock.ride.number == 8)
  }

  @Test func startWithACountdownStartsTheCountdown() {
    var s = state(in: .ready, countdownSteps: 5)
    let effects = RideReducer.reduce(&s, remote(.start, at: t(0)))
    #expect(replies(effects) == [.started(ride: 7, countdown: 5)])
    #expect(s.phase == .countdown)
  }

  @Test func aCommandClearsTheHintAndTheSummaryAsAKeyDoes() {
    var s = state(in: .running)
    _ = RideReducer.reduce(&s, .key(.character("r"), at: t(100)))
    #expect(s.chrome.hints.hint == .finishRunning)
    _ = RideReducer.reduce(&s, remote(.lap, at: t(200)))
    #expect(s.chrome.hints.hint == nil)
  }

  @Test func inAWorkoutLapEndsTheStepAndTheLastCompletesIt() {
    var s = workoutState(withLapStep)
    _ = RideReducer.reduce(&s, remote(.start, at: t(0)))
    // In the timed first step, `lap` skips it.
    var effects = RideReducer.reduce(&s, remote(.lap, at: t(4_000)))
    #expect(recorded(effects).map(\.2) == [.skip])
    // The step that ends on a lap ends on it.
    effects = RideReducer.reduce(&s, remote(.lap, at: t(6_000)))
    #expect(recorded(effects).map(\.2) == [.lap])
    // `undo` cannot take a step back.
    #expect(replies(RideReducer.reduce(&s, remote(.undo, at: t(6_500)))) == [.refused(.stepsStay)])
    // The last step, skipped, completes the workout, which pauses the ride.
    effects = RideReducer.reduce(&s, remote(.lap, at: t(7_000)))
    #expect(recorded(effects).map(\.0) == [.lap, .pause])
    guard case .lap(_, 3, _, _, true)? = replies(effects).first else {
      Issue.record("expected the third lap completing the workout, got \(replies(effects))")
      return
    }
    #expect(s.phase == .paused)
  }

  /// For every sequence of commands (LiveSplit Server's and the queries too), the ride they
  /// leave is the ride their keys leave when the refused ones are left out: a command is its
  /// keys or nothing.
  @Test func anySequenceOfCommandsIsItsKeys() {
    var random = SplitMix64(state: 15)
    for _ in 0..<200 {
      var byRemote = state(in: .ready)
      var byKey = byRemote
      var at = t(0)
      for _ in 0..<30 {
        at = at + .milliseconds(Int64(random.next() % 3_000))
        let command = RemoteCommand.allCases[Int(random.next() % UInt64(RemoteCommand.allCases.count))]
        let effects = RideReducer.reduce(&byRemote, remote(command, at: at))
        let answer = replies(effects)
        #expect(answer.count == 1)
        if case .success(let keys) = RemoteMapping.keys(for: command, state: byKey) {
          // A query presses no key (and changes nothing); a reset of a running ride two.
          if keys.isEmpty { _ = RideReducer.reduce(&byKey, .tick(at: at)) }
          for key in keys {
            let binding = KeyTable.bindings.first { $0.command == key }
            _ = RideReducer.reduce(&byKey, .key(binding!.keys[0], at: at))
          }
          #expect(answer.first?.isRefusal == false)
        } else {
          _ = RideReducer.reduce(&byKey, .tick(at: at))
          #expect(answer.first?.isRefusal == true)
          #expect(recorded(effects).isEmpty)
        }
        #expect(byRemote.clock.ride == byKey.clock.ride)
      }
    }
  }
}

@Suite("Remote commands: request ids, receipts and the lines printed")
struct RemoteRequestTests {
  static let id = "0123456789abcdef0123456789abcdef"

  /// Ids are 32 hexadecimal digits, new at each command.
  @Test func idsAreNewEachTime() {
    var random = SplitMix64(state: 7)
    let ids = (0..<1_000).map { _ in RemoteRequest.makeID(using: &random) }
    #expect(Set(ids).count == 1_000)
    #expect(ids.allSatisfy(RemoteRequest.isValid(id:)))
  }

  /// The last event an accepted command records carries its receipt; nothing else does.
  @Test func theReceiptRidesOnTheLastRecord() throws {
    let request = try #require(RemoteRequest(.lap, id: Self.id))
    let first = RideEvent(.lap, at: Instant(nanoseconds: 1))
    let second = RideEvent(.lap, at: Instant(nanoseconds: 2))
    let outcome = RemoteOutcome.lap(ride: 1, number: 2, lap: .zero, moving: .zero, workoutComplete: false)
    let effects: [Effect] = [
      .record(first, ride: 1, wallMilliseconds: 0), .bell, .record(second, ride: 1, wallMilliseconds: 0), .reply(outcome),
    ]
    let carrier = RemoteReceipt.carrier(of: request, in: effects)
    #expect(carrier?.index == 2)
    #expect(carrier?.receipt == RemoteReceipt(id: Self.id, outcome: outcome))
    let refused: [Effect] = [.reply(.refused(.lapWhilePaused))]
    #expect(RemoteReceipt.carrier(of: request, in: refused) == nil)
  }

  @Test func theLinesSayIt() {
    let en = RemoteStrings.english
    #expect(
      en.describe(.lap(ride: 3, number: 4, lap: .milliseconds(192_450), moving: .seconds(600), workoutComplete: false), precision: .cs)
        == "lap 4  00:03:12.45")
    #expect(en.describe(.paused(ride: 3, moving: .milliseconds(2_467_230)), precision: .cs) == "ride 3 paused at 00:41:07.23")
    #expect(en.describe(.refused(.noRide), precision: .cs) == "no ride is open: splits start starts one")
    for refusal in [RemoteRefusal.noRide, .countingDown, .alreadyRunning, .alreadyPaused, .lapWhilePaused, .finishWhileRunning, .nothingToUndo, .stepsStay] {
      #expect(!RemoteStrings.korean.reason(refusal).isEmpty)
      #expect(RemoteStrings.korean.reason(refusal) != en.reason(refusal))
    }
  }

  @Test("splits pause on a run printed 'ride 3 paused at': a run's lines say run, in Korean 달리기")
  func aRunsLinesSayRun() {
    let en = RemoteStrings.english.of(sport: .running)
    let ko = RemoteStrings.korean.of(sport: .running)
    #expect(en.describe(.paused(ride: 3, moving: .milliseconds(2_467_230)), precision: .cs) == "run 3 paused at 00:41:07.23")
    #expect(en.describe(.started(ride: 3, countdown: 0), precision: .cs) == "run 3 started")
    #expect(en.describe(.finished(ride: 3, moving: .seconds(62), laps: 1), precision: .s) == "run 3 finished: moving 00:01:02 · 1 lap")
    #expect(ko.describe(.paused(ride: 3, moving: .seconds(60)), precision: .s) == "달리기 3 일시정지: 00:01:00")
    #expect(ko.describe(.resumed(ride: 3, moving: .seconds(60)), precision: .s) == "달리기 3 재개: 00:01:00")
    // A biking ride, or an answer without its sport, says ride.
    #expect(RemoteStrings.english.of(sport: nil).describe(.started(ride: 3, countdown: 0), precision: .cs) == "ride 3 started")
    #expect(RemoteStrings.english.of(sport: .other).describe(.started(ride: 3, countdown: 0), precision: .cs) == "ride 3 started")
    // The reducer says what the ride is with its answer.
    var s = state(in: .running)
    s.clock.sport = .running
    let effects = RideReducer.reduce(&s, remote(.pause, at: t(1_000)))
    #expect(effects.contains { if case .reply(_, .running) = $0 { true } else { false } })
  }

  @Test("splits finish printed '· 1 laps'")
  func finishCountsOneLap() {
    let en = RemoteStrings.english
    // One lap is "1 lap", not "1 laps"; Korean counts the same way for any number.
    #expect(en.describe(.finished(ride: 3, moving: .seconds(62), laps: 1), precision: .s) == "ride 3 finished: moving 00:01:02 · 1 lap")
    #expect(en.describe(.finished(ride: 3, moving: .seconds(62), laps: 4), precision: .s) == "ride 3 finished: moving 00:01:02 · 4 laps")
    #expect(en.describe(.finished(ride: 3, moving: .seconds(62), laps: 0), precision: .s) == "ride 3 finished: moving 00:01:02 · 0 laps")
    #expect(
      RemoteStrings.korean.describe(.finished(ride: 3, moving: .seconds(62), laps: 1), precision: .s)
        == "라이드 3 완료: 이동 00:01:02 · 랩 1")
  }
}
