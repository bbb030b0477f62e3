import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drill (issue 6): 10,000 random keys at full speed (full; 2,000 in the suite):
/// printable text in several scripts, control bytes, named keys with modifiers, escape
/// sequences (CSI, SS3, OSC, DCS, bracketed paste), mouse reports (X10, SGR, urxvt) and, in
/// one of the two drills, invalid UTF-8. None of them means anything on the ride screen, so
/// the ride must come out exactly as it went in: same state, same laps, same paused time.
/// Then a known sequence must still do what it says.
///
/// Left out on purpose, each for a stated reason: the ride's own keys (space, l, L, Enter,
/// u, U, r, R, q, Q, ?, a lone Esc), the bytes the terminal turns into signals (Ctrl-C 0x03,
/// Ctrl-Z 0x1a, Ctrl-\ 0x1c: their drills are elsewhere) and the flow-control bytes
/// Ctrl-S/Ctrl-Q (0x13/0x11: the terminal, not splits, stops output on them).
///
/// splits runs as `sh -c 'splits --plain --split-guard 0; echo $? >file; exec cat >/dev/null'`: if it dies
/// mid-flood, `cat` swallows the rest of the keys instead of the shell.
@Suite("Drill: random keys", .serialized, DrillScale.timeLimit(fastMinutes: 2, fullMinutes: 10))
struct DrillRandomKeysTests {
  static let statusFile = "flood-splits-status"
  static let command = "sh -c 'splits --plain --split-guard 0; echo $? >\"$E2E/\(statusFile)\"; exec cat >/dev/null'"

  @Test("10,000 random keys with invalid UTF-8 among them (some typed one byte at a time): no crash, no quit, no state change")
  func randomKeysWithInvalidUTF8() async throws {
    try await flood(invalidUTF8: true)
  }

  @Test("10,000 random keys, all valid UTF-8: no crash, no quit, no state change")
  func randomKeysValidUTF8() async throws {
    try await flood(invalidUTF8: false)
  }

  @Test("Keys whose escape sequences ncurses does not know (Ctrl-Alt-F2, Ctrl-Alt-F3, reports) mean nothing")
  func unknownSequences() async throws {
    // Each is one key press or one report a terminal sends as input; none is a key of the
    // ride screen. Where
    // ncurses does not know the sequence it returns Esc and then the bytes one by one, and
    // the last byte (Q, R, l, q) reads as the ride's own key.
    let keys: [(name: String, arguments: [String])] = [
      ("Ctrl-Alt-F2 (ESC [1;7Q)", ["C-M-F2"]),
      ("Ctrl-Alt-F3 (ESC [1;7R)", ["C-M-F3"]),
      ("Ctrl-Alt-Shift-F2 (ESC [1;8Q)", ["C-M-S-F2"]),
      ("Ctrl-Alt-Shift-F3 (ESC [1;8R)", ["C-M-S-F3"]),
      ("a cursor position report (ESC [12;40R)", ["-H", "1b", "5b", "31", "32", "3b", "34", "30", "52"]),
      ("a mode report (ESC [?2004;1$y)", ["-H", "1b", "5b", "3f", "32", "30", "30", "34", "3b", "31", "24", "79"]),
    ]
    let repeats = DrillScale.count(fast: 3, full: 20)
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    var changed: [String] = []
    for (index, key) in keys.enumerated() {
      // Each key on a paused ride of its own (its own data directory), sent `repeats` times.
      try? FileManager.default.removeItem(atPath: tmux.home.file(Self.statusFile))
      let job = try await tmux.start("SPLITS_DATA_DIR=$E2E/data-\(index) " + Self.command)
      try await tmux.waitFor("READY") { $0.state == "READY" }
      let pid = try await tmux.splitsDescendantPID()
      try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
      try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
      let pause = try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" && $0.movingClock != nil }
      let before = try #require(pause.screen.movingClock)
      for _ in 0..<repeats {
        try await tmux.tmuxAsync(["send-keys", "-t", TmuxSession.target] + key.arguments)
        // Once the screen stands still the key has done whatever it does.
        let screen = try await tmux.waitForStillScreen(gap: .milliseconds(100))
        guard DrillProcess.isAlive(pid), screen.state == "PAUSED", screen.lapNumbers == [1],
          screen.movingClock == before, !screen.contains("closes this help")
        else {
          let what = !DrillProcess.isAlive(pid) ? "quit" : screen.state == "READY" ? "finished the ride" : "showed help"
          changed.append("\(key.name): \(what)")
          break
        }
      }
      if DrillProcess.isAlive(pid) {
        try await tmux.sendAsync(keys: ["q"])
        _ = try await tmux.poll("splits' exit status") { tmux.home.read(Self.statusFile).flatMap { $0.hasSuffix("\n") ? $0 : nil } }
      }
      try await tmux.sendAsync(keys: ["C-c"])
      _ = try await tmux.exitStatus(of: job)
    }
    DrillReport.figure(
      "unknown-sequences", "\(keys.count) keys × \(repeats); changed the ride: \(changed.isEmpty ? "none" : changed.joined(separator: "; "))")
    #expect(changed.isEmpty, "keys that mean nothing changed the ride: \(changed)")
    expectRestoredTerminal(try await tmux.terminalModes())
  }

