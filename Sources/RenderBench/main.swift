import SplitsCore
import SplitsRender
import SplitsRuntime

// Renders screens the way the runtime does on every tick: the whole frame at a new instant,
// then its difference to the previous frame. Prints microseconds per frame for each variant.
//
//   splits-render-bench [frames]     (default 20,000)

let frames = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
let size = Size(columns: 80, rows: 24)

func instant(_ ms: Int64) -> Instant { Instant(nanoseconds: 9_000_000_000 + ms * 1_000_000) }

/// A ride an hour in at hundredths, paused once, with three laps: the running ride screen.
func runningRide() -> RideScreenState {
  var state = RideScreenState(ride: Ride(number: 12), precision: .cs, now: instant(0))
  let keys: [(Character, Int64)] = [
    (" ", 0), ("l", 600_000), ("l", 1_150_250), (" ", 1_500_000), (" ", 1_560_000), ("l", 2_400_990),
  ]
  for (key, at) in keys { _ = RideReducer.reduce(&state, Action(.key(.character(key)), at: Now(monotonic: instant(at), wallMilliseconds: 0))) }
  return state
}

/// Renders `frames` frames (frame `i` from `frame(i)`), each diffed against the one before,
/// and returns microseconds per frame.
func measure(_ frame: (Int) -> Screen) -> Double {
  var previous: Screen? = frame(-1)
  var runs = 0
  let clock = ContinuousClock()
  let start = clock.now
  for i in 0..<frames {
    let screen = frame(i)
    runs &+= screen.changes(since: previous).count
    previous = screen
  }
  // Keep the result alive so nothing is optimised away.
  if runs == -1 { print(runs) }
  return perFrame(clock.now - start)
}

let ride = runningRide()
func rideFrame(_ options: ViewOptions) -> (Int) -> Screen {
  { i in
    var state = ride
    // One hundredth per frame, from 1 h 2 min in: the digits change on every frame.
    state.now = instant(3_725_456 + Int64(i) * 10)
    return RideView.render(state, size: size, options: options)
  }
}

let countdownStart = Now(monotonic: instant(0), wallMilliseconds: 1_795_341_600_000)
let countdown = CountdownState(target: .duration(.seconds(86_400)), start: countdownStart)
func countdownFrame(_ options: ViewOptions) -> (Int) -> Screen {
  { i in
    var state = countdown
    // One second per frame: the remaining time changes on every frame.
    let ms = Int64(i + 1) * 1_000 + 500
    let now = Now(monotonic: instant(ms), wallMilliseconds: countdownStart.wallMilliseconds + ms)
    _ = CountdownReducer.reduce(&state, Action(.tick, at: now))
    return CountdownView.render(state, size: size, options: options)
  }
}

let variants: [(String, (Int) -> Screen)] = [
  ("ride, running, 3 laps, big digits", rideFrame(ViewOptions())),
  ("ride, running, 3 laps, --plain", rideFrame(ViewOptions(plain: true))),
  ("countdown, big digits", countdownFrame(ViewOptions())),
  ("countdown, --plain", countdownFrame(ViewOptions(plain: true))),
]

/// The ticker's work per displayed change on the running ride screen at hundredths, as the
/// runtime does it: the tick applied, the frame found with the deadline diffed against the
/// one before, and the next deadline and its frame found (`Program.upcoming`: the clock's
/// figures written again where it can, else a render).
@MainActor func measureTicker(_ options: ViewOptions) -> Double {
  var state = ride
  state.now = instant(3_725_456)
  var program = RideProgram(state: state, options: options, persistent: true)
  var frame = program.render(size: size)
  var upcoming = program.upcoming(from: frame)
  var runs = 0
  let clock = ContinuousClock()
  let start = clock.now
  for _ in 0..<frames {
    // As `Runtime.tick` does it: nothing but the frame shown and the spare keeps the frame
    // before, so that the next frame is written into its cells.
    guard let at = upcoming?.at else { break }
    var known = upcoming?.frame(at: at)
    let following = upcoming?.following
    upcoming = nil
    _ = program.handle(Action(.tick, at: Now(monotonic: at, wallMilliseconds: 0)))
    let reused = known != nil
    var before: Screen? = frame
    frame = known ?? program.render(size: size)
    known = nil
    runs &+= before.map { frame.changes(since: $0).count } ?? 0
    let spare = reused ? frame.shown(after: before) : nil
    before = nil
    upcoming = program.upcoming(from: frame, first: reused ? following : nil, spare: consume spare)
  }
  if runs == -1 { print(runs) }
  return perFrame(clock.now - start)
}

