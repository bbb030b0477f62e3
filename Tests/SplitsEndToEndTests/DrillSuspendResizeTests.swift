import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drill (issue 6): stops and resizes by the hundred while a ride runs. No crash, the
/// final screen right (the same as a full redraw of it), the time right by the test's own
/// clock, and the terminal restored afterwards.
///
/// splits runs as `sh -c 'splits --plain; exit $?'` inside the shell pane: the job-control
/// shell waits for `sh`, not for splits, so a splits that stops itself on SIGTSTP stays in
/// the foreground (as under `kill -STOP` from elsewhere), and `stty -a` can still be run in
/// the pane at the end.
@Suite("Drill: SIGTSTP/SIGCONT and resize storms", .serialized, DrillScale.timeLimit(fastMinutes: 2, fullMinutes: 10))
struct DrillSuspendResizeTests {
  static let command = "sh -c 'splits --plain; exit $?'"

  /// Starts a ride in a fresh shell pane; returns the pane, the job, splits' pid and the book
  /// with the start in it.
  static func startRide(_ options: TmuxSession.Options = .init()) async throws
    -> (TmuxSession, TmuxSession.Job, pid_t, MovingBook)
  {
    let tmux = try await TmuxSession.shell(options)
    do {
      let job = try await tmux.start(command)
      try await tmux.waitFor("READY") { $0.state == "READY" }
      let pid = try await tmux.splitsDescendantPID()
      var book = MovingBook()
      let start = try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
      book.started(start.window)
      return (tmux, job, pid, book)
    } catch {
      tmux.close()
      throw error
    }
  }

  /// Pauses, checks the paused time against the book and that the frame is the one a full
  /// redraw gives (a stop and continue redraws everything), quits with 0 and checks `stty`.
  static func finish(
    _ tmux: TmuxSession, _ job: TmuxSession.Job, _ pid: pid_t, _ book: inout MovingBook, drill: String
  ) async throws {
    let pause = try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" && $0.movingClock != nil }
    book.paused(pause.window)
    let still = try await tmux.waitForStillScreen()
    let shown = try #require(still.movingClock)
    expectMovingTime(shown, within: book.bounds(at: pause.window), "\(drill): paused after the storm\n\(still)")
    #expect(still.lines.count == 24, "\(still)")
    #expect(still.lastNonEmptyLine?.contains("q quit") == true, "the key line at the bottom:\n\(still)")

    // A full redraw of the same state must give the same frame: nothing stale left behind.
    // (The side panel's elapsed and paused totals go on counting while paused, so they are
    // masked.)
    #expect(kill(pid, SIGTSTP) == 0)
    #expect(try await DrillProcess.wait(pid, stopped: true), "splits stops on SIGTSTP")
    #expect(kill(pid, SIGCONT) == 0)
    try await tmux.waitFor("the frame redrawn after SIGCONT") { $0.state == "PAUSED" }
    let redrawn = try await tmux.waitForStillScreen()
    let differing = zip(masked(redrawn), masked(still)).enumerated().filter { $0.element.0 != $0.element.1 }
      .map { "row \($0.offset): before \($0.element.1.debugDescription), redrawn \($0.element.0.debugDescription)" }
    #expect(
      differing.isEmpty && redrawn.lines.count == still.lines.count,
      "\(drill): the frame left by the drill differs from a full redraw of it:\n\(differing.joined(separator: "\n"))\nbefore:\n\(still)\nredrawn:\n\(redrawn)")

    try await tmux.sendAsync(keys: ["q"])
    #expect(try await tmux.exitStatus(of: job) == 0)
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  /// The frame with the side panel's clocks (elapsed, paused total) masked.
  static func masked(_ screen: PaneText) -> [String] {
    screen.lines.map { line in
      line.contains("Elapsed") ? line.replacing(/\d{2,}:\d\d:\d\d/, with: "--:--:--") : line
    }
  }

  @Test("SIGTSTP then SIGCONT once it has stopped, 200 pairs in 10 s (full): the time and the frame right")
  func stopContinuePairs() async throws {
    let pairs = DrillScale.count(fast: 40, full: 200)
    let slot = Duration.milliseconds(50)  // 200 pairs in 10 s
    let (tmux, job, pid, started) = try await Self.startRide()
    var book = started
    defer { tmux.close() }
    let clock = ContinuousClock()
    let began = clock.now
    var toStop: [Duration] = []
    var toRun: [Duration] = []
    for i in 0..<pairs {
      try await Task.sleep(until: began + slot * i, clock: clock)
      let sent = clock.now
      #expect(kill(pid, SIGTSTP) == 0)
      let stopped = try await DrillProcess.wait(pid, stopped: true)
      try #require(stopped, "pair \(i + 1): splits did not stop within 5 s of SIGTSTP")
      toStop.append(clock.now - sent)
      let continued = clock.now
      #expect(kill(pid, SIGCONT) == 0)
      try #require(try await DrillProcess.wait(pid, stopped: false), "pair \(i + 1): still stopped 5 s after SIGCONT")
      toRun.append(clock.now - continued)
    }
    let took = clock.now - began
    let back = try await tmux.waitFor("RUNNING again after the pairs") {
      $0.state == "RUNNING" && $0.movingTime != nil
    }
    #expect(back.lines.count == 24)
    DrillReport.figure(
      "tstp-cont", "\(pairs) pairs in \(DrillReport.ms(took)); SIGTSTP to stopped \(DrillReport.spread(toStop)); SIGCONT to running \(DrillReport.spread(toRun))")
    try await Self.finish(tmux, job, pid, &book, drill: "\(pairs) SIGTSTP/SIGCONT pairs")
  }

