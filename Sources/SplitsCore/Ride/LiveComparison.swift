/// The ride screen's comparisons: the earlier finished rides of each name and the comparison
/// chosen for each name. The screen gets both from the journal when it opens; a ride finished
/// on it joins its name's rides at once (no I/O: the state is updated from the state).
public struct RideComparisons: Equatable, Sendable {
  /// Finished rides, by name, oldest first.
  public var attempts: [String: [Attempt]] = [:]
  /// The comparison chosen for each name (kept in the journal); `defaultKind` when none was.
  public var choices: [String: ComparisonKind] = [:]
  /// The comparison chosen for each route, by the comparison's name (kept in the journal);
  /// the route's personal best when none was, or when the route has no comparison of that
  /// name any more.
  public var routeChoices: [String: String] = [:]

  /// A name nobody chose a comparison for compares with the personal best.
  public static let defaultKind: ComparisonKind = .best

  public init(
    attempts: [String: [Attempt]] = [:], choices: [String: ComparisonKind] = [:], routeChoices: [String: String] = [:]
  ) {
    self.attempts = attempts
    self.choices = choices
    self.routeChoices = routeChoices
  }

  public func kind(for name: String) -> ComparisonKind { choices[name] ?? Self.defaultKind }

  /// The comparison `c` turns to after `kind`: previous, personal best, best segments, none,
  /// and round again.
  public static func next(after kind: ComparisonKind) -> ComparisonKind {
    switch kind {
    case .previous: .best
    case .best: .gold
    case .gold: .none
    case .none: .previous
    }
  }

  /// The finished rides of `name` earlier than ride `number`, oldest first.
  public func earlier(than number: Int, named name: String) -> [Attempt] {
    (attempts[name] ?? []).filter { $0.isFinished && $0.number < number }.sorted { $0.number < $1.number }
  }

  /// Adds a ride finished on the screen to its name's rides.
  public mutating func add(_ attempt: Attempt, named name: String) {
    var list = attempts[name] ?? []
    list.removeAll { $0.number == attempt.number }
    list.append(attempt)
    attempts[name] = list
  }
}

extension Duration {
  /// The duration truncated to the whole millisecond (toward zero, saturating as
  /// `milliseconds` does): a time as the journal's figures hold it.
  public var wholeMilliseconds: Duration { .milliseconds(milliseconds) }
}

extension Comparison {
  /// Each recorded lap's moving time truncated to the whole millisecond, as the journal's
  /// figures have them (so a lap on the screen is a new best segment exactly when it is one
  /// in `show --compare`).
  public static func recordedLaps(splits: [Duration]) -> [Duration] {
    Laps.of(splits).map(\.lap.wholeMilliseconds)
  }
}

extension Attempt {
  /// A ride just finished on the screen, as the journal will read it back: each lap and split
  /// truncated to the whole millisecond (the stretch after the last lap is `RideFigures`' rule, so
  /// that a ride without laps is one segment as `Attempt(_:)` makes it).
  public init(finished ride: Ride, moving: Duration) {
    let moving = moving.clampedToZero
    let recorded = Laps.of(ride.splits, upTo: moving)
    self.init(
      number: ride.number, isFinished: true, moving: moving.wholeMilliseconds,
      recorded: recorded.map { ($0.lap.wholeMilliseconds, $0.split.wholeMilliseconds) },
      finalStretch: RideFigures.finalStretchMilliseconds(
        moving: moving, lastSplit: recorded.last?.split ?? .zero, recordedLaps: recorded.count
      ).map { .milliseconds($0) })
  }
}

