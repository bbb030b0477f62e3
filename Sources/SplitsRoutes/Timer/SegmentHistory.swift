/// livesplit-core's `SegmentHistory` operations on a segment's history (kept ordered by attempt
/// id): an insert never overwrites, the lowest id counts as at most 1, and the attempts ridden
/// (ids from 1) are told apart from imported personal bests and golds (ids below 1). Pure.
extension RouteSegment {
  /// The segment's time in one attempt, found by binary search over the ordered history (the
  /// analysis looks entries up often: routes imported with thousands of attempts).
  func entry(_ index: Int) -> RouteTime? {
    var low = 0
    var high = history.count
    while low < high {
      let mid = (low + high) / 2
      if history[mid].index < index { low = mid + 1 } else { high = mid }
    }
    return low < history.count && history[low].index == index ? history[low].time : nil
  }

  /// Adds an attempt's entry unless the attempt already has one (livesplit-core's `insert`).
  mutating func insertHistory(_ index: Int, _ time: RouteTime) {
    if entry(index) == nil { setHistory(index, time) }
  }

  /// Removes an attempt's entry, giving back its time.
  @discardableResult
  mutating func removeHistory(_ index: Int) -> RouteTime? {
    guard let i = history.firstIndex(where: { $0.index == index }) else { return nil }
    return history.remove(at: i).time
  }

  /// The lowest id in the history, counted as at most 1 (1 for an empty history).
  var minHistoryIndex: Int { min(history.first?.index ?? 1, 1) }

  /// The highest id in the history, if it has any entry.
  var maxHistoryIndex: Int? { history.last?.index }

  /// The entries of attempts ridden (ids from 1), oldest first.
  var actualRuns: ArraySlice<HistoryEntry> {
    history[(history.firstIndex { $0.index >= 1 } ?? history.endIndex)...]
  }
}

extension Route {
  /// The route's own comparisons, the personal best always among them (first unless the file
  /// put it elsewhere), as livesplit-core's `custom_comparisons` always holds it.
  public var ownComparisons: [String] {
    customComparisons.contains(RouteSegment.personalBest)
      ? customComparisons : [RouteSegment.personalBest] + customComparisons
  }

  /// The lowest history id of all the segments (nil: no segments).
  public var minSegmentHistoryIndex: Int? { segments.map(\.minHistoryIndex).min() }

  /// Records an attempt with the next id (livesplit-core's `add_attempt`).
  mutating func addAttempt(time: RouteTime, started: AttemptDate?, ended: AttemptDate?, pauseTime: Duration?) {
    let index = Swift.max(0, (maxAttemptIndex ?? 0) + 1)
    attemptHistory.append(
      RouteAttempt(index: index, time: time, started: started, ended: ended, pauseTime: pauseTime))
  }

  /// Puts the personal best's segment times into each segment's history under new ids below the
  /// lowest in use, one id per timing method (livesplit-core's `import_pb_into_segment_history`).
  public mutating func importPersonalBestIntoSegmentHistory() {
    guard var index = minSegmentHistoryIndex else { return }
    for method in TimingMethod.allCases {
      index -= 1
      var previous = Duration.zero
      for s in segments.indices {
        let pb = segments[s].personalBestSplit[method]
        var time = RouteTime.none
        time[method] = pb.map { $0 - previous }
        segments[s].insertHistory(index, time)
        if let pb { previous = pb }
      }
    }
  }

  /// Puts the split times of the attempt just recorded into the history of the segments before
  /// `segmentsCount` (livesplit-core's `update_segment_history`): each segment's time since the
  /// last split, neither time for a skipped one.
  mutating func updateSegmentHistory(segmentsCount: Int) {
    guard let index = attemptHistory.last?.index else { return }
    var previous = RouteTime.zero
    for s in segments.indices.prefix(segmentsCount) {
      let split = segments[s].splitTime
      segments[s].insertHistory(index, split - previous)
      if let real = split.real { previous.real = real }
      if let game = split.game { previous.game = game }
    }
  }
}
