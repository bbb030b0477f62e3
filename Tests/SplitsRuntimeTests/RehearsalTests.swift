import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

/// The first keys rehearsed at start-up (`Runtime.rehearse`): on a copy, leaving nothing behind.
@MainActor
@Suite struct RehearsalTests {
  /// Everything a rehearsal could leave behind, as the runtime and its terminal show it.
  struct Trace: Equatable {
    var state: RideScreenState
    var events: Int
    var draws: Int
    var cellsWritten: Int
    var lines: [String]
    var ticking: Bool
    var deadlines: Int
    var bells: Int
    var cues: [WorkoutCue]
    /// Laps' rows the screen's own memos hold: the stage keeps its rows in memos of its own.
    var memoRows: Int
  }

  func trace(_ h: RideHarness, _ sink: ArraySink) -> Trace {
    Trace(
      state: h.runtime.program.state, events: sink.events.count, draws: h.backend.draws,
      cellsWritten: h.backend.cellsWritten, lines: h.backend.frame.lines, ticking: h.runtime.isTicking,
      deadlines: h.clock.deadlines.count, bells: h.backend.bells, cues: h.cues.cues,
      memoRows: h.runtime.program.options.memos.lapRows.count)
  }

  @Test("a rehearsal records, draws and changes nothing, whatever the ride's phase")
  func leavesNothing() async {
    let sink = ArraySink()
    let h = RideHarness(sink: sink)
    // Ready.
    var before = trace(h, sink)
    // The stage's own sink took the start, two laps and the pause; the journal none of them.
    #expect(h.runtime.rehearse() == 4)
    #expect(trace(h, sink) == before)
    // Running, with a lap.
    await h.press(" ")
    await h.advance(.seconds(3))
    await h.press("l")
    before = trace(h, sink)
    #expect(before.events == 2)
    #expect(h.runtime.rehearse() == 3)
    #expect(trace(h, sink) == before)
    // Paused.
    await h.press(" ")
    before = trace(h, sink)
    #expect(h.runtime.rehearse() == 3)
    #expect(trace(h, sink) == before)
    // The keys after it are the ride's own: the next lap is lap 2.
    await h.press(" ")
    await h.advance(.seconds(2))
    await h.press("l")
    #expect(sink.events.map(\.0.kind) == [.start, .lap, .pause, .resume, .lap])
    #expect(h.runtime.program.state.clock.ride.splits.count == 2)
  }

  @Test("a ride rehearses its start, laps and pause, every lap taken past the lap guard", arguments: [Duration.zero, .seconds(30)])
  func rideRehearsal(guard splitGuard: Duration) {
    let now = Now(monotonic: origin, wallMilliseconds: 1_790_000_000_000)
    func rehearsed(_ edit: (inout RideScreenState) -> Void) -> (kinds: [RideEvent.Kind], actions: [Action]) {
      var state = RideScreenState(ride: Ride(number: 1), precision: .s, countdownSteps: 0, now: origin)
      state.clock.splitGuard = splitGuard
      edit(&state)
      let program = RideProgram(state: state, options: ViewOptions(plain: true, colors: false), persistent: true)
      guard let rehearsal = program.rehearsal(from: now) else { return ([], []) }
      var stage = rehearsal.stage
      let actions = rehearsal.actions
      // The stage is the ride, with memos of its own.
      #expect(stage.state == program.state)
      #expect(stage.options == program.options)
      #expect(stage.options.memos !== program.options.memos)
      var kinds: [RideEvent.Kind] = []
      for action in actions {
        for case .record(let event, _, _) in stage.handle(action) { kinds.append(event.kind) }
      }
      return (kinds, actions)
    }
    let ready = rehearsed { _ in }
    #expect(ready.kinds == [.start, .lap, .lap, .pause])
    // Each later than the one before, by more than the guard; the wall clock with it.
    let instants = [now] + ready.actions.map(\.now)
    for (earlier, later) in zip(instants, instants.dropFirst()) {
      #expect(later.monotonic - earlier.monotonic > splitGuard)
      #expect(later.wallMilliseconds > earlier.wallMilliseconds)
    }
    let running = rehearsed { state in
      _ = RideReducer.reduce(&state, Action(.key(.character(" ")), at: Now(monotonic: origin, wallMilliseconds: 0)))
    }
    #expect(running.kinds == [.lap, .lap, .pause])
    let paused = rehearsed { state in
      _ = RideReducer.reduce(&state, Action(.key(.character(" ")), at: Now(monotonic: origin, wallMilliseconds: 0)))
      _ = RideReducer.reduce(
        &state, Action(.key(.character(" ")), at: Now(monotonic: origin + .seconds(1), wallMilliseconds: 1000)))
    }
    #expect(paused.kinds == [.resume, .lap, .pause])
  }

  @Test("a workout's rehearsal runs no cue and rings no bell; the loop gets no deadline")
  func workout() async {
    let sink = ArraySink()
    let h = RideHarness.workout(sink: sink)
    let before = trace(h, sink)
    #expect(h.runtime.rehearse() == 4)
    #expect(trace(h, sink) == before)
    #expect(before.cues.isEmpty && before.deadlines == 0)
    // The workout's own start then cues its first step, once.
    await h.press(" ")
    #expect(h.cues.cues.map(\.moment) == [.step(0)])
  }

  @Test("a screen without a journal rehearses with none: the stage records nothing anywhere")
  func withoutJournal() {
    let h = RideHarness()
    let before = h.runtime.program.state
    #expect(h.runtime.rehearse() == 0)
    #expect(h.runtime.program.state == before)
    #expect(h.backend.draws == 1)
    #expect(!h.runtime.isTicking)
  }

  @Test("a ride counting down rehearses nothing")
  func nothingToRehearse() {
    let now = Now(monotonic: origin, wallMilliseconds: 0)
    var state = RideScreenState(ride: Ride(number: 1), precision: .s, countdownSteps: 3, now: origin)
    _ = RideReducer.reduce(&state, Action(.key(.character(" ")), at: now))
    #expect(state.phase == .countdown)
    let program = RideProgram(state: state, options: ViewOptions(plain: true, colors: false), persistent: true)
    #expect(program.rehearsal(from: now) == nil)
  }
}
