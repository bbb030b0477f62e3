import SplitsCore
import SplitsTestRandom
import Testing

@testable import SplitsRender

/// A recorded lap's row, made as bytes (`LapColumns.row`), reads as the line made from the
/// texts of its figures (`LapColumns.line`): for every lap, mark, precision and width, with the
/// split and the difference shown or left out, hours of one to four digits, and numbers wider
/// than their column.
@Suite("Lap table: a recorded lap's row made as bytes reads as its line")
struct LapRowTests {
  static func duration(_ rng: inout SplitMix64) -> Duration {
    // Up to about 1,200 hours, in nanoseconds: one- to four-digit hours, every fraction.
    let scale = [1_000_000_000, 3_600_000_000_000, 4_000_000_000_000_000][Int.random(in: 0..<3, using: &rng)]
    return .nanoseconds(Int64.random(in: 0...Int64(scale), using: &rng))
  }

  @Test func everyRowReadsAsTheLineOfItsTexts() {
    var rng = SplitMix64(state: 0x1A9_0B17)
    let marks = ["", "▲", "▼"]
    for _ in 0..<3_000 {
      let precision = Precision.allCases[Int.random(in: 0..<Precision.allCases.count, using: &rng)]
      var state = RideScreenState(ride: Ride(number: 1), precision: precision, now: t(0))
      // The moving time sets the time column's width; laps taken set the number's.
      _ = RideReducer.reduce(&state, Action(.key(.character(" ")), at: Now(monotonic: t(0), wallMilliseconds: 0)))
      let later = Now(monotonic: t(Int64.random(in: 0...1_000_000_000, using: &rng)), wallMilliseconds: 0)
      _ = RideReducer.reduce(&state, Action(.tick, at: later))
      state.clock.ride.splits = (0..<Int.random(in: 0...3, using: &rng)).map { .seconds($0 + 1) }
      let columns = LapColumns(
        state, compared: Bool.random(using: &rng), strings: .of(.en), width: Int.random(in: 0...120, using: &rng))
      let lap = LapRow(
        number: Int.random(in: 1...(Bool.random(using: &rng) ? 99 : 123_456), using: &rng), lap: Self.duration(&rng),
        split: Self.duration(&rng),
        difference: Bool.random(using: &rng) ? nil : Self.duration(&rng) * (Bool.random(using: &rng) ? 1 : -1))
      let mark = marks[Int.random(in: 0..<marks.count, using: &rng)]
      let line =
        " "
        + columns.line(
          mark, String(lap.number), TimeFormat.clock(lap.lap, precision: precision),
          TimeFormat.clock(lap.split, precision: precision),
          lap.difference.map { TimeFormat.signedDifference($0, precision: precision) } ?? "")
      #expect(columns.row(lap, mark: mark, precision: precision) == line, "\(lap) \(mark) \(precision)")
    }
  }

  /// The byte forms of the clock and the signed difference are their texts' bytes, and the
  /// difference is the clock's text of its magnitude, signed.
  @Test func theFiguresBytesAreTheirTexts() {
    var rng = SplitMix64(state: 0xB17E5)
    // The hour either side of which the hours are shown, and what reads as zero, then any.
    let edges: [Duration] = [.zero, .seconds(3600), .seconds(-3600), .milliseconds(3_599_999), .milliseconds(-1)]
    for index in 0..<3_000 {
      let precision = Precision.allCases[Int.random(in: 0..<Precision.allCases.count, using: &rng)]
      let d = index < edges.count ? edges[index] : Self.duration(&rng) * (Bool.random(using: &rng) ? 1 : -1)
      var clock: [UInt8] = [0x41]
      TimeFormat.appendClock(d, precision: precision, to: &clock)
      #expect(clock == [0x41] + Array(TimeFormat.clock(d, precision: precision).utf8))
      // The difference as the clock's text gives it: under an hour without the hours, and
      // never `-` when it reads as zero.
      let magnitude = d < .zero ? .zero - d : d
      let text = TimeFormat.clock(magnitude, precision: precision)
      let level = text.allSatisfy { $0 == "0" || $0 == ":" || $0 == "." }
      let expected = (d < .zero && !level ? "-" : "+") + (magnitude < .seconds(3600) ? String(text.dropFirst(3)) : text)
      #expect(TimeFormat.signedDifference(d, precision: precision) == expected)
      var difference: [UInt8] = [0x41]
      TimeFormat.appendSignedDifference(d, precision: precision, to: &difference)
      #expect(difference == [0x41] + Array(expected.utf8))
    }
  }
}