  func flood(invalidUTF8: Bool) async throws {
    let total = DrillScale.count(fast: 2_000, full: 10_000)
    var random = DrillRandom()
    // Printed first, so that a drill that fails anywhere can be replayed.
    print("drill-seed: random keys (invalid UTF-8: \(invalidUTF8)): \(random)")
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let job = try await tmux.start(Self.command)
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let pid = try await tmux.splitsDescendantPID()

    // A ride with two laps, paused: every figure on screen then stands still.
    try await tmux.press("Space", until: "RUNNING") { $0.state == "RUNNING" }
    try await tmux.press("l", until: "lap 1") { $0.lapNumbers == [1] }
    try await tmux.press("l", until: "laps 2, 1") { $0.lapNumbers == [2, 1] }

    // Half the keys while running, half while paused.
    let clock = ContinuousClock()
    let began = clock.now
    var flood = KeyFlood(invalidUTF8: invalidUTF8)
    var sent = 0
    var calls = 0
    var lastChunk: [String] = []
    func send(until target: Int) async throws {
      while sent < target {
        if invalidUTF8, target - sent >= 12, Int.random(in: 0..<8, using: &random) == 0 {
          // Accented letters typed one at a time on a Latin-1 terminal: é è à ü ö ä ç ñ arrive
          // as single bytes that are not UTF-8, each on its own.
          for _ in 0..<Int.random(in: 8...12, using: &random) {
            let byte = [0xe9, 0xe8, 0xe0, 0xfc, 0xf6, 0xe4, 0xe7, 0xf1].randomElement(using: &random)!
            lastChunk = ["-H", String(format: "%02x", byte)]
            try await tmux.tmuxAsync(["send-keys", "-t", TmuxSession.target] + lastChunk)
            sent += 1
            calls += 1
            try await checkAlive()
          }
          continue
        }
        let (arguments, keys) = flood.chunk(maxKeys: target - sent, using: &random)
        lastChunk = arguments
        try await tmux.tmuxAsync(["send-keys", "-t", TmuxSession.target] + arguments)
        sent += keys
        calls += 1
        try await checkAlive()
      }
    }
    func checkAlive() async throws {
      guard DrillProcess.isAlive(pid) else {
        let status = try? await tmux.poll("splits' exit status") { tmux.home.read(Self.statusFile).flatMap { $0.hasSuffix("\n") ? $0 : nil } }
        throw HarnessError(
          "splits ended (exit status \(status?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?")) after \(sent) random keys; the last tmux call: send-keys \(lastChunk.joined(separator: " ")) (\(random))"
        )
      }
    }
    /// Waits until splits has read every key sent so far: a `?` sent after them opens the help
    /// overlay, and another closes it. A key read together with the flood's last, unfinished
    /// sequence is part of it (Alt-Shift-X is `ESC X`, which also starts a string), so a `?`
    /// that shows nothing is sent again, in a later read.
    func drain() async throws {
      for open in [true, false] {
        _ = try await tmux.poll("every key read (the help overlay \(open ? "opened" : "closed") by ?)", timeout: .seconds(30)) {
          () async throws -> Bool? in
          try await tmux.sendAsync(keys: ["?"])
          let shown = try? await tmux.waitFor("the help overlay", timeout: .seconds(3)) {
            $0.contains("closes this help") == open
          }
          return shown == nil ? nil : true
        }
      }
    }
    try await send(until: total / 2)
    try await drain()
    let running = try await tmux.waitFor("still RUNNING with laps 2, 1 after \(sent) keys") {
      $0.state == "RUNNING" && $0.movingTime != nil
    }
    #expect(running.lapNumbers == [2, 1], "\(running)")

    let pause = try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" && $0.movingClock != nil }
    let before = try #require(pause.screen.movingClock)
    try await send(until: total)
    let took = clock.now - began

    // Whatever the keys did, they are done once a key sent after them is seen.
    try await drain()
    let after = try await tmux.captureAsync()
    #expect(DrillProcess.isAlive(pid), "splits is alive after \(sent) keys (\(random))")
    #expect(after.state == "PAUSED", "no state change (\(random)):\n\(after)")
    #expect(after.lapNumbers == [2, 1], "no lap added or lost (\(random)):\n\(after)")
    #expect(after.movingClock == before, "the paused time is unchanged (\(random)):\n\(after)")
    #expect(!after.contains("closes this help"), "no help overlay:\n\(after)")
    DrillReport.figure(
      invalidUTF8 ? "random-keys-with-invalid-utf8" : "random-keys-valid-utf8",
      "\(sent) keys in \(calls) tmux calls in \(DrillReport.ms(took)); state, laps and time unchanged; \(random)")

    // The keys that mean something still mean it.
    try await tmux.press("Space", until: "RUNNING again") { $0.state == "RUNNING" }
    try await tmux.press("l", until: "lap 3") { $0.lapNumbers == [3, 2, 1] }
    try await tmux.press("Enter", until: "lap 4 by Enter") { $0.lapNumbers == [4, 3, 2, 1] }
    try await tmux.press("Space", until: "PAUSED") { $0.state == "PAUSED" }
    try await tmux.press("r", until: "READY, ride 2") { $0.state == "READY" && $0.contains("Ride 2") }
    try await tmux.sendAsync(keys: ["q"])
    let status = try await tmux.poll("splits' exit status") { tmux.home.read(Self.statusFile).flatMap { $0.hasSuffix("\n") ? $0 : nil } }
    #expect(status == "0\n")
    // Back to the shell: Ctrl-C ends the `cat` that took splits' place.
    try await tmux.sendAsync(keys: ["C-c"])
    #expect(try await tmux.exitStatus(of: job) == 130)
    expectRestoredTerminal(try await tmux.terminalModes())
  }
}

