/// livesplit-core's sum of best segments (src/analysis/sum_of_segments): the fastest time to
/// reach each split over every path the history allows, combined segments from skips included.
/// Pure.
public enum SumOfBest {
  /// The shortest time to reach a split, and the split it is reached from.
  public struct Prediction: Equatable, Sendable {
    public var time: Duration
    public var predecessor: Int
    public init(time: Duration, predecessor: Int) {
      self.time = time
      self.predecessor = predecessor
    }
  }

  /// The sum of best segments in the method: nil where no path reaches the end. `simple` leaves
  /// the history out (golds and the personal best only); `useCurrentRun` counts the attempt
  /// under way's split times too.
  public static func calculate(
    _ segments: [RouteSegment], simple: Bool = false, useCurrentRun: Bool = false, method: TimingMethod
  ) -> Duration? {
    var predictions = [Prediction?](repeating: nil, count: segments.count + 1)
    return calculateRange(
      segments, start: 0, end: segments.count, predictions: &predictions, simple: simple,
      useCurrentRun: useCurrentRun, method: method)
  }

  /// The predictions for each split boundary (index 0: the start, at zero), as livesplit-core's
  /// `best::calculate` fills them.
  public static func predictions(
    _ segments: [RouteSegment], simple: Bool = false, useCurrentRun: Bool = false, method: TimingMethod
  ) -> [Prediction?] {
    var predictions = [Prediction?](repeating: nil, count: segments.count + 1)
    _ = calculateRange(
      segments, start: 0, end: segments.count, predictions: &predictions, simple: simple,
      useCurrentRun: useCurrentRun, method: method)
    return predictions
  }

  /// The best time from split boundary `start` to boundary `end` (`calculate_segment_range`).
  public static func calculateRange(
    _ segments: [RouteSegment], start: Int, end: Int, predictions: inout [Prediction?], simple: Bool,
    useCurrentRun: Bool, method: TimingMethod
  ) -> Duration? {
    predictions[start] = Prediction(time: .zero, predecessor: 0)
    for index in start..<end {
      populatePredictions(
        segments, current: predictions[index], index: index, predictions: &predictions, simple: simple,
        useCurrentRun: useCurrentRun, method: method)
    }
    return predictions[end]?.time
  }

  private static func populate(_ predecessor: Int, _ target: inout Prediction?, _ time: Duration?) {
    guard let time else { return }
    if target.map({ time < $0.time }) ?? true { target = Prediction(time: time, predecessor: predecessor) }
  }

  private static func populatePredictions(
    _ segments: [RouteSegment], current: Prediction?, index: Int, predictions: inout [Prediction?], simple: Bool,
    useCurrentRun: Bool, method: TimingMethod
  ) {
    guard let currentTime = current?.time else { return }
    populate(index, &predictions[index + 1], segments[index].bestSegment[method].map { $0 + currentTime })
    if !simple {
      for entry in segments[index].history where entry.time[method] == nil {
        // Follow a skip only from where the attempt split before it (or from the start).
        let shouldTrack = index == 0 || (segments[index - 1].entry(entry.index).map { $0[method] != nil } ?? true)
        if shouldTrack {
          let (to, time) = trackBranch(segments, currentTime, index + 1, entry.index, method)
          populate(index, &predictions[to], time)
        }
      }
    }
    if useCurrentRun {
      let (to, time) = track(segments, currentTime, index, method) { $0.splitTime }
      populate(index, &predictions[to], time)
    }
    let (to, time) = track(segments, currentTime, index, method) { $0.personalBestSplit }
    populate(index, &predictions[to], time)
  }

  /// Follows an attempt of the history from a segment to its next split: the boundary after
  /// that split and the combined time added to `time` (boundary 0 and nil where the attempt
  /// ends first). livesplit-core's `track_branch`.
  public static func trackBranch(
    _ segments: [RouteSegment], _ time: Duration, _ from: Int, _ attempt: Int, _ method: TimingMethod
  ) -> (Int, Duration?) {
    for index in segments.indices.dropFirst(from) {
      guard let entry = segments[index].entry(attempt) else { break }
      if let segmentTime = entry[method] { return (index + 1, segmentTime + time) }
    }
    return (0, nil)
  }

  /// Follows a list of split times (the attempt under way's, or the personal best's) from a
  /// segment to its next split (`track_current_run`, `track_personal_best_run`).
  static func track(
    _ segments: [RouteSegment], _ time: Duration, _ from: Int, _ method: TimingMethod,
    _ splitTime: (RouteSegment) -> RouteTime
  ) -> (Int, Duration?) {
    let first: Duration? = from == 0 ? .zero : splitTime(segments[from - 1])[method]
    guard let first else { return (0, nil) }
    for index in segments.indices.dropFirst(from) {
      if let second = splitTime(segments[index])[method] { return (index + 1, second - first + time) }
    }
    return (0, nil)
  }
}
