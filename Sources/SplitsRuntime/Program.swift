import SplitsCore
import SplitsRender

/// A full-screen program the runtime can run: a state, a pure reducer behind `handle`, a pure
/// render, and the instant the screen next changes. The ride screen and the countdown screen
/// are both `Program`s; the runtime knows nothing else about them and never reaches into
/// their state.
@MainActor
public protocol Program: SendableMetatype {
  /// Applies one action and returns what the runtime must do, in order.
  mutating func handle(_ action: Action) -> [Effect]
  /// The next instant after the state's own at which a clock figure of `shown` can change
  /// the frame (a superset of the instants at which it does), with the clocks read there;
  /// nil when nothing on screen moves without input.
  func nextCandidate(shown: ShownClocks) -> Now?
  /// The whole frame for a terminal of `size`.
  func render(size: Size) -> Screen
  /// What `patched` needs to know of this program before ticks: kept by the look-ahead for
  /// each candidate instead of a copy of the whole program.
  associatedtype TickBasis: Sendable = Void
  /// This program's `TickBasis` now.
  var tickBasis: TickBasis { get }
  /// The frame of the current state made from `frame`, the frame of the program whose
  /// `tickBasis` was `earlier` (this program before ticks alone), without rendering, when only
  /// its clock figures can differ; nil when only `render` can tell. A shortcut: it gives
  /// `render`'s cells or nil (the next-change property test holds it to that). Written into
  /// `spare`'s cells when one is given and it can (`Screen.patched(reusing:_:)`).
  func patched(_ frame: Screen, since earlier: TickBasis, reusing spare: inout Screen.Spare?) -> Screen?
  /// The frame at `instant` and the program's next candidate after it, made from `frame` (the
  /// frame of the current state) without ticking a copy of the program, when only its clock
  /// figures can change the frame up to `instant` and nothing else is due; nil when only a
  /// tick can tell. A shortcut: it gives what a tick to `instant`, `patched` or `render` and
  /// `nextCandidate` give, or nil (the next-change property test holds it to that). Written
  /// into `spare`'s cells when one is given and it can.
  func ahead(of frame: Screen, at instant: Now, reusing spare: inout Screen.Spare?) -> (frame: Screen, following: Now?)?
  /// The line printed on the normal screen after the program ends. `unwrittenEvents` counts
  /// the events the journal never took: then the line promises nothing the journal lacks.
  func summary(unwrittenEvents: Int) -> String
  /// Whether the frame follows the wall clock (a countdown to a date), which can be stepped:
  /// then a frame found ahead of time is never shown in place of a render.
  var followsWallClock: Bool { get }
  /// The actions this screen most likely gets first from now, in order (its start and lap
  /// keys), each at the instant it is rehearsed at, and the program to rehearse them on: a
  /// copy of this one that shares nothing it keeps between frames (the render's memos). Run
  /// once on a stage, a runtime of its own whose effects and frames are dropped, so that the
  /// first real one runs warm (`Runtime.rehearse`). Nil, nothing to rehearse, by default.
  func rehearsal(from now: Now) -> (stage: Self, actions: [Action])?
}

extension Program where TickBasis == Void {
  public var tickBasis: Void { () }
}

extension Program {
  /// The first instant at which the frame differs from `frame` (the frame of the current
  /// state) without any input, or at which the program has something to do (a bell, a
  /// journal event), or nil when neither ever happens: the ticker sleeps until exactly then.
  ///
  /// The candidates come from the clock figures the frame shows, to the digit it shows them;
  /// each is checked by rendering the state brought to it, so an instant at which nothing
  /// visible changes (a figure under the help overlay) wakes nothing. After `searchLimit`
  /// candidates without a change, the last one is returned: a wake-up that shows nothing new,
  /// never a missed change.
  public func nextChange(from frame: Screen) -> Instant? { upcoming(from: frame)?.at }

