/// Comparing a ride with earlier rides of the same name (attempts at the same course). Pure.
/// Every time here is a `Duration`. A ride's laps and splits hold whole milliseconds, as the
/// journal's figures have them (`RideFigures`, read by `Attempt(_:)`; a ride finished on the
/// screen is truncated the same way by `Attempt(finished:moving:)`), so that the screen and
/// `show --compare` compare the same values. The moments on a lap under way (when its live
/// delta appears, the predicted finish) are worked out here once for both.
///
/// No sum here can trap: a journal's times are at most `Int64.max` nanoseconds each (292
/// years), and a `Duration` holds 2^127 attoseconds, so it would take some 10^10 such laps.
///
/// A ride's laps here are its segments, numbered from 1: the laps recorded with `l`. The
/// stretch after the last of them, ended by the finish (`r`), is no segment: it is never
/// compared and never a best segment. A ride with no recorded lap is one segment, its whole
/// moving time, so rides ridden without laps are compared with each other. On a ride not
/// finished, the stretch after the last lap is the lap under way.
///
/// The rules:
/// - Only finished rides are references, and only earlier ones (a smaller ride number):
///   a ride is compared with what existed before it, never with itself or a later ride.
/// - A ride's time is the split at the end of its last segment (its moving time when it has
///   no lap).
/// - previous: the last such ride.
/// - best (personal best): the fastest of those with as many laps as the ride compared; the
///   earlier one on a tie. During a ride its number of laps is not known yet: it is the
///   number most of them have among those with at least the laps recorded so far (the
///   larger number on a tie).
/// - gold (best segments): for each lap number, the fastest lap any such ride had there,
///   whatever its number of laps; its splits are the sums of those laps, its finish the sum
///   of every best segment.
/// - none: nothing.
/// When there is no personal best to compare with but there are earlier rides, the laps are
/// compared with the best segments instead, and the reason is said (`MissingBest`).
public enum ComparisonKind: String, CaseIterable, Sendable {
  case previous, best, gold, none
}

/// One ride's laps, as a comparison sees them.
public struct Attempt: Equatable, Sendable {
  public var number: Int
  public var isFinished: Bool
  public var moving: Duration
  /// Lap times, lap 1 first.
  public var laps: [Duration]
  /// Cumulative moving time at the end of each lap.
  public var splits: [Duration]
  /// Whether the last lap is the one under way (a ride not finished, with time since its
  /// last recorded lap): not a lap yet.
  public var lastLapUnderWay: Bool

  public init(
    number: Int, isFinished: Bool, moving: Duration, laps: [Duration], splits: [Duration],
    lastLapUnderWay: Bool = false
  ) {
    self.lastLapUnderWay = lastLapUnderWay
    self.number = number
    self.isFinished = isFinished
    self.moving = moving
    self.laps = laps
    self.splits = splits
  }

  /// Laps only; the splits are their sums and the moving time the last of them.
  public init(number: Int, isFinished: Bool = true, laps: [Duration]) {
    let splits = Comparison.sums(laps)
    self.init(number: number, isFinished: isFinished, moving: splits.last ?? .zero, laps: laps, splits: splits)
  }

  /// A ride's segments, from the journal's figures: its recorded laps (on an open ride, then
  /// the lap under way; on a finished ride without laps, the whole ride). The figures' whole
  /// milliseconds become `Duration`s exactly.
  public init(_ figures: RideFigures) {
    self.init(
      number: figures.number, isFinished: figures.state == .finished,
      moving: .milliseconds(figures.movingMilliseconds),
      recorded: figures.laps.map { (.milliseconds($0.lapMilliseconds), .milliseconds($0.splitMilliseconds)) },
      finalStretch: figures.finalStretch.map { .milliseconds($0.lapMilliseconds) })
  }

