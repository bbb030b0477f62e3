import Testing

@testable import SplitsCore
@testable import SplitsRender
@testable import SplitsRuntime

/// A terminal whose suspend lets wall-clock time pass, as a long Ctrl-Z does.
@MainActor
final class SuspendingBackend: MemoryTerminal {
  let memory = MemoryBackend(size: Size(columns: 80, rows: 24))
  let wall: SettableWallClock
  let stopped: Int64
  init(wall: SettableWallClock, stoppedMilliseconds: Int64) {
    self.wall = wall
    stopped = stoppedMilliseconds
  }
  func size() -> Size { memory.size() }
  func draw(_ runs: [Screen.Run], full: Bool) { memory.draw(runs, full: full) }
  func bell() { memory.bell() }
  func suspend() {
    wall.step(by: stopped)
    memory.suspend()
  }
  func resume() { memory.resume() }
}

typealias CountdownHarness = RuntimeHarness<CountdownProgram>

extension RuntimeHarness where P == CountdownProgram {
  static var bootOrigin: Instant { Instant(nanoseconds: 2_000_000_000_000) }
  static var wallStart: Int64 { 1_795_341_600_000 }

  /// The countdown screen, its wall clock at `wallStart`.
  static func countdown(
    _ target: CountdownTarget, bell: Bool = true, exit: Bool = false, language: Language = .en,
    suspendFor stopped: Int64? = nil
  ) -> CountdownHarness {
    let wall = SettableWallClock(wallStart)
    return CountdownHarness(
      boot: bootOrigin, wall: wall, terminal: stopped.map { SuspendingBackend(wall: wall, stoppedMilliseconds: $0) }
    ) { time in
      let state = CountdownState(target: target, ringsBell: bell, exitsAtZero: exit, start: time.now())
      return CountdownProgram(state: state, options: ViewOptions(plain: true, colors: false, language: language))
    }
  }

  /// The first line under the title (plain mode): label and time.
  var shown: String {
    var line = Substring(backend.frame.lines[1])
    while line.first == " " { line.removeFirst() }
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}

@MainActor
@Suite("Countdown program on the runtime and a test clock", .serialized, .timeLimit(.minutes(1)))
struct CountdownProgramTests {
  @Test("`3s --exit`: one tick per second, zeros, one bell, exit 0 exactly at 3 s, no task left")
  func threeSecondsWithExit() async {
    let rig = CountdownHarness.countdown(.duration(.seconds(3)), exit: true)
    await rig.clock.settle()
    #expect(rig.shown == "Ends in 00:00:03")
    #expect(rig.clock.deadlines == [rig.at(.seconds(1))])
    await rig.advance(.seconds(1))
    #expect(rig.shown == "Ends in 00:00:02")
    await rig.advance(.milliseconds(1999))
    #expect(rig.shown == "Ends in 00:00:01")
    #expect(rig.runtime.exitStatus == nil)
    await rig.advance(.milliseconds(1))
    #expect(rig.runtime.exitStatus == .success)
    #expect(rig.backend.bells == 1)
    #expect(rig.clock.deadlines == [rig.at(.seconds(1)), rig.at(.seconds(2)), rig.at(.seconds(3))])
    #expect(!rig.runtime.isTicking)
    #expect(rig.clock.sleeperCount == 0)
    #expect(rig.runtime.program.summary() == "Countdown ended")
  }

  @Test("Without --exit the screen stays on Ended with zeros, and nothing wakes any more")
  func endsAndStops() async {
    let rig = CountdownHarness.countdown(.duration(.seconds(2)), language: .ko)
    await rig.advance(.seconds(2))
    #expect(rig.shown == "종료     00:00:00")
    #expect(rig.runtime.exitStatus == nil)
    #expect(rig.backend.bells == 1)
    #expect(!rig.runtime.isTicking)
    #expect(rig.clock.sleeperCount == 0)
    let asked = rig.clock.deadlines.count
    await rig.advance(.seconds(60))
    #expect(rig.backend.bells == 1)
    #expect(rig.clock.deadlines.count == asked)
    await rig.press("q")
    #expect(rig.runtime.exitStatus == .success)
    #expect(rig.runtime.program.summary() == "카운트다운 종료")
  }