/// The running ride with 40 laps more, the ride the lap keys below are pressed on.
@MainActor func fortyLaps(_ options: ViewOptions) -> RideProgram {
  var program = RideProgram(state: ride, options: options, persistent: true)
  for lap in 0..<40 {
    let at = Now(monotonic: instant(2_500_000 + Int64(lap) * 61_230), wallMilliseconds: 0)
    _ = program.handle(Action(.key(.character("l")), at: at))
  }
  return program
}

/// A lap key's work beyond the journal on a ride with 40 laps: the key applied to the ride, the
/// whole frame rendered and diffed against the frame before the key.
@MainActor func measureLapKey(_ options: ViewOptions) -> Double {
  let base = fortyLaps(options)
  var runs = 0
  let clock = ContinuousClock()
  let start = clock.now
  for i in 0..<frames {
    var (program, before, at) = beforeLapKey(base, i)
    runs &+= pressLap(&program, at: at, since: before)
  }
  if runs == -1 { print(runs) }
  return perFrame(clock.now - start)
}

/// The ride of `base` ticked at the `i`-th key's instant and its frame rendered: where a lap
/// key finds the screen.
@MainActor func beforeLapKey(_ base: RideProgram, _ i: Int) -> (RideProgram, Screen, Now) {
  var program = base
  let at = Now(monotonic: instant(5_000_000 + Int64(i) * 10), wallMilliseconds: 0)
  _ = program.handle(Action(.tick, at: at))
  return (program, program.render(size: size), at)
}

/// The lap key: applied, the frame rendered and diffed against `before`; the runs written.
@MainActor func pressLap(_ program: inout RideProgram, at: Now, since before: Screen) -> Int {
  _ = program.handle(Action(.key(.character("l")), at: at))
  return program.render(size: size).changes(since: before).count
}

/// The same lap key as `measureLapKey`, each after 64 MB have been read and written (the caches
/// swept, as after the half second or more a screen waits between keys), timing only the key:
/// what a key costs cold. `frames / 20` keys.
@MainActor func measureColdLapKey(_ options: ViewOptions) -> Double {
  let base = fortyLaps(options)
  var sweep = [UInt64](repeating: 1, count: 8 << 20)
  var runs = 0
  let keys = max(1, frames / 20)
  let clock = ContinuousClock()
  var inKeys = Duration.zero
  for i in 0..<keys {
    var (program, before, at) = beforeLapKey(base, i)
    sweep.withUnsafeMutableBufferPointer { words in
      for index in stride(from: 0, to: words.count, by: 8) { words[index] &+= 1 }
    }
    let start = clock.now
    runs &+= pressLap(&program, at: at, since: before)
    inKeys += clock.now - start
  }
  if runs == -1 || sweep[0] == 0 { print(runs) }
  return perFrame(inKeys) * Double(frames) / Double(keys)
}

/// Microseconds a frame, for `frames` frames in `elapsed`.
func perFrame(_ elapsed: Duration) -> Double {
  let (seconds, attoseconds) = elapsed.components
  return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(frames)
}

func format(_ micros: Double) -> String { "\((micros * 10).rounded() / 10)" }

/// Runs `measure` once to warm up, then three times; prints the median and the best.
func report(_ name: String, _ measure: () -> Double) {
  _ = measure()
  let rounds = (0..<3).map { _ in measure() }.sorted()
  let padded = name + String(repeating: " ", count: max(0, 36 - name.count))
  print("\(padded) \(format(rounds[1])) µs/frame (\(format(rounds[0])))")
}

// The cores may be shared: each variant runs three times after a warm-up; the median and the
// best of the three are printed.
print("render + changes(since:), \(size), \(frames) frames each, median (best) of 3")
for (name, frame) in variants { report(name) { measure(frame) } }

print("the ticker's work per change at hundredths (tick, diff, next deadline), \(size), \(frames) frames each")
for (name, options) in [("ride, running, 3 laps, big digits", ViewOptions()), ("ride, running, 3 laps, --plain", ViewOptions(plain: true))] {
  report(name) { MainActor.assumeIsolated { measureTicker(options) } }
}

print("a lap key on a ride of 40 laps (tick and render before; key, render, diff), \(size), \(frames) frames each")
for (name, options) in [("ride, 40 laps, big digits", ViewOptions()), ("ride, 40 laps, --plain", ViewOptions(plain: true))] {
  report(name) { MainActor.assumeIsolated { measureLapKey(options) } }
}

print("the same lap key alone, after the caches are swept (64 MB), \(size), \(max(1, frames / 20)) keys each")
for (name, options) in [("ride, 40 laps, big digits", ViewOptions()), ("ride, 40 laps, --plain", ViewOptions(plain: true))] {
  report(name) { MainActor.assumeIsolated { measureColdLapKey(options) } }
}
