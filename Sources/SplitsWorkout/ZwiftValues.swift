import SplitsXML

// What a `.zwo` reader reads of its elements: values ignoring case, numbers as Zwift files
// write them, text made fit for one line of a terminal.

/// `text` shortened to `Workout.Limits.textCharacters` characters, the last one `…`; nil when it
/// fits already.
func shortened(_ text: String) -> String? {
  guard text.count > Workout.Limits.textCharacters else { return nil }
  return String(text.prefix(Workout.Limits.textCharacters - 1)) + "…"
}

/// Text fit for one line of a terminal: control characters and line breaks become spaces, runs
/// of white space one space, none at either end.
func oneLine(_ text: String) -> String {
  var result = ""
  var pendingSpace = false
  for character in text {
    let blank =
      character.isWhitespace
      || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    if blank {
      pendingSpace = !result.isEmpty
    } else {
      if pendingSpace { result.append(" ") }
      pendingSpace = false
      result.append(character)
    }
  }
  return result
}

/// A value as written, for a message: on one line, at most 24 characters, quoted.
func shown(_ value: String) -> String {
  let line = oneLine(value)
  return "'" + (line.count > 24 ? String(line.prefix(23)) + "…" : line) + "'"
}

/// A number as Zwift files write them (`600`, `600.0`, `0.75`, `.5`, `-1`, `1e3`), surrounding
/// white space allowed; nil for anything else (`nan`, `inf`, `0x10`, `1,5`, empty).
func number(_ text: String) -> Double? {
  let bytes = Array(text.utf8)
  func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
  var start = 0
  var end = bytes.count
  while start < end && blank(bytes[start]) { start += 1 }
  while end > start && blank(bytes[end - 1]) { end -= 1 }
  var position = start
  func digits() -> Int {
    let from = position
    while position < end && bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
    return position - from
  }
  if position < end && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
    position += 1
  }
  var mantissa = digits()
  if position < end && bytes[position] == UInt8(ascii: ".") {
    position += 1
    mantissa += digits()
  }
  guard mantissa > 0 else { return nil }
  if position < end && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
    position += 1
    if position < end && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
      position += 1
    }
    guard digits() > 0 else { return nil }
  }
  guard position == end else { return nil }
  return Double(String(decoding: bytes[start..<end], as: UTF8.self))
}

/// `value` rounded to the nearest whole number (halves away from zero), when it is within
/// `range`; nil otherwise, and for NaN and infinities.
func whole(_ value: Double, in range: ClosedRange<Int>) -> Int? {
  guard value.isFinite else { return nil }
  let rounded = value.rounded(.toNearestOrAwayFromZero)
  guard rounded >= Double(range.lowerBound), rounded <= Double(range.upperBound) else { return nil }
  return Int(rounded)
}

/// An element read as a block: its attributes looked up ignoring case, and errors placed at it.
struct Block {
  let element: XMLReader.Element

  var name: String { element.name }
  var line: Int { element.line }

  func error(_ message: String) -> WorkoutError {
    WorkoutError(.element(element.name, line: element.line), message)
  }

  /// The value of the attribute `name`, matched ignoring case; two spellings of it (`Power`
  /// and `power`) with different values are an error.
  func value(_ name: String) throws(WorkoutError) -> String? {
    let wanted = name.lowercased()
    var found: XMLReader.Attribute?
    for attribute in element.attributes where attribute.name.lowercased() == wanted {
      if let found, found.value != attribute.value {
        throw error("\(found.name) and \(attribute.name) give two values for \(name)")
      }
      found = attribute
    }
    return found?.value
  }

  /// A number of seconds from 1 to 24 hours, rounded to the nearest second.
  func seconds(_ name: String) throws(WorkoutError) -> Int {
    guard let text = try value(name) else { throw error("\(name) is missing (seconds)") }
    guard let value = number(text) else {
      throw error("\(name) must be a number of seconds, found \(shown(text))")
    }
    let limit = Workout.Limits.stepSeconds
    guard value.rounded(.toNearestOrAwayFromZero) >= 1 else {
      throw error("\(name) must be at least 1 second, found \(shown(text))")
    }
    guard let seconds = whole(value, in: 1...limit) else {
      throw error("\(name) must be at most \(limit) seconds (24 hours), found \(shown(text))")
    }
    return seconds
  }

  /// A fraction of FTP as a percentage kept to a tenth (0.75449997 is 75.4 %), or nil when the
  /// attribute is absent.
  func percent(_ name: String) throws(WorkoutError) -> Double? {
    guard let text = try value(name) else { return nil }
    let maximum = Workout.Limits.percent / 100
    guard let fraction = number(text), fraction.isFinite, fraction >= 0, fraction <= maximum else {
      throw error(
        "\(name) must be a fraction of FTP from 0 to \(Int(maximum)) (0.75 is 75 %), found \(shown(text))")
    }
    return (fraction * 1000).rounded(.toNearestOrAwayFromZero) / 10
  }

  /// Revolutions per minute, rounded; nil when absent or 0 (which some files write for none).
  func cadence(_ name: String) throws(WorkoutError) -> Int? {
    guard let text = try value(name) else { return nil }
    guard let value = number(text), let cadence = whole(value, in: 0...Workout.Limits.cadence) else {
      throw error("\(name) must be from 0 to \(Workout.Limits.cadence) rpm, found \(shown(text))")
    }
    return cadence == 0 ? nil : cadence
  }

  /// `Cadence`, else the middle of `CadenceLow` and `CadenceHigh` (or the one given).
  func cadence() throws(WorkoutError) -> Int? {
    if try value("Cadence") != nil { return try cadence("Cadence") }
    let low = try cadence("CadenceLow")
    let high = try cadence("CadenceHigh")
    switch (low, high) {
    case (let low?, let high?): return Int((Double(low + high) / 2).rounded(.toNearestOrAwayFromZero))
    default: return low ?? high
    }
  }

  /// A steady target from `single`, else from the range `low`…`high` (either alone is a single
  /// value); nil when none of them is given.
  func steady(_ single: String, low: String, high: String) throws(WorkoutError) -> WorkoutStep.Target? {
    if let power = try percent(single) { return .steady(low: power, high: power) }
    switch (try percent(low), try percent(high)) {
    case (let low?, let high?): return .steady(low: min(low, high), high: max(low, high))
    case (let value?, nil), (nil, let value?): return .steady(low: value, high: value)
    case (nil, nil): return nil
    }
  }
}
