/// A route: a name, its ordered named segments, and its attempts, with the records a
/// speedrunner's timer keeps. It holds what LiveSplit's run (`.lss`) holds, so that a file
/// imported and exported again gives the same figures, and what Splits does not use comes back
/// as it was (`KeptXML`). Pure.
///
/// The records are livesplit-core's: see `RouteTimer` for how an attempt updates them, and
/// `RouteAnalysis` for the figures derived from them.
public struct Route: Equatable, Sendable, Codable {
  /// Splits's name for the route: the `--name` of the rides that ride it.
  public var name: String
  /// LiveSplit's game and category names (an imported file's; Splits writes its name as the
  /// category of a route created here).
  public var gameName: String
  public var categoryName: String
  /// LiveSplit's start offset: the time shown when an attempt starts (negative: a countdown).
  public var offset: Duration
  /// Attempts started, resets included (LiveSplit's `AttemptCount`).
  public var attemptCount: Int
  /// Every attempt, ended or reset, oldest first.
  public var attemptHistory: [RouteAttempt]
  public var segments: [RouteSegment]
  /// Comparison names kept by the file besides "Personal Best" (LiveSplit's custom comparisons).
  public var customComparisons: [String]
  /// What Splits keeps without using: given back on export byte for byte.
  public var kept: KeptXML

  public init(
    name: String, gameName: String = "", categoryName: String = "", offset: Duration = .zero,
    attemptCount: Int = 0, attemptHistory: [RouteAttempt] = [], segments: [RouteSegment],
    customComparisons: [String] = [RouteSegment.personalBest], kept: KeptXML = KeptXML()
  ) {
    self.name = name
    self.gameName = gameName
    self.categoryName = categoryName
    self.offset = offset
    self.attemptCount = attemptCount
    self.attemptHistory = attemptHistory
    self.segments = segments
    self.customComparisons = customComparisons
    self.kept = kept
  }

  /// A new route with these segment names and no history.
  public init(name: String, segmentNames: [String]) {
    self.init(name: name, categoryName: name, segments: segmentNames.map { RouteSegment(name: $0) })
  }

  /// The attempt ids in use (LiveSplit's history indices: attempts from 1, imported personal
  /// bests and golds below 1).
  public var maxAttemptIndex: Int? { attemptHistory.map(\.index).max() }
}

/// One segment: its name, its best time (gold), its personal best split time and any other
/// comparison's, and its time in each attempt that reached it (by attempt id).
public struct RouteSegment: Equatable, Sendable, Codable {
  /// The name of the comparison that holds the personal best's split times.
  public static let personalBest = "Personal Best"

  public var name: String
  /// The fastest this segment was ever ridden (its gold).
  public var bestSegment: RouteTime
  /// Split times by comparison name ("Personal Best" and custom comparisons), in file order.
  public var comparisons: [NamedTime]
  /// The segment's time in each attempt that reached it, by attempt id. A time with neither
  /// method means the segment was skipped in that attempt (it folds into the next).
  public var history: [HistoryEntry]
  /// The split time of the attempt under way (nil: not reached or skipped).
  public var splitTime: RouteTime
  public var kept: KeptXML

  public init(
    name: String, bestSegment: RouteTime = .none, comparisons: [NamedTime] = [], history: [HistoryEntry] = [],
    splitTime: RouteTime = .none, kept: KeptXML = KeptXML()
  ) {
    self.name = name
    self.bestSegment = bestSegment
    self.comparisons = comparisons
    self.history = history
    self.splitTime = splitTime
    self.kept = kept
  }

  public struct NamedTime: Equatable, Sendable, Codable {
    public var name: String
    public var time: RouteTime
    public init(name: String, time: RouteTime) {
      self.name = name
      self.time = time
    }
  }

  public struct HistoryEntry: Equatable, Sendable, Codable {
    public var index: Int
    public var time: RouteTime
    public init(index: Int, time: RouteTime) {
      self.index = index
      self.time = time
    }
  }

  /// The split time under a comparison's name; `.none` where it has none.
  public func comparison(_ name: String) -> RouteTime {
    comparisons.first { $0.name == name }?.time ?? .none
  }

  public mutating func setComparison(_ name: String, _ time: RouteTime) {
    if let i = comparisons.firstIndex(where: { $0.name == name }) {
      comparisons[i].time = time
    } else {
      comparisons.append(NamedTime(name: name, time: time))
    }
  }

  public var personalBestSplit: RouteTime {
    get { comparison(Self.personalBest) }
    set { setComparison(Self.personalBest, newValue) }
  }

  /// The segment's time in one attempt (nil: the attempt has no entry here).
  public func history(at index: Int) -> RouteTime? {
    history.first { $0.index == index }?.time
  }

  /// Sets an attempt's entry, keeping the history ordered by attempt id.
  public mutating func setHistory(_ index: Int, _ time: RouteTime) {
    if let i = history.firstIndex(where: { $0.index == index }) {
      history[i].time = time
    } else {
      let at = history.firstIndex { $0.index > index } ?? history.endIndex
      history.insert(HistoryEntry(index: index, time: time), at: at)
    }
  }
}

/// One attempt: its id, its final time (none for a reset), when it started and ended, and the
/// time it spent paused.
public struct RouteAttempt: Equatable, Sendable, Codable {
  public var index: Int
  /// The final split time of a complete attempt; `.none` for one reset before the last split.
  public var time: RouteTime
  public var started: AttemptDate?
  public var ended: AttemptDate?
  public var pauseTime: Duration?

  public init(
    index: Int, time: RouteTime, started: AttemptDate? = nil, ended: AttemptDate? = nil, pauseTime: Duration? = nil
  ) {
    self.index = index
    self.time = time
    self.started = started
    self.ended = ended
    self.pauseTime = pauseTime
  }

  public var isComplete: Bool { !time.isEmpty }
}

/// A moment on the wall clock as LiveSplit's files keep it: whole seconds since 1970 (UTC), and
/// whether the clock was known to be synchronised then.
public struct AttemptDate: Hashable, Sendable, Codable {
  public var secondsSince1970: Int64
  public var isSynced: Bool
  public init(secondsSince1970: Int64, isSynced: Bool) {
    self.secondsSince1970 = secondsSince1970
    self.isSynced = isSynced
  }
}

/// Elements of a LiveSplit file that Splits does not use (icons, auto-splitter settings,
/// metadata, the layout path, anything unknown), each as its exact source text, by element
/// name, in file order: given back on export as they were read.
public struct KeptXML: Equatable, Sendable, Codable {
  public var elements: [Element]
  public init(elements: [Element] = []) { self.elements = elements }

  public struct Element: Equatable, Sendable, Codable {
    public var name: String
    public var source: String
    public init(name: String, source: String) {
      self.name = name
      self.source = source
    }
  }

  public subscript(name: String) -> String? { elements.first { $0.name == name }?.source }
}
