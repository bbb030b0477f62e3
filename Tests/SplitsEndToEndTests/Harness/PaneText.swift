/// One capture of a tmux pane (`capture-pane -p`): a line per row, trailing spaces trimmed,
/// and readers for what the ride screen shows. The readers follow the contract in
/// product.md, not one layout: "with `--plain` the moving time is the first time on the
/// screen, reading from the top".
struct PaneText: Sendable, Equatable, CustomStringConvertible {
  var lines: [String]

  init(_ lines: [String]) { self.lines = lines }

  /// The whole text, rows joined by newlines.
  var text: String { lines.joined(separator: "\n") }

  func contains(_ needle: String) -> Bool { text.contains(needle) }

  /// Whether `word` appears as a whole whitespace-separated word on some row.
  func containsWord(_ word: String) -> Bool { words.contains { $0 == word } }

  var words: [Substring] { lines.flatMap { $0.split(whereSeparator: \.isWhitespace) } }

  /// The rows with text (blank rows left out).
  var nonEmptyLines: [String] {
    lines.filter { !$0.allSatisfy(\.isWhitespace) }
  }

  /// The last row with text, without its trailing spaces.
  var lastNonEmptyLine: String? {
    nonEmptyLines.last.map { String($0.reversed().drop(while: \.isWhitespace).reversed()) }
  }

  // MARK: The ride screen

  /// The first `H+:MM:SS`, `H+:MM:SS.d` or `H+:MM:SS.cc` on screen reading from the top:
  /// with `--plain`, the moving time. Nil when none is shown.
  var movingTime: Duration? { movingClock?.duration }

  /// The moving time as printed (its precision included).
  var movingClock: ClockText? { clocks.first }

  /// Every clock text on screen, top to bottom, left to right.
  var clocks: [ClockText] { lines.flatMap(ClockText.all(in:)) }

  /// The state word shown: READY, RUNNING or PAUSED (English labels), nil when none is.
  var state: String? {
    ["RUNNING", "PAUSED", "READY"].first { containsWord($0) }
  }

  /// The pre-start countdown's step (3, 2, 1) where the state label goes: the last word of
  /// the title row when it is a number that does not follow "Ride".
  var countdownStep: Int? {
    guard state == nil, let title = nonEmptyLines.first else { return nil }
    let words = title.split(whereSeparator: \.isWhitespace)
    guard words.count >= 2, let step = Int(words[words.count - 1]), words[words.count - 2] != "Ride" else {
      return nil
    }
    return step
  }

  /// The numbers of the completed laps in the lap table, top to bottom (newest first). A lap
  /// row is an optional mark (`▲`, `▼`), the lap number, then a clock; the running lap
  /// (marked `›`) is left out.
  /// Laps pinned below the "… N earlier laps" mark (the best and the worst) are not among
  /// them: see `pinnedLapNumbers`.
  var lapNumbers: [Int] {
    Self.lapNumbers(in: lines.prefix { !$0.contains("earlier laps") })
  }

  /// The laps pinned below the "… N earlier laps" mark of a long table (the best, the worst).
  var pinnedLapNumbers: [Int] {
    guard let mark = lines.firstIndex(where: { $0.contains("earlier laps") }) else { return [] }
    return Self.lapNumbers(in: lines[(mark + 1)...])
  }

  static func lapNumbers(in lines: some Sequence<String>) -> [Int] {
    lines.compactMap { line -> Int? in
      var words = line.split(whereSeparator: \.isWhitespace)[...]
      guard let first = words.first else { return nil }
      if first == "›" { return nil }
      if first == "▲" || first == "▼" { words = words.dropFirst() }
      guard words.count >= 2, let number = Int(words[words.startIndex]),
        ClockText.all(in: String(words[words.startIndex + 1])).first != nil
      else { return nil }
      return number
    }
  }

