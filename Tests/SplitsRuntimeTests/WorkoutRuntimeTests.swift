import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

/// Records what `--cue-cmd` would have been run for.
@MainActor
final class RecordingCues: CueRunner {
  var cues: [WorkoutCue] = []
  func run(_ cue: WorkoutCue, failed: @escaping @MainActor (String) -> Void) { cues.append(cue) }
}

/// A workout on the runtime, on a test clock: `- 3s warmup`, twice `- 2s` and `- 2s rest`,
/// then `- 1s cooldown`.
@MainActor
struct WorkoutHarness {
  let clock = TestClock()
  let backend = MemoryBackend(size: Size(columns: 80, rows: 24))
  let sink = ArraySink()
  let cues = RecordingCues()
  let runtime: Runtime<RideProgram, TestClock>

  static let plan = Workout(
    steps: [
      WorkoutStep(name: "Warm-up", kind: .warmup, length: .seconds(3)),
      WorkoutStep(name: "On", kind: .active, length: .seconds(2)),
      WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
      WorkoutStep(name: "On", kind: .active, length: .seconds(2)),
      WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
      WorkoutStep(name: "Cool-down", kind: .cooldown, length: .seconds(1)),
    ])

  init() {
    let time = TimeSource(clock: clock, origin: clock.now, originInstant: origin, wallClock: { 1_790_000_000_000 })
    var state = RideScreenState(ride: Ride(number: 1), precision: .s, now: origin)
    state.workout = WorkoutRun(plan: Self.plan, source: WorkoutSource(text: "twelve"))
    runtime = Runtime(
      program: RideProgram(state: state, options: ViewOptions(plain: true, colors: false), persistent: true),
      backend: backend, time: time, sink: sink, cues: cues)
    runtime.start()
  }

  /// Moves the clock on in steps of 50 ms, so that every deadline on the way is met on time.
  func run(for duration: Duration) async {
    var left = duration
    while left > .zero {
      let step = min(left, .milliseconds(50))
      await clock.advance(by: step)
      left -= step
    }
  }

  func press(_ character: Character) async {
    runtime.send(.key(.character(character)))
    await clock.settle()
  }

  /// Each recorded event as (kind, ms after the start, how a step ended).
  var events: [(RideEvent.Kind, Int64, StepEnd?)] {
    sink.events.map { ($0.0.kind, ($0.0.at - origin).milliseconds, $0.0.stepEnd) }
  }
}

@MainActor
@Suite("Workout on the runtime, on a test clock", .serialized, .timeLimit(.minutes(1)))
struct WorkoutRuntimeTests {
  @Test func theTickerWakesForEveryStepEndBellAndCueAndTheJournalHasEachEndAtItsInstant() async {
    let h = WorkoutHarness()
    await h.press(" ")
    await h.run(for: .seconds(13))
    #expect(h.events.map(\.0) == [.start, .lap, .lap, .lap, .lap, .lap, .lap, .pause])
    #expect(h.events.map(\.1) == [0, 3000, 5000, 7000, 9000, 11000, 12000, 12000])
    #expect(h.events.dropFirst().prefix(6).allSatisfy { $0.2 == .time })
    // Bells: 3 s before the warm-up's end is its start, so two (2 s and 1 s before it), and
    // one 1 s before the end of each 2 s step.
    #expect(h.backend.bells == 6)
    #expect(h.cues.cues.map(\.moment) == [.step(0), .step(1), .step(2), .step(3), .step(4), .step(5), .complete])
  }

  @Test func underTheHelpOverlayTheBellsStillRingOnTime() async {
    let h = WorkoutHarness()
    await h.press(" ")
    await h.press("?")
    await h.run(for: .milliseconds(1000))
    #expect(h.backend.bells == 1)
    await h.run(for: .milliseconds(1000))
    #expect(h.backend.bells == 2)
    await h.run(for: .milliseconds(1000))
    #expect(h.events.map(\.1) == [0, 3000])
  }

  @Test func leavingTheScreenCancelsEverything() async {
    let h = WorkoutHarness()
    await h.press(" ")
    await h.run(for: .milliseconds(3500))
    let recorded = h.events.count
    let bells = h.backend.bells
    let cues = h.cues.cues.count
    await h.press("q")
    #expect(h.runtime.exitStatus == .success)
    #expect(!h.runtime.isTicking)
    #expect(h.clock.sleeperCount == 0)
    await h.run(for: .seconds(30))
    #expect(h.events.count == recorded)
    #expect(h.backend.bells == bells)
    #expect(h.cues.cues.count == cues)
  }

  @Test func aPauseStopsTheTickerAndTheStep() async {
    let h = WorkoutHarness()
    await h.press(" ")
    await h.run(for: .milliseconds(1500))
    await h.press(" ")
    await h.run(for: .seconds(60))
    #expect(h.events.map(\.0) == [.start, .pause])
    await h.press(" ")
    await h.run(for: .milliseconds(1500))
    #expect(h.events.map(\.1) == [0, 1500, 61_500, 63_000])
    #expect(h.events.last?.2 == .time)
  }
}
