import SplitsCore
import SplitsTestRandom
import Testing

@testable import SplitsRender

/// A frame written again into the spare cells of the frame before the last
/// (`Screen.shown(after:)`, `patched(reusing:_:)`) is the frame written into new storage, which
/// is the render; the spare's storage is the new frame's (no copy of the grid); and a spare
/// offered for another frame is left alone.
@Suite("Frames written again into the cells of the frame before the last")
struct WrittenAgainTests {
  static let size = Size(columns: 80, rows: 24)

  /// A ride at hundredths with a pause and three laps, running.
  static func ride() -> RideScreenState {
    var state = RideScreenState(ride: Ride(number: 3), precision: .cs, now: t(0))
    for (key, at) in [(" ", 0), ("l", 61_000), (" ", 90_000), (" ", 95_500), ("l", 130_250), ("l", 3_599_000)] as [(Character, Int64)] {
      _ = RideReducer.reduce(&state, Action(.key(.character(key)), at: Now(monotonic: t(at), wallMilliseconds: 0)))
    }
    return state
  }

  static func reading(_ state: RideScreenState) -> (ClockField) -> Duration? {
    { field in
      switch field {
      case .moving: state.moving
      case .elapsed: state.elapsed
      case .paused: state.pausedTotal
      case .countdown: nil
      }
    }
  }

  static func address(_ cells: [Cell]) -> UnsafePointer<Cell>? { cells.withUnsafeBufferPointer { $0.baseAddress } }

  @Test(arguments: [false, true]) func everyFrameIsTheRenderAndTakesTheSpareStorage(plain: Bool) throws {
    let options = ViewOptions(plain: plain)
    var rng = SplitMix64(state: plain ? 0x5EA5 : 0xA11E)
    var state = Self.ride()
    state.now = t(3_599_990)
    var shown = RideView.render(state, size: Self.size, options: options)
    var spare: Screen.Spare?
    var reused = 0
    for _ in 0..<400 {
      // Mostly a hundredth or a few; now and then across a minute or an hour.
      let step: Int64 = Int.random(in: 0..<20, using: &rng) == 0 ? Int64.random(in: 1...4_000_000, using: &rng) : Int64.random(in: 10...60, using: &rng)
      state.now = state.now + .milliseconds(step)
      let render = RideView.render(state, size: Self.size, options: options)
      let fresh = shown.patched(Self.reading(state))
      var offered = spare
      spare = nil
      let kept = offered != nil
      let next = shown.patched(reusing: &offered, Self.reading(state))
      #expect(offered == nil, "a spare is used once or dropped")
      guard let fresh else {
        #expect(next == nil)
        shown = render
        continue
      }
      let written = try #require(next)
      #expect(written.lines == render.lines)
      #expect(written.cells == render.cells && written.cells == fresh.cells)
      #expect(written.changes(since: shown, bridging: 6) == render.changes(since: shown, bridging: 6))
      if kept { reused += 1 }
      let before: Screen? = shown
      shown = written
      spare = shown.shown(after: before)
    }
    #expect(reused > 300)
  }

  @Test func theNewFrameIsWrittenIntoTheSpareStorage() throws {
    var state = Self.ride()
    state.now = t(3_700_000)
    var first: Screen? = RideView.render(state, size: Self.size, options: ViewOptions())
    let storage = Self.address(try #require(first).cells)
    state.now = state.now + .milliseconds(10)
    var second = try #require(first?.patched(Self.reading(state)))
    var spare = second.shown(after: first)
    first = nil
    state.now = state.now + .milliseconds(10)
    let third = try #require(second.patched(reusing: &spare, Self.reading(state)))
    #expect(Self.address(third.cells) == storage)
    #expect(third.cells == RideView.render(state, size: Self.size, options: ViewOptions()).cells)
  }

  @Test func aSpareKeptForAnotherFrameIsNotUsed() throws {
    var state = Self.ride()
    state.now = t(3_700_000)
    let first: Screen? = RideView.render(state, size: Self.size, options: ViewOptions())
    state.now = state.now + .milliseconds(10)
    var second = try #require(first?.patched(Self.reading(state)))
    var spare = second.shown(after: first)
    #expect(spare != nil)
    // A lap, and the frame rendered for it: the spare is not its (its lap table differs).
    state.now = state.now + .milliseconds(10)
    _ = RideReducer.reduce(&state, Action(.key(.character("l")), at: Now(monotonic: state.now, wallMilliseconds: 0)))
    let other = RideView.render(state, size: Self.size, options: ViewOptions())
    state.now = state.now + .milliseconds(10)
    let third = try #require(other.patched(reusing: &spare, Self.reading(state)))
    #expect(spare == nil)
    let render = RideView.render(state, size: Self.size, options: ViewOptions())
    #expect(third.lines == render.lines)
    #expect(third.cells == render.cells)
  }
}
