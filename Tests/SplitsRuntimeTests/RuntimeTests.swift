import SplitsTestRandom
import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

@MainActor
@Suite("Runtime on a test clock", .serialized, .timeLimit(.minutes(1)))
struct RuntimeTests {
  @Test func noTickerWhileReady() async {
    let h = RideHarness()
    await h.clock.settle()
    #expect(!h.runtime.isTicking)
    #expect(h.clock.sleeperCount == 0)
    #expect(h.shownTime == "00:00:00")
  }

  @Test func ticksLandOnDisplayBoundaries() async {
    let h = RideHarness(precision: .s)
    await h.clock.advance(by: .milliseconds(250))
    await h.press(" ")
    #expect(h.clock.sleeperCount == 1)
    #expect(h.clock.deadlines == [h.at(.milliseconds(1250))])
    await h.clock.advance(by: .milliseconds(999))
    #expect(h.shownTime == "00:00:00")
    await h.clock.advance(by: .milliseconds(1))
    #expect(h.shownTime == "00:00:01")
    await h.clock.advance(by: .seconds(1))
    #expect(h.shownTime == "00:00:02")
    #expect(h.clock.deadlines == [h.at(.milliseconds(1250)), h.at(.milliseconds(2250)), h.at(.milliseconds(3250))])
  }

  @Test func hundredthsTickEveryTenMilliseconds() async {
    let h = RideHarness(precision: .cs)
    await h.press(" ")
    for _ in 0..<5 { await h.clock.advance(by: .milliseconds(10)) }
    #expect(h.shownTime == "00:00:00.05")
    #expect(h.clock.deadlines.map(\.offset) == (1...6).map { .milliseconds(10 * $0) })
  }

  @Test func aLateTickShowsTheRightValueAndMissedOnesAreSkipped() async {
    let h = RideHarness(precision: .s)
    await h.press(" ")
    // The process was busy or stopped: the next wake-up comes 3.5 s late.
    await h.clock.advance(by: .milliseconds(3500))
    #expect(h.shownTime == "00:00:03")
    // One wake-up, and the next deadline is the next boundary, not the missed ones.
    #expect(h.clock.deadlines == [h.at(.seconds(1)), h.at(.seconds(4))])
  }

