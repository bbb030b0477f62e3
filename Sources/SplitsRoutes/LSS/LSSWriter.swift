/// Writes a route as a LiveSplit splits file, version 1.8.1, as livesplit-core's saver
/// (`src/run/saver/livesplit.rs`) writes it: the `<?xml …?>` header, no indentation or line
/// breaks, its element and attribute order, empty elements as `<A/>`, and the kept elements
/// (icons, `Metadata`, `LayoutPath`, `SegmentGroups`, `AutoSplitterSettings`) given back byte
/// for byte; those a route does not have are written as livesplit-core writes a new run's.
/// Unknown elements the file had come back after the known ones, in their order.
///
/// One difference: times have 7 decimals (LiveSplit's 100 ns tick, as LiveSplit writes and
/// reads them) where livesplit-core writes 9. Pure.
public enum LSSWriter {
  public static let header = #"<?xml version="1.0" encoding="UTF-8"?>"#
  public static let version = "1.8.1"

  /// The defaults of the kept elements: what livesplit-core writes for a run without them.
  static let defaultMetadata =
    #"<Metadata><Run id=""/><Platform usesEmulator="False"/><Region/><SpeedrunComVariables/><CustomVariables/></Metadata>"#

  public static func write(_ route: Route) -> String {
    var out = header + #"<Run version="\#(version)">"#
    out += route.kept["GameIcon"] ?? "<GameIcon/>"
    out += textElement("GameName", route.gameName)
    out += textElement("CategoryName", route.categoryName)
    out += route.kept["Metadata"] ?? defaultMetadata
    out += route.kept["LayoutPath"] ?? "<LayoutPath/>"
    out += textElement("Offset", LSSTime.format(route.offset))
    out += textElement("AttemptCount", String(route.attemptCount))
    out += list("AttemptHistory", route.attemptHistory.map(attempt))
    let comparisons = comparisonNames(route)
    out += list("Segments", route.segments.map { segment($0, comparisons: comparisons) })
    out += route.kept["SegmentGroups"] ?? "<SegmentGroups/>"
    out += route.kept["AutoSplitterSettings"] ?? "<AutoSplitterSettings/>"
    for element in route.kept.elements where !LSSRunReader.keptWhole.contains(element.name) {
      out += element.source
    }
    return out + "</Run>"
  }

  /// livesplit-core's custom comparisons: "Personal Best" first, then the route's others.
  static func comparisonNames(_ route: Route) -> [String] {
    [RouteSegment.personalBest] + route.customComparisons.filter { $0 != RouteSegment.personalBest }
  }

  static func segment(_ segment: RouteSegment, comparisons: [String]) -> String {
    var out = "<Segment>" + textElement("Name", segment.name)
    out += segment.kept["Icon"] ?? "<Icon/>"
    out += list("SplitTimes", comparisons.map { name in
      timeElement("SplitTime", attributes: #" name="\#(escape(name))""#, segment.comparison(name))
    })
    out += timeElement("BestSegmentTime", segment.bestSegment)
    out += list("SegmentHistory", segment.history.map { entry in
      timeElement("Time", attributes: #" id="\#(entry.index)""#, entry.time)
    })
    for element in segment.kept.elements where element.name != "Icon" {
      out += element.source
    }
    return out + "</Segment>"
  }

  static func attempt(_ attempt: RouteAttempt) -> String {
    var tag = #"<Attempt id="\#(attempt.index)""#
    if let started = attempt.started {
      tag += #" started="\#(LSSTime.formatDate(started.secondsSince1970))""#
      tag += #" isStartedSynced="\#(started.isSynced ? "True" : "False")""#
    }
    if let ended = attempt.ended {
      tag += #" ended="\#(LSSTime.formatDate(ended.secondsSince1970))""#
      tag += #" isEndedSynced="\#(ended.isSynced ? "True" : "False")""#
    }
    var content = timeContent(attempt.time)
    if let pause = attempt.pauseTime { content += textElement("PauseTime", LSSTime.format(pause)) }
    return content.isEmpty ? tag + "/>" : tag + ">" + content + "</Attempt>"
  }

  /// `<RealTime>…</RealTime><GameTime>…</GameTime>`, each where the time has it.
  static func timeContent(_ time: RouteTime) -> String {
    var out = ""
    if let real = time.real { out += textElement("RealTime", LSSTime.format(real)) }
    if let game = time.game { out += textElement("GameTime", LSSTime.format(game)) }
    return out
  }

  static func timeElement(_ name: String, attributes: String = "", _ time: RouteTime) -> String {
    let content = timeContent(time)
    return content.isEmpty ? "<\(name)\(attributes)/>" : "<\(name)\(attributes)>\(content)</\(name)>"
  }

  /// `<Name>text</Name>`, or `<Name/>` for no text.
  static func textElement(_ name: String, _ text: String) -> String {
    text.isEmpty ? "<\(name)/>" : "<\(name)>\(escape(text))</\(name)>"
  }

  /// `<Name>items</Name>`, or `<Name/>` for none.
  static func list(_ name: String, _ items: [String]) -> String {
    items.isEmpty ? "<\(name)/>" : "<\(name)>" + items.joined() + "</\(name)>"
  }

  /// livesplit-core's escaping of text and attribute values: `< > & ' "`.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x27 || $0 == 0x22 }) else {
      return text
    }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "'": out += "&apos;"
      case "\"": out += "&quot;"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }
}
