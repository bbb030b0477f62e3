import SplitsXML

/// Reads LiveSplit's splits files (`.lss`), versions 1.0 to 1.8.1, into a `Route`, by
/// livesplit-core's parser (`src/run/parser/livesplit.rs`): the same elements read for each
/// version, the same old forms (bare times before 1.4.1, `PersonalBestSplitTime` before 1.3,
/// `RunHistory` before 1.5), legacy subsplit names made segment groups before 1.8.1, and the
/// same refusals. What Splits does not use (icons, `Metadata`, `LayoutPath`, `SegmentGroups`,
/// `AutoSplitterSettings`, unknown elements) is kept as its exact source text (`KeptXML`).
///
/// The XML is read by `SplitsXML`'s reader: no DTD or entity declaration, at most `maxBytes`
/// bytes, bounded depth and element count. Pure: bytes in, a route out.
public enum LSSReader {
  /// The largest file read: icons make real files up to a few MiB.
  public static let maxBytes = 16 << 20

  /// The route in `bytes`. `name` is Splits's name for it; without one (nil or blank), the
  /// file's "Game - Category" (either alone when the other is empty), else "Untitled".
  public static func read(_ bytes: [UInt8], name: String? = nil) throws(LSSError) -> Route {
    let root: XMLReader.Element
    do throws(XMLError) {
      root = try XMLReader.parse(bytes, maxBytes: maxBytes)
    } catch {
      throw LSSError(error)
    }
    guard root.name == "Run" else {
      throw LSSError(root, "not a LiveSplit file: the root element is <\(root.name)>, not <Run>")
    }
    var reader = try LSSRunReader(root: root)
    var route = try reader.read(root)
    route.name = routeName(name, game: route.gameName, category: route.categoryName)
    return route
  }

  /// The route in `text` (its UTF-8).
  public static func read(_ text: String, name: String? = nil) throws(LSSError) -> Route {
    try read(Array(text.utf8), name: name)
  }

  /// The caller's name, else livesplit-core's `extended_name`: "Game - Category".
  static func routeName(_ given: String?, game: String, category: String) -> String {
    if let given, !LSSText.trimmed(given).isEmpty { return given }
    let parts = [game, category].filter { !$0.isEmpty }
    return parts.isEmpty ? "Untitled" : parts.joined(separator: " - ")
  }
}

/// A file's version (`Run version="1.7.1"`): four numbers, missing ones 0; no attribute is 1.0.
struct LSSVersion: Comparable {
  var parts: [UInt32]

  init(_ a: UInt32, _ b: UInt32, _ c: UInt32 = 0, _ d: UInt32 = 0) { parts = [a, b, c, d] }

  init?(_ text: String) {
    var parts: [UInt32] = [1, 0, 0, 0]
    for (position, piece) in text.split(separator: ".", omittingEmptySubsequences: false).prefix(4).enumerated() {
      guard let value = UInt32(piece) else { return nil }
      parts[position] = value
    }
    self.parts = parts
  }

  static func < (lhs: LSSVersion, rhs: LSSVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }

  static let structuredTimes = LSSVersion(1, 4, 1)
  static let splitTimes = LSSVersion(1, 3)
  static let attemptHistory = LSSVersion(1, 5)
  static let lastWithEndedBug = LSSVersion(1, 7)
  static let nativeGroups = LSSVersion(1, 8, 1)
}

/// The reading of one `<Run>`: its version and what it has read so far.
struct LSSRunReader {
  let version: LSSVersion
  var route = Route(name: "", segments: [])
  var kept = KeptXML()
  var hasNativeGroups = false
  /// The elements livesplit-core requires, as they are found.
  var found: Set<String> = []
  static let required = ["GameIcon", "GameName", "CategoryName", "Offset", "AttemptCount", "Segments"]
  /// Elements kept whole; a second one replaces the first, as livesplit-core's last one wins.
  static let writtenOrder = ["GameIcon", "Metadata", "LayoutPath", "SegmentGroups", "AutoSplitterSettings"]
  static let keptWhole = Set(writtenOrder)

  init(root: XMLReader.Element) throws(LSSError) {
    if let text = root.attributes.first(where: { $0.name == "version" })?.value {
      guard let version = LSSVersion(text) else { throw LSSError(root, "the version \"\(text)\" is not numbers and dots") }
      self.version = version
    } else {
      version = LSSVersion(1, 0)
    }
  }

  mutating func read(_ root: XMLReader.Element) throws(LSSError) -> Route {
    for element in root.elements {
      try readChild(element)
    }
    let missing = Self.required.filter { !found.contains($0) }
    guard missing.isEmpty else {
      throw LSSError(root, "missing " + missing.map { "<\($0)>" }.joined(separator: ", "))
    }
    if version < .nativeGroups && !hasNativeGroups,
      let groups = LSSLegacySubsplits.upgrade(&route.segments)
    {
      keep(KeptXML.Element(name: "SegmentGroups", source: groups))
    }
    // In the order the writer writes them, so that a route read again is the same route.
    let known = Self.writtenOrder.compactMap { name in kept.elements.first { $0.name == name } }
    route.kept = KeptXML(elements: known + kept.elements.filter { !Self.keptWhole.contains($0.name) })
    return route
  }

