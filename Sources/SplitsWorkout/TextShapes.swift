// What a token of the text format is by its shape, and the numbers in it, read without a trap.

/// Shapes of tokens: a token of a shape is read as that thing, and an error if it is not a
/// valid one (so `0m` is a bad length, never a word of a label).
enum Shape {
  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static let ftp = Array("ftp".utf8)
  static let ramp = Array("ramp".utf8)
  static let lap = Array("lap".utf8)
  static let kinds = WorkoutStep.Kind.allCases.map { (word: Array($0.rawValue.utf8), kind: $0) }

  static func equals(_ bytes: ArraySlice<UInt8>, _ word: [UInt8]) -> Bool {
    guard bytes.count == word.count else { return false }
    var index = 0
    while index < word.count {
      if bytes[bytes.startIndex + index] != word[index] { return false }
      index += 1
    }
    return true
  }

  static func kind(_ bytes: ArraySlice<UInt8>) -> WorkoutStep.Kind? {
    for entry in kinds where equals(bytes, entry.word) { return entry.kind }
    return nil
  }

  /// Whether every byte of `bytes` is a digit (true when there is none).
  static func allDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if !isDigit(bytes[index]) { return false }
      index += 1
    }
    return true
  }

  /// `10m`, `1m30`, `1:30`, `1.5h`, `-5m`: a digit first (after an optional `-`), then digits,
  /// `:`, `.`, `h`, `m` and `s`, with at least one of `:hms`. A bare number is not a length.
  static func isTimedLength(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.endIndex, isDigit(bytes[index]) else { return false }
    var marked = false
    while index < bytes.endIndex {
      switch bytes[index] {
      case UInt8(ascii: ":"), UInt8(ascii: "h"), UInt8(ascii: "m"), UInt8(ascii: "s"): marked = true
      case UInt8(ascii: "."): break
      default: if !isDigit(bytes[index]) { return false }
      }
      index += 1
    }
    return marked
  }

  /// `75%`, `88-92%`, `220w`, `-5%`, `5--6%`, `50%-75%`: digits, `.` and `-` (a digit or `-`
  /// first) before `%` or `w`; the unit may also close the first value of a range.
  static func isPowerTarget(_ bytes: ArraySlice<UInt8>) -> Bool {
    powerNumbers(bytes).map(isNumbers) ?? false
  }

  /// The numbers of a target in `%` or `w`, the unit taken off (`50%-75%` gives `50-75`);
  /// nil when the token does not end in `%` or `w`.
  static func powerNumbers(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let unit = bytes.last, unit == UInt8(ascii: "%") || unit == UInt8(ascii: "w") else { return nil }
    let body = bytes.dropLast()
    var index = body.startIndex
    while index + 1 < body.endIndex {
      if body[index] == unit, body[index + 1] == UInt8(ascii: "-"), index > body.startIndex {
        return ArraySlice(Array(body[..<index]) + Array(body[(index + 1)...]))
      }
      index += 1
    }
    return body
  }

  static let intensity = Array("intensity=".utf8)
  /// The kinds intervals.icu's `intensity=` names.
  static let intensityKinds: Set<WorkoutStep.Kind> = [.active, .rest, .warmup, .cooldown]

  static func starts(_ bytes: ArraySlice<UInt8>, with prefix: [UInt8]) -> Bool {
    bytes.count >= prefix.count && equals(bytes.prefix(prefix.count), prefix)
  }

  static func ends(_ bytes: ArraySlice<UInt8>, with suffix: [UInt8]) -> Bool {
    bytes.count >= suffix.count && equals(bytes.suffix(suffix.count), suffix)
  }

  /// intervals.icu's heart-rate targets: `HR`, `LTHR` (after `75%` or `Z2`), `75%HR`, `140bpm`.
  static func isHeartRate(_ bytes: ArraySlice<UInt8>) -> Bool {
    for suffix in [Array("lthr".utf8), Array("hr".utf8)] where ends(bytes, with: suffix) {
      let before = bytes.dropLast(suffix.count)
      if before.isEmpty || isPowerTarget(before) || isZone(before) { return true }
    }
    let bpm = Array("bpm".utf8)
    return ends(bytes, with: bpm) && isNumbers(bytes.dropLast(bpm.count))
  }

  /// intervals.icu's pace targets: `Pace` (after `75%` or `Z2`), `5:00/km`, `1:45/100m`.
  static func isPace(_ bytes: ArraySlice<UInt8>) -> Bool {
    let pace = Array("pace".utf8)
    if ends(bytes, with: pace) {
      let before = bytes.dropLast(pace.count)
      return before.isEmpty || isPowerTarget(before) || isZone(before)
    }
    guard let slash = TextNumber.index(of: UInt8(ascii: "/"), in: bytes), let first = bytes.first else { return false }
    return isDigit(first) && slash + 1 < bytes.endIndex
  }

  /// A distance: a number (decimals allowed) then `km`, `mi`, `mtr` or `yd` (`1km`, `2.5mi`,
  /// `400mtr`). `m` alone is minutes.
  static func isDistance(_ bytes: ArraySlice<UInt8>) -> Bool {
    for unit in ["km", "mi", "mtr", "yd"] {
      let suffix = Array(unit.utf8)
      guard ends(bytes, with: suffix) else { continue }
      let number = bytes.dropLast(suffix.count)
      guard let first = number.first, isDigit(first) else { return false }
      return number.allSatisfy { isDigit($0) || $0 == UInt8(ascii: ".") }
    }
    return false
  }

  /// `Z2`, `Z0`, `Z12`.
  static func isZone(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count >= 2 && bytes.first == UInt8(ascii: "z") && allDigits(bytes.dropFirst())
  }

  /// `90rpm`, `90-100rpm`, `0rpm`.
  static func isCadence(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count > 3 else { return false }
    let end = bytes.endIndex
    return bytes[end - 3] == UInt8(ascii: "r") && bytes[end - 2] == UInt8(ascii: "p")
      && bytes[end - 1] == UInt8(ascii: "m") && isNumbers(bytes.dropLast(3))
  }

  /// `3x`, `0x`, `1000x`.
  static func isRepeatCount(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.count >= 2 && bytes.last == UInt8(ascii: "x") && allDigits(bytes.dropLast())
  }

  /// Digits, `.` and `-`, starting with a digit or `-` and holding a digit.
  static func isNumbers(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first, isDigit(first) || first == UInt8(ascii: "-") else { return false }
    var sawDigit = false
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if isDigit(byte) {
        sawDigit = true
      } else if byte != UInt8(ascii: ".") && byte != UInt8(ascii: "-") {
        return false
      }
      index += 1
    }
    return sawDigit
  }
}

