import SplitsCore
import SplitsTestRandom
import Testing

@testable import SplitsRender

/// `Reading.shown` is what a frame written again compares to skip formatting a figure
/// (`Screen.patched`), and `ShownClocks.forEachLattice` what the ticker reads its moving
/// figures' lattices from: both must agree with what they stand for, for all inputs.
@Suite("A figure's shown value, and the lattices given one by one")
struct ReadingShownTests {
  @Test func twoValuesThatShowTheSameHaveTheSameText() {
    var rng = SplitMix64(state: 0x5EED_0028)
    var same = 0
    var differ = 0
    for _ in 0..<4_000 {
      let precision = Precision.allCases.randomElement(using: &rng) ?? .cs
      let unit = precision.unitNanoseconds
      let from = Duration.nanoseconds(Int64.random(in: -5_000_000_000...50_000_000_000, using: &rng))
      let reading: Reading =
        Bool.random(using: &rng)
        ? .clock(precision, minimumHourDigits: Int.random(in: 0...2, using: &rng), from: from)
        : .difference(precision, from: from, less: .nanoseconds(Int64.random(in: 0...90_000_000_000, using: &rng)))
      let a = Duration.nanoseconds(Int64.random(in: -1_000_000_000...400_000_000_000, using: &rng))
      let b = a + .nanoseconds(Int64.random(in: 0...(2 * unit), using: &rng))
      if reading.shown(a) == reading.shown(b) {
        same += 1
        #expect(reading.text(a) == reading.text(b), "\(reading) at \(a) and \(b)")
      } else {
        differ += 1
      }
    }
    // Both sides of the rule were met many times.
    #expect(same > 500 && differ > 500)
  }

  @Test func aFigureMadeWithAReadingKeepsWhatItShows() {
    let figure = ClockFigure(.moving, reading: .clock(.cs, from: .seconds(10)), at: .milliseconds(12_345))
    #expect(figure.text == "00:00:02.34")
    #expect(figure.shown == .milliseconds(2_340))
    #expect(ClockFigure(.moving, "00:00:02.34").shown == nil)
  }

  @Test func theLatticesOneByOneAreTheSmallestVisiblePlaceOfEachOrigin() {
    var rng = SplitMix64(state: 0x1A77_1CE5)
    let places: [Duration] = [.milliseconds(10), .milliseconds(100), .seconds(1), .seconds(10), .seconds(60)]
    let origins: [Duration] = [.zero, .seconds(3), .milliseconds(12_340)]
    let fields: [ClockField] = [.moving, .elapsed]
    for _ in 0..<500 {
      var clocks = ShownClocks()
      var drawn: [(field: ClockField, place: Duration, origin: Duration, row: Int, column: Int)] = []
      for _ in 0..<Int.random(in: 0...8, using: &rng) {
        let digit = (
          field: fields.randomElement(using: &rng) ?? .moving, place: places.randomElement(using: &rng) ?? .seconds(1),
          origin: origins.randomElement(using: &rng) ?? .zero, row: Int.random(in: 0..<4, using: &rng),
          column: Int.random(in: 0..<20, using: &rng))
        clocks.show(digit.field, place: digit.place, rows: digit.row..<digit.row + 1, columns: digit.column..<digit.column + 1, origin: digit.origin)
        drawn.append(digit)
      }
      // An overlay over some rows hides the digits wholly under it.
      let coveredRows = Int.random(in: 0..<4, using: &rng)
      let covers = Bool.random(using: &rng)
      if covers { clocks.cover(rows: coveredRows..<coveredRows + 1, columns: 0..<20) }
      // The oracle: each origin in order of first visible digit, with its smallest place.
      var expected: [(origin: Duration, place: Duration)] = []
      for digit in drawn where digit.field == .moving && !(covers && digit.row == coveredRows) {
        if let index = expected.firstIndex(where: { $0.origin == digit.origin }) {
          expected[index].place = min(expected[index].place, digit.place)
        } else {
          expected.append((digit.origin, digit.place))
        }
      }
      var given: [(origin: Duration, place: Duration)] = []
      clocks.forEachLattice(.moving) { given.append(($0, $1)) }
      #expect(given.map(\.origin) == expected.map(\.origin))
      #expect(given.map(\.place) == expected.map(\.place))
    }
  }
}
