import SplitsRoutes
import SplitsSensors
import SplitsTestRandom
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

/// The truth-on-screen rule for every program: between a render and `nextChange(from:)` the
/// frame stays the same cell for cell and the program has nothing to do (no bell, no event);
/// at `nextChange` the frame differs or the program acts; nil means neither ever happens
/// without input. Checked over generated sequences of keys and ticks, sizes,
/// precisions, plain and big digits, both languages.
@MainActor
@Suite("Next change: the ticker wakes exactly when the frame changes", .timeLimit(.minutes(2)))
struct NextChangePropertyTests {
  static let keys: [Key] = [.character(" "), .character(" "), .character("l"), .character("r"), .character("?"), .escape, .character("x")]

  /// Checks the rule at the program's current state; returns a description of the first breach.
  static func breach<P: Program>(_ program: P, now: Instant, size: Size, rng: inout SplitMix64) -> String? {
    let frame = program.render(size: size)
    var shortcut: String?
    func rendered(at instant: Instant) -> Screen { probed(at: instant).screen }
    func probed(at instant: Instant) -> (screen: Screen, effects: [Effect]) {
      var probe = program
      // Into new storage, as the look-ahead writes every frame after its first.
      var none: Screen.Spare?
      let effects = probe.handle(Action(.tick, at: Now(monotonic: instant, wallMilliseconds: 0)))
      let screen = probe.render(size: size)
      // The shortcut the ticker takes (`Program.patched`): the render's cells and clocks, or nil.
      if shortcut == nil, let patched = probe.patched(frame, since: program.tickBasis, reusing: &none),
        patched.cells != screen.cells || patched.clocks != screen.clocks
      {
        shortcut = "the frame written again at +\(instant - now) is not the render:\n\(patched.lines.joined(separator: "\n"))\nrendered:\n\(screen.lines.joined(separator: "\n"))"
      }
      // What is written to the terminal: the diff over the rows written again is the render's.
      if shortcut == nil, let patched = probe.patched(frame, since: program.tickBasis, reusing: &none),
        patched.changes(since: frame, bridging: 6) != screen.changes(since: frame, bridging: 6)
          || patched.sameCells(as: frame) != (screen.cells == frame.cells)
      {
        shortcut = "the frame written again at +\(instant - now) differs from the frame before unlike the render"
      }
      // A sensor sample waits for the next action: it is no reason to wake (`Effect.wakes`).
      return (screen, effects.filter(\.wakes))
    }
    // The frame found ahead and the candidate after it are a tick's there, rendered: whether
    // the look-ahead ticked a copy or took the shortcut (`Program.ahead`).
    if let ahead = program.upcoming(from: frame), let shown = ahead.frame {
      var probe = program
      _ = probe.handle(Action(.tick, at: Now(monotonic: ahead.at, wallMilliseconds: 0)))
      let screen = probe.render(size: size)
      if shown.cells != screen.cells || shown.clocks != screen.clocks {
        return "the frame found ahead for +\(ahead.at - now) is not the render there:\n\(shown.lines.joined(separator: "\n"))\nrendered:\n\(screen.lines.joined(separator: "\n"))"
      }
      let following = probe.nextCandidate(shown: screen.clocks)?.monotonic
      if ahead.following?.monotonic != following {
        return "the candidate after the frame found ahead for +\(ahead.at - now) is \(String(describing: ahead.following?.monotonic)), a tick's \(String(describing: following))"
      }
    }
    // A tick that shows the frame found ahead and does nothing else starts the next search
    // from the candidate found after that frame (`upcoming(from:first:)`): the same search.
    if let ahead = program.upcoming(from: frame), let shown = ahead.frame, let following = ahead.following,
      let until = ahead.until, until > ahead.at
    {
      let instant = ahead.at + .nanoseconds(Int64.random(in: 0..<(until - ahead.at).nanoseconds, using: &rng))
      var probe = program
      let effects = probe.handle(Action(.tick, at: Now(monotonic: instant, wallMilliseconds: 0)))
      if effects.isEmpty {
        let hinted = probe.upcoming(from: shown, first: following)
        let searched = probe.upcoming(from: shown)
        if hinted?.at != searched?.at || hinted?.until != searched?.until || hinted?.frame?.cells != searched?.frame?.cells {
          return "from the candidate after the frame found ahead, the next change is \(String(describing: hinted?.at)), "
            + "not \(String(describing: searched?.at)) (a tick at +\(instant - now))"
        }
      }
    }
    guard let next = program.nextChange(from: frame) else {
      for later in [Duration.milliseconds(10), .seconds(1), .seconds(61), .seconds(3601)] {
        let (screen, effects) = probed(at: now + later)
        if screen.cells != frame.cells { return "nil, yet the frame changes at +\(later)" }
        if !effects.isEmpty { return "nil, yet \(effects) at +\(later)" }
      }
      return shortcut
    }
    guard next > now else { return "next change \(next) is not after now \(now)" }
    let span = (next - now).nanoseconds
    var instants = [now + .nanoseconds(span - 1), now + .nanoseconds(span / 2)]
    for _ in 0..<3 { instants.append(now + .nanoseconds(Int64.random(in: 0..<span, using: &rng))) }
    for instant in instants {
      let (screen, effects) = probed(at: instant)
      if screen.cells != frame.cells {
        return "the frame changes at +\(instant - now), before the next change at +\(next - now)"
      }
      if !effects.isEmpty { return "\(effects) at +\(instant - now), before the next change at +\(next - now)" }
    }
    let (atNext, effects) = probed(at: next)
    if atNext.cells == frame.cells && effects.isEmpty {
      return "nothing changes at the next change, +\(next - now)"
    }
    return shortcut
  }

