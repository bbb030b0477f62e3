import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

extension RemoteRequest {
  /// A request with a new id, as each `splits lap` makes.
  static func fresh(_ command: RemoteCommand) -> RemoteRequest {
    var random = SystemRandomNumberGenerator()
    return RemoteRequest(command, id: makeID(using: &random))!
  }
}

extension Runtime {
  /// A command sent once, with a new id.
  func command(_ command: RemoteCommand) -> RemoteAnswer? { self.command(.fresh(command)) }
}

@MainActor
@Suite("Remote commands on the runtime", .serialized, .timeLimit(.minutes(1)))
struct RemoteRuntimeTests {
  /// A lap sent again (its sender saw the connection end before the answer) is answered as
  /// it was the first time, and the journal gets no second lap.
  @Test func aLapSentAgainIsNotRecordedTwice() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    await h.clock.advance(by: .seconds(2))
    let request = RemoteRequest.fresh(.lap)
    let first = h.runtime.command(request)
    await h.clock.advance(by: .seconds(1))
    let again = h.runtime.command(request)
    #expect(first?.outcome == .lap(ride: 1, number: 1, lap: .seconds(2), moving: .seconds(2), workoutComplete: false))
    // The same answer; from the receipt, which keeps the outcome alone.
    #expect(again?.outcome == first?.outcome && again?.unwritten == nil)
    #expect(sink.events.map(\.0.kind) == [.start, .lap])
    #expect(h.backend.frame.lines.contains { $0.contains("Laps 1") })
    // Another request is another lap.
    #expect(h.runtime.command(.lap)?.outcome.isRefusal == false)
    #expect(sink.events.map(\.0.kind) == [.start, .lap, .lap])
  }

  /// The receipt is written with the command's last event, in the same write.
  @Test func theReceiptGoesWithTheLastEvent() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    let start = RemoteRequest.fresh(.start)
    let answer = h.runtime.command(start)
    #expect(answer?.outcome == .started(ride: 1, countdown: 0))
    #expect(sink.receipts[start.id]?.receipt == RemoteReceipt(id: start.id, outcome: .started(ride: 1, countdown: 0)))
    #expect(sink.receipts[start.id]?.event == sink.events.count - 1)
    // A refused command leaves no receipt.
    let refused = RemoteRequest.fresh(.start)
    #expect(h.runtime.command(refused)?.outcome == .refused(.alreadyRunning))
    #expect(sink.receipts[refused.id] == nil)
  }

  /// A command another screen applied and died before answering (its receipt is in the
  /// journal) is answered from the receipt: this screen applies nothing.
  @Test func aCommandAnotherScreenAppliedIsAnsweredFromItsReceipt() async throws {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    let request = RemoteRequest.fresh(.lap)
    let earlier = RemoteOutcome.lap(ride: 1, number: 1, lap: .seconds(1), moving: .seconds(1), workoutComplete: false)
    sink.receipts[request.id] = (RemoteReceipt(id: request.id, outcome: earlier), 0)
    await h.clock.advance(by: .seconds(5))
    #expect(h.runtime.command(request) == RemoteAnswer(outcome: earlier))
    #expect(sink.events.map(\.0.kind) == [.start])
    #expect(!h.backend.frame.lines.contains { $0.contains("Laps 1") })
  }

  /// While the journal fails, the receipt waits with its event: the same request sent again
  /// is answered as unwritten, and applies nothing.
  @Test func anUnwrittenCommandSentAgainAppliesNothing() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.press(" ")
    sink.failing = true
    await h.clock.advance(by: .seconds(1))
    let request = RemoteRequest.fresh(.lap)
    let first = h.runtime.command(request)
    let again = h.runtime.command(request)
    await h.clock.settle()
    #expect(first?.unwritten != nil)
    #expect(again?.outcome == first?.outcome)
    #expect(again?.unwritten != nil)
    #expect(h.runtime.pending.count == 1)
    sink.failing = false
    await h.clock.advance(by: .seconds(2))
    #expect(sink.events.map(\.0.kind) == [.start, .lap])
    #expect(sink.receipts[request.id]?.event == 1)
  }

  /// The command is journalled, then drawn, then answered, exactly as its key would be.
  @Test func aCommandIsJournalledThenDrawnThenAnswered() async {
    let log = OrderLog()
    let h = RideHarness(sink: LoggingSink(log), terminal: LoggingBackend(log))
    await h.press(" ")
    await h.clock.advance(by: .milliseconds(3_210))
    log.entries.removeAll()
    let answer = h.runtime.command(.lap)
    #expect(
      answer == RemoteAnswer(
        outcome: .lap(ride: 1, number: 1, lap: .milliseconds(3_210), moving: .milliseconds(3_210), workoutComplete: false),
        sport: .biking))
    #expect(log.entries == ["journal lap", "draw lap 1"])
    #expect(h.backend.frame.lines.contains { $0.contains("Laps 1") })
  }

  /// A refused command changes nothing: nothing is journalled or drawn.
  @Test func aRefusedCommandDrawsNothing() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    await h.clock.settle()
    let draws = h.backend.draws
    #expect(h.runtime.command(.lap) == RemoteAnswer(outcome: .refused(.noRide), sport: .biking))
    #expect(sink.events.isEmpty)
    #expect(h.backend.draws == draws)
  }

  /// With the journal failing, the screen shows the lap and the answer says the journal has
  /// not taken it yet; once it has, the next answer is clean.
  @Test func theAnswerSaysWhenTheJournalHasNotTakenIt() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
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
    let h = RideHarness()
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
    let h = RideHarness(sink: sink)
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
    let h = RideHarness(sink: JournalFailureTests.RefusingSink())
    await h.clock.settle()
    let answer = h.runtime.command(.start)
    #expect(answer?.outcome == .started(ride: 1, countdown: 0))
    #expect(answer?.dropped != nil)
    #expect(answer?.unwritten == nil)
    // The next command meets no old refusal.
    #expect(h.runtime.command(.resume)?.dropped == nil)
  }
}