  @Test func pausedTicksOnlyWhenItsCountersChange() async {
    let h = RideHarness(precision: .cs)
    await h.press(" ")
    await h.clock.advance(by: .milliseconds(1234))
    await h.press(" ")
    // The elapsed counter's next second (2 s after the start), then the paused counter's (1 s
    // after the pause), then every second of each: nothing in between.
    #expect(h.runtime.isTicking)
    #expect(h.clock.sleeperCount == 1)
    let before = h.clock.deadlines.count - 1
    for _ in 0..<30 { await h.clock.advance(by: .milliseconds(100)) }
    #expect(Array(h.clock.deadlines.dropFirst(before)).map(\.offset) == [
      .milliseconds(2000), .milliseconds(2234), .milliseconds(3000), .milliseconds(3234), .milliseconds(4000),
      .milliseconds(4234), .milliseconds(5000),
    ])
    #expect(h.shownTime == "00:00:01.23")
    #expect(h.backend.frame.lines.contains { $0.contains("Elapsed 00:00:04   Paused 00:00:03") })
    await h.press(" ")
    #expect(h.clock.sleeperCount == 1)
    await h.clock.advance(by: .milliseconds(7))
    #expect(h.shownTime == "00:00:01.24")
  }


  @Test func quittingLeavesNoTaskBehind() async {
    let h = RideHarness(precision: .cs)
    await h.press(" ")
    await h.clock.advance(by: .milliseconds(50))
    var status: SplitsCore.ExitStatus?
    h.runtime.onExit = { status = $0 }
    await h.press("q")
    #expect(status == .success)
    #expect(h.runtime.exitStatus == .success)
    #expect(!h.runtime.isTicking)
    #expect(h.clock.sleeperCount == 0)
    // Nothing reacts any more.
    let draws = h.backend.draws
    await h.clock.advance(by: .seconds(5))
    h.runtime.send(.key(.character(" ")))
    #expect(h.backend.draws == draws)
  }

  @Test func signalsQuitWithTheirStatus() async {
    for (signal, expected) in [(SignalKind.interrupt, SplitsCore.ExitStatus.interrupt), (.terminate, .terminate), (.hangup, .hangup)] {
      let h = RideHarness()
      await h.press(" ")
      h.runtime.send(.signal(signal))
      await h.clock.settle()
      #expect(h.runtime.exitStatus == expected)
      #expect(h.clock.sleeperCount == 0)
    }
  }

  @Test func suspendRestoresThenRedrawsEverythingWithTheStoppedTimeCounted() async {
    let h = RideHarness(precision: .s)
    await h.press(" ")
    await h.clock.advance(by: .milliseconds(1500))
    let fullDraws = h.backend.fullDraws
    h.runtime.send(.signal(.suspend))
    #expect(h.backend.suspends == 1)
    #expect(h.backend.resumes == 1)
    #expect(h.backend.fullDraws == fullDraws + 1)
    // SIGCONT after a stop of 5 s: redrawn at once from the clock.
    await h.clock.advance(by: .seconds(5))
    h.runtime.resumeFromStop()
    #expect(h.shownTime == "00:00:06")
    #expect(h.backend.fullDraws == fullDraws + 2)
    await h.clock.settle()
    #expect(h.clock.sleeperCount == 1)
  }

  @Test func preStartCountdownTicksEachSecondThenRuns() async {
    let h = RideHarness(precision: .s, countdown: 3, plain: true)
    await h.press(" ")
    #expect(h.backend.frame.lines[0].hasSuffix("3 "))
    await h.clock.advance(by: .seconds(1))
    #expect(h.backend.frame.lines[0].hasSuffix("2 "))
    await h.clock.advance(by: .seconds(2))
    #expect(h.backend.frame.lines[0].hasSuffix("RUNNING "))
    #expect(h.shownTime == "00:00:00")
    await h.clock.advance(by: .seconds(1))
    #expect(h.shownTime == "00:00:01")
  }

  @Test func everyEventReachesTheJournalBeforeTheScreen() async {
    let log = OrderLog()
    let h = RideHarness(sink: LoggingSink(log), terminal: LoggingBackend(log))
    await h.press(" ")
    await h.clock.advance(by: .seconds(1))
    log.entries.removeAll()
    await h.press("l")
    // The lap is written, then the frame that shows it is drawn: never the other way round.
    #expect(log.entries == ["journal lap", "draw lap 1"])
    log.entries.removeAll()
    await h.press(" ")
    #expect(log.entries == ["journal pause", "draw PAUSED"])
  }

  @Test func aFrameFoundAheadIsTheFrameARenderGives() async {
    // Ticks show the frame found with their deadline instead of rendering again; at every
    // tick, early, on time or late, it must be exactly what a render of the state gives.
    let h = RideHarness(precision: .cs, plain: false)
    var rng = SplitMix64(state: 0x7_1C_4)
    await h.press(" ")
    for step in 0..<300 {
      await h.clock.advance(by: .milliseconds(Int64.random(in: 1...37, using: &rng)))
      if step % 50 == 10 { await h.press("l") }
      if step % 100 == 60 { await h.press("?") }
      let rendered = h.runtime.program.render(size: h.backend.currentSize)
      #expect(h.backend.frame.cells == rendered.cells, "step \(step)")
    }
  }

  @Test func aRunningClockIsLookedAheadWithoutATick() {
    // At hundredths the next frame is the clock's figures written again at the next
    // candidate, found without ticking a copy of the program (`RideProgram.ahead`); a paused
    // ride, or a feature due first, leaves it to the tick.
    let origin = Instant(nanoseconds: 5_000_000_000)
    var program = RideProgram(
      state: RideScreenState(ride: Ride(number: 1), precision: .cs, countdownSteps: 0, now: origin),
      options: ViewOptions(plain: true), persistent: true)
    _ = program.handle(Action(.key(.character(" ")), at: Now(monotonic: origin, wallMilliseconds: 0)))
    let later = origin + .milliseconds(1_234)
    _ = program.handle(Action(.tick, at: Now(monotonic: later, wallMilliseconds: 0)))
    let frame = program.render(size: Size(columns: 80, rows: 24))
    var none: Screen.Spare?
    let candidate = Now(monotonic: later + .milliseconds(10), wallMilliseconds: 0)
    let found = program.ahead(of: frame, at: candidate, reusing: &none)
    #expect(found?.frame.lines.contains { $0.contains("00:00:01.24") } == true)
    #expect(found?.following?.monotonic == origin + .milliseconds(1_250))
    _ = program.handle(Action(.key(.character(" ")), at: Now(monotonic: later, wallMilliseconds: 0)))
    #expect(program.ahead(of: program.render(size: Size(columns: 80, rows: 24)), at: candidate, reusing: &none) == nil)
  }

  @Test func aKeyThatDoesNotMoveTheDeadlineLeavesTheTickerAlone() async {
    let h = RideHarness(precision: .s)
    await h.press(" ")
    await h.clock.advance(by: .milliseconds(300))
    let deadlines = h.clock.deadlines
    #expect(deadlines.count == 1)
    // `x` (a hint), `?` (the help overlay, which leaves the seconds visible) and `?` again:
    // the next change is still at 1 s, so the same sleep goes on.
    for key: Character in ["x", "?", "?"] {
      await h.press(key)
      #expect(h.clock.deadlines == deadlines)
      #expect(h.clock.sleeperCount == 1)
    }
    await h.clock.advance(by: .milliseconds(700))
    #expect(h.shownTime == "00:00:01")
  }

  @Test func quittingAPausedRideSaysItIsKeptAndHowToComeBack() async {
    let h = RideHarness(sink: ArraySink())
    await h.press(" ")
    await h.clock.advance(by: .seconds(2))
    await h.press(" ")
    #expect(h.runtime.program.summary().hasSuffix("kept, paused: run splits to come back, space resumes"))
  }

  @Test func hintsSayWhatTheKeyWouldDoInThisPhase() async {
    let h = RideHarness()
    await h.press("r")
    #expect(h.backend.frame.lines.last?.contains("No ride to finish: space starts one") == true)
    await h.press(" ")
    await h.press(" ")
    await h.press("l")
    #expect(h.backend.frame.lines.last?.contains("Laps are recorded while running: space resumes") == true)
    await h.clock.advance(by: .seconds(3))
    #expect(h.backend.frame.lines.last?.contains("space resume") == true)
    #expect(h.backend.frame.lines.last?.contains("Laps are recorded") == false)
  }

  @Test func theJournalWarningStaysWhateverTheKeysUntilTheEventsAreWritten() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.press("l")
    for key: Character in ["?", "?", "x"] {
      await h.press(key)
      #expect(h.backend.frame.lines.contains { $0.contains("Cannot write the journal") }, "after \(key)")
    }
    sink.failing = false
    await h.clock.advance(by: .seconds(2))
    #expect(!h.backend.frame.lines.contains { $0.contains("Cannot write the journal") })
  }

  @Test func eachEventCarriesTheWallClockReadWithItsInstant() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    #expect(sink.walls == [1_790_000_000_000])
  }

  @Test func aFailingJournalShowsABannerKeepsTheEventsAndWritesThemOnceLater() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.press("l")
    await h.press(" ")
    #expect(sink.events.map(\.0.kind) == [.start])
    #expect(h.runtime.pending.count == 2)
    #expect(h.backend.frame.lines.contains { $0.contains("Cannot write the journal") })
    sink.failing = false
    await h.clock.advance(by: .seconds(2))  // the retry
    #expect(sink.events.map(\.0.kind) == [.start, .lap, .pause])
    #expect(h.runtime.pending.isEmpty)
    #expect(!h.backend.frame.lines.contains { $0.contains("Cannot write the journal") })
  }

  @Test func onlyChangedCellsAreWritten() async {
    let h = RideHarness(precision: .s, plain: true)
    await h.press(" ")
    let before = h.backend.cellsWritten
    await h.clock.advance(by: .seconds(1))
    // The time's last digit, the elapsed time's last digit and the running lap's digits.
    #expect(h.backend.cellsWritten - before <= 6)
  }

  @Test func aKeysFrameIsSentAtOnceATicksWithTheNextWait() async {
    let h = RideHarness(precision: .cs, plain: true)
    await h.press(" ")
    let started = h.backend.draws
    #expect(h.backend.flushedAtDraw == started)
    await h.clock.advance(by: .milliseconds(50))
    #expect(h.backend.draws > started)
    #expect(h.backend.flushedAtDraw == started)
    await h.press("l")
    #expect(h.backend.flushedAtDraw == h.backend.draws)
  }
}

