/// The comparisons of a route: its own (the personal best and the custom comparisons of an
/// imported file) and the ones livesplit-core generates from its records (src/comparison):
/// best segments, best split times, average segments, latest run. Generated anew after every
/// attempt. Pure.
public struct RouteComparisons: Equatable, Sendable {
  public static let bestSegments = "Best Segments"
  public static let bestSplitTimes = "Best Split Times"
  public static let averageSegments = "Average Segments"
  public static let latestRun = "Latest Run"
  /// The generated comparisons, in the order LiveSplit lists them.
  public static let generated = [bestSegments, bestSplitTimes, averageSegments, latestRun]

  /// Every comparison's name: the route's own first, then the generated ones.
  public private(set) var names: [String]
  private var table: [String: [RouteTime]]

  public init(route: Route) {
    let segments = route.segments
    var table: [String: [RouteTime]] = [:]
    for name in route.ownComparisons { table[name] = segments.map { $0.comparison(name) } }
    table[Self.bestSegments] = Self.bestSegmentsTimes(segments)
    table[Self.bestSplitTimes] = Self.bestSplitTimesTimes(segments, route.attemptHistory)
    table[Self.averageSegments] = Self.averageSegmentsTimes(segments)
    table[Self.latestRun] = Self.latestRunTimes(segments)
    self.table = table
    self.names = route.ownComparisons.filter { !Self.generated.contains($0) } + Self.generated
  }

  /// A comparison's split time at a segment; `.none` for an unknown comparison.
  public func time(_ comparison: String, at index: Int) -> RouteTime {
    guard let times = table[comparison], times.indices.contains(index) else { return .none }
    return times[index]
  }

  /// A comparison's split times, one per segment (empty for an unknown comparison).
  public func times(_ comparison: String) -> [RouteTime] { table[comparison] ?? [] }

  /// The comparison after this one in `names`, wrapping (LiveSplit's next comparison).
  public func next(after comparison: String) -> String {
    guard let i = names.firstIndex(of: comparison) else { return names.first ?? comparison }
    return names[(i + 1) % names.count]
  }

  /// Best segments: the split times along the path the sum of best takes.
  static func bestSegmentsTimes(_ segments: [RouteSegment]) -> [RouteTime] {
    var result = [RouteTime](repeating: .none, count: segments.count)
    for method in TimingMethod.allCases {
      let predictions = SumOfBest.predictions(segments, method: method)
      guard var index = predictions.lastIndex(where: { $0 != nil }) else { continue }
      while index > 0, let prediction = predictions[index] {
        result[index - 1][method] = prediction.time
        index = prediction.predecessor
      }
    }
    return result
  }

  /// Best split times: the fastest time each split was ever reached, from the gold of the
  /// first segment and the personal best on.
  static func bestSplitTimesTimes(_ segments: [RouteSegment], _ attempts: [RouteAttempt]) -> [RouteTime] {
    guard !segments.isEmpty else { return [] }
    var result = [segments[0].bestSegment] + segments.dropFirst().map(\.personalBestSplit)
    for method in TimingMethod.allCases {
      for attempt in attempts {
        var total = Duration.zero
        for s in segments.indices {
          guard let entry = segments[s].entry(attempt.index) else { break }
          guard let time = entry[method] else { continue }
          total += time
          if result[s][method].map({ total < $0 }) ?? true { result[s][method] = total }
        }
      }
    }
    return result
  }

  /// Latest run: the split times of the newest attempt in the history, up to where it ended.
  static func latestRunTimes(_ segments: [RouteSegment]) -> [RouteTime] {
    var result = [RouteTime](repeating: .none, count: segments.count)
    guard let attempt = segments.reversed().lazy.compactMap(\.maxHistoryIndex).first else { return result }
    for method in TimingMethod.allCases {
      var total = Duration.zero
      for s in segments.indices {
        guard let entry = segments[s].entry(attempt) else { break }
        if let time = entry[method] {
          total += time
          result[s][method] = total
        }
      }
    }
    return result
  }
}

extension RouteComparisons {
  /// Average segments: each segment's times in the attempts ridden, the newest weighing most
  /// (each older one 0.75 of the one after), combined segments left out; summed into split times.
  static func averageSegmentsTimes(_ segments: [RouteSegment]) -> [RouteTime] {
    var result = [RouteTime](repeating: .none, count: segments.count)
    for method in TimingMethod.allCases {
      var accumulated: Duration? = .zero
      for s in segments.indices {
        if let sum = accumulated {
          accumulated = weightedAverage(segments, s, method).map { sum + $0 }
        }
        result[s][method] = accumulated
      }
    }
    return result
  }

  private static func weightedAverage(_ segments: [RouteSegment], _ s: Int, _ method: TimingMethod) -> Duration? {
    var totalWeights = 0.0
    var totalTime = 0.0
    var weight = 1.0
    for entry in segments[s].actualRuns.reversed() {
      guard let time = entry.time[method] else { continue }
      // A time after a skip is a combined segment: left out.
      if s > 0, let previous = segments[s - 1].entry(entry.index), previous[method] == nil { continue }
      totalWeights += weight
      totalTime += weight * time.seconds
      weight *= 0.75
    }
    guard totalWeights != 0 else { return nil }
    return .fromSeconds(totalTime / totalWeights)
  }
}

extension Duration {
  /// The duration in seconds, as a floating point number.
  var seconds: Double {
    let (s, atto) = components
    return Double(s) + Double(atto) * 1e-18
  }

  /// A duration of this many seconds, to the nearest nanosecond.
  static func fromSeconds(_ seconds: Double) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
