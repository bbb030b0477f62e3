import Testing

/// Resizing the terminal while a ride runs: a redraw at every size down to 1×1, never a
/// crash, and the time back on screen when the size comes back.
@Suite("Terminal resize, end to end", .timeLimit(.minutes(1)))
struct TerminalResizeTests {
  @Test("80×24 → 40×10 → 20×5 → 1×1 → 80×24 while running: no crash, the time shown again")
  func resizeDownToOneByOneAndBack() async throws {
    let tmux = try TmuxSession.splits(["--plain"])
    defer { tmux.close() }
    try await tmux.waitFor("READY") { $0.state == "READY" }
    try tmux.send(keys: "Space")
    let running = try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" && $0.movingTime != nil }
    var last = try #require(running.movingTime)

    for (width, height) in [(40, 10), (20, 5)] {
      try await tmux.resize(width: width, height: height)
      // The frame is redrawn for the new size and the time keeps moving.
      let screen = try await tmux.waitFor("the time at \(width)×\(height)") {
        ($0.movingTime ?? .zero) > last && $0.lines.count == height
      }
      #expect(try tmux.paneExitStatus() == nil, "splits is alive at \(width)×\(height)")
      last = try #require(screen.movingTime)
    }

    try await tmux.resize(width: 1, height: 1)
    try await tmux.waitFor("a 1×1 pane") { $0.lines.count == 1 }
    // Give it time to draw (and to crash, if it would) at 1×1: a pause, not an assertion.
    try await Task.sleep(for: .milliseconds(300))
    #expect(try tmux.paneExitStatus() == nil, "splits is alive at 1×1")

    try await tmux.resize(width: 80, height: 24)
    let back = try await tmux.waitFor("the time at 80×24 again") {
      $0.state == "RUNNING" && ($0.movingTime ?? .zero) > last
    }
    #expect(try tmux.paneExitStatus() == nil)
    #expect(back.lines.count == 24)

    try tmux.send(keys: "q")
    #expect(try await tmux.waitForPaneExit() == 0)
  }

  @Test("without --plain, a terminal too small for big digits shows the time as text")
  func smallTerminalShowsTimeAsText() async throws {
    let tmux = try TmuxSession.splits([], .init(width: 16, height: 5))
    defer { tmux.close() }
    try await tmux.waitFor("the first frame") { !$0.nonEmptyLines.isEmpty }
    try tmux.send(keys: "Space")
    let screen = try await tmux.waitFor("the time as text at 16×5") { ($0.movingTime ?? .zero) > .zero }
    #expect(screen.clocks.count >= 1)

    try tmux.send(keys: "q")
    #expect(try await tmux.waitForPaneExit() == 0)
  }
}
