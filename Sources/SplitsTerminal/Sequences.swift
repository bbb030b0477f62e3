import CNcurses
import SplitsRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal's own escape sequences, for the frames the screen writes itself: cursor
/// address, attributes and colours. Made once when the screen starts from the capability
/// strings of the terminal's terminfo description (`terminfo(colors:)`); only the cursor
/// moves take parameters that change from run to run.
struct Sequences {
  /// The terminfo strings frames are made of, as a terminal's entry holds them (parameters
  /// and padding included); nil where the terminal lacks one.
  struct Capabilities: Equatable, Sendable {
    /// All attributes off (`sgr0`).
    var sgr0: [UInt8]?
    /// Default colours back (`op`).
    var op: [UInt8]?
    var bold: [UInt8]?
    var dim: [UInt8]?
    var rev: [UInt8]?
    /// The cursor to the top-left corner (`home`; `cup` of 0, 0 when missing).
    var home: [UInt8]?
    /// Set exactly the attributes given (`sgr`, nine parameters).
    var sgr: [UInt8]?
    /// Foreground colour (`setaf`; `setf` with its own colour numbering when it is missing).
    var setaf: [UInt8]?
    var setf: [UInt8]?
    /// Cursor address (`cup`: row, column, both from 0).
    var cup: [UInt8]?
    /// The cursor right by n columns (`cuf`).
    var cuf: [UInt8]?
    /// The cursor to a column of the row it is on (`hpa`, from 0).
    var hpa: [UInt8]?

    init(
      sgr0: [UInt8]? = nil, op: [UInt8]? = nil, bold: [UInt8]? = nil, dim: [UInt8]? = nil, rev: [UInt8]? = nil,
      home: [UInt8]? = nil, sgr: [UInt8]? = nil, setaf: [UInt8]? = nil, setf: [UInt8]? = nil, cup: [UInt8]? = nil,
      cuf: [UInt8]? = nil, hpa: [UInt8]? = nil
    ) {
      self.sgr0 = sgr0
      self.op = op
      self.bold = bold
      self.dim = dim
      self.rev = rev
      self.home = home
      self.sgr = sgr
      self.setaf = setaf
      self.setf = setf
      self.cup = cup
      self.cuf = cuf
      self.hpa = hpa
    }
  }

  /// Whether colours are written at all (off for `--no-color`, `NO_COLOR` and terminals
  /// without colours: then no colour sequence is written).
  let colors: Bool
  private let sgr0: [UInt8]?
  private let originalPair: [UInt8]?
  private let bold: [UInt8]?
  private let dim: [UInt8]?
  private let reverse: [UInt8]?
  private let home: [UInt8]?
  /// `sgr` for each combination of attributes (reverse 4 + dim 2 + bold 1), or nil.
  private let combined: [[UInt8]]?
  /// Whether `sgr0` and each `sgr` also reset the colours: they hold the ECMA-48 reset
  /// (`CSI m`, `CSI 0 m`, `CSI 0;…m`), which turns colours off too. Otherwise a colour that
  /// goes away takes an `op` of its own.
  private let sgr0ResetsColors: Bool
  private let combinedResetsColors: [Bool]
  /// The foreground sequence of each `Color` by raw value (index 0 unused): the colours the
  /// colour pairs of curses were given.
  private let foreground: [[UInt8]?]
  /// `cup`, `cuf` and `hpa` as C strings, expanded for each move.
  private let cursorAddress: [CChar]?
  private let cursorRight: [CChar]?
  private let columnAddress: [CChar]?
  /// Whether `cup`, `cuf` and `hpa` expand to ECMA-48's `CSI row;column H`, `CSI n C` and
  /// `CSI column G` (counted from 1), as on nearly every terminal: then each move is written
  /// directly, not expanded by tiparm (a `vfprintf` a move, several moves a frame at
  /// hundredths).
  let ecmaAddress: Bool
  let ecmaRight: Bool
  let ecmaColumn: Bool

