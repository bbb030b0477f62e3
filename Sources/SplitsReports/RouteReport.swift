import SplitsCore
import SplitsRoutes

/// `splits route list` and `route show`: a route's segments and records, as text and as JSON.
/// The records are livesplit-core's (`RouteFigures`). Times in JSON are whole milliseconds of
/// real time (`…_ms`), with game time beside them (`…_game_ms`) where the route has it; a time
/// the route does not have is null. Pure.
public enum RouteReport {
  /// One line per route: its name, segments, attempts and personal best.
  public static func list(_ routes: [Route]) -> String {
    guard !routes.isEmpty else { return "No routes yet: splits route new NAME SEGMENT… makes one." }
    return routes.map { route in
      let figures = RouteFigures(route: route)
      return [
        Printable.text(route.name), route.segments.count == 1 ? "1 segment" : "\(route.segments.count) segments",
        attemptsText(route), "PB " + (figures?.personalBest.map(text) ?? "none"),
      ].joined(separator: "  ")
    }.joined(separator: "\n")
  }

  /// The route's segments (name, personal best split, best segment, possible time save) and
  /// its records. Names are shown without control characters (a file imported may hold
  /// them: `Printable`).
  public static func text(_ route: Route) -> String {
    let figures = RouteFigures(route: route)
    let names = route.segments.map { Printable.text($0.name) }
    let width = max(7, names.map { TextWidth.columns($0) }.max() ?? 0)
    var lines = [Printable.text(route.name), attemptsText(route), ""]
    lines.append(padded("Segment", width) + "  " + column("PB split") + "  " + column("Best segment") + "  Possible save")
    for (index, segment) in route.segments.enumerated() {
      let save = figures.flatMap { index < $0.segments.count ? $0.segments[index].possibleTimeSave : nil }
      lines.append(
        padded(names[index], width) + "  " + column(segment.personalBestSplit.real.map(text) ?? "-") + "  "
          + column(segment.bestSegment.real.map(text) ?? "-") + "  " + (save.map(text) ?? "-"))
    }
    lines.append("")
    lines.append("Personal best: " + (figures?.personalBest.map(text) ?? "none yet"))
    lines.append("Sum of best: " + (figures?.sumOfBest.map(text) ?? "-"))
    lines.append("Possible time save: " + (figures?.possibleTimeSave.map(text) ?? "-"))
    return lines.joined(separator: "\n")
  }

  public static func json(_ route: Route) -> String {
    let real = RouteFigures(route: route, method: .real)
    let game = RouteFigures(route: route, method: .game)
    func segment(_ index: Int) -> [(String, String)] {
      func save(_ figures: RouteFigures?) -> Duration? {
        figures.flatMap { index < $0.segments.count ? $0.segments[index].possibleTimeSave : nil }
      }
      let segment = route.segments[index]
      return [("name", JSONText.string(segment.name))] + times("pb_split", segment.personalBestSplit)
        + times("best_segment", segment.bestSegment)
        + times("possible_time_save", RouteTime(real: save(real), game: save(game)))
    }
    return JSONText.object(
      [
        ("name", JSONText.string(route.name)),
        ("segments", JSONText.array(route.segments.indices.map { JSONText.object(segment($0)) })),
        ("attempts", String(route.attemptCount)),
        ("completed", String(completed(route))),
      ] + times("pb", RouteTime(real: real?.personalBest, game: game?.personalBest))
        + times("sum_of_best", RouteTime(real: real?.sumOfBest, game: game?.sumOfBest))
        + times("possible_time_save", RouteTime(real: real?.possibleTimeSave, game: game?.possibleTimeSave)))
  }

  /// Attempts started (resets included) and how many were complete.
  static func attemptsText(_ route: Route) -> String {
    let attempts = route.attemptCount == 1 ? "1 attempt" : "\(route.attemptCount) attempts"
    return "\(attempts), \(completed(route)) complete"
  }

  static func completed(_ route: Route) -> Int { route.attemptHistory.filter(\.isComplete).count }

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

  static func column(_ text: String) -> String { padded(text, 12) }

  static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - TextWidth.columns(text)))
  }
}