  @Test("SIGTSTP and SIGCONT sent back to back: splits is never left stopped")
  func backToBackStopContinue() async throws {
    let pairs = DrillScale.count(fast: 20, full: 100)
    let (tmux, job, pid, started) = try await Self.startRide()
    var book = started
    defer { tmux.close() }
    var leftStopped: [Int] = []
    var takenBack: [Int] = []
    var last = Duration.zero
    for i in 0..<pairs {
      #expect(kill(pid, SIGTSTP) == 0)
      #expect(kill(pid, SIGCONT) == 0)
      // A kill -TSTP; kill -CONT leaves an ordinary program running. splits stops itself
      // after restoring the terminal; a SIGCONT that came first must not leave it stopped
      // for good.
      do {
        let screen = try await tmux.waitFor("pair \(i + 1): running and drawing", timeout: .seconds(3)) {
          !ProcessTable.isStopped(pid) && $0.state == "RUNNING" && ($0.movingTime ?? .zero) > last
        }
        last = screen.movingTime ?? last
      } catch {
        if ProcessTable.isStopped(pid) {
          leftStopped.append(i + 1)
          #expect(kill(pid, SIGCONT) == 0)
          _ = try await DrillProcess.wait(pid, stopped: false)
          continue
        }
        // When the stop came before the SIGCONT and the shell saw it, the shell took the
        // terminal back, and the SIGCONT continued splits in the background: running, not
        // drawing over the shell. `fg` (no SIGCONT for a running job) brings it back.
        guard !ProcessTable.ownsTerminal(pid) else { throw error }
        takenBack.append(i + 1)
        try tmux.type("fg")
        try tmux.send(keys: "Enter")
        let screen = try await tmux.waitFor("pair \(i + 1): drawing again after fg", timeout: .seconds(3)) {
          $0.state == "RUNNING" && ($0.movingTime ?? .zero) > last
        }
        last = screen.movingTime ?? last
      }
    }
    DrillReport.figure(
      "tstp-cont-back-to-back",
      "\(pairs) pairs; left stopped after \(leftStopped.count); continued in the background (the shell saw the stop; fg brought it back) after \(takenBack.count)")
    #expect(
      leftStopped.isEmpty,
      "splits stayed stopped after kill -TSTP; kill -CONT in \(leftStopped.count) of \(pairs) pairs (pairs \(leftStopped.prefix(20)))")
    try await Self.finish(tmux, job, pid, &book, drill: "back-to-back pairs")
  }

  @Test("1,000 resizes (full) from 1×1 to 300×100 and SIGWINCH at full speed: no crash, the time and the frame right")
  func resizeStorm() async throws {
    let resizes = DrillScale.count(fast: 150, full: 1000)
    var random = DrillRandom()
    let (tmux, job, pid, started) = try await Self.startRide()
    var book = started
    defer { tmux.close() }
    let clock = ContinuousClock()
    let began = clock.now
    var winches = 0
    var settles = 0
    for i in 1...resizes {
      // One resize-window per tmux call: tmux folds the resizes of one call (one turn of its
      // loop) into at most two for the terminal, and each must reach splits.
      let (width, height): (Int, Int)
      switch Int.random(in: 0..<10, using: &random) {
      case 0: (width, height) = (1, 1)
      case 1: (width, height) = (300, 100)
      case 2: (width, height) = (Int.random(in: 1...4, using: &random), Int.random(in: 1...3, using: &random))
      default: (width, height) = (Int.random(in: 1...300, using: &random), Int.random(in: 1...100, using: &random))
      }
      try await tmux.tmuxAsync(["resize-window", "-t", TmuxSession.target, "-x", String(width), "-y", String(height)])
      // And SIGWINCH straight to the process now and then, with or without a size change.
      if Int.random(in: 0..<4, using: &random) == 0 {
        #expect(kill(pid, SIGWINCH) == 0)
        winches += 1
      }
      try #require(DrillProcess.isAlive(pid), "splits died after \(i) resizes (\(random))")
      // Every 100: a size with room for the time, and splits must draw it there.
      if i % 100 == 0 {
        let (w, h) = (Int.random(in: 20...300, using: &random), Int.random(in: 5...100, using: &random))
        try await tmux.resize(width: w, height: h)
        try await tmux.waitFor("the time at \(w)×\(h) after \(i) resizes") {
          $0.lines.count == h && $0.state == "RUNNING" && $0.movingTime != nil
        }
        settles += 1
      }
    }
    let took = clock.now - began
    try await tmux.resize(width: 80, height: 24)
    // tmux reports the new size at once but hands it to the terminal (the pty, and so to
    // splits) later, folding queued sizes: judge the screen once the pty is 80×24 too and
    // splits has drawn since. (Judged before that, with a key pressed while tmux still
    // held back the final size, cells of an earlier size were on screen in 4 of 8 full runs;
    // after a 1 s pause, or with this wait, in none of 14.)
    let tty = try tmux.format("#{pane_tty}")
    _ = try await tmux.poll("the terminal itself at 80×24") {
      let size = try await Spawn.runAsync(["stty", "-F", tty, "size"])
      return size.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "24 80" ? true : nil
    }
    let settled = try await tmux.captureAsync().movingTime ?? .zero
    let back = try await tmux.waitFor("RUNNING at 80×24 after the storm, drawn since") {
      $0.state == "RUNNING" && $0.lines.count == 24 && ($0.movingTime ?? .zero) > settled
    }
    #expect(back.lines.count == 24)
    DrillReport.figure(
      "resize", "\(resizes) resize-window calls and \(winches) SIGWINCH in \(DrillReport.ms(took)), \(settles) checked redraws between; alive; \(random)")
    try await Self.finish(tmux, job, pid, &book, drill: "resize storm (\(random))")
  }
}