  /// The sequences of a terminal with these capabilities and `colors` colours (0 for none:
  /// `--no-color`, `NO_COLOR`, a terminal without colours). A colour is written only when
  /// the terminal has its number.
  /// `directMoves` false expands every move by tiparm (for tests comparing the two).
  @MainActor
  init(_ capabilities: Capabilities, colors: Int, directMoves: Bool = true) {
    let cursorAddress = capabilities.cup.map(Self.cString)
    let cursorRight = capabilities.cuf.map(Self.cString)
    let columnAddress = capabilities.hpa.map(Self.cString)
    self.cursorAddress = cursorAddress
    self.cursorRight = cursorRight
    self.columnAddress = columnAddress
    ecmaAddress = directMoves && [(0, 0), (4, 11), (23, 79), (9, 99), (998, 1_233)].allSatisfy { row, column in
      Self.expand(cursorAddress, Int32(row), Int32(column)).map { $0 == Self.ecmaAddress(row, column) } ?? false
    }
    ecmaRight = directMoves && [1, 7, 10, 42, 1_000].allSatisfy { n in
      Self.expand(cursorRight, Int32(n)).map { $0 == Self.ecmaRight(n) } ?? false
    }
    ecmaColumn = directMoves && [0, 11, 79, 99, 1_233].allSatisfy { column in
      Self.expand(columnAddress, Int32(column)).map { $0 == Self.ecmaColumn(column) } ?? false
    }
    sgr0 = capabilities.sgr0.map(Self.withoutPadding)
    originalPair = capabilities.op.map(Self.withoutPadding)
    bold = capabilities.bold.map(Self.withoutPadding)
    dim = capabilities.dim.map(Self.withoutPadding)
    reverse = capabilities.rev.map(Self.withoutPadding)
    home = capabilities.home.map(Self.withoutPadding) ?? Self.expand(cursorAddress, 0, 0)
    let sgr = capabilities.sgr.map(Self.cString)
    if let sgr, Self.expand(sgr) != nil {
      var combined: [[UInt8]] = []
      for bits: Int32 in 0..<8 {
        // sgr's parameters: standout, underline, reverse, blink, dim, bold, invisible,
        // protect, alternate character set.
        let reverse = (bits >> 2) & 1
        let dim = (bits >> 1) & 1
        let bold = bits & 1
        combined.append(Self.expand(sgr, 0, 0, reverse, 0, dim, bold, 0, 0, 0) ?? [])
      }
      self.combined = combined
    } else {
      combined = nil
    }
    sgr0ResetsColors = sgr0.map(Self.resetsColors) ?? false
    combinedResetsColors = combined?.map(Self.resetsColors) ?? []
    let setaf = capabilities.setaf.map(Self.cString)
    let setf = capabilities.setf.map(Self.cString)
    var foreground: [[UInt8]?] = Array(repeating: nil, count: 1 + Color.allCases.count)
    for color in Color.allCases {
      let number = Int32(Self.cursesColor(color))
      guard number < colors else { continue }
      if let setaf {
        foreground[Int(color.rawValue)] = Self.expand(setaf, number)
      } else if let setf {
        // setf numbers the colours in its own order (blue 1, red 4).
        let order: [Int32] = [0, 4, 2, 6, 1, 5, 3, 7]
        foreground[Int(color.rawValue)] = Self.expand(setf, order[Int(number)])
      }
    }
    self.foreground = foreground
    self.colors = foreground.contains { $0 != nil }
  }

  /// The sequences of the current terminal (curses' `cur_term`), from its terminfo entry;
  /// `colors` false writes no colour.
  @MainActor
  static func terminfo(colors: Bool) -> Sequences {
    func string(_ name: String) -> [UInt8]? {
      guard let value = splits_tigetstr(name) else { return nil }
      return value.withMemoryRebound(to: UInt8.self, capacity: 1) { p in
        Array(UnsafeBufferPointer(start: p, count: strlen(value)))
      }
    }
    let capabilities = Capabilities(
      sgr0: string("sgr0"), op: string("op"), bold: string("bold"), dim: string("dim"), rev: string("rev"),
      home: string("home"), sgr: string("sgr"), setaf: string("setaf"), setf: string("setf"), cup: string("cup"),
      cuf: string("cuf"), hpa: string("hpa"))
    return Sequences(capabilities, colors: colors ? max(0, Int(splits_tigetnum("colors"))) : 0)
  }

  /// The curses colour number of each colour (the foreground of its colour pair).
  static func cursesColor(_ color: Color) -> Int16 {
    switch color {
    case .green: Int16(COLOR_GREEN)
    case .red: Int16(COLOR_RED)
    case .yellow: Int16(COLOR_YELLOW)
    case .cyan: Int16(COLOR_CYAN)
    }
  }