  mutating func readChild(_ element: XMLReader.Element) throws(LSSError) {
    if Self.required.contains(element.name) { found.insert(element.name) }
    switch element.name {
    case "GameName": route.gameName = try LSSText.text(element)
    case "CategoryName": route.categoryName = try LSSText.text(element)
    case "Offset":
      let text = try LSSText.text(element)
      guard let offset = LSSTime.parse(text) else { throw LSSError(element, "\"\(text)\" is not a time") }
      route.offset = offset
    case "AttemptCount":
      let text = try LSSText.text(element)
      guard let count = UInt32(text) else { throw LSSError(element, "\"\(text)\" is not a count of attempts") }
      route.attemptCount = Int(count)
    case "AttemptHistory":
      if version >= .attemptHistory { try readAttemptHistory(element) }
    case "RunHistory":
      if version < .attemptHistory { try readRunHistory(element) }
    case "Segments":
      for segment in element.elements where segment.name == "Segment" {
        route.segments.append(try readSegment(segment))
      }
    case "SegmentGroups":
      hasNativeGroups = true
      keep(Self.kept(element))
    default:
      keep(Self.kept(element))
    }
  }

  static func kept(_ element: XMLReader.Element) -> KeptXML.Element {
    KeptXML.Element(name: element.name, source: String(decoding: element.source, as: UTF8.self))
  }

  /// What the writer writes for a route without these elements: read back, they are no more
  /// than absent, so that a route written and read again is the same route.
  static let writtenWhenAbsent: [String: String] = [
    "GameIcon": "<GameIcon/>", "Metadata": LSSWriter.defaultMetadata, "LayoutPath": "<LayoutPath/>",
    "SegmentGroups": "<SegmentGroups/>", "AutoSplitterSettings": "<AutoSplitterSettings/>",
  ]
  static let emptyIcon = Array("<Icon/>".utf8)[...]

  mutating func keep(_ element: KeptXML.Element) {
    guard Self.keptWhole.contains(element.name) else {
      kept.elements.append(element)
      return
    }
    let index = kept.elements.firstIndex { $0.name == element.name }
    if element.source == Self.writtenWhenAbsent[element.name] {
      if let index { kept.elements.remove(at: index) }
    } else if let index {
      kept.elements[index] = element
    } else {
      kept.elements.append(element)
    }
  }

  // MARK: Attempts

  /// Before 1.5: `<Time id="3">` children, each the final time of an attempt, no dates.
  mutating func readRunHistory(_ history: XMLReader.Element) throws(LSSError) {
    for entry in history.elements {
      let index = try LSSText.id(entry)
      let time = version >= .structuredTimes ? try LSSText.time(entry) : try LSSText.bareTime(entry)
      route.attemptHistory.append(RouteAttempt(index: index, time: time))
    }
  }

  /// From 1.5: `<Attempt id started isStartedSynced ended isEndedSynced>` with the final time
  /// and the pause time. Up to 1.7.0, an end before the start is LiveSplit's old bug: no end.
  mutating func readAttemptHistory(_ history: XMLReader.Element) throws(LSSError) {
    for entry in history.elements {
      var attempt = RouteAttempt(index: try LSSText.id(entry), time: .none)
      attempt.started = try Self.date(entry, "started", synced: "isStartedSynced")
      attempt.ended = try Self.date(entry, "ended", synced: "isEndedSynced")
      for child in entry.elements {
        switch child.name {
        case "RealTime": attempt.time.real = try LSSText.optionalTime(child)
        case "GameTime": attempt.time.game = try LSSText.optionalTime(child)
        case "PauseTime": attempt.pauseTime = try LSSText.optionalTime(child)
        default: break
        }
      }
      if version <= .lastWithEndedBug, let started = attempt.started, let ended = attempt.ended,
        ended.secondsSince1970 < started.secondsSince1970
      {
        attempt.ended = nil
      }
      route.attemptHistory.append(attempt)
    }
  }

  static func date(_ element: XMLReader.Element, _ name: String, synced: String) throws(LSSError) -> AttemptDate? {
    var isSynced = false
    if let flag = element.attributes.first(where: { $0.name == synced })?.value {
      guard flag == "True" || flag == "False" else {
        throw LSSError(element, "\(synced)=\"\(flag)\" is neither True nor False")
      }
      isSynced = flag == "True"
    }
    guard let text = element.attributes.first(where: { $0.name == name })?.value else { return nil }
    guard let seconds = LSSTime.parseDate(text) else {
      throw LSSError(element, "\(name)=\"\(text)\" is not a date (MM/dd/yyyy HH:mm:ss)")
    }
    return AttemptDate(secondsSince1970: seconds, isSynced: isSynced)
  }
}