/// Random keys that mean nothing on the ride screen, as arguments for one `tmux send-keys`
/// call each: named keys, literal text (`-l`) or raw bytes (`-H`).
struct KeyFlood {
  /// Bytes that are keys of the ride screen or signals or flow control: never sent.
  static let meaningful: Set<UInt8> = Set(" lLuUrRqQ?".utf8).union([0x03, 0x1a, 0x1c, 0x11, 0x13, 0x0a, 0x0d])

  /// Printable ASCII that means nothing here.
  static let quietASCII: [Character] = (0x21...0x7e).compactMap { byte in
    meaningful.contains(UInt8(byte)) ? nil : Character(Unicode.Scalar(UInt8(byte)))
  }

  /// Text in other scripts and the odd corners of Unicode (all valid UTF-8).
  static let unicode: [String] = [
    "é", "ß", "ø", "한", "글", "라이딩", "ありがとう", "骑行", "😀", "🚴", "👨‍👩‍👧", "e\u{0301}", "\u{200B}",
    "\u{202E}", "\u{FEFF}", "\u{0085}", "\u{00A0}", "\u{FFFD}", "\u{10FFFF}", "ﷺ", "𝕊",
  ]

  /// Named keys, with modifiers, none of which is space, Enter, Esc or a signal.
  static let named: [String] = {
    var keys = (1...12).map { "F\($0)" }
    keys += ["Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown", "Insert", "Delete", "BTab", "Tab", "BSpace"]
    let modifiable = (1...12).map { "F\($0)" } + ["Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown", "Delete"]
    // Not Ctrl-Alt (C-M-): ncurses does not know Ctrl-Alt-F1…F4 (ESC [1;7P…S) and hands
    // over their last letter as a key; `unknownSequences` drills that.
    for modifier in ["C-", "S-", "M-", "C-S-", "M-S-"] { keys += modifiable.map { modifier + $0 } }
    // Ctrl-letters except C-c, C-j, C-m, C-q, C-s, C-z (signals, Enter, flow control) and
    // C-o, C-x (bash's accept-and-next and edit-and-execute, in case a key reaches the shell).
    keys += "abdefghiklnprtuvwy".map { "C-\($0)" }
    // Meta-letters are Esc then the letter: never the ride's own letters. Not M-O: Esc O is
    // the prefix of the application keys (SS3), and with an `M` typed after it in the same
    // read it is the keypad's Enter (`kent`, ESC O M), which is a lap (seed 1648634423).
    keys += "abcdefghijkmnopstvwxyzABCDEFGHIJKMNPSTVWXYZ0123456789".map { "M-\($0)" }
    return keys
  }()