/// What the ride on screen is compared with, at its current lap count. Its times are the
/// attempts' (`Duration`s of whole milliseconds), so that the screen's arithmetic is exact.
public struct LiveComparison: Equatable, Sendable {
  /// The comparison chosen.
  public var kind: ComparisonKind
  /// What the laps are compared with: the chosen comparison, or the best segments when there
  /// is no personal best for the ride (`missingBest`); nil when there is nothing to compare
  /// with (and for none).
  public var reference: ComparisonReference?
  /// Why there is no personal best to compare with, though there are earlier rides.
  public var missingBest: MissingBest?
  /// The best segments of the earlier rides, lap 1 first (empty: no earlier ride).
  public var gold: [Duration]
  /// Whether there is any earlier finished ride of the name.
  public var hasEarlierRides: Bool { !gold.isEmpty }

  /// The comparison of `kind` for a ride with `lapsSoFar` laps (the running one counted).
  ///
  /// During a ride its number of laps is not known yet: the personal best here has at least
  /// the laps recorded so far (`LapCount.atLeast`), as many as most such rides have.
  public init(kind: ComparisonKind, earlier: [Attempt], lapsSoFar: Int) {
    self.kind = kind
    gold = Comparison.bestSegments(earlier)
    (reference, missingBest) = Comparison.compared(kind, earlier: earlier, laps: .atLeast(lapsSoFar - 1))
  }

  /// The best segment at lap `number` (1-based), if any.
  public func goldLap(_ number: Int) -> Duration? { Comparison.lap(number, of: gold) }

  /// The sum of the best segments; nil without an earlier ride.
  public var sumOfBest: Duration? { Comparison.sums(gold).last }

  /// The comparison's finish: its moving time (the sum of the best segments for gold).
  public var finish: Duration? { reference?.finish }

  /// The lap time at which lap `number`'s live delta appears: when it reaches the
  /// comparison's lap time or the best segment there, whichever is sooner. Nil when the
  /// comparison has no split at that lap (then there is no delta to show).
  public func liveDeltaAppears(lap number: Int) -> Duration? {
    guard let reference, reference.split(number) != nil else { return nil }
    return Comparison.liveDeltaAppears(comparisonLap: reference.lap(number), goldLap: goldLap(number))
  }

  /// Lap `number`'s delta with its split shown as `split` (already truncated to the
  /// precision): the shown split minus the comparison's split truncated the same way, so it
  /// turns over exactly when the shown split does. Nil where the comparison has no such lap.
  public func delta(lap number: Int, shownSplit split: Duration, precision: Precision) -> Duration? {
    reference?.split(number).map { split - TimeFormat.truncated($0, to: precision) }
  }

  /// How lap `number` stands, from the shown delta and the shown lap time against the
  /// comparison's lap truncated the same way; nil when level or nothing to compare.
  public func standing(lap number: Int, delta: Duration, shownLap lap: Duration, precision: Precision) -> LapStanding? {
    guard let compareLap = reference?.lap(number) else { return nil }
    return LapStanding(delta: delta, lap: lap, comparisonLap: TimeFormat.truncated(compareLap, to: precision))
  }

  /// Whether a finished lap of `time` (whole milliseconds, `Comparison.recordedLaps`) at
  /// `number` beats every earlier ride there.
  public func isNewGold(lap number: Int, time: Duration) -> Bool {
    Comparison.isNewGold(time, number: number, gold: gold)
  }

  /// The predicted finish with lap `number` under way since the moving time `lapOrigin`: now,
  /// plus what is left of the comparison's lap (nothing once it is passed), plus its later
  /// laps. Nil past the comparison's laps. Constant while the lap is shorter than the
  /// comparison's, then it grows with the moving time (`predictionOrigin`).
  public func predictedFinish(moving: Duration, lapOrigin: Duration, lap number: Int) -> Duration? {
    reference.flatMap {
      Comparison.predictedFinish(moving: moving, lapNumber: number, currentLap: moving - lapOrigin, reference: $0)
    }
  }

  /// The moving time at which the predicted finish would read zero once it grows with the
  /// moving time (minus the comparison's later laps): the origin of its digits' lattice.
  public func predictionOrigin(lap number: Int) -> Duration? {
    guard let reference, let rest = Comparison.laterLaps(after: number, of: reference) else { return nil }
    return .zero - rest
  }
}