  /// The one way a ride's figures become its segments: the recorded laps (each lap and its
  /// split). The stretch after the last of them (it ends at the moving time) is the lap under
  /// way on a ride not finished, the one segment of a finished ride with no lap, and no
  /// segment of a finished ride with laps.
  init(
    number: Int, isFinished: Bool, moving: Duration, recorded: [(lap: Duration, split: Duration)],
    finalStretch: Duration?
  ) {
    var laps = recorded.map(\.lap)
    var splits = recorded.map(\.split)
    if let finalStretch, !isFinished || recorded.isEmpty {
      laps.append(finalStretch)
      splits.append(moving)
    }
    self.init(
      number: number, isFinished: isFinished, moving: moving, laps: laps, splits: splits,
      lastLapUnderWay: !isFinished && finalStretch != nil)
  }
}

extension Attempt {
  /// The ride's time: the split at the end of its last segment.
  public var finish: Duration { splits.last ?? .zero }
}

/// How many laps a personal best must have: exactly as many as a finished ride, or, during a
/// ride, at least the laps recorded so far (then the number most earlier rides have).
public enum LapCount: Equatable, Sendable {
  case exactly(Int)
  case atLeast(Int)
}

/// Why there is no personal best to compare with although there are earlier finished rides
/// of the name: none has the laps asked for; `usual` is the number of laps most of them
/// have, and how many have it.
public struct MissingBest: Equatable, Sendable {
  public var laps: LapCount
  public var usualLaps: Int
  public var ridesWithUsualLaps: Int

  public init(laps: LapCount, usualLaps: Int, ridesWithUsualLaps: Int) {
    self.laps = laps
    self.usualLaps = usualLaps
    self.ridesWithUsualLaps = ridesWithUsualLaps
  }
}

/// What a ride is compared with: a lap time and a split per lap number.
public struct ComparisonReference: Equatable, Sendable {
  public var kind: ComparisonKind
  /// The ride compared with; nil for gold (many rides) and none.
  public var rideNumber: Int?
  public var laps: [Duration]
  public var splits: [Duration]

  public init(kind: ComparisonKind, rideNumber: Int?, laps: [Duration], splits: [Duration]) {
    self.kind = kind
    self.rideNumber = rideNumber
    self.laps = laps
    self.splits = splits
  }

  /// Its finish: the ride's moving time (its last split); for gold the sum of the best segments.
  public var finish: Duration? { splits.last }

  /// Lap `number` (1-based), if it has one.
  public func lap(_ number: Int) -> Duration? { Comparison.lap(number, of: laps) }
  public func split(_ number: Int) -> Duration? { Comparison.lap(number, of: splits) }
}

/// How a lap stands against the comparison: ahead or behind at its end (the split's delta
/// below or above zero; level is neither, and has no standing), and gaining or losing on
/// this lap (this lap strictly faster than the comparison's lap, or not).
public enum LapStanding: String, CaseIterable, Sendable {
  case aheadGaining, aheadLosing, behindGaining, behindLosing

  /// The standing's mark, on screen and in `show --compare`: doubled arrows for a lap that
  /// widened the lead or the gap, single ones for a lap that narrowed it; up is ahead, down
  /// behind.
  public var glyph: String {
    switch self {
    case .aheadGaining: "⇈"
    case .aheadLosing: "⇡"
    case .behindGaining: "⇣"
    case .behindLosing: "⇊"
    }
  }

  /// The mark of a new best segment.
  public static let goldMark = "★"

  /// Nil when level (a delta of zero).
  public init?(delta: Duration, lap: Duration, comparisonLap: Duration) {
    guard delta != .zero else { return nil }
    let gaining = lap < comparisonLap
    if delta < .zero {
      self = gaining ? .aheadGaining : .aheadLosing
    } else {
      self = gaining ? .behindGaining : .behindLosing
    }
  }
}

/// One lap of the ride compared.
public struct LapComparison: Equatable, Sendable {
  public var number: Int
  public var lap: Duration
  public var split: Duration
  /// The comparison's split at this lap number; nil where it has no such lap.
  public var compare: Duration?
  /// This lap's split minus `compare` (below zero: ahead).
  public var delta: Duration?
  public var standing: LapStanding?
  /// Faster than every earlier finished ride's lap at this number (there must be one).
  public var isNewGold: Bool
}

