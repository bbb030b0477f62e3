import SplitsCore
import SplitsRoutes

/// `splits route list` and `route show`: a route's segments and records, as text and as JSON.
/// Times in JSON are whole milliseconds of real time (`…_ms`), with game time beside them
/// (`…_game_ms`) where the route has it; a time the route does not have is null. Pure.
public enum RouteReport {
  /// One line per route: its name, segments, attempts and personal best.
  public static func list(_ routes: [Route]) -> String {
    guard !routes.isEmpty else { return "No routes yet: splits route new NAME SEGMENT… makes one." }
    let rows = routes.map { route in
      [
        route.name, "\(route.segments.count) segments", attemptsText(route),
        "PB " + (personalBest(route)?.real.map(text) ?? "none"),
      ].joined(separator: "  ")
    }
    return rows.joined(separator: "\n")
  }

  /// The route's segments (name, personal best split, best segment) and its records.
  public static func text(_ route: Route) -> String {
    let width = max(7, route.segments.map { TextWidth.columns($0.name) }.max() ?? 0)
    var lines = [route.name, attemptsText(route), ""]
    lines.append(padded("Segment", width) + "  " + "PB split".padding(toLength: 12, withPad: " ", startingAt: 0) + "  Best segment")
    for segment in route.segments {
      let pb = segment.personalBestSplit.real.map(text) ?? "-"
      let best = segment.bestSegment.real.map(text) ?? "-"
      lines.append(padded(segment.name, width) + "  " + pb.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + best)
    }
    lines.append("")
    lines.append("Personal best: " + (personalBest(route)?.real.map(text) ?? "none yet"))
    return lines.joined(separator: "\n")
  }

  public static func json(_ route: Route) -> String {
    let segments = route.segments.map { segment in
      JSONText.object(
        [("name", JSONText.string(segment.name))] + times("pb_split", segment.personalBestSplit)
          + times("best_segment", segment.bestSegment))
    }
    let pb = personalBest(route) ?? .none
    return JSONText.object(
      [
        ("name", JSONText.string(route.name)),
        ("segments", JSONText.array(segments)),
        ("attempts", String(route.attemptCount)),
        ("completed", String(completed(route))),
      ] + times("pb", pb))
  }

  /// Attempts started (resets included) and how many were complete.
  static func attemptsText(_ route: Route) -> String {
    let attempts = route.attemptCount == 1 ? "1 attempt" : "\(route.attemptCount) attempts"
    return "\(attempts), \(completed(route)) complete"
  }

  static func completed(_ route: Route) -> Int { route.attemptHistory.filter(\.isComplete).count }

  /// The personal best's final time: the last segment's personal best split.
  static func personalBest(_ route: Route) -> RouteTime? {
    guard let last = route.segments.last?.personalBestSplit, !last.isEmpty else { return nil }
    return last
  }

  static func times(_ key: String, _ time: RouteTime) -> [(String, String)] {
    [
      (key + "_ms", JSONText.optional(time.real.map { String(milliseconds($0)) })),
      (key + "_game_ms", JSONText.optional(time.game.map { String(milliseconds($0)) })),
    ]
  }

  /// Whole milliseconds, toward zero (the screen's rule for every figure).
  static func milliseconds(_ d: Duration) -> Int64 {
    let (seconds, attoseconds) = d.components
    return seconds.multipliedReportingOverflow(by: 1000).partialValue &+ attoseconds / 1_000_000_000_000_000
  }

  static func text(_ d: Duration) -> String {
    (d < .zero ? "-" : "") + TimeFormat.clock(d < .zero ? .zero - d : d, precision: .cs)
  }

  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - TextWidth.columns(text)))
  }
}