@MainActor
@Suite("Long rides on a test clock", .serialized, .timeLimit(.minutes(1)))
struct LongRideTests {
  @Test func thirtyDaysHourByHourWithoutDrift() async {
    let h = RideHarness(precision: .cs)
    await h.press(" ")
    for hour in 1...(30 * 24) {
      await h.clock.advance(by: .seconds(3600))
      if hour == 99 { #expect(h.shownTime == "99:00:00.00") }
    }
    // 720 hours exactly: no tick was counted, every value was computed.
    #expect(h.backend.frame.lines.contains { $0.contains("720:00:00.00") })
    #expect(h.clock.sleeperCount == 1)
  }

  @Test func theScreenStaysTidyAtOneHundredAndOneThousandHours() async {
    let h = RideHarness(precision: .cs, plain: false)
    await h.press(" ")
    await h.clock.advance(by: .seconds(100 * 3600))
    // Big digits still fit 80 columns at 100 h: nine digits.
    let big = h.backend.frame.lines[2...6].joined()
    #expect(big.contains("█"))
    #expect(h.backend.frame.lines[8].hasPrefix(" Elapsed 100:00:00   Paused 00:00:00   Laps 0"))
    await h.clock.advance(by: .seconds(900 * 3600))
    #expect(h.backend.frame.lines[8].hasPrefix(" Elapsed 1000:00:00   Paused 00:00:00   Laps 0"))
    #expect(h.backend.frame.lines.allSatisfy { $0.count == 80 })
  }
}

@MainActor
@Suite("Journal failures", .serialized, .timeLimit(.minutes(1)))
struct JournalFailureTests {
  struct Refused: EventSinkFailure { var isTransient: Bool { false } }

