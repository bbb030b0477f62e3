import SplitsSensors
import Testing

@testable import SplitsCore
@testable import SplitsRuntime

@MainActor
@Suite("Runtime: sensor samples reach the journal a second at a time, kept while it fails")
struct SensorSamplesRuntimeTests {
  let strap = "AA:BB:CC:DD:EE:01"

  func beat(_ harness: RideHarness, _ bpm: Int) {
    harness.runtime.send(.sensor(.measurement(address: strap, .heartRate(HeartRateMeasurement(beatsPerMinute: bpm, contact: .detected)))))
  }

  @Test func eachSecondHeardIsWrittenOnceTheNextBegins() async {
    let sink = ArraySink()
    let harness = RideHarness(sink: sink)
    await harness.press(" ")
    for second in 0..<5 {
      await harness.advance(.milliseconds(300))
      beat(harness, 120 + second)
      await harness.advance(.milliseconds(700))
    }
    await harness.advance(.milliseconds(300))
    beat(harness, 200)
    // Seconds 0 to 4 are written; the one under way (5) is not yet: a crash loses at most it.
    #expect(sink.samples.map(\.sample.second) == [0, 1, 2, 3, 4])
    #expect(sink.samples.map(\.sample.heartRate) == [120, 121, 122, 123, 124])
    #expect(sink.samples.allSatisfy { $0.ride == 1 })
  }

  @Test func samplesTheJournalRefusesAreKeptAndWrittenWhenItTakesThemAgain() async {
    let sink = ArraySink()
    let harness = RideHarness(sink: sink)
    await harness.press(" ")
    sink.failing = true
    for _ in 0..<3 {
      await harness.advance(.milliseconds(500))
      beat(harness, 130)
      await harness.advance(.milliseconds(500))
    }
    beat(harness, 130)
    #expect(sink.samples.isEmpty)
    #expect(harness.runtime.pendingSamples.map(\.sample.second) == [0, 1, 2])
    sink.failing = false
    await harness.advance(.seconds(2))
    // The retry writes the three kept, then second 3 (heard at 3 s) follows at the next tick.
    #expect(sink.samples.map(\.sample.second) == [0, 1, 2, 3])
    #expect(harness.runtime.pendingSamples.isEmpty)
  }
}
