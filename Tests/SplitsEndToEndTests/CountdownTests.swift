import Foundation
import Testing
import SplitsTestSystem

/// `splits countdown` in a real terminal (tmux) and without one. Contract: product.md
/// (Countdown screen), issue 4.
@Suite("Countdown, end to end", .timeLimit(.minutes(1)))
struct CountdownEndToEndTests {
  @Test("`splits countdown 3s --exit` counts 3, 2, 1 and exits 0 after about 3 s, the terminal restored")
  func threeSecondsWithExit() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let clock = ContinuousClock()
    let typed = clock.now
    // The shell times the process itself: the test's own polling adds its latency on a
    // loaded machine, the process's run time does not.
    let job = try await tmux.start("TIMEFORMAT='took %R s'; time splits countdown 3s --exit --plain")
    // Read the countdown while it runs; on a loaded machine a poll can miss a second, so
    // the values are checked for order and range, not for completeness.
    var seen: [Duration] = []
    try await tmux.waitFor("the countdown to start") { screen in
      if screen.contains("Ends in"), let time = screen.clocks.first?.duration, seen.last != time { seen.append(time) }
      return !seen.isEmpty
    }
    for _ in 0..<40 {
      let screen = try await tmux.captureAsync()
      guard screen.contains("Ends in") else { break }
      if let time = screen.clocks.first?.duration, seen.last != time { seen.append(time) }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(try await tmux.exitStatus(of: job) == 0)
    let waited = clock.now - typed
    #expect(waited < .seconds(20), "exited after \(waited)")
    #expect(seen.allSatisfy { $0 <= .seconds(3) && $0 >= .seconds(1) }, "\(seen)")
    #expect(seen == seen.sorted(by: >), "only counting down: \(seen)")
    let after = try await tmux.waitForPrompt()
    let timing = try #require(after.lines.first { $0.hasPrefix("took ") }, "the shell's timing:\n\(after)")
    let took = try #require(Double(timing.dropFirst(5).dropLast(2)), "\(timing)")
    #expect(took >= 3.0 && took < 4.5, "the process ran \(took) s")
    #expect(after.contains("Countdown ended"), "the summary line:\n\(after)")
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test("A date in the past shows zeros and Ended, in big digits and as text; q exits 0")
  func pastDate() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let big = try await tmux.start("splits countdown 2020-01-01T00:00:00Z")
    let screen = try await tmux.waitFor("Ended") { $0.containsWord("Ended") }
    #expect(!screen.contains("Ends in"), "\(screen)")
    #expect(screen.contains("██████████"), "big digits:\n\(screen)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: big) == 0)
    #expect(try await tmux.waitForPrompt().contains("Countdown ended"))

    let plain = try await tmux.start("splits countdown 2020-01-01 --plain")
    let text = try await tmux.waitFor("Ended 00:00:00") { $0.containsWord("Ended") && $0.clocks.count == 1 }
    #expect(text.clocks.first?.duration == .zero, "\(text)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: plain) == 0)
  }

  @Test("Korean labels under LANG=ko_KR.UTF-8, Hangul intact, even without a Korean locale installed")
  func korean() async throws {
    let tmux = try await TmuxSession.shell(.init(lang: "ko_KR.UTF-8"))
    defer { tmux.close() }
    let job = try await tmux.start("splits countdown 10m --plain")
    let screen = try await tmux.waitFor("종료까지") { $0.contains("종료까지") }
    #expect(screen.contains("카운트다운"), "\(screen)")
    #expect(screen.contains("일시정지"), "the key line in Korean:\n\(screen)")
    #expect(screen.clocks.first.map { $0.duration <= .seconds(600) && $0.duration > .seconds(590) } == true, "\(screen)")
    try tmux.send(keys: "Space")
    try await tmux.waitFor("일시정지 as the label") { $0.lines.contains { $0.hasPrefix(" 일시정지 ") } }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let after = try await tmux.waitForPrompt()
    #expect(after.contains("카운트다운 중단"), "\(after)")
  }

  @Test("--lang en wins over a Korean LANG, and --lang ko over an English one")
  func langOption() async throws {
    let tmux = try await TmuxSession.shell(.init(lang: "ko_KR.UTF-8"))
    defer { tmux.close() }
    let job = try await tmux.start("splits countdown 10m --plain --lang en")
    try await tmux.waitFor("Ends in") { $0.contains("Ends in") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
    let again = try await tmux.start("LANG=C.UTF-8 splits countdown 10m --plain --lang ko")
    try await tmux.waitFor("종료까지") { $0.contains("종료까지") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: again) == 0)
  }