  /// The cursor from where the last run left it to (row, column), by the shortest of: `cuf`
  /// to the right on the same row, `hpa` to the column of the same row, a cursor address.
  /// `fromRow` is -1 when the row the cursor is on is not known, `fromColumn` -1 when its
  /// column is not (after text whose width a terminal may see otherwise).
  @MainActor
  func appendMove(fromRow: Int, fromColumn: Int, toRow row: Int, toColumn column: Int, to buffer: inout [UInt8]) {
    let sameRow = row == fromRow && row >= 0
    let right = sameRow && fromColumn >= 0 && column > fromColumn
    if ecmaAddress, ecmaRight, ecmaColumn || columnAddress == nil {
      let address = 4 + Self.digits(row + 1) + Self.digits(column + 1)
      let toColumn = sameRow && ecmaColumn ? 3 + Self.digits(column + 1) : Int.max
      let byRight = right ? 3 + Self.digits(column - fromColumn) : Int.max
      if byRight < min(address, toColumn) {
        Self.appendECMA(to: &buffer, column - fromColumn, final: UInt8(ascii: "C"))
      } else if toColumn < address {
        Self.appendECMA(to: &buffer, column + 1, final: UInt8(ascii: "G"))
      } else {
        Self.appendECMA(to: &buffer, row + 1, column + 1, final: UInt8(ascii: "H"))
      }
      return
    }
    var shortest = Self.expand(cursorAddress, Int32(row), Int32(column)) ?? []
    var candidates: [[UInt8]] = []
    // The first of the shortest: hpa before cuf, as above.
    if sameRow, let toColumn = Self.expand(columnAddress, Int32(column)) { candidates.append(toColumn) }
    if right, let byRight = Self.expand(cursorRight, Int32(column - fromColumn)) { candidates.append(byRight) }
    for candidate in candidates where !candidate.isEmpty && (candidate.count < shortest.count || shortest.isEmpty) {
      shortest = candidate
    }
    buffer.append(contentsOf: shortest)
  }

  /// ECMA-48's cursor address of (row, column), both from 0.
  static func ecmaAddress(_ row: Int, _ column: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    appendECMA(to: &bytes, row + 1, column + 1, final: UInt8(ascii: "H"))
    return bytes
  }

  /// ECMA-48's cursor to `column` (from 0) of the row it is on.
  static func ecmaColumn(_ column: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    appendECMA(to: &bytes, column + 1, final: UInt8(ascii: "G"))
    return bytes
  }

  /// ECMA-48's cursor right by `n` columns.
  static func ecmaRight(_ n: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    appendECMA(to: &bytes, n, final: UInt8(ascii: "C"))
    return bytes
  }

  /// `CSI a;b final` (or `CSI a final`), the numbers in decimal.
  private static func appendECMA(to buffer: inout [UInt8], _ a: Int, _ b: Int? = nil, final: UInt8) {
    buffer.append(0x1B)
    buffer.append(UInt8(ascii: "["))
    appendDecimal(a, to: &buffer)
    if let b {
      buffer.append(UInt8(ascii: ";"))
      appendDecimal(b, to: &buffer)
    }
    buffer.append(final)
  }

  private static func appendDecimal(_ n: Int, to buffer: inout [UInt8]) {
    // Most significant digit first: reversing the digits in place through a slice of the
    // buffer copied it (a frame's buffer allocated and freed for every cursor move).
    var rest = max(0, n)
    var unit = 1
    while unit <= rest / 10 { unit *= 10 }
    repeat {
      buffer.append(UInt8(ascii: "0") + UInt8(rest / unit))
      rest %= unit
      unit /= 10
    } while unit > 0
  }

  private static func digits(_ n: Int) -> Int {
    var count = 1
    var rest = max(0, n)
    while rest >= 10 {
      count += 1
      rest /= 10
    }
    return count
  }

  /// The cursor to the top-left corner.
  func appendHome(to buffer: inout [UInt8]) {
    if let home { buffer.append(contentsOf: home) }
  }

