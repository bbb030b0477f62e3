import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

@MainActor
@Suite("Remote commands on the runtime", .serialized, .timeLimit(.minutes(1)))
struct RemoteRuntimeTests {
  /// The command is journalled, then drawn, then answered, exactly as its key would be.
  @Test func aCommandIsJournalledThenDrawnThenAnswered() async {
    let log = OrderLog()
    let h = Harness(sink: LoggingSink(log), backend: LoggingBackend(log))
    await h.press(" ")
    await h.clock.advance(by: .milliseconds(3_210))
    log.entries.removeAll()
    let answer = h.runtime.command(.lap)
    #expect(
      answer == RemoteAnswer(
        outcome: .lap(ride: 1, number: 1, lap: .milliseconds(3_210), moving: .milliseconds(3_210), workoutComplete: false)))
    #expect(log.entries == ["journal lap", "draw lap 1"])
    #expect(h.backend.frame.lines.contains { $0.contains("Laps 1") })
  }

  /// A refused command changes nothing: nothing is journalled or drawn.
  @Test func aRefusedCommandDrawsNothing() async {
    let sink = ArraySink()
    let h = Harness(sink: sink)
    await h.clock.settle()
    let draws = h.backend.draws
    #expect(h.runtime.command(.lap) == RemoteAnswer(outcome: .refused(.noRide)))
    #expect(sink.events.isEmpty)
    #expect(h.backend.draws == draws)
  }

  /// With the journal failing, the screen shows the lap and the answer says the journal has
  /// not taken it yet; once it has, the next answer is clean.
  @Test func theAnswerSaysWhenTheJournalHasNotTakenIt() async {
    let sink = ArraySink()
    let h = Harness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.clock.advance(by: .seconds(1))
    let answer = h.runtime.command(.lap)
    await h.clock.settle()
    #expect(answer?.unwritten == "Cannot write the journal")
    #expect(h.backend.frame.lines.contains { $0.contains("Laps 1") })
    sink.failing = false
    await h.clock.advance(by: .seconds(2))
    #expect(sink.events.map(\.0.kind) == [.start, .lap])
    #expect(h.runtime.command(.lap)?.unwritten == nil)
  }

  /// After the program quits, nothing is applied.
  @Test func nothingAfterQuit() async {
    let h = Harness()
    await h.press("q")
    #expect(h.runtime.exitStatus != nil)
    #expect(h.runtime.command(.start) == nil)
  }
}

extension RemoteRuntimeTests {
  /// Events the journal could not take are tried again before a command, as before a key: a
  /// command after the disk was freed is answered clean, with everything written in order.
  @Test func unwrittenEventsGoFirst() async {
    let sink = ArraySink()
    let h = Harness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.clock.advance(by: .milliseconds(500))
    #expect(h.runtime.command(.lap)?.unwritten != nil)
    sink.failing = false
    await h.clock.advance(by: .milliseconds(500))
    #expect(h.runtime.command(.pause)?.unwritten == nil)
    #expect(sink.events.map(\.0.kind) == [.start, .lap, .pause])
  }
}

extension RemoteRuntimeTests {
  /// An event the journal refuses for good is said in the answer: the command must not
  /// report success for what the journal does not have.
  @Test func anEventRefusedForGoodIsSaid() async {
    let h = Harness(sink: JournalFailureTests.RefusingSink())
    await h.clock.settle()
    let answer = h.runtime.command(.start)
    #expect(answer?.outcome == .started(ride: 1, countdown: 0))
    #expect(answer?.dropped != nil)
    #expect(answer?.unwritten == nil)
    // The next command meets no old refusal.
    #expect(h.runtime.command(.resume)?.dropped == nil)
  }
}