  @Test func theRideScreen() {
    var rng = SplitMix64(state: 0x5EED_0010)
    let origin = Instant(nanoseconds: 3_000_000_000_000)
    for round in 0..<250 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...36, using: &rng))
      let precision = Precision.allCases.randomElement(using: &rng) ?? .cs
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: true, language: Bool.random(using: &rng) ? .en : .ko)
      let steps = Bool.random(using: &rng) ? 0 : Int.random(in: 1...5, using: &rng)
      var program = RideProgram(
        state: RideScreenState(ride: Ride(number: 1), precision: precision, countdownSteps: steps, now: origin),
        options: options, persistent: true)
      var now = origin
      for step in 0..<14 {
        now = now + .nanoseconds(Int64.random(in: 0...2_500_000_000, using: &rng))
        let input: Input = Bool.random(using: &rng) ? .tick : .key(Self.keys.randomElement(using: &rng) ?? .other)
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(precision), \(options.language), plain \(options.plain), phase \(program.state.phase), help \(program.state.chrome.showingHelp): \(breach)")
          return
        }
      }
    }
  }

  /// A ride with sensors: readings, a sensor lost and back, while keys and ticks come. A shown
  /// figure going stale or leaving the 3 s power is a change the ticker must wake for.
  @Test func theRideScreenWithSensors() {
    var rng = SplitMix64(state: 0x5EED_0500)
    let origin = Instant(nanoseconds: 3_000_000_000_000)
    let addresses = ["AA:00:00:00:00:01", "AA:00:00:00:00:02", "AA:00:00:00:00:03"]
    for round in 0..<150 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...36, using: &rng))
      let precision = Precision.allCases.randomElement(using: &rng) ?? .cs
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: true, language: Bool.random(using: &rng) ? .en : .ko)
      var program = RideProgram(
        state: RideScreenState(ride: Ride(number: 1), precision: precision, now: origin), options: options, persistent: true)
      var now = origin
      for step in 0..<20 {
        now = now + .nanoseconds(Int64.random(in: 0...2_500_000_000, using: &rng))
        let address = addresses.randomElement(using: &rng) ?? addresses[0]
        let input: Input =
          switch Int.random(in: 0..<10, using: &rng) {
          case 0: .tick
          case 1, 2: .key(Self.keys.randomElement(using: &rng) ?? .other)
          case 3: .sensor(.lost(address: address))
          case 4: .sensor(.connected(address: address, name: nil))
          case 5, 6: .sensor(.measurement(address: address, .heartRate(.init(beatsPerMinute: Int.random(in: 50...190, using: &rng), contact: .detected))))
          default: .sensor(.measurement(address: address, .cyclingPower(.init(watts: Int.random(in: 0...900, using: &rng)))))
          }
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(precision), \(options.language), phase \(program.state.phase): \(breach)")
          return
        }
      }
    }
  }

  /// A runner's ride (`--lap-distance`): each done lap's pace and speed stand still, and the
  /// running lap shows none, so no candidate is needed for them.
  @Test func theRideScreenWithALapDistance() {
    var rng = SplitMix64(state: 0x5EED_0400)
    let origin = Instant(nanoseconds: 3_000_000_000_000)
    for round in 0..<150 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...36, using: &rng))
      let precision = Precision.allCases.randomElement(using: &rng) ?? .cs
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: true, language: Bool.random(using: &rng) ? .en : .ko)
      let distance = LapDistance(millimetres: Int64.random(in: 1_000...2_000_000, using: &rng))
      var state = RideOpening(
        restored: nil, precision: precision, splitGuard: .zero, lapDistance: distance,
        units: Bool.random(using: &rng) ? .metric : .imperial
      ).state(at: origin)
      state.clock.ride = Ride(number: 1)
      var program = RideProgram(state: state, options: options, persistent: true)
      var now = origin
      for step in 0..<14 {
        now = now + .nanoseconds(Int64.random(in: 0...2_500_000_000, using: &rng))
        let input: Input = Bool.random(using: &rng) ? .tick : .key(Self.keys.randomElement(using: &rng) ?? .other)
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(precision), \(options.language), phase \(program.state.phase): \(breach)")
          return
        }
      }
    }
  }

  @Test func theRideScreenWithAComparison() {
    // Earlier rides of the name with laps of a few seconds (some not whole hundredths), so
    // that rounds cross live deltas appearing, the predicted finish growing past a lap of the
    // comparison, a lap, an undo, a finished ride becoming the previous, and `c`.
    let keys: [Key] = [.character(" "), .character("l"), .character("l"), .character("u"), .character("r"), .character("c"), .character("?"), .escape]
    var rng = SplitMix64(state: 0x5EED_0013)
    let origin = Instant(nanoseconds: 6_000_000_000_000)
    for round in 0..<200 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...36, using: &rng))
      let precision = Precision.allCases.randomElement(using: &rng) ?? .cs
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: Bool.random(using: &rng), language: Bool.random(using: &rng) ? .en : .ko)
      var state = RideScreenState(ride: Ride(number: 5), precision: precision, now: origin)
      state.clock.name = "Loop"
      state.comparison.rideName = "Loop"
      state.comparison.comparisons.attempts["Loop"] = (1...Int.random(in: 1...3, using: &rng)).map { number in
        Attempt(number: number, laps: (0..<Int.random(in: 1...4, using: &rng)).map { _ in .milliseconds(Int64.random(in: 300...4_000, using: &rng)) })
      }
      state.comparison.comparisons.choices["Loop"] = ComparisonKind.allCases.randomElement(using: &rng)
      var program = RideProgram(state: state, options: options, persistent: true)
      var now = origin
      for step in 0..<16 {
        now = now + .nanoseconds(Int64.random(in: 0...2_500_000_000, using: &rng))
        let input: Input = Bool.random(using: &rng) ? .tick : .key(keys.randomElement(using: &rng) ?? .other)
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(precision), \(options.language), plain \(options.plain), phase \(program.state.phase), kind \(String(describing: program.state.comparisonKind)), laps \(program.state.clock.ride.splits.count), help \(program.state.chrome.showingHelp): \(breach)")
          return
        }
      }
    }
  }

  @Test func theRideScreenOnARoute() {
    // Routes of one to four segments of a few seconds with a few attempts behind them (some
    // skipped, some reset), so that rounds cross live deltas appearing on either rule, golds,
    // skips, the complete attempt stopping the clock, resets asked twice, and `c`.
    let keys: [Key] = [.character(" "), .character("l"), .character("l"), .character("s"), .character("u"), .character("r"), .character("r"), .character("c"), .character("?"), .escape]
    var rng = SplitMix64(state: 0x5EED_0014)
    let origin = Instant(nanoseconds: 8_000_000_000_000)
    for round in 0..<300 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...36, using: &rng))
      let precision = Precision.allCases.randomElement(using: &rng) ?? .cs
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: Bool.random(using: &rng), language: Bool.random(using: &rng) ? .en : .ko)
      let count = Int.random(in: 1...4, using: &rng)
      let attempts = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
        var split = Duration.zero
        let splits: [Duration?] = (0..<count).map { index in
          split += .milliseconds(Int64.random(in: 300...3_000, using: &rng))
          return index < count - 1 && Int.random(in: 0..<5, using: &rng) == 0 ? nil : split
        }
        return RouteAttemptLog.real(splits, complete: Bool.random(using: &rng))
      }
      let route = RouteTimer.apply(attempts, to: Route(name: "Run", segmentNames: (1...count).map { "Segment \($0)" }))
      var state = RideScreenState(ride: Ride(number: 9), precision: precision, now: origin)
      state.clock.name = "Run"
      state.comparison.rideName = "Run"
      state.route = RouteFeature(route: route)
      var program = RideProgram(state: state, options: options, persistent: true)
      var now = origin
      for step in 0..<16 {
        now = now + .nanoseconds(Int64.random(in: 0...2_500_000_000, using: &rng))
        let input: Input = Bool.random(using: &rng) ? .tick : .key(keys.randomElement(using: &rng) ?? .other)
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(precision), \(options.language), plain \(options.plain), phase \(program.state.phase), marks \(program.state.clock.ride.marks), segments \(count), help \(program.state.chrome.showingHelp): \(breach)")
          return
        }
      }
    }
  }

  @Test func aDeltaThatAppearsUnderTheHelpStillWakesTheTickerForItsMark() {
    // Lap 1 of the best is 0.741 s: at tenths the delta appears level (0.7 against 0.7,
    // no mark) under the help overlay, and 0.059 s later its mark, beside the overlay, turns
    // to behind and losing. Nothing visible changes at the first instant; the second must
    // still be found.
    let origin = Instant(nanoseconds: 7_000_000_000_000)
    var state = RideScreenState(ride: Ride(number: 2), precision: .ds, now: origin)
    state.clock.name = "Loop"
    state.comparison.rideName = "Loop"
    state.comparison.comparisons.attempts["Loop"] = [Attempt(number: 1, laps: [.milliseconds(741), .milliseconds(640)])]
    var program = RideProgram(state: state, options: ViewOptions(), persistent: true)
    _ = program.handle(Action(.key(.character(" ")), at: Now(monotonic: origin, wallMilliseconds: 0)))
    _ = program.handle(Action(.key(.character("?")), at: Now(monotonic: origin, wallMilliseconds: 0)))
    let size = Size(columns: 60, rows: 12)
    let frame = program.render(size: size)
    #expect(program.nextChange(from: frame) == origin + .milliseconds(800))
    var later = program
    _ = later.handle(Action(.tick, at: Now(monotonic: origin + .milliseconds(800), wallMilliseconds: 0)))
    #expect(later.render(size: size).lines.contains { $0.contains("⇊") })
  }

  @Test func theWorkoutScreen() {
    // Short steps, so that rounds cross step ends, cues, flashes, a lap step, the summary and
    // riding on after it; a skip (`l`) puts the step's seconds off the ride's.
    let plan = Workout(name: "Short", ftp: 200, steps: [
      WorkoutStep(name: "Up", kind: .warmup, length: .seconds(4), target: .ramp(from: 50, to: 75),
                  cues: [WorkoutStep.Cue(offset: 1, text: "Spin")]),
      WorkoutStep(name: "Ready?", kind: .free, length: .untilLap),
      WorkoutStep(name: "Hard", kind: .active, length: .seconds(3), target: .steady(low: 90, high: 95), cadence: 95,
                  cues: [WorkoutStep.Cue(offset: 0, text: "Go"), WorkoutStep.Cue(offset: 2, text: "Hold")]),
      WorkoutStep(name: "Easy", kind: .rest, length: .seconds(5), target: .steady(low: 50, high: 50)),
      WorkoutStep(name: "Down", kind: .cooldown, length: .seconds(2), target: .ramp(from: 60, to: 40)),
    ])
    var rng = SplitMix64(state: 0x5EED_0012)
    let origin = Instant(nanoseconds: 5_000_000_000_000)
    for round in 0..<200 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...36, using: &rng))
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: true, language: Bool.random(using: &rng) ? .en : .ko)
      let steps = Bool.random(using: &rng) ? 0 : Int.random(in: 1...3, using: &rng)
      var state = RideScreenState(ride: Ride(number: 1), precision: .s, countdownSteps: steps, now: origin)
      state.following.run = WorkoutRun(plan: plan, source: WorkoutSource(text: "short"))
      var program = RideProgram(state: state, options: options, persistent: true)
      var now = origin
      for step in 0..<16 {
        now = now + .nanoseconds(Int64.random(in: 0...2_500_000_000, using: &rng))
        let input: Input = Bool.random(using: &rng) ? .tick : .key(Self.keys.randomElement(using: &rng) ?? .other)
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(options.language), plain \(options.plain), phase \(program.state.phase), help \(program.state.chrome.showingHelp): \(breach)")
          return
        }
      }
    }
  }

  @Test func theCountdownScreen() {
    var rng = SplitMix64(state: 0x5EED_0011)
    let start = Now(monotonic: Instant(nanoseconds: 4_000_000_000_000), wallMilliseconds: 1_795_341_600_000)
    for round in 0..<200 {
      let size = Size(columns: Int.random(in: 1...100, using: &rng), rows: Int.random(in: 1...30, using: &rng))
      let options = ViewOptions(plain: Bool.random(using: &rng), colors: true, language: Bool.random(using: &rng) ? .en : .ko)
      let choices: [Int64] = [3, 75, 3_725, 90_061, 1_000_000]
      let seconds: Int64 = choices.randomElement(using: &rng) ?? 3
      let state = CountdownState(target: .duration(Duration.seconds(seconds)), start: start)
      var program = CountdownProgram(state: state, options: options)
      var now = start.monotonic
      for step in 0..<10 {
        now = now + .nanoseconds(Int64.random(in: 0...1_500_000_000, using: &rng))
        let keys: [Key] = [.character(" "), .character("?"), .escape, .character("x")]
        let input: Input = Bool.random(using: &rng) ? .tick : .key(keys.randomElement(using: &rng) ?? .other)
        _ = program.handle(Action(input, at: Now(monotonic: now, wallMilliseconds: 0)))
        if let breach = Self.breach(program, now: program.state.now.monotonic, size: size, rng: &rng) {
          Issue.record("round \(round) step \(step), \(size), \(seconds) s, plain \(options.plain), phase \(program.state.phase): \(breach)")
          return
        }
      }
    }
  }
}