  @Test("q before zero with --exit exits 1, with the time left in the summary")
  func quitEarly() async {
    let rig = CountdownHarness.countdown(.duration(.seconds(90)), exit: true)
    await rig.advance(.milliseconds(30_500))
    await rig.press("q")
    #expect(rig.runtime.exitStatus == .failure)
    #expect(rig.backend.bells == 0)
    #expect(rig.runtime.program.summary() == "Countdown stopped with 00:01:00 left")
  }

  @Test("--no-bell: zero without the bell")
  func noBell() async {
    let rig = CountdownHarness.countdown(.duration(.seconds(1)), bell: false, exit: true)
    await rig.advance(.seconds(1))
    #expect(rig.runtime.exitStatus == .success)
    #expect(rig.backend.bells == 0)
  }

  @Test("Pausing a duration stops the ticker; resuming picks up where it was")
  func pauseStopsTicker() async {
    let rig = CountdownHarness.countdown(.duration(.seconds(10)))
    await rig.advance(.milliseconds(2500))
    await rig.press(" ")
    #expect(rig.shown == "Paused  00:00:08")
    #expect(!rig.runtime.isTicking)
    #expect(rig.clock.sleeperCount == 0)
    await rig.advance(.seconds(100))
    #expect(rig.shown == "Paused  00:00:08")
    await rig.press(" ")
    #expect(rig.clock.deadlines.last == rig.at(.milliseconds(103_000)))
    await rig.advance(.milliseconds(7500))
    #expect(rig.shown == "Ended   00:00:00")
  }

  @Test("A date follows the wall clock: a step of +1 h is shown at the next tick")
  func dateFollowsWallClock() async {
    let rig = CountdownHarness.countdown(.date(wallMilliseconds: CountdownHarness.wallStart + 2 * 3_600_000))
    #expect(rig.shown == "Ends in 02:00:00")
    rig.wall.step(by: 3_600_000)
    await rig.advance(.seconds(1))
    #expect(rig.shown == "Ends in 00:59:59")
    rig.wall.step(by: -7_200_000 + 400)
    await rig.advance(.seconds(1))
    // 2 h 59 min 57.6 s left: shown rounded up, and the next change 0.6 s later.
    #expect(rig.shown == "Ends in 02:59:58")
    #expect(rig.clock.deadlines.last == rig.at(.milliseconds(2600)))
  }

  @Test("A date target in the past starts at zeros, without a bell or a ticker")
  func pastDate() async {
    let rig = CountdownHarness.countdown(.date(wallMilliseconds: CountdownHarness.wallStart - 1000))
    await rig.clock.settle()
    #expect(rig.shown == "Ended   00:00:00")
    #expect(rig.backend.bells == 0)
    #expect(!rig.runtime.isTicking)
    #expect(rig.runtime.exitStatus == nil)
  }

  @Test("A date target in the past with --exit exits 0 at once")
  func pastDateWithExit() async {
    let rig = CountdownHarness.countdown(.date(wallMilliseconds: 0), exit: true)
    await rig.clock.settle()
    #expect(rig.runtime.exitStatus == .success)
    #expect(rig.backend.bells == 0)
  }

  @Test("A date that passes during Ctrl-Z: the countdown ends on resume and --exit still exits 0")
  func endsWhileSuspended() async {
    let rig = CountdownHarness.countdown(.date(wallMilliseconds: CountdownHarness.wallStart + 60_000), exit: true, suspendFor: 120_000)
    await rig.advance(.seconds(1))
    rig.runtime.send(.signal(.suspend))
    await rig.clock.settle()
    #expect(rig.backend.suspends == 1)
    #expect(rig.runtime.exitStatus == .success)
  }

  @Test("Ctrl-C exits 130 and SIGTERM 143, whatever the countdown's state")
  func signals() async {
    let a = CountdownHarness.countdown(.duration(.seconds(10)), exit: true)
    a.runtime.send(.signal(.interrupt))
    #expect(a.runtime.exitStatus == .interrupt)
    let b = CountdownHarness.countdown(.date(wallMilliseconds: 0))
    b.runtime.send(.signal(.terminate))
    #expect(b.runtime.exitStatus == .terminate)
  }
}