  final class RefusingSink: EventSink {
    var calls = 0
    func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws {
      calls += 1
      throw Refused()
    }
  }

  @Test func aQuitWithUnwrittenEventsAsksToBeRepeated() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.press("l")
    await h.press("q")
    #expect(h.runtime.exitStatus == nil)
    #expect(h.backend.frame.lines.contains { $0.contains("Events not written yet: 1.") })
    await h.press("q")
    // Quitting without them is a failure: the journal lacks what the screen showed.
    #expect(h.runtime.exitStatus == .failure)
    #expect(h.runtime.pending.map(\.0.kind) == [.lap])
    #expect(!h.runtime.program.summary(unwrittenEvents: 1).contains("still running"))
    #expect(h.runtime.program.summary(unwrittenEvents: 0).contains("still running"))
  }

  @Test func aQuitAfterTheJournalRecoveredGoesAtOnce() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.press("l")
    sink.failing = false
    await h.press("q")
    #expect(h.runtime.exitStatus == .success)
    #expect(sink.events.map(\.0.kind) == [.start, .lap])
  }

  @Test func aSignalQuitsAtOnceEvenWithUnwrittenEvents() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.press("l")
    h.runtime.send(.signal(.terminate))
    #expect(h.runtime.exitStatus == .terminate)
  }

  @Test func aRefusedEventIsNotRetriedForever() async {
    let sink = RefusingSink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    #expect(sink.calls == 1)
    #expect(h.runtime.pending.isEmpty)
    await h.clock.advance(by: .seconds(10))
    #expect(sink.calls == 1)
  }
}