  /// The attributes and colour of `new`, from `old` (nil: not known), only what differs.
  /// Attributes only go off through a reset (sgr or sgr0), after which the colour is set
  /// again; a colour that goes away is reset with `op`, as curses does, unless that reset
  /// already turned colours off.
  func appendChange(from old: Style?, to new: Style, to buffer: inout [UInt8]) {
    if let old, old == new { return }
    let turnsOff =
      old.map { ($0.bold && !new.bold) || ($0.dim && !new.dim) || ($0.reverse && !new.reverse) } ?? true
    let bits = (new.reverse ? 4 : 0) | (new.dim ? 2 : 0) | (new.bold ? 1 : 0)
    let useCombined = turnsOff && combined != nil && (bits != 0 || sgr0 == nil)
    let resetClearsColor = useCombined ? combinedResetsColors[bits] : sgr0ResetsColors
    var color = old?.color
    if colors, new.color == nil, old == nil || old?.color != nil, !(turnsOff && resetClearsColor) {
      if let originalPair { buffer.append(contentsOf: originalPair) }
      color = nil
    }
    if turnsOff {
      if let combined, useCombined {
        buffer.append(contentsOf: combined[bits])
      } else {
        if let sgr0 { buffer.append(contentsOf: sgr0) }
        appendTurnOn(new, after: .plain, to: &buffer)
      }
      color = nil
    } else if let old {
      appendTurnOn(new, after: old, to: &buffer)
    }
    if colors, let wanted = new.color, wanted != color || turnsOff, let sequence = foreground[Int(wanted.rawValue)] {
      buffer.append(contentsOf: sequence)
    }
  }

  private func appendTurnOn(_ new: Style, after old: Style, to buffer: inout [UInt8]) {
    if new.bold, !old.bold, let bold { buffer.append(contentsOf: bold) }
    if new.dim, !old.dim, let dim { buffer.append(contentsOf: dim) }
    if new.reverse, !old.reverse, let reverse { buffer.append(contentsOf: reverse) }
  }

  /// Whether `sequence` holds an ECMA-48 SGR reset: `CSI m`, `CSI 0 m` or `CSI 0;`.
  static func resetsColors(_ sequence: [UInt8]) -> Bool {
    let escape: UInt8 = 0x1B
    let bracket = UInt8(ascii: "[")
    for i in sequence.indices where sequence[i] == escape {
      guard i + 2 < sequence.count, sequence[i + 1] == bracket else { continue }
      let next = sequence[i + 2]
      if next == UInt8(ascii: "m") { return true }
      if next == UInt8(ascii: "0"), i + 3 < sequence.count,
        sequence[i + 3] == UInt8(ascii: "m") || sequence[i + 3] == UInt8(ascii: ";")
      {
        return true
      }
    }
    return false
  }

  /// A capability as a C string for tiparm (up to its first NUL, which ends it there too).
  private static func cString(_ bytes: [UInt8]) -> [CChar] {
    bytes.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
  }

  /// `format` expanded with `parameters` (tiparm), padding dropped; nil without a format or
  /// when it is not valid.
  @MainActor
  private static func expand(_ format: [CChar]?, _ parameters: Int32...) -> [UInt8]? {
    guard let format else { return nil }
    let p = parameters + Array(repeating: 0, count: max(0, 9 - parameters.count))
    return format.withUnsafeBufferPointer { f in
      bytes(splits_tiparm(f.baseAddress, p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]))
    }
  }

  /// A terminfo string's bytes without its padding (`$<5>`, `$<2*/>`): delays that a
  /// terminal emulator does not need and curses' `tputs` would turn into pad characters.
  static func bytes(_ string: UnsafePointer<CChar>?) -> [UInt8]? {
    guard let string else { return nil }
    return string.withMemoryRebound(to: UInt8.self, capacity: 1) { p in
      withoutPadding(UnsafeBufferPointer(start: p, count: strlen(string)))
    }
  }

  /// `bytes` without padding (`$<` digits, `.`, `*` or `/`, then `>`).
  static func withoutPadding<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> [UInt8]
  where Bytes.Index == Int {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = bytes.startIndex
    while i < bytes.endIndex {
      if bytes[i] == UInt8(ascii: "$"), i + 1 < bytes.endIndex, bytes[i + 1] == UInt8(ascii: "<") {
        var j = i + 2
        while j < bytes.endIndex, bytes[j] != UInt8(ascii: ">"),
          (bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9")) || bytes[j] == UInt8(ascii: ".")
            || bytes[j] == UInt8(ascii: "*") || bytes[j] == UInt8(ascii: "/")
        {
          j += 1
        }
        if j < bytes.endIndex, bytes[j] == UInt8(ascii: ">"), j > i + 2 {
          i = j + 1
          continue
        }
      }
      out.append(bytes[i])
      i += 1
    }
    return out
  }
}
