import Synchronization
import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

/// The boot clock's reading when a harness's test clock reads zero.
let origin = Instant(nanoseconds: 1_000_000_000_000)

/// One program on the runtime, on a test clock, drawing into an in-memory terminal: every
/// runtime test starts here. The ride screen's and the countdown's ways to build one are below
/// and beside their tests (`compared`, `workout`, `countdown`).
@MainActor
struct RuntimeHarness<P: Program> {
  let clock = TestClock()
  /// The wall clock, moved only by `advance(_:)` (or by a test).
  let wall: SettableWallClock
  /// What the runtime drew, whatever terminal it drew through.
  let backend: MemoryBackend
  /// The cues `--cue-cmd` would have been run for.
  let cues = RecordingCues()
  let runtime: Runtime<P, TestClock>

  /// - Parameters:
  ///   - boot: the boot clock's reading at the test clock's zero.
  ///   - terminal: what the runtime draws through (a plain memory terminal unless told).
  ///   - program: the program, built with the harness's clocks.
  init(
    boot: Instant = origin, wall: SettableWallClock = SettableWallClock(1_790_000_000_000),
    terminal: (any MemoryTerminal)? = nil, sink: (any EventSink)? = nil,
    program: (TimeSource<TestClock>) -> P
  ) {
    self.wall = wall
    let terminal = terminal ?? MemoryBackend(size: Size(columns: 80, rows: 24))
    backend = terminal.memory
    let time = TimeSource(clock: clock, origin: clock.now, originInstant: boot, wallClock: { wall.milliseconds })
    runtime = Runtime(
      program: program(time), backend: terminal, time: time, sink: sink, cues: cues, executor: clock.executor,
      journalProblem: { _ in "Cannot write the journal" })
    runtime.start()
  }

  func press(_ character: Character) async {
    runtime.send(.key(.character(character)))
    await clock.settle()
  }

  /// Moves the test clock and the wall clock together.
  func advance(_ d: Duration) async {
    wall.step(by: d.milliseconds)
    await clock.advance(by: d)
  }

  /// Moves the test clock on in steps of 50 ms, so that every deadline on the way is met on time.
  func run(for duration: Duration) async {
    var left = duration
    while left > .zero {
      let step = min(left, .milliseconds(50))
      await clock.advance(by: step)
      left -= step
    }
  }

  func at(_ d: Duration) -> TestClock.Instant { TestClock.Instant(offset: d) }
}

typealias RideHarness = RuntimeHarness<RideProgram>

extension RuntimeHarness where P == RideProgram {
  /// Ride `ride` in plain mode unless told, kept in the journal when there is a sink; `edit`
  /// adds what the ride screen opens with (a name, comparisons, a workout).
  init(
    ride: Int = 1, precision: Precision = .s, countdown: Int = 0, plain: Bool = true, sink: (any EventSink)? = nil,
    terminal: (any MemoryTerminal)? = nil, edit: (inout RideScreenState) -> Void = { _ in }
  ) {
    self.init(terminal: terminal, sink: sink) { _ in
      var state = RideScreenState(ride: Ride(number: ride), precision: precision, countdownSteps: countdown, now: origin)
      edit(&state)
      return RideProgram(state: state, options: ViewOptions(plain: plain, colors: false), persistent: sink != nil)
    }
  }

  /// The moving time as the screen shows it (the first time from the top, in plain mode).
  var shownTime: String? {
    backend.frame.lines.lazy.compactMap { $0.firstMatch(of: /\d\d:\d\d:\d\d(\.\d+)?/) }.first.map { String($0.output.0) }
  }
}

// MARK: Terminals, sinks and cues

/// A terminal the harness can read: the in-memory one, or one drawing through it.
@MainActor
protocol MemoryTerminal: TerminalBackend {
  var memory: MemoryBackend { get }
}

extension MemoryBackend: MemoryTerminal {
  var memory: MemoryBackend { self }
}

/// A wall clock a test can set, apart from the monotonic test clock.
final class SettableWallClock: Sendable {
  private let value: Mutex<Int64>
  init(_ start: Int64) { value = Mutex(start) }
  var milliseconds: Int64 { value.withLock { $0 } }
  func step(by ms: Int64) { value.withLock { $0 += ms } }
}

/// Records what `--cue-cmd` would have been run for.
@MainActor
final class RecordingCues: CueRunner {
  var cues: [WorkoutCue] = []
  func run(_ cue: WorkoutCue, failed: @escaping @MainActor (String) -> Void) { cues.append(cue) }
}

/// An event sink that can be told to fail, as a full disk would.
final class ArraySink: EventSink {
  var events: [(RideEvent, Int)] = []
  var walls: [Int64] = []
  /// The remote commands' receipts, each with the index of the event it was written with.
  var receipts: [String: (receipt: RemoteReceipt, event: Int)] = [:]
  var failing = false
  struct DiskFull: Error {}

  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws {
    try append(event, ride: ride, wallMilliseconds: wallMilliseconds, receipt: nil)
  }

  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64, receipt: RemoteReceipt?) throws {
    if failing { throw DiskFull() }
    events.append((event, ride))
    walls.append(wallMilliseconds)
    if let receipt { receipts[receipt.id] = (receipt, events.count - 1) }
  }

  func receipt(id: String) throws -> RemoteReceipt? { receipts[id]?.receipt }

  /// The sensor samples written, with their ride.
  var samples: [(sample: SensorSample, ride: Int)] = []

  func append(_ sample: SensorSample, ride: Int) throws {
    if failing { throw DiskFull() }
    samples.append((sample, ride))
  }

  /// Each event as (kind, ms after `origin`, how a step ended).
  var timeline: [(RideEvent.Kind, Int64, StepEnd?)] {
    events.map { ($0.0.kind, ($0.0.at - origin).milliseconds, $0.0.stepEnd) }
  }
}

/// What the journal and the terminal did, in order.
final class OrderLog { var entries: [String] = [] }

final class LoggingSink: EventSink {
  let log: OrderLog
  init(_ log: OrderLog) { self.log = log }
  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws { log.entries.append("journal \(event.kind)") }
}

/// A memory terminal that logs each draw with what it shows: the state and the newest lap.
@MainActor
final class LoggingBackend: MemoryTerminal {
  let memory = MemoryBackend(size: Size(columns: 80, rows: 24))
  let log: OrderLog
  init(_ log: OrderLog) { self.log = log }
  func size() -> Size { memory.size() }
  func draw(_ runs: [Screen.Run], full: Bool) {
    memory.draw(runs, full: full)
    let lines = memory.frame.lines
    if lines.contains(where: { $0.contains("PAUSED") }) {
      log.entries.append("draw PAUSED")
    } else if lines.contains(where: { $0.contains("Laps 1") }) {
      log.entries.append("draw lap 1")
    } else {
      log.entries.append("draw")
    }
  }
  func bell() { memory.bell() }
  func suspend() { memory.suspend() }
  func resume() { memory.resume() }
}