public enum Comparison {
  /// Running sums: the splits of `laps`.
  public static func sums(_ laps: [Duration]) -> [Duration] {
    var total = Duration.zero
    return laps.map { lap in
      total += lap
      return total
    }
  }

  /// The rides a ride can be compared with: `rides` of its name (a ride without one has
  /// none), finished, earlier than it; oldest first.
  public static func earlierAttempts(of ride: RideFigures, among rides: [RideFigures]) -> [Attempt] {
    guard let name = ride.name else { return [] }
    return rides.filter { $0.name == name && $0.state == .finished && $0.number < ride.number }
      .sorted { $0.number < $1.number }.map(Attempt.init)
  }

  /// The last finished ride of `earlier`.
  public static func previous(_ earlier: [Attempt]) -> Attempt? {
    earlier.filter(\.isFinished).max { $0.number < $1.number }
  }

  /// The number of laps of the finished rides of `earlier` and how many rides have each,
  /// the most ridden first (the larger number of laps on a tie).
  public static func lapCounts(_ earlier: [Attempt]) -> [(laps: Int, rides: Int)] {
    var rides: [Int: Int] = [:]
    for attempt in earlier where attempt.isFinished { rides[attempt.laps.count, default: 0] += 1 }
    return rides.map { (laps: $0.key, rides: $0.value) }.sorted { ($0.rides, $0.laps) > ($1.rides, $1.laps) }
  }

  /// The number of laps a personal best has for `laps`: the exact number, or the one most
  /// finished rides of `earlier` with at least that many (and at least one) have. Nil when
  /// none has.
  public static func bestLapCount(_ earlier: [Attempt], laps: LapCount) -> Int? {
    switch laps {
    case .exactly(let count): return count
    case .atLeast(let count):
      return lapCounts(earlier.filter { $0.laps.count >= max(1, count) }).first?.laps
    }
  }

  /// The fastest finished ride of `earlier` with as many laps as `laps` asks for (the
  /// earlier one on a tie).
  public static func personalBest(_ earlier: [Attempt], laps: LapCount) -> Attempt? {
    guard let count = bestLapCount(earlier, laps: laps) else { return nil }
    return earlier.filter { $0.isFinished && $0.laps.count == count }
      .min { ($0.finish, $0.number) < ($1.finish, $1.number) }
  }

  /// Why `earlier` has no personal best for `laps`; nil when it has one, or has no finished
  /// ride at all (then there is simply nothing to compare with).
  public static func missingBest(_ earlier: [Attempt], laps: LapCount) -> MissingBest? {
    guard personalBest(earlier, laps: laps) == nil, let usual = lapCounts(earlier).first else { return nil }
    return MissingBest(laps: laps, usualLaps: usual.laps, ridesWithUsualLaps: usual.rides)
  }

  /// Entry `number` (1-based) of per-lap figures, if there is one.
  public static func lap(_ number: Int, of figures: [Duration]) -> Duration? {
    number >= 1 && number <= figures.count ? figures[number - 1] : nil
  }

  /// Whether a lap of `lap` at `number` beats every earlier ride's lap there (`gold`, the
  /// best segments; there must be one).
  public static func isNewGold(_ lap: Duration, number: Int, gold: [Duration]) -> Bool {
    Self.lap(number, of: gold).map { lap < $0 } ?? false
  }

  /// For each lap number, the fastest lap of the finished rides of `earlier` there.
  public static func bestSegments(_ earlier: [Attempt]) -> [Duration] {
    var best: [Duration] = []
    for attempt in earlier where attempt.isFinished {
      for (index, lap) in attempt.laps.enumerated() {
        if index < best.count { best[index] = min(best[index], lap) } else { best.append(lap) }
      }
    }
    return best
  }

  /// The reference of `kind` for a ride of `laps` laps; nil when there is nothing to compare
  /// with (and always for none).
  public static func reference(_ kind: ComparisonKind, earlier: [Attempt], laps: LapCount) -> ComparisonReference? {
    func of(_ attempt: Attempt?) -> ComparisonReference? {
      attempt.map { ComparisonReference(kind: kind, rideNumber: $0.number, laps: $0.laps, splits: $0.splits) }
    }
    switch kind {
    case .previous: return of(previous(earlier))
    case .best: return of(personalBest(earlier, laps: laps))
    case .gold:
      let gold = bestSegments(earlier)
      return gold.isEmpty ? nil : ComparisonReference(kind: .gold, rideNumber: nil, laps: gold, splits: sums(gold))
    case .none: return nil
    }
  }

