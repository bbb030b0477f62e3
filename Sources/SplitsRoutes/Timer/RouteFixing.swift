/// livesplit-core's `Run::fix_splits` (src/run/mod.rs): the repairs a run gets before a timer
/// uses it and after every attempt. Pure.
extension Route {
  /// Fixes comparison times and histories for both timing methods, then removes duplicate
  /// imported history, empty entries no split follows, and gives history entries of attempts
  /// that no longer exist ids below the lowest in use.
  public mutating func fixSplits() {
    for method in TimingMethod.allCases { fixComparisonTimesAndHistory(method) }
    removeDuplicates()
    removeNoneValues()
    reattachUnattachedSegmentHistoryElements()
  }

  private mutating func fixComparisonTimesAndHistory(_ method: TimingMethod) {
    for s in segments.indices {
      // Remove negative best segment times.
      if let best = segments[s].bestSegment[method], best < .zero { segments[s].bestSegment[method] = nil }
      // Without a best segment time, keep only the skipped entries.
      if segments[s].bestSegment[method] == nil {
        segments[s].history.removeAll { $0.time[method] != nil }
      }
    }
    for comparison in ownComparisons { fixComparison(comparison, method) }
    for s in segments.indices {
      // No time in the history is below the best segment.
      guard let best = segments[s].bestSegment[method] else { continue }
      for h in segments[s].history.indices {
        if let time = segments[s].history[h].time[method], time < best {
          segments[s].history[h].time[method] = best
        }
      }
    }
  }

  /// Split times never decrease from one split to the next; a personal best segment faster
  /// than the gold becomes the gold.
  private mutating func fixComparison(_ comparison: String, _ method: TimingMethod) {
    var previous = Duration.zero
    for s in segments.indices {
      guard var time = segments[s].comparison(comparison)[method] else { continue }
      if time < previous {
        time = previous
        var fixed = segments[s].comparison(comparison)
        fixed[method] = time
        segments[s].setComparison(comparison, fixed)
      }
      if comparison == RouteSegment.personalBest {
        let segmentTime = time - previous
        if segments[s].bestSegment[method].map({ $0 > segmentTime }) ?? true {
          segments[s].bestSegment[method] = segmentTime
        }
      }
      previous = time
    }
  }

  /// Imported entries (ids below 1) whose times an attempt ridden already has are dropped.
  private mutating func removeDuplicates() {
    for s in segments.indices where (segments[s].history.first?.index ?? 1) < 1 {
      var realSet = Set<Duration>()
      var gameSet = Set<Duration>()
      for entry in segments[s].actualRuns {
        if let real = entry.time.real { realSet.insert(real) }
        if let game = entry.time.game { gameSet.insert(game) }
      }
      segments[s].history.removeAll { entry in
        if entry.index >= 1 { return false }
        var isNone = true
        var isUnique = false
        if let real = entry.time.real {
          isUnique = realSet.insert(real).inserted || isUnique
          isNone = false
        }
        if let game = entry.time.game {
          isUnique = gameSet.insert(game).inserted || isUnique
          isNone = false
        }
        return !(isNone || isUnique)
      }
    }
  }

  /// Skipped entries (neither time) that no timed entry of the same attempt follows are removed.
  /// Attempt by attempt, segment by segment, as livesplit-core walks them; the histories
  /// (ordered by id) are walked once in step.
  private mutating func removeNoneValues() {
    guard let minIndex = minSegmentHistoryIndex else { return }
    let maxIndex = (maxAttemptIndex ?? 0) + 1
    guard minIndex < maxIndex else { return }
    var cursors = segments.map { segment in segment.history.firstIndex { $0.index >= minIndex } ?? segment.history.count }
    var removals = [Set<Int>](repeating: [], count: segments.count)
    var cache: [Int] = []
    for runIndex in minIndex..<maxIndex {
      for s in segments.indices {
        let history = segments[s].history
        if cursors[s] < history.count, history[cursors[s]].index == runIndex {
          if history[cursors[s]].time.isEmpty { cache.append(runIndex) } else { cache.removeAll() }
          cursors[s] += 1
        } else {
          removeItemsFromCache(s, &cache, &removals)
        }
      }
      removeItemsFromCache(segments.count, &cache, &removals)
    }
    for s in segments.indices where !removals[s].isEmpty {
      segments[s].history.removeAll { removals[s].contains($0.index) }
    }
  }

  private func removeItemsFromCache(_ index: Int, _ cache: inout [Int], _ removals: inout [Set<Int>]) {
    let start = index - cache.count
    for (offset, runIndex) in cache.enumerated() { removals[start + offset].insert(runIndex) }
    cache.removeAll()
  }

  /// History entries of ids above every attempt's get new ids below the lowest in use.
  private mutating func reattachUnattachedSegmentHistoryElements() {
    let maxID = maxAttemptIndex ?? 0
    var minID = minSegmentHistoryIndex ?? 0
    while let unattached = segments.compactMap(\.maxHistoryIndex).filter({ $0 > maxID }).max() {
      let reassign = minID - 1
      for s in segments.indices {
        if let time = segments[s].removeHistory(unattached) { segments[s].insertHistory(reassign, time) }
      }
      minID = reassign
    }
  }
}
