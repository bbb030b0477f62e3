import CNcurses
import SplitsRender

/// The terminal's own escape sequences, from its terminfo description, for the frames the
/// screen writes itself: cursor address, attributes and colours. Read once when the screen
/// starts (only the cursor address takes parameters that change from run to run).
struct Sequences {
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

  @MainActor
  init(colors: Bool) {
    self.colors = colors
    sgr0 = Self.bytes(splits_ti_sgr0())
    originalPair = Self.bytes(splits_ti_op())
    bold = Self.bytes(splits_ti_bold())
    dim = Self.bytes(splits_ti_dim())
    reverse = Self.bytes(splits_ti_rev())
    home = Self.bytes(splits_ti_home())
    if splits_ti_sgr(0, 0, 0) != nil {
      var combined: [[UInt8]] = []
      for bits: Int32 in 0..<8 {
        let reverse = (bits >> 2) & 1
        let dim = (bits >> 1) & 1
        let bold = bits & 1
        combined.append(Self.bytes(splits_ti_sgr(reverse, dim, bold)) ?? [])
      }
      self.combined = combined
    } else {
      combined = nil
    }
    sgr0ResetsColors = sgr0.map(Self.resetsColors) ?? false
    combinedResetsColors = combined?.map(Self.resetsColors) ?? []
    var foreground: [[UInt8]?] = Array(repeating: nil, count: 1 + Color.allCases.count)
    if colors {
      for color in Color.allCases {
        foreground[Int(color.rawValue)] = Self.bytes(splits_ti_setaf(Int32(Self.cursesColor(color))))
      }
    }
    self.foreground = foreground
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

  /// The cursor from (fromRow, fromColumn), where the last run left it, to (row, column):
  /// to the right on the same row by `cuf` when that is shorter than a cursor address.
  @MainActor
  func appendMove(fromRow: Int, fromColumn: Int, toRow row: Int, toColumn column: Int, to buffer: inout [UInt8]) {
    let address = Self.bytes(splits_ti_cup(Int32(row), Int32(column))) ?? []
    if row == fromRow, column > fromColumn, let right = Self.bytes(splits_ti_cuf(Int32(column - fromColumn))),
      !right.isEmpty, right.count < address.count || address.isEmpty
    {
      buffer.append(contentsOf: right)
    } else {
      buffer.append(contentsOf: address)
    }
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

  /// A terminfo string's bytes without its padding (`$<5>`, `$<2*/>`): delays that a
  /// terminal emulator does not need and curses' `tputs` would turn into pad characters.
  static func bytes(_ string: UnsafePointer<CChar>?) -> [UInt8]? {
    guard let string else { return nil }
    var bytes: [UInt8] = []
    append(string, to: &bytes)
    return bytes
  }

  static func append(_ string: UnsafePointer<CChar>?, to buffer: inout [UInt8]) {
    guard let string else { return }
    string.withMemoryRebound(to: UInt8.self, capacity: 1) { p in
      var i = 0
      while p[i] != 0 {
        if p[i] == UInt8(ascii: "$"), p[i + 1] == UInt8(ascii: "<") {
          var j = i + 2
          while p[j] != 0, p[j] != UInt8(ascii: ">"),
            (p[j] >= UInt8(ascii: "0") && p[j] <= UInt8(ascii: "9")) || p[j] == UInt8(ascii: ".")
              || p[j] == UInt8(ascii: "*") || p[j] == UInt8(ascii: "/")
          {
            j += 1
          }
          if p[j] == UInt8(ascii: ">"), j > i + 2 {
            i = j + 1
            continue
          }
        }
        buffer.append(p[i])
        i += 1
      }
    }
  }
}
