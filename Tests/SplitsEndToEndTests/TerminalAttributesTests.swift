import Testing

/// The attributes and colours the terminal shows, cell by cell (`tmux capture-pane -e`):
/// splits writes its frames itself from terminfo strings, so what the screen model draws in
/// bold, dim, reverse or a colour must be what the terminal has, and with NO_COLOR no
/// colour at all.
@Suite("Terminal attributes and colours, end to end", .timeLimit(.minutes(1)))
struct TerminalAttributesTests {
  /// One cell as the terminal has it.
  struct Cell: Equatable, CustomStringConvertible {
    var character: Character = " "
    var bold = false
    var dim = false
    var reverse = false
    /// The foreground colour number (0–255), nil for the default.
    var foreground: Int?

    var description: String {
      "\(character)\(bold ? "+bold" : "")\(dim ? "+dim" : "")\(reverse ? "+rev" : "")\(foreground.map { "+fg\($0)" } ?? "")"
    }
    var look: Cell {
      var copy = self
      copy.character = " "
      return copy
    }
  }

  /// The pane's rows as cells, from `capture-pane -e` (SGR sequences between the text).
  static func cells(_ tmux: TmuxSession) throws -> [[Cell]] {
    let output = try tmux.tmux(["capture-pane", "-p", "-e", "-t", TmuxSession.target])
    var rows: [[Cell]] = []
    // tmux writes each change of attributes once: they carry over from line to line.
    var pen = Cell()
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      var row: [Cell] = []
      var characters = Array(line)[...]
      while let character = characters.popFirst() {
        guard character == "\u{1B}" else {
          var cell = pen
          cell.character = character
          row.append(cell)
          continue
        }
        // CSI parameters m: the only sequences capture-pane -e writes.
        guard characters.popFirst() == "[" else { continue }
        var parameters = ""
        while let next = characters.popFirst(), next != "m" { parameters.append(next) }
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
          switch code {
          case 0: pen = Cell()
          case 1: pen.bold = true
          case 2: pen.dim = true
          case 7: pen.reverse = true
          case 22: pen.bold = false; pen.dim = false
          case 27: pen.reverse = false
          case 30...37: pen.foreground = code - 30
          case 90...97: pen.foreground = code - 90 + 8
          case 39: pen.foreground = nil
          case 38:
            if codes.first == 5 {
              codes.removeFirst()
              pen.foreground = codes.popFirst()
            }
          default: break
          }
        }
      }
      rows.append(row)
    }
    return rows
  }

  /// The cells of `row` that are not blank.
  static func ink(_ row: [Cell]) -> [Cell] { row.filter { $0.character != " " } }

  /// A paused ride with three laps of different lengths (best ▲, worst ▼, 600 ms or more
  /// apart even on a loaded machine) on the default screen; returns the pane.
  static func pausedRide(noColor: Bool) async throws -> TmuxSession {
    let tmux = try await TmuxSession.shell(.init(noColor: noColor))
    do {
      _ = try await tmux.start("splits --split-guard 0")
      try await tmux.waitFor("READY") { $0.state == "READY" }
      try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
      for (lap, pause) in [(1, 200), (2, 1500), (3, 800)] {
        try await Task.sleep(for: .milliseconds(pause))
        try await tmux.press("l", until: "lap \(lap)") { $0.lapNumbers.count == lap }
      }
      try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
      _ = try await tmux.waitForStillScreen()
      return tmux
    } catch {
      tmux.close()
      throw error
    }
  }

  @Test("with colours: the title bold, the digits in the state's colour, laps marked in colour")
  func colours() async throws {
    let tmux = try await Self.pausedRide(noColor: false)
    defer { tmux.close() }
    let rows = try Self.cells(tmux)
    let screen = rows.map { String($0.map(\.character)) }.joined(separator: "\n")

    // The title: bold, no colour. The state label at its right: bold and coloured.
    let title = try #require(rows.first)
    let titleInk = Self.ink(Array(title.prefix(20)))
    #expect(!titleInk.isEmpty && titleInk.allSatisfy { $0.bold && $0.foreground == nil && !$0.reverse }, "\(titleInk)\n\(screen)")
    let label = Self.ink(Array(title.suffix(12)))
    let labelLook = try #require(label.first?.look)
    #expect(labelLook.bold && labelLook.foreground != nil, "\(label)")
    #expect(label.allSatisfy { $0.look == labelLook }, "\(label)")

    // The big digits: every bar in the state label's look.
    let bars = rows.flatMap { $0.filter { $0.character == "█" } }
    #expect(bars.count > 20, "big digits on screen:\n\(screen)")
    #expect(bars.allSatisfy { $0.look == labelLook }, "\(Set(bars.map(\.look.description)))")

    // The lap table: the header dim; the running lap (›) one colour; ▲ and ▼ rows coloured,
    // differently; the plain lap row without colour.
    func row(containing mark: Character) throws -> [Cell] {
      try #require(rows.first { $0.contains { $0.character == mark } }, "a row with \(mark):\n\(screen)")
    }
    let header = try #require(rows.first { String($0.map(\.character)).contains("Lap time") })
    #expect(Self.ink(header).allSatisfy { $0.dim && $0.foreground == nil }, "\(Self.ink(header))")
    let running = Self.ink(try row(containing: "›"))
    let best = Self.ink(try row(containing: "▲"))
    let worst = Self.ink(try row(containing: "▼"))
    for (name, ink) in [("running", running), ("best", best), ("worst", worst)] {
      let look = ink.first?.look
      #expect(look?.foreground != nil, "\(name): \(ink)")
      #expect(ink.allSatisfy { $0.look == look }, "\(name) in one look: \(ink)")
    }
    #expect(Set([running.first?.foreground, best.first?.foreground, worst.first?.foreground]).count == 3)
    let plain = try #require(rows.first { row in
      let text = String(row.map(\.character))
      return text.contains("00:00:0") && !row.contains { "›▲▼".contains($0.character) } && !text.contains("█")
    }, "a lap row without a mark:\n\(screen)")
    #expect(Self.ink(plain).allSatisfy { $0.look == Cell() }, "\(Self.ink(plain))")

    // The key line at the bottom: dim. Nothing anywhere in reverse video.
    let keys = try #require(rows.last { !Self.ink($0).isEmpty })
    #expect(Self.ink(keys).allSatisfy { $0.dim && $0.foreground == nil }, "\(Self.ink(keys))")
    #expect(!rows.joined().contains { $0.reverse }, "no reverse video:\n\(screen)")
  }

  @Test("NO_COLOR: no colour anywhere, bold and dim kept")
  func noColour() async throws {
    let tmux = try await Self.pausedRide(noColor: true)
    defer { tmux.close() }
    let rows = try Self.cells(tmux)
    let all = rows.joined()
    #expect(!all.contains { $0.foreground != nil }, "\(all.filter { $0.foreground != nil }.prefix(5))")
    let bars = all.filter { $0.character == "█" }
    #expect(bars.count > 20 && bars.allSatisfy { $0.bold }, "\(bars.prefix(5))")
    let header = try #require(rows.first { String($0.map(\.character)).contains("Lap time") })
    #expect(Self.ink(header).allSatisfy { $0.dim }, "\(Self.ink(header))")
  }
}
