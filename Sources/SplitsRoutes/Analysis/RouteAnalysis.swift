/// The figures livesplit-core derives from a timer at one instant (src/analysis:
/// state_helper.rs, delta.rs, possible_time_save.rs, sum_of_segments): segment times and
/// deltas, live or not, golds, the colour of a split, sum of best and possible time save, each
/// by timing method. Pure: the timer's time at that instant is given.
public struct RouteAnalysis: Sendable {
  public let timer: RouteTimer
  /// The timer's time at this instant: the time given while an attempt runs, the final time
  /// once it has ended, the start offset with none under way.
  public let currentTime: RouteTime

  public init(_ timer: RouteTimer, at time: RouteTime = .none) {
    self.timer = timer
    self.currentTime = timer.settledTime ?? time
  }

  var segments: [RouteSegment] { timer.route.segments }

  func comparison(_ index: Int, _ name: String) -> RouteTime { timer.comparisons.time(name, at: index) }

  private func previousNonEmpty<T>(before end: Int, _ value: (Int) -> T?) -> T? {
    for index in stride(from: end - 1, through: 0, by: -1) {
      if let found = value(index) { return found }
    }
    return nil
  }

  private func previousSplitAndComparison(before end: Int, _ name: String, _ method: TimingMethod)
    -> (split: Duration, comparison: Duration)?
  {
    previousNonEmpty(before: end) { i in
      guard let split = segments[i].splitTime[method], let comp = comparison(i, name)[method] else { return nil }
      return (split, comp)
    }
  }

  /// The delta at the last split up to `index` that has both a split time and a comparison
  /// time (livesplit-core's `last_delta`).
  public func lastDelta(_ index: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    previousSplitAndComparison(before: index + 1, name, method).map { $0.split - $0.comparison }
  }

  /// The comparison's time for a segment, from the comparison's last split time before it
  /// (`comparison_combined_segment_time`); the gold under best segments.
  public func comparisonCombinedSegmentTime(_ index: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    if name == RouteComparisons.bestSegments { return segments[index].bestSegment[method] }
    guard let current = comparison(index, name)[method] else { return nil }
    return current - (previousNonEmpty(before: index) { comparison($0, name)[method] } ?? .zero)
  }

  /// The comparison's time over segments `start...end` (`comparison_segment_time_for_range`).
  public func comparisonSegmentTime(_ start: Int, _ end: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    if start == end { return comparisonCombinedSegmentTime(end, name, method) }
    if name == RouteComparisons.bestSegments {
      var predictions = [SumOfBest.Prediction?](repeating: nil, count: segments.count + 1)
      return SumOfBest.calculateRange(
        segments, start: start, end: end + 1, predictions: &predictions, simple: false, useCurrentRun: false,
        method: method)
    }
    guard let current = comparison(end, name)[method] else { return nil }
    return current - (previousNonEmpty(before: start) { comparison($0, name)[method] } ?? .zero)
  }

  /// The comparison's time for a segment from the split just before it only
  /// (`comparison_single_segment_time`).
  public func comparisonSingleSegmentTime(_ index: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    if name == RouteComparisons.bestSegments { return segments[index].bestSegment[method] }
    guard let current = comparison(index, name)[method] else { return nil }
    if index == 0 { return current }
    guard let previous = comparison(index - 1, name)[method] else { return nil }
    return current - previous
  }

  private func segmentDelta(_ start: Int, _ end: Int, _ time: Duration, _ name: String, _ method: TimingMethod)
    -> Duration?
  {
    if start != end && name == RouteComparisons.bestSegments {
      guard let best = comparisonSegmentTime(start, end, name, method) else { return nil }
      return segmentTime(start, time, method) - best
    }
    guard let target = comparison(end, name)[method] else { return nil }
    guard let previous = previousSplitAndComparison(before: start, name, method) else { return time - target }
    return (time - target) - (previous.split - previous.comparison)
  }

  private func segmentTime(_ start: Int, _ time: Duration, _ method: TimingMethod) -> Duration {
    previousNonEmpty(before: start) { segments[$0].splitTime[method] }.map { time - $0 } ?? time
  }

  /// The attempt's time for segments `start...end`, once `end` has its split.
  public func previousSegmentTime(_ start: Int, _ end: Int, _ method: TimingMethod) -> Duration? {
    segments[end].splitTime[method].map { segmentTime(start, $0, method) }
  }

  public func previousSegmentTime(_ index: Int, _ method: TimingMethod) -> Duration? {
    previousSegmentTime(index, index, method)
  }

  /// The attempt's time from the split before `start` to now.
  public func liveSegmentTime(_ start: Int, _ method: TimingMethod) -> Duration? {
    currentTime[method].map { segmentTime(start, $0, method) }
  }

  /// Time gained (negative) or lost over segments `start...end`, once `end` has its split.
  public func previousSegmentDelta(_ start: Int, _ end: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    segments[end].splitTime[method].flatMap { segmentDelta(start, end, $0, name, method) }
  }

  public func previousSegmentDelta(_ index: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    previousSegmentDelta(index, index, name, method)
  }

  /// Time gained or lost over segments `start...end` up to now.
  public func liveSegmentDelta(_ start: Int, _ end: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    currentTime[method].flatMap { segmentDelta(start, end, $0, name, method) }
  }

  public func liveSegmentDelta(_ index: Int, _ name: String, _ method: TimingMethod) -> Duration? {
    liveSegmentDelta(index, index, name, method)
  }

  /// Whether the attempt's segments `start...end` make a gold (`check_best_segment`).
  public func checkBestSegment(_ start: Int, _ end: Int, _ method: TimingMethod) -> Bool {
    guard segments[end].splitTime[method] != nil else { return false }
    if start == end {
      guard let best = segments[end].bestSegment[method] else { return true }
      let delta = previousSegmentDelta(end, RouteComparisons.bestSegments, method)
      let current = previousSegmentTime(end, method)
      return current.map { $0 < best } ?? false || delta.map { $0 < .zero } ?? false
    }
    guard let best = comparisonSegmentTime(start, end, RouteComparisons.bestSegments, method) else { return true }
    return previousSegmentTime(start, end, method).map { $0 < best } ?? false
  }

  public func checkBestSegment(_ index: Int, _ method: TimingMethod) -> Bool {
    checkBestSegment(index, index, method)
  }
}