  let invalidUTF8: Bool

  init(invalidUTF8: Bool) { self.invalidUTF8 = invalidUTF8 }

  /// One tmux call's worth of keys (at most `maxKeys`), and how many keys it holds.
  mutating func chunk<R: RandomNumberGenerator>(maxKeys: Int, using random: inout R) -> (arguments: [String], keys: Int) {
    let limit = max(1, min(maxKeys, 40))
    switch Int.random(in: 0..<10, using: &random) {
    case 0...2:
      let count = Int.random(in: 1...limit, using: &random)
      return (["--"] + (0..<count).map { _ in Self.named.randomElement(using: &random)! }, count)
    case 3...4:
      let count = Int.random(in: 1...limit, using: &random)
      var text = ""
      for _ in 0..<count {
        text += Int.random(in: 0..<3, using: &random) == 0
          ? Self.unicode.randomElement(using: &random)! : String(Self.quietASCII.randomElement(using: &random)!)
      }
      return (["-l", "--", text], count)
    default:
      let count = Int.random(in: 1...max(1, limit / 4), using: &random)
      var bytes: [UInt8] = []
      for _ in 0..<count { bytes += sequence(using: &random) }
      precondition(bytes.allSatisfy { !Self.meaningful.contains($0) }, "a meaningful byte in \(bytes)")
      return (["-H"] + bytes.map { String(format: "%02x", $0) }, count)
    }
  }