  /// `nextChange(from:)`, with the frame shown from that instant on and the next candidate
  /// after it: until then no frame can differ from it (`Upcoming`), so a tick that lands in
  /// between can show it without rendering again.
  ///
  /// `first`: the program's first candidate, when the caller knows it without asking: after
  /// a tick that showed an `Upcoming`'s frame and did nothing else, its `following` (no
  /// candidate lies between its `at` and `until`). The next-change property test holds the
  /// search from it to the search from scratch.
  ///
  /// `spare`: the cells of the frame before `frame`, for the first frame written again
  /// (`Screen.shown(after:)`).
  public func upcoming(from frame: Screen, first: Now? = nil, spare: consuming Screen.Spare? = nil) -> Upcoming? {
    guard var next = first ?? nextCandidate(shown: frame.clocks) else { return nil }
    // Most candidates of a running clock: its figures at `next` written again over the frame,
    // without a copy of the program or a tick (`ahead`). An instant where that changes no
    // cell is left to the search below.
    if let found = ahead(of: frame, at: next, reusing: &spare) {
      if !found.frame.sameCells(as: frame) {
        return Upcoming(at: next.monotonic, frame: followsWallClock ? nil : found.frame, following: found.following)
      }
      spare = nil
    }
    var probe = self
    var current = frame
    for _ in 0..<searchLimit {
      // An instant with effects (a workout's bell, cue or step end) is a wake-up too, even
      // when nothing visible changes there; a sensor sample is not (`Effect.wakes`).
      let earlier = probe.tickBasis
      let effects = probe.handle(Action(.tick, at: next))
      // Where only the clock's figures can have moved, they are written again over the frame
      // before instead of rendering it all (at hundredths, most frames).
      let shown = probe.patched(current, since: earlier, reusing: &spare) ?? probe.render(size: frame.size)
      // The spare is `frame`'s, for the first frame after it only.
      spare = nil
      current = shown
      if !shown.sameCells(as: frame) || effects.contains(where: \.wakes) {
        let after = probe.nextCandidate(shown: shown.clocks)
        return Upcoming(
          at: next.monotonic, frame: followsWallClock ? nil : shown, following: after)
      }
      // The same cells can show other figures than `frame` did (a delta that appeared under
      // the help overlay, whose mark beside it shows later): the next candidates are those of
      // the frame as it is at `next`.
      guard let following = probe.nextCandidate(shown: shown.clocks) else { return nil }
      // A tick owed at once (an ended countdown that must still quit).
      if following.monotonic <= next.monotonic { return Upcoming(at: next.monotonic, frame: nil) }
      next = following
    }
    return Upcoming(at: next.monotonic, frame: nil)
  }

  /// `upcoming(from:first:spare:)` of a program kept where a copy would be made to ask it (a
  /// class's property, in generic code): a mutating call reads it in place. Changes nothing.
  mutating func lookAhead(from frame: Screen, first: Now?, spare: consuming Screen.Spare?) -> Upcoming? {
    upcoming(from: frame, first: first, spare: spare)
  }

  public var searchLimit: Int { 1_000 }

  public func patched(_ frame: Screen, since earlier: TickBasis, reusing spare: inout Screen.Spare?) -> Screen? { nil }

  public func ahead(of frame: Screen, at instant: Now, reusing spare: inout Screen.Spare?) -> (frame: Screen, following: Now?)? {
    nil
  }

  public var followsWallClock: Bool { false }

  public func rehearsal(from now: Now) -> (stage: Self, actions: [Action])? { nil }

  /// The summary when every event reached the journal.
  public func summary() -> String { summary(unwrittenEvents: 0) }
}

/// The next change of a program's frame: when, and (when known) the frame from then until
/// `until` (exclusive; nil: as long as no input comes).
public struct Upcoming: Sendable {
  public var at: Instant
  public var frame: Screen?
  /// The program's next candidate after `at`, as it gave it (nil: none).
  public var following: Now?

  public init(at: Instant, frame: Screen?, following: Now? = nil) {
    self.at = at
    self.frame = frame
    self.following = following
  }

  /// Until when `frame` is the frame: the next candidate (never before `at`).
  public var until: Instant? { following.map { max($0.monotonic, at) } }

  /// Whether `frame` is the frame to show at `instant`: from `at`, before `until`.
  public func holds(at instant: Instant) -> Bool { instant >= at && until.map { instant < $0 } ?? true }

  /// The frame to show at `instant`, if it is known without rendering.
  public func frame(at instant: Instant) -> Screen? { holds(at: instant) ? frame : nil }

  /// `frame(at:)` and `following`, the frame moved out rather than copied (a tick's).
  public consuming func taken(at instant: Instant) -> (frame: Screen?, following: Now?) {
    (holds(at: instant) ? frame.take() : nil, following)
  }
}
