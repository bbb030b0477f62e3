import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

extension RuntimeHarness where P == RideProgram {
  /// A workout on the runtime, on a test clock: `- 3s warmup`, twice `- 2s` and `- 2s rest`,
  /// then `- 1s cooldown`.
  static func workout(sink: ArraySink) -> RideHarness {
    RideHarness(precision: .s, sink: sink) { state in
      state.following.run = WorkoutRun(plan: plan, source: WorkoutSource(text: "twelve"))
    }
  }

  static var plan: Workout {
    Workout(
      steps: [
        WorkoutStep(name: "Warm-up", kind: .warmup, length: .seconds(3)),
        WorkoutStep(name: "On", kind: .active, length: .seconds(2)),
        WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
        WorkoutStep(name: "On", kind: .active, length: .seconds(2)),
        WorkoutStep(name: "Off", kind: .rest, length: .seconds(2)),
        WorkoutStep(name: "Cool-down", kind: .cooldown, length: .seconds(1)),
      ])
  }
}

@MainActor
@Suite("Workout on the runtime, on a test clock", .serialized, .timeLimit(.minutes(1)))
struct WorkoutRuntimeTests {
  @Test func theTickerWakesForEveryStepEndBellAndCueAndTheJournalHasEachEndAtItsInstant() async {
    let sink = ArraySink()
    let h = RideHarness.workout(sink: sink)
    await h.press(" ")
    await h.run(for: .seconds(13))
    #expect(sink.timeline.map(\.0) == [.start, .lap, .lap, .lap, .lap, .lap, .lap, .pause])
    #expect(sink.timeline.map(\.1) == [0, 3000, 5000, 7000, 9000, 11000, 12000, 12000])
    #expect(sink.timeline.dropFirst().prefix(6).allSatisfy { $0.2 == .time })
    // Bells: 3 s before the warm-up's end is its start, so two (2 s and 1 s before it), and
    // one 1 s before the end of each 2 s step.
    #expect(h.backend.bells == 6)
    #expect(h.cues.cues.map(\.moment) == [.step(0), .step(1), .step(2), .step(3), .step(4), .step(5), .complete])
  }

  @Test func underTheHelpOverlayTheBellsStillRingOnTime() async {
    let sink = ArraySink()
    let h = RideHarness.workout(sink: sink)
    await h.press(" ")
    await h.press("?")
    await h.run(for: .milliseconds(1000))
    #expect(h.backend.bells == 1)
    await h.run(for: .milliseconds(1000))
    #expect(h.backend.bells == 2)
    await h.run(for: .milliseconds(1000))
    #expect(sink.timeline.map(\.1) == [0, 3000])
  }

  @Test func leavingTheScreenCancelsEverything() async {
    let sink = ArraySink()
    let h = RideHarness.workout(sink: sink)
    await h.press(" ")
    await h.run(for: .milliseconds(3500))
    let recorded = sink.timeline.count
    let bells = h.backend.bells
    let cues = h.cues.cues.count
    await h.press("q")
    #expect(h.runtime.exitStatus == .success)
    #expect(!h.runtime.isTicking)
    #expect(h.clock.sleeperCount == 0)
    await h.run(for: .seconds(30))
    #expect(sink.timeline.count == recorded)
    #expect(h.backend.bells == bells)
    #expect(h.cues.cues.count == cues)
  }

  @Test func aPauseStopsTheTickerAndTheStep() async {
    let sink = ArraySink()
    let h = RideHarness.workout(sink: sink)
    await h.press(" ")
    await h.run(for: .milliseconds(1500))
    await h.press(" ")
    await h.run(for: .seconds(60))
    #expect(sink.timeline.map(\.0) == [.start, .pause])
    await h.press(" ")
    await h.run(for: .milliseconds(1500))
    #expect(sink.timeline.map(\.1) == [0, 1500, 61_500, 63_000])
    #expect(sink.timeline.last?.2 == .time)
  }
}
