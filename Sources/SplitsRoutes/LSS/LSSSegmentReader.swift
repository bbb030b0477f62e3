import SplitsXML

extension LSSRunReader {
  /// The comparisons livesplit-core generates: a split time under one of these names in a file
  /// is replaced by the generated one, and never written back, so it is not read.
  static let generatedComparisons: Set<String> = [
    "Personal Best", "Best Segments", "Best Split Times", "Average Segments", "Median Segments",
    "Worst Segments", "Balanced PB", "Latest Run", "None",
  ]
  static let racePrefix = "[Race]"

  /// One `<Segment>`: its name, icon, split times by comparison, best segment and history.
  mutating func readSegment(_ element: XMLReader.Element) throws(LSSError) -> RouteSegment {
    var segment = RouteSegment(name: "")
    var history: [(index: Int, position: Int, time: RouteTime)] = []
    for child in element.elements {
      switch child.name {
      case "Name": segment.name = try LSSText.text(child)
      case "Icon": if child.source != Self.emptyIcon { segment.kept.elements.append(Self.kept(child)) }
      case "SplitTimes": if version >= .splitTimes { try readSplitTimes(child, into: &segment) }
      case "PersonalBestSplitTime":
        if version < .splitTimes { Self.set(&segment, RouteSegment.personalBest, try LSSText.bareTime(child)) }
      case "BestSegmentTime": segment.bestSegment = try time(child)
      case "SegmentHistory":
        for entry in child.elements {
          history.append((try LSSText.id(entry), history.count, try time(entry)))
        }
      default: segment.kept.elements.append(Self.kept(child))
      }
    }
    segment.history = Self.ordered(history)
    return segment
  }

  /// A time in this file's form: `<RealTime>`/`<GameTime>` from 1.4.1, bare text before.
  func time(_ element: XMLReader.Element) throws(LSSError) -> RouteTime {
    version >= .structuredTimes ? try LSSText.time(element) : try LSSText.bareTime(element)
  }

  /// `<SplitTime name="…">` children: "Personal Best" and the custom comparisons, the names
  /// added to the route's in the order first met.
  mutating func readSplitTimes(_ element: XMLReader.Element, into segment: inout RouteSegment) throws(LSSError) {
    for child in element.elements where child.name == "SplitTime" {
      guard let name = child.attributes.first(where: { $0.name == "name" })?.value else {
        throw LSSError(child, "the attribute name is missing")
      }
      let value = try time(child)
      if name.hasPrefix(Self.racePrefix) {
        throw LSSError(child, "a comparison name cannot start with \(Self.racePrefix): \"\(name)\"")
      }
      if name == RouteSegment.personalBest {
        Self.set(&segment, name, value)
        continue
      }
      guard !Self.generatedComparisons.contains(name) else { continue }
      Self.set(&segment, name, value)
      if !route.customComparisons.contains(name) { route.customComparisons.append(name) }
    }
  }

  /// A comparison's split time; none is the same as no entry (and is kept as none).
  static func set(_ segment: inout RouteSegment, _ name: String, _ time: RouteTime) {
    if time.isEmpty {
      segment.comparisons.removeAll { $0.name == name }
    } else {
      segment.setComparison(name, time)
    }
  }

  /// A history by attempt id; of two entries with one id, the first in the file (as
  /// livesplit-core's `SegmentHistory::insert`).
  static func ordered(_ entries: [(index: Int, position: Int, time: RouteTime)]) -> [RouteSegment.HistoryEntry] {
    var sorted = entries
    if !zip(entries, entries.dropFirst()).allSatisfy({ $0.index < $1.index }) {
      sorted.sort { ($0.index, $0.position) < ($1.index, $1.position) }
    }
    var result: [RouteSegment.HistoryEntry] = []
    result.reserveCapacity(sorted.count)
    for entry in sorted where result.last?.index != entry.index {
      result.append(RouteSegment.HistoryEntry(index: entry.index, time: entry.time))
    }
    return result
  }
}

/// Text, ids and times of elements, as livesplit-core's XML helpers read them.
enum LSSText {
  /// The text without XML's white space (space, tab, line feed, carriage return) at either
  /// end, as livesplit-core's reader trims it. By scalars: "\r\n" is one `Character`.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The element's text, trimmed; an element inside is refused.
  static func text(_ element: XMLReader.Element) throws(LSSError) -> String {
    if let inner = element.elements.first {
      throw LSSError(element, "expected text, found the element <\(inner.name)>")
    }
    return trimmed(element.text)
  }

  /// The element's required `id`: an attempt's number.
  static func id(_ element: XMLReader.Element) throws(LSSError) -> Int {
    guard let text = element.attributes.first(where: { $0.name == "id" })?.value else {
      throw LSSError(element, "the attribute id is missing")
    }
    guard let id = Int32(text) else { throw LSSError(element, "id=\"\(text)\" is not a whole number") }
    return Int(id)
  }

  /// A time or none (empty text).
  static func optionalTime(_ element: XMLReader.Element) throws(LSSError) -> Duration? {
    let text = try text(element)
    if text.isEmpty { return nil }
    guard let time = LSSTime.parse(text) else { throw LSSError(element, "\"\(text)\" is not a time") }
    return time
  }

  /// `<RealTime>` and `<GameTime>` children (others ignored).
  static func time(_ element: XMLReader.Element) throws(LSSError) -> RouteTime {
    var time = RouteTime.none
    for child in element.elements {
      if child.name == "RealTime" {
        time.real = try optionalTime(child)
      } else if child.name == "GameTime" {
        time.game = try optionalTime(child)
      }
    }
    return time
  }

  /// A bare time (the files before 1.4.1): real time only.
  static func bareTime(_ element: XMLReader.Element) throws(LSSError) -> RouteTime {
    RouteTime(real: try optionalTime(element))
  }
}