  /// The running lap's number (the row marked `›`), nil when not shown.
  var runningLapNumber: Int? {
    for line in lines {
      let words = line.split(whereSeparator: \.isWhitespace)
      if words.count >= 2, words[0] == "›", let number = Int(words[1]) { return number }
    }
    return nil
  }

  /// The screen in a frame, for failure messages.
  var description: String {
    let width = max(1, lines.map(\.count).max() ?? 1)
    let rule = "+" + String(repeating: "-", count: width) + "+"
    return ([rule] + lines.map { "|" + $0.padding(toLength: width, withPad: " ", startingAt: 0) + "|" } + [rule])
      .joined(separator: "\n")
  }
}

/// A clock as the screens print it: hours (two or more digits), minutes, seconds and an
/// optional fraction of one (tenths) or two (hundredths) digits.
struct ClockText: Sendable, Equatable, CustomStringConvertible {
  var hours: Int
  var minutes: Int
  var seconds: Int
  /// The fraction's digits as printed ("" for whole seconds).
  var fraction: String

  var duration: Duration {
    var ms = ((hours * 60 + minutes) * 60 + seconds) * 1000
    switch fraction.count {
    case 1: ms += (Int(fraction) ?? 0) * 100
    case 2: ms += (Int(fraction) ?? 0) * 10
    default: break
    }
    return .milliseconds(ms)
  }

  /// The smallest step the clock shows: 1 s, 100 ms or 10 ms.
  var unit: Duration {
    switch fraction.count {
    case 1: .milliseconds(100)
    case 2: .milliseconds(10)
    default: .seconds(1)
    }
  }

  /// `d` truncated to this clock's unit: what a screen that truncates (never rounds) shows
  /// for a true time of `d`. A true time of at least `d` is never shown below this.
  func truncating(_ d: Duration) -> Duration {
    let unitMs = unit.components.seconds * 1000 + unit.components.attoseconds / 1_000_000_000_000_000
    let ms = d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    return .milliseconds(ms - ms % unitMs)
  }

  var description: String {
    func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let base = "\(pad(hours)):\(pad(minutes)):\(pad(seconds))"
    return fraction.isEmpty ? base : base + "." + fraction
  }

  /// Every clock in `line`, left to right. A clock is not preceded or followed by a letter,
  /// a digit or a colon, so `+00:01.25` (a lap difference), `14:30` and the time in
  /// `2026-11-22T03:00:00Z` are not clocks.
  static func all(in line: String) -> [ClockText] {
    let c = Array(line)
    var found: [ClockText] = []
    var i = 0
    func isDigit(_ k: Int) -> Bool { k < c.count && c[k].isASCII && c[k].isNumber }
    func isWordOrColon(_ k: Int) -> Bool { c[k].isLetter || c[k].isNumber || c[k] == ":" }
    func digits(from k: Int) -> Int {
      var e = k
      while isDigit(e) { e += 1 }
      return e - k
    }
    while i < c.count {
      guard isDigit(i), i == 0 || !isWordOrColon(i - 1) else {
        i += 1
        continue
      }
      let h = digits(from: i)
      var k = i + h
      guard h >= 2, k < c.count, c[k] == ":", digits(from: k + 1) == 2, k + 3 < c.count, c[k + 3] == ":",
        digits(from: k + 4) == 2
      else {
        i += max(1, h)
        continue
      }
      let hours = Int(String(c[i..<(i + h)])) ?? 0
      let minutes = Int(String(c[(k + 1)..<(k + 3)])) ?? 0
      let seconds = Int(String(c[(k + 4)..<(k + 6)])) ?? 0
      k += 6
      var fraction = ""
      if k < c.count, c[k] == ".", (1...2).contains(digits(from: k + 1)) {
        let n = digits(from: k + 1)
        fraction = String(c[(k + 1)..<(k + 1 + n)])
        k += 1 + n
      }
      if k < c.count, isWordOrColon(k) {
        i = k
        continue
      }
      found.append(ClockText(hours: hours, minutes: minutes, seconds: seconds, fraction: fraction))
      i = k
    }
    return found
  }
}
