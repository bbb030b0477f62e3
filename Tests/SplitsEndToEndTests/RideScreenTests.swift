import Testing

/// The ride screen of the real `splits` in a real terminal (tmux): keys, states, laps, the
/// pre-start countdown and the summary after quitting. Contract: product.md, issue 2.
@Suite("Ride screen, end to end", .timeLimit(.minutes(1)))
struct RideScreenTests {
  @Test("space starts, l records laps, space pauses and resumes, q quits with a summary")
  func startLapsPauseResumeQuit() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    try await tmux.waitFor("READY at zero") { $0.state == "READY" && $0.movingTime == .zero }

    try tmux.send(keys: "Space")
    let started = try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" && $0.movingTime != nil }
    let first = try #require(started.movingTime)
    try await tmux.waitFor("the moving time to move") { ($0.movingTime ?? .zero) > first }

    try tmux.send(keys: "l")
    try await tmux.waitFor("lap row 1") { $0.lapNumbers == [1] }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap rows 2 and 1, newest first") { $0.lapNumbers == [2, 1] }

    try tmux.send(keys: "Space")
    let paused = try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    let pausedAt = try #require(paused.movingTime)
    try await Task.sleep(for: .milliseconds(300))
    let later = try await tmux.captureAsync()
    #expect(later.state == "PAUSED")
    #expect(later.movingTime == pausedAt, "the time stands still while paused:\n\(later)")
    #expect(later.lapNumbers == [2, 1])

    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING again, the time moving on") {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) > pausedAt
    }

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let after = try await tmux.waitForPrompt()
    // On the normal screen: the command line, one summary line, the prompt.
    let summary = after.nonEmptyLines.filter { !ClockText.all(in: $0).isEmpty }
    #expect(summary.count == 1, "one summary line:\n\(after)")
    let line = try #require(summary.first)
    #expect(line.contains("2 laps"), "the summary names the laps: \(line)")
    let moving = try #require(ClockText.all(in: line).first).duration
    #expect(moving > pausedAt, "the summary has the moving time: \(line)")
  }

  @Test("--countdown 3 shows 3, 2, 1, then RUNNING with the clock started at its end")
  func countdownThenRunning() async throws {
    let clock = ContinuousClock()
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0 --countdown 3")
    try await tmux.waitFor("READY") { $0.state == "READY" }

    let pressed = clock.now
    try tmux.send(keys: "Space")
    var steps: [Int] = []
    var seenAt = [pressed]
    let running = try await tmux.waitFor("RUNNING after the countdown") { screen in
      seenAt.append(clock.now)
      if let step = screen.countdownStep, steps.last != step { steps.append(step) }
      return screen.state == "RUNNING"
    }
    let runningSeen = clock.now

    // Only counting down, one step at a time, from 3.
    #expect(steps.allSatisfy { (1...3).contains($0) }, "steps seen: \(steps)")
    #expect(steps == steps.sorted(by: >), "steps seen: \(steps)")
    // Each step shows for a second: with captures less than a second apart at least one
    // was seen, less than half a second apart all three. (On a machine too loaded for that,
    // the order above still holds.)
    let widestGap = zip(seenAt, seenAt.dropFirst()).map { $1 - $0 }.max() ?? .zero
    if widestGap < .seconds(1) {
      #expect(!steps.isEmpty, "no step seen with captures at most \(widestGap) apart")
    }
    if widestGap < .milliseconds(500) {
      #expect(steps == [3, 2, 1], "steps seen with captures at most \(widestGap) apart")
    }
    // The countdown began when the key arrived (after `pressed`) and the ride's clock
    // starts when it ends: RUNNING is never seen before 3 s, and the moving time shown is
    // never more than the time since `pressed` + 3 s.
    #expect(runningSeen - pressed >= .seconds(3), "RUNNING after \(runningSeen - pressed)")
    let moving = try #require(running.movingTime)
    #expect(moving <= runningSeen - pressed - .seconds(3), "moving time right after the countdown:\n\(running)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("Esc during the countdown cancels it back to READY, and nothing starts later")
  func escapeCancelsCountdown() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // 9 rather than 3 steps: room for Esc to arrive in time on a loaded machine (with the
    // whole end-to-end suite running on two cores, a capture can take seconds).
    let steps = 9
    let job = try await tmux.start("splits --plain --split-guard 0 --countdown \(steps)")
    try await tmux.waitFor("READY") { $0.state == "READY" }

    let clock = ContinuousClock()
    let pressed = clock.now
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the countdown") { $0.countdownStep != nil }
    try tmux.send(keys: "Escape")
    try await tmux.waitFor("READY after Esc") { $0.state == "READY" }

    // Past the instant the countdown would have ended: still READY, still zero.
    try await Task.sleep(until: pressed + .seconds(steps) + .milliseconds(500), clock: clock)
    let later = try await tmux.captureAsync()
    #expect(later.state == "READY", "still READY after the countdown's end:\n\(later)")
    #expect(later.movingTime == .zero, "nothing ran:\n\(later)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("r while paused finishes the ride: its summary, then after a key READY at zero, the next ride's number")
  func finishReturnsToReady() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    let ready = try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" && ($0.movingTime ?? .zero) > .zero }
    try tmux.send(keys: "l")
    try await tmux.waitFor("lap row 1") { $0.lapNumbers == [1] }
    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }

    try tmux.send(keys: "r")
    try await tmux.waitFor("the summary after r") { $0.state == "READY" && $0.contains("Ride 1 finished") }
    // Any key ends the summary; Esc does nothing else on a ready screen.
    try tmux.send(keys: "Escape")
    let finished = try await tmux.waitFor("READY at zero") { $0.state == "READY" && !$0.contains("finished") }
    #expect(finished.movingTime == .zero, "a new ride at zero:\n\(finished)")
    #expect(finished.lapNumbers.isEmpty)
    #expect(finished.contains("Ride 2") && ready.contains("Ride 1"), "the next ride's number:\n\(finished)")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test("a key that does nothing shows a hint and changes nothing; ? opens the help, Esc closes it")
  func hintsAndHelp() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0")
    let ready = try await tmux.waitFor("READY") { $0.state == "READY" }
    let keyLine = try #require(ready.lastNonEmptyLine)

    // l and r do nothing while READY: a hint replaces the key line, the state stays.
    for key in ["l", "r"] {
      try tmux.send(keys: key)
      let hinted = try await tmux.waitFor("a hint for \(key)") { $0.lastNonEmptyLine != keyLine }
      #expect(hinted.state == "READY")
      #expect(hinted.movingTime == .zero)
      #expect(hinted.lapNumbers.isEmpty)
    }

    try tmux.send(keys: "?")
    let help = try await tmux.waitFor("the help overlay") { $0.contains("┌") && $0.contains("┘") }
    #expect(help.contains("space"), "the help lists the keys:\n\(help)")
    try tmux.send(keys: "Escape")
    let closed = try await tmux.waitFor("the help closed") { !$0.contains("┌") }
    #expect(closed.state == "READY")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  struct PrecisionCase: Sendable, CustomTestStringConvertible {
    var option: String
    /// Digits after the seconds' point.
    var fractionDigits: Int
    var testDescription: String { "--precision \(option)" }
  }

  @Test(
    "--precision sets the digits of the moving time, and the field keeps its width",
    arguments: [
      PrecisionCase(option: "s", fractionDigits: 0), PrecisionCase(option: "ds", fractionDigits: 1),
      PrecisionCase(option: "cs", fractionDigits: 2),
    ])
  func precision(_ c: PrecisionCase) async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start("splits --plain --split-guard 0 --precision \(c.option)")
    let ready = try await tmux.waitFor("READY") { $0.state == "READY" }
    #expect(ready.movingClock?.fraction.count == c.fractionDigits, "\(ready)")
    try tmux.send(keys: "Space")
    let running = try await tmux.waitFor("the time past one second") { ($0.movingTime ?? .zero) >= .seconds(1) }
    #expect(running.movingClock?.fraction.count == c.fractionDigits, "\(running)")
    #expect(
      ready.movingClock?.description.count == running.movingClock?.description.count,
      "same width: \(ready.movingClock.map(String.init(describing:)) ?? "-") and \(running.movingClock.map(String.init(describing:)) ?? "-")")

    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }
}
