/// The semantic colour of a split (livesplit-core's `SemanticColor` as `split_color` chooses
/// it): a gold, or ahead/behind the comparison and gaining/losing time on the segment.
public enum RouteSplitColor: String, Sendable {
  case normal, bestSegment, aheadGainingTime, aheadLosingTime, behindGainingTime, behindLosingTime
}

extension RouteAnalysis {
  /// The delta to the comparison now, and whether it is live (`delta::calculate`): while an
  /// attempt runs the last delta, or the live one once it is larger; once ended the final
  /// delta; nil with no attempt.
  public func delta(_ name: String, _ method: TimingMethod? = nil) -> (delta: Duration?, live: Bool) {
    let method = method ?? timer.timingMethod
    switch timer.phase {
    case .running, .paused:
      guard let index = timer.currentSplitIndex else { return (nil, false) }
      let last = lastDelta(index, name, method)
      if let now = currentTime[method], let target = comparison(index, name)[method], now - target > (last ?? .zero) {
        return (now - target, true)
      }
      return (last, false)
    case .ended:
      let last = segments.count - 1
      guard let final = segments[last].splitTime[method], let target = comparison(last, name)[method] else {
        return (nil, false)
      }
      return (final - target, false)
    case .notRunning:
      return (nil, false)
    }
  }

  /// The live delta of the segment under way, from the instant livesplit-core shows it
  /// (`check_live_delta`): once behind the comparison's split (split deltas), or once the
  /// segment is slower than its gold and behind best segments, or behind the comparison's
  /// segment. A split delta with `splitDelta`, a segment delta otherwise.
  public func checkLiveDelta(splitDelta: Bool, _ name: String, _ method: TimingMethod) -> Duration? {
    guard timer.phase == .running || timer.phase == .paused, let index = timer.currentSplitIndex else { return nil }
    let split = comparison(index, name)[method]
    let now = currentTime[method]
    let segment = liveSegmentTime(index, method)
    let best = segments[index].bestSegment[method]
    let bestDelta = liveSegmentDelta(index, RouteComparisons.bestSegments, method)
    let comparisonDelta = liveSegmentDelta(index, name, method)
    // Rust's Option ordering: None is below every time.
    let behindSplit = now.map { n in split.map { n > $0 } ?? true } ?? false
    let slowerThanGold = segment.flatMap { s in best.map { s > $0 } } ?? false
    if splitDelta && behindSplit || slowerThanGold && (bestDelta.map { $0 > .zero } ?? false)
      || (comparisonDelta.map { $0 > .zero } ?? false)
    {
      if splitDelta {
        guard let now, let split else { return nil }
        return now - split
      }
      return comparisonDelta
    }
    return nil
  }

  /// The colour of a split with this delta (`split_color_for_range`).
  public func splitColor(
    _ delta: Duration?, _ start: Int, _ end: Int, showSegmentDeltas: Bool = true, showBestSegments: Bool = true,
    _ name: String, _ method: TimingMethod
  ) -> RouteSplitColor {
    if showBestSegments && checkBestSegment(start, end, method) { return .bestSegment }
    guard let delta, delta != .zero else { return .normal }
    let last = start > 0 ? lastDelta(start - 1, name, method) : nil
    if delta < .zero {
      return showSegmentDeltas && (last.map { delta > $0 } ?? false) ? .aheadLosingTime : .aheadGainingTime
    }
    return showSegmentDeltas && (last.map { delta < $0 } ?? false) ? .behindGainingTime : .behindLosingTime
  }

  public func splitColor(
    _ delta: Duration?, _ index: Int, showSegmentDeltas: Bool = true, showBestSegments: Bool = true,
    _ name: String, _ method: TimingMethod
  ) -> RouteSplitColor {
    splitColor(
      delta, index, index, showSegmentDeltas: showSegmentDeltas, showBestSegments: showBestSegments, name, method)
  }

  /// How much could be saved on a segment against the comparison, from the golds: never below
  /// zero; with `live`, the segment under way's loss so far shrinks it. Also whether it is
  /// changing as time passes (`possible_time_save::calculate`).
  public func possibleTimeSave(_ index: Int, _ name: String, live: Bool, _ method: TimingMethod? = nil)
    -> (save: Duration?, changing: Bool)
  {
    let method = method ?? timer.timingMethod
    guard var golds = segments[index].bestSegment[method] else { return (nil, false) }
    var previous = Duration.zero
    for s in stride(from: index - 1, through: 0, by: -1) {
      if let split = comparison(s, name)[method] {
        previous = split
        break
      } else if let gold = segments[s].bestSegment[method] {
        golds += gold
      }
    }
    guard let target = comparison(index, name)[method] else { return (nil, false) }
    var save = target - golds - previous
    var changing = false
    if live, timer.currentSplitIndex == index, let delta = liveSegmentDelta(index, name, method), .zero - delta < save {
      save = .zero - delta
      changing = timer.phase == .running
    }
    return save < .zero ? (.zero, false) : (save, changing)
  }

  /// The possible time save of the segments from `index` to the end, live
  /// (`possible_time_save::calculate_total`).
  public func totalPossibleTimeSave(from index: Int = 0, _ name: String, _ method: TimingMethod? = nil)
    -> (save: Duration, changing: Bool)
  {
    var total = Duration.zero
    var changing = false
    for s in segments.indices.dropFirst(index) {
      let (save, live) = possibleTimeSave(s, name, live: true, method)
      changing = changing || live
      total += save ?? .zero
    }
    return (total, changing)
  }

  /// The sum of best segments (the full calculation, history and skips included).
  public func sumOfBest(_ method: TimingMethod? = nil, useCurrentRun: Bool = false) -> Duration? {
    SumOfBest.calculate(segments, useCurrentRun: useCurrentRun, method: method ?? timer.timingMethod)
  }

  /// The personal best's final time.
  public func personalBest(_ method: TimingMethod? = nil) -> Duration? {
    segments.last?.personalBestSplit[method ?? timer.timingMethod]
  }

  /// The predicted final time against the comparison, and whether it is changing as time
  /// passes (`current_pace::calculate`): the comparison's final time moved by the delta (the
  /// live one once larger) while an attempt runs, the final time once ended, the comparison's
  /// final time with none under way.
  public func currentPace(_ name: String, _ method: TimingMethod? = nil) -> (pace: Duration?, live: Bool) {
    let method = method ?? timer.timingMethod
    let last = segments.count - 1
    switch timer.phase {
    case .running, .paused:
      guard let index = timer.currentSplitIndex else { return (nil, false) }
      var delta = lastDelta(index, name, method) ?? .zero
      var isLive = false
      if let now = currentTime[method], let target = comparison(index, name)[method], now - target > delta {
        delta = now - target
        isLive = true
      }
      let pace = comparison(last, name)[method].map { $0 + delta }
      return (pace, isLive && timer.phase == .running && pace != nil)
    case .ended: return (segments[last].splitTime[method], false)
    case .notRunning: return (comparison(last, name)[method], false)
    }
  }
}
