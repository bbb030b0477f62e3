import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

/// A sink that keeps the comparisons chosen, and can be told to refuse them.
final class ChoiceSink: EventSink {
  var events: [RideEvent.Kind] = []
  var choices: [(ComparisonKind, String)] = []
  var refusing = false
  struct ReadOnly: Error, CustomStringConvertible { var description: String { "read-only directory" } }

  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws { events.append(event.kind) }
  func rememberComparison(_ kind: ComparisonKind, name: String) throws {
    if refusing { throw ReadOnly() }
    choices.append((kind, name))
  }
}

extension RuntimeHarness where P == RideProgram {
  /// Ride 3 of "Loop" on a test clock, shown to the second: the personal best (ride 2) rode
  /// lap 1 in 11 s, the best segment there is ride 1's 10.25 s.
  static func compared(sink: ChoiceSink) -> RideHarness {
    RideHarness(ride: 3, precision: .s, sink: sink) { state in
      state.clock.name = "Loop"
      state.comparison.rideName = "Loop"
      state.comparison.comparisons.attempts["Loop"] = [
        Attempt(number: 1, laps: [.milliseconds(10_250), .milliseconds(12_000)]),
        Attempt(number: 2, laps: [.milliseconds(11_000), .milliseconds(9_000)]),
      ]
    }
  }

  /// The running lap's row, without its trailing blanks.
  var runningRow: String? { backend.frame.lines.first { $0.hasPrefix(" ›") }.map(trimmed) }
  var footer: String? {
    backend.frame.lines.first { $0.hasPrefix(" vs ") || $0.hasPrefix(" no comparison") }.map(trimmed)
  }
  func trimmed(_ line: String) -> String { String(line.reversed().drop { $0 == " " }.reversed()) }
}

@MainActor
@Suite("Comparisons on the runtime, on a test clock", .serialized, .timeLimit(.minutes(1)))
struct RuntimeComparisonTests {
  @Test func theTickerWakesExactlyWhenTheLiveDeltaAppears() async {
    let h = RideHarness.compared(sink: ChoiceSink())
    await h.press(" ")
    for _ in 1...10 { await h.clock.advance(by: .seconds(1)) }
    await h.clock.advance(by: .milliseconds(249))
    #expect(h.runningRow == " ›   1   00:00:10   00:00:10")
    await h.clock.advance(by: .milliseconds(1))
    // 10 s shown against the best's 11 s: a second ahead, and gaining.
    #expect(h.runningRow == " ›   1   00:00:10   00:00:10            -00:01 ⇈")
    // Every second, and the one instant between them at which the delta appears.
    #expect(h.clock.deadlines.map(\.offset) == (1...10).map { .seconds($0) } + [.milliseconds(10_250), .seconds(11)])
    await h.clock.advance(by: .milliseconds(750))
    #expect(h.runningRow == " ›   1   00:00:11   00:00:11            +00:00")
    await h.clock.advance(by: .seconds(1))
    #expect(h.runningRow == " ›   1   00:00:12   00:00:12            +00:01 ⇊")
    #expect(h.footer == " vs PB (ride 2) 00:00:20 · predicted 00:00:21 · sum of best 00:00:19")
  }

  @Test func cCyclesOnScreenAndTheChoiceGoesToTheJournal() async {
    let sink = ChoiceSink()
    let h = RideHarness.compared(sink: sink)
    #expect(h.footer?.hasPrefix(" vs PB (ride 2) 00:00:20") == true)
    await h.press("c")
    #expect(h.footer?.hasPrefix(" vs best segments 00:00:19") == true)
    await h.press("c")
    #expect(h.footer?.hasPrefix(" no comparison") == true)
    await h.press("c")
    #expect(h.footer?.hasPrefix(" vs previous (ride 2) 00:00:20") == true)
    #expect(sink.choices.map(\.0) == [.gold, .none, .previous])
    #expect(sink.choices.allSatisfy { $0.1 == "Loop" })
    #expect(sink.events.isEmpty)
  }

  @Test func aChoiceTheJournalRefusesIsSaidAndLosesNothing() async {
    let sink = ChoiceSink()
    sink.refusing = true
    let h = RideHarness.compared(sink: sink)
    await h.press(" ")
    await h.press("c")
    #expect(h.runtime.exitStatus == nil)
    #expect(h.footer?.hasPrefix(" vs best segments") == true)
    #expect(h.backend.frame.lines.contains { $0.contains("The comparison chosen was not saved (read-only directory)") })
    #expect(h.runtime.pending.isEmpty)
    // The next key takes the banner away; the ride goes on and its events are written.
    await h.press(" ")
    #expect(!h.backend.frame.lines.contains { $0.contains("not saved") })
    #expect(sink.events == [.start, .pause])
  }
}