  @Test("q before zero with --exit exits 1; space on a date shows a hint; Ctrl-C exits 130")
  func quitStatusesAndHint() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let early = try await tmux.start("splits countdown 1h --exit --plain")
    try await tmux.waitFor("Ends in") { $0.contains("Ends in") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: early) == 1)
    #expect(try await tmux.waitForPrompt().contains("Countdown stopped with"))

    let date = try await tmux.start("splits countdown 2099-01-01T00:00:00Z --plain")
    let first = try await tmux.waitFor("Ends in") { $0.contains("Ends in") }
    // Decades away: days on the clock, and a key line without pause.
    #expect(first.text.firstMatch(of: /Ends in \d{5}:\d\d:\d\d:\d\d/) != nil, "\(first)")
    #expect(!first.contains("space"), "\(first)")
    try tmux.send(keys: "Space")
    try await tmux.waitFor("the hint") { $0.contains("A countdown to a date cannot be paused") }
    try tmux.send(keys: "C-c")
    #expect(try await tmux.exitStatus(of: date) == 130)
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test("Ctrl-Z then fg: the time spent stopped has counted; resizing down to 1×1 and back keeps it going")
  func suspendAndResize() async throws {
    let clock = ContinuousClock()
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits countdown 10m --plain")
    let first = try await tmux.waitFor("Ends in") { $0.contains("Ends in") && !$0.clocks.isEmpty }
    let before = try #require(first.clocks.first?.duration)
    try tmux.send(keys: "C-z")
    try await tmux.waitFor("the prompt after Ctrl-Z") {
      $0.lastNonEmptyLine == TmuxSession.prompt && $0.contains("Stopped")
    }
    let stoppedAt = clock.now
    expectRestoredTerminal(try await tmux.terminalModes())
    try await Task.sleep(until: stoppedAt + .seconds(2), clock: clock)
    let stopped = clock.now - stoppedAt
    let fg = try await tmux.start("fg")
    let back = try await tmux.waitFor("the countdown after fg") { $0.contains("Ends in") && !$0.clocks.isEmpty }
    let after = try #require(back.clocks.first?.duration)
    // Rounded up on both sides: at least the stopped whole seconds have gone.
    #expect(after <= before - .seconds(Int64(stopped.components.seconds)), "before \(before), after \(after)")

    for (width, height) in [(20, 5), (5, 2), (1, 1), (80, 24)] {
      try await tmux.resize(width: width, height: height)
    }
    let resized = try await tmux.waitFor("the text line at 80×24") { $0.contains("Ends in") && !$0.clocks.isEmpty }
    #expect((resized.clocks.first?.duration ?? .zero) <= after, "\(resized)")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: fg) == 0)
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  @Test("splits countdown 2026-02-30, 25:00, 1:60:00 and 10000d exit 2 saying why, in each language")
  func targetsRefusedWithTheirReason() throws {
    let home = try TempDirectory("countdown-reasons")
    defer { home.remove() }
    let cases = [
      ("2026-02-30", "there is no 30 February 2026", "2026년 2월 30일은 없습니다"),
      ("25:00", "an hour of 25: a time of day goes from 00:00 to 23:59", "25시는 없습니다"),
      ("1:60:00", "minutes go up to 59, not 60", "분은 59까지입니다"),
      ("10000d", "a countdown lasts at most 9999 days (9999d)", "카운트다운은 9999일(9999d)까지입니다"),
    ]
    for (input, english, korean) in cases {
      for (lang, expected) in [("C.UTF-8", "\"\(input)\" is not a countdown target: \(english)"), ("ko_KR.UTF-8", korean)] {
        let result = try Spawn.run(
          [try SplitsBinary.path, "countdown", input],
          environment: ["PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color", "LANG": lang])
        #expect(result.termination == .exited(2), "\(input): \(result)")
        #expect(result.stderr.contains(expected), "\(input): \(result)")
        #expect(result.stdout.isEmpty, "\(input): \(result)")
      }
    }
  }

  @Test("Invalid TARGETs exit 2 with the accepted forms on stderr, before any terminal is needed")
  func invalidTargets() throws {
    let home = try TempDirectory("countdown-invalid")
    defer { home.remove() }
    var inputs = ["soon", "1h1h", "1.5h", "2026-12-31T18", "12:5", "", " "]
    // And generated ones: valid targets with a character broken.
    var rng = SystemRandomNumberGenerator()
    let valid = ["2026-12-31T23:59:59+09:00", "2026-12-31 18:00", "14:30:15", "1h30m", "1:30:00"]
    for _ in 0..<40 {
      var chars = Array(valid.randomElement(using: &rng)!)
      chars[Int.random(in: 0..<chars.count, using: &rng)] = ["x", "/", "?", "é", "한", "_"].randomElement(using: &rng)!
      inputs.append(String(chars))
    }
    for input in inputs {
      for (lang, expected) in [("C.UTF-8", "is not a countdown target. Accepted forms:"), ("ko_KR.UTF-8", "받는 형식")] {
        let result = try Spawn.run(
          [try SplitsBinary.path, "countdown", "--", input],
          environment: [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color", "LANG": lang,
            "SPLITS_DATA_DIR": home.file("data"),
          ])
        #expect(result.termination == .exited(2), "\(input.debugDescription): \(result)")
        #expect(result.stderr.contains(expected), "\(input.debugDescription): \(result)")
        #expect(result.stderr.contains("1h30m"), "\(input.debugDescription): \(result)")
        #expect(result.stdout.isEmpty, "\(input.debugDescription): \(result)")
      }
    }
  }
}
