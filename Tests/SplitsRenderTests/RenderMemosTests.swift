import SplitsCore
import SplitsTestRandom
import SplitsTestSupport
import Testing

@testable import SplitsRender

/// A screen's frames take their recorded laps' rows, their key line and their title from the
/// ones made before (`ViewOptions.memos`): a frame so drawn is the frame drawn with nothing kept.
@Suite("Ride screen: rows, key line and title made once, frames the same")
struct RenderMemosTests {
  /// Rides of random laps, widths, heights, precisions and screens, one after the other with
  /// the same options (a memo full of the rides before, of the same laps at other widths, marks
  /// and precisions), each frame against the frame drawn with new options.
  @Test func aFrameWithKeptTextsIsTheFrameWithout() {
    var rng = SplitMix64(state: 0x1A9_3E30)
    let shared = [ViewOptions(), ViewOptions(plain: true), ViewOptions(language: .ko)]
    var laps = 0
    for _ in 0..<400 {
      let precision = Precision.allCases[Int.random(in: 0..<Precision.allCases.count, using: &rng)]
      let options = shared[Int.random(in: 0..<shared.count, using: &rng)]
      // Rides of a few numbers and names: titles that come back, and others between them.
      let number = [3, 4, 12_345][Int.random(in: 0..<3, using: &rng)]
      var state = RideScreenState(ride: Ride(number: number), precision: precision, now: t(0))
      state.comparison.rideName = [nil, "Hill repeats", "언덕"][Int.random(in: 0..<3, using: &rng)]
      var at: Int64 = 0
      func press(_ key: Character) {
        _ = RideReducer.reduce(&state, Action(.key(.character(key)), at: Now(monotonic: t(at), wallMilliseconds: 0)))
      }
      press(" ")
      // Laps a few seconds apart from a small set of lengths: rows that come back, with their
      // marks moving as the best and the worst change.
      for _ in 0..<Int.random(in: 0...30, using: &rng) {
        at += [1_000, 2_500, 61_230, 3_600_010][Int.random(in: 0..<4, using: &rng)]
        press("l")
        laps += 1
      }
      at += Int64.random(in: 0...5_000, using: &rng)
      // Paused, or the help shown, or both: other keys on the key line.
      if Bool.random(using: &rng) { press(" ") }
      if Int.random(in: 0..<4, using: &rng) == 0 { press("?") }
      _ = RideReducer.reduce(&state, Action(.tick, at: Now(monotonic: t(at), wallMilliseconds: 0)))
      // Widths from a few, so that frames of other states often share one.
      let columns = [24, 40, 80, 120][Int.random(in: 0..<4, using: &rng)] + Int.random(in: 0...1, using: &rng)
      let size = Size(columns: columns, rows: Int.random(in: 8...50, using: &rng))
      let kept = RideView.render(state, size: size, options: options)
      let fresh = ViewOptions(plain: options.plain, language: options.language)
      let made = RideView.render(state, size: size, options: fresh)
      #expect(kept.lines == made.lines, "\(precision) \(size) \(state.clock.ride.splits.count) laps")
      let sameCells = kept.cells == made.cells
      #expect(sameCells, "styles too")
    }
    #expect(laps > 4_000)
    #expect(shared.allSatisfy { $0.memos.lapRows.count <= LapRowMemo.slots })
  }

  /// The key line is made again only when what it is made from changes.
  @Test func theKeyLineIsMadeWhenItsKeysChange() {
    let memo = LastMade<KeyLineKey, String>()
    var state = RideScreenState(ride: Ride(number: 1), precision: .s, now: t(0))
    var made = 0
    func ask(_ columns: Int = 79) -> String {
      memo.value(KeyLineKey(state, columns: columns, options: ViewOptions())) {
        made += 1
        return RideView.helpLine(state, .of(.en), columns: columns)
      }
    }
    func press(_ key: Character, at ms: Int64) {
      _ = RideReducer.reduce(&state, Action(.key(.character(key)), at: Now(monotonic: t(ms), wallMilliseconds: 0)))
    }
    let ready = ask()
    #expect(ask() == ready && made == 1)
    press(" ", at: 1_000)
    let running = ask()
    #expect(running != ready && made == 2)
    press("l", at: 2_000)
    #expect(ask().contains("undo") && made == 3, "a lap to undo")
    press("l", at: 3_000)
    _ = ask()
    #expect(made == 3, "a second lap: the same keys")
    #expect(ask(20) != ask(79) && made == 5, "another width")
  }

  /// The title is made again only when what it is made from changes: the ride's name, the
  /// state's width beside it, the screen's width.
  @Test func theTitleIsMadeWhenWhatItShowsChanges() {
    let memo = LastMade<TitleKey, RideView.Title>()
    var state = RideScreenState(ride: Ride(number: 7), precision: .s, now: t(0))
    var made = 0
    func ask(_ width: Int = 80) -> RideView.Title {
      let options = ViewOptions()
      let label = TextWidth.columns(RideView.stateLabel(state, options.strings))
      return memo.value(TitleKey(state, labelColumns: label, width: width, options: options)) {
        made += 1
        return RideView.title(state, options: options, width: width)
      }
    }
    let ready = ask()
    #expect(ask() == ready && made == 1)
    state.comparison.rideName = "Tempo"
    #expect(ask().text.contains("Tempo") && made == 2)
    _ = RideReducer.reduce(&state, Action(.key(.character(" ")), at: Now(monotonic: t(1_000), wallMilliseconds: 0)))
    _ = ask()
    #expect(made == 3, "RUNNING is wider than READY")
    _ = RideReducer.reduce(&state, Action(.key(.character("l")), at: Now(monotonic: t(2_000), wallMilliseconds: 0)))
    _ = ask()
    #expect(made == 3, "a lap: the same title")
    #expect(ask(24).showsState == false && made == 4)
  }

  /// A row asked for again is not made again; another lap of the same slot takes it.
  @Test func aRowIsMadeOnceAndASlotHoldsOne() {
    let memo = LapRowMemo()
    let state = RideScreenState(ride: Ride(number: 1), precision: .cs, now: t(0))
    let columns = LapColumns(state, compared: false, strings: .of(.en), width: 80)
    func key(_ n: Int) -> LapRowMemo.Key {
      .init(row: LapRow(number: n, lap: .seconds(n), split: .seconds(n * n), difference: nil), columns: columns, precision: .cs)
    }
    var made = 0
    func ask(_ n: Int) -> String {
      memo.row(key(n)) {
        made += 1
        return "row \(n)"
      }
    }
    #expect(ask(1) == "row 1" && ask(1) == "row 1" && made == 1)
    for n in 2...(3 * LapRowMemo.slots) { _ = ask(n) }
    #expect(made == 3 * LapRowMemo.slots)
    #expect(memo.count == LapRowMemo.slots)
    // The newest are kept; the first's slot holds a later lap: made again, right.
    _ = ask(3 * LapRowMemo.slots)
    #expect(made == 3 * LapRowMemo.slots)
    #expect(ask(1) == "row 1" && made == 3 * LapRowMemo.slots + 1)
    #expect(ask(1 + LapRowMemo.slots) == "row \(1 + LapRowMemo.slots)")
  }
}