  /// What the laps are compared with when `kind` is chosen: its reference, or the best
  /// segments when there is no personal best for `laps` (`MissingBest` says why).
  public static func compared(
    _ kind: ComparisonKind, earlier: [Attempt], laps: LapCount
  ) -> (reference: ComparisonReference?, missing: MissingBest?) {
    if let reference = reference(kind, earlier: earlier, laps: laps) { return (reference, nil) }
    guard kind == .best, let missing = missingBest(earlier, laps: laps) else { return (nil, nil) }
    return (reference(.gold, earlier: earlier, laps: laps), missing)
  }

  /// Each lap of `ride` against `reference` (nil: nothing to compare with), with `gold` the
  /// best segments of the earlier rides for the new-gold marks. A lap under way is never a
  /// new gold, and has a delta only once `liveDeltaShows`.
  public static func laps(of ride: Attempt, against reference: ComparisonReference?, gold: [Duration]) -> [LapComparison] {
    ride.laps.indices.map { index in
      let number = index + 1
      let lap = ride.laps[index]
      let split = index < ride.splits.count ? ride.splits[index] : lap
      let underWay = ride.lastLapUnderWay && index == ride.laps.count - 1
      let shows =
        !underWay
        || liveDeltaShows(currentLap: lap, comparisonLap: reference?.lap(number), goldLap: Self.lap(number, of: gold))
      let compare = shows ? reference?.split(number) : nil
      let delta = compare.map { split - $0 }
      let standing: LapStanding? =
        if let delta, let referenceLap = reference?.lap(number) {
          LapStanding(delta: delta, lap: lap, comparisonLap: referenceLap)
        } else { nil }
      return LapComparison(
        number: number, lap: lap, split: split, compare: compare, delta: delta, standing: standing, isNewGold: !underWay && isNewGold(lap, number: number, gold: gold))
    }
  }

  // MARK: The lap under way

  /// When a lap's live delta appears: once the lap's time reaches the comparison's lap time
  /// or the gold lap time, whichever is sooner; before that a number would mean nothing.
  /// Nil when there is neither (the delta never appears on that lap).
  public static func liveDeltaAppears(comparisonLap: Duration?, goldLap: Duration?) -> Duration? {
    switch (comparisonLap, goldLap) {
    case let (c?, g?): min(c, g)
    case let (c?, nil): c
    case let (nil, g?): g
    case (nil, nil): nil
    }
  }

  /// Whether the live delta shows with the lap under way at `currentLap`.
  public static func liveDeltaShows(currentLap: Duration, comparisonLap: Duration?, goldLap: Duration?) -> Bool {
    liveDeltaAppears(comparisonLap: comparisonLap, goldLap: goldLap).map { currentLap >= $0 } ?? false
  }

  /// The finish the comparison predicts: the moving time so far, plus what is left of lap
  /// `lapNumber` (under way for `currentLap`: the comparison's lap minus that, at least
  /// zero), plus the comparison's laps after it. Nil when the ride is past the comparison's
  /// laps (more laps than it has: no prediction).
  public static func predictedFinish(
    moving: Duration, lapNumber: Int, currentLap: Duration, reference: ComparisonReference
  ) -> Duration? {
    guard lapNumber >= 1, let lap = reference.lap(lapNumber), let rest = laterLaps(after: lapNumber, of: reference)
    else { return nil }
    return moving + (lap - currentLap).clampedToZero + rest
  }

  /// The sum of the comparison's laps after lap `lapNumber`; nil past its laps.
  public static func laterLaps(after lapNumber: Int, of reference: ComparisonReference) -> Duration? {
    guard lapNumber >= 1, lapNumber <= reference.laps.count else { return nil }
    return sums(Array(reference.laps[lapNumber...])).last ?? .zero
  }
}