  /// One raw key: an escape sequence, a mouse report, a control byte or invalid UTF-8.
  func sequence<R: RandomNumberGenerator>(using random: inout R) -> [UInt8] {
    let esc: UInt8 = 0x1b
    func quiet() -> UInt8 { UInt8(Self.quietASCII.randomElement(using: &random)!.asciiValue!) }
    func digits(_ n: Int) -> [UInt8] { Array(String(n).utf8) }
    /// A mouse coordinate byte of the X10 form (32 + n), never one of the meaningful bytes.
    func coordinate() -> UInt8 {
      while true {
        let byte = UInt8(Int.random(in: 0x21...(invalidUTF8 ? 0xff : 0x7e), using: &random))
        if !Self.meaningful.contains(byte) && byte != 0x7f { return byte }
      }
    }
    let kinds = invalidUTF8 ? 12 : 10
    switch Int.random(in: 0..<kinds, using: &random) {
    case 0:  // CSI with parameters, maybe an intermediate, and a final byte
      var bytes: [UInt8] = [esc, 0x5b]
      for i in 0..<Int.random(in: 0...3, using: &random) {
        if i > 0 { bytes.append(0x3b) }
        bytes += digits(Int.random(in: 0...9999, using: &random))
      }
      if Bool.random(using: &random) { bytes.append(Array("!\"#$%&'()*+,-./".utf8).randomElement(using: &random)!) }
      let finals = Array("@ABCDEFGHIJKMNOPSTVWXYZ[\\]^_`abcdefghijkmnopstvwxyz{|}~".utf8)
      bytes.append(finals.randomElement(using: &random)!)
      return bytes
    case 1:  // SS3 (application cursor and keypad keys), not the keypad Enter (ESC O M)
      return [esc, 0x4f, Array("ABCDFHPSjkmnopwxyEX".utf8).randomElement(using: &random)!]
    case 2:  // OSC, ended by BEL or ST
      let body = (0..<Int.random(in: 0...12, using: &random)).map { _ in quiet() }
      return [esc, 0x5d] + digits(Int.random(in: 0...52, using: &random)) + [0x3b] + body
        + (Bool.random(using: &random) ? [0x07] : [esc, 0x5c])
    case 3:  // DCS … ST
      return [esc, 0x50] + (0..<Int.random(in: 0...12, using: &random)).map { _ in quiet() } + [esc, 0x5c]
    case 4:  // bracketed paste of quiet text
      return [esc] + Array("[200~".utf8) + (0..<Int.random(in: 0...20, using: &random)).map { _ in quiet() }
        + [esc] + Array("[201~".utf8)
    case 5:  // X10 mouse report: ESC [ M, button, column, row
      let button = Array("!\"#`a@ABC".utf8).randomElement(using: &random)!
      return [esc, 0x5b, 0x4d, button, coordinate(), coordinate()]
    case 6:  // SGR mouse report
      let button = [0, 1, 2, 3, 32, 35, 64, 65].randomElement(using: &random)!
      return [esc, 0x5b, 0x3c] + digits(button) + [0x3b] + digits(Int.random(in: 1...500, using: &random)) + [0x3b]
        + digits(Int.random(in: 1...500, using: &random)) + [Bool.random(using: &random) ? 0x4d : 0x6d]
    case 7:  // urxvt mouse report
      return [esc, 0x5b] + digits(Int.random(in: 32...96, using: &random)) + [0x3b]
        + digits(Int.random(in: 1...300, using: &random)) + [0x3b] + digits(Int.random(in: 1...100, using: &random))
        + [0x4d]
    case 8:  // Alt + a quiet character
      return [esc, quiet()]
    case 9:  // a control byte other than the meaningful ones and Esc
      while true {
        let byte = UInt8(Int.random(in: 0...0x20, using: &random))
        let control = byte == 0x20 ? 0x7f : byte
        if !Self.meaningful.contains(control) && control != esc && control != 0x0f && control != 0x18 {
          return [control]
        }
      }
    default:  // invalid UTF-8
      let invalid: [[UInt8]] = [
        [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x80, 0x80], [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80], [0xfe], [0xff], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xc3, 0x41],
        [0xf4, 0x90, 0x80, 0x80],
      ]
      return invalid.randomElement(using: &random)!
    }
  }
}