// MARK: - Numbers

/// Numbers read without a trap: whole numbers stop growing at `cap`, above every limit, so
/// no product or sum of them can overflow.
enum TextNumber {
  static let cap = 100_000

  /// The value of ASCII digits (at least one, nothing else), at most `cap`.
  static func whole(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard !bytes.isEmpty else { return nil }
    var value = 0
    for byte in bytes {
      guard Shape.isDigit(byte) else { return nil }
      value = min(value * 10 + Int(byte - 0x30), cap)
    }
    return value
  }

  /// `12`, `87.5`: digits with an optional fraction (its first three digits count).
  static func decimal(_ bytes: ArraySlice<UInt8>) -> Double? {
    guard let dot = index(of: UInt8(ascii: "."), in: bytes) else { return whole(bytes).map(Double.init) }
    let digits = bytes[(dot + 1)...]
    guard let integer = whole(bytes[..<dot]), let fraction = whole(digits.prefix(3)), Shape.allDigits(digits) else {
      return nil
    }
    var scale = 1
    for _ in 0..<min(digits.count, 3) { scale *= 10 }
    return Double(integer * scale + fraction) / Double(scale)
  }

  /// The first index of `byte` in `bytes`.
  static func index(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }

  /// `1h`, `10m`, `30s`, `1h30m`, `1m30s`, `1m30` (a last bare number is of the unit below
  /// the one before it), `1:30` (M:SS), `1:00:00` (H:MM:SS), in seconds; nil when malformed.
  static func seconds(_ bytes: ArraySlice<UInt8>) -> Int? {
    if let colon = index(of: UInt8(ascii: ":"), in: bytes) {
      guard var total = whole(bytes[..<colon]) else { return nil }
      var rest = bytes[(colon + 1)...]
      // Then `:SS` or `:MM:SS`: two digits, below 60, each.
      for part in 0..<2 {
        guard rest.count >= 2, let value = whole(rest.prefix(2)), value < 60 else { return nil }
        total = total * 60 + value
        rest = rest.dropFirst(2)
        if rest.isEmpty { return total }
        guard part == 0, rest.first == UInt8(ascii: ":") else { return nil }
        rest = rest.dropFirst()
      }
      return nil
    }
    var total = 0
    var next = 0  // the largest unit still allowed: 0 hours, 1 minutes, 2 seconds, 3 none
    var index = bytes.startIndex
    while index < bytes.endIndex {
      var end = index
      while end < bytes.endIndex, Shape.isDigit(bytes[end]) { end += 1 }
      guard let value = whole(bytes[index..<end]) else { return nil }
      if end == bytes.endIndex {
        // A bare number at the end counts in the unit below the last one (`1m30`, `1h30`).
        guard next == 1 || next == 2 else { return nil }
        return total + value * unitSeconds(next)
      }
      let unit: Int
      switch bytes[end] {
      case UInt8(ascii: "h"): unit = 0
      case UInt8(ascii: "m"): unit = 1
      case UInt8(ascii: "s"): unit = 2
      default: return nil
      }
      guard unit >= next else { return nil }
      total += value * unitSeconds(unit)
      next = unit + 1
      index = end + 1
    }
    return next > 0 ? total : nil
  }

  static func unitSeconds(_ unit: Int) -> Int { unit == 0 ? 3600 : unit == 1 ? 60 : 1 }
}
