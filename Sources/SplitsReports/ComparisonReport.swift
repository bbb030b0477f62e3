import SplitsCore

/// A ride against earlier rides of its name, as `splits show --compare` prints it
/// (`Comparison.swift` has the rules).
public struct RideComparison: Equatable, Sendable {
  /// The comparison asked for.
  public var kind: ComparisonKind
  /// The ride's name (nil: nothing to compare with).
  public var name: String?
  /// What the laps are compared with: the comparison asked for, or the best segments when
  /// there is no personal best (`missingBest`); nil when there is nothing to compare with.
  public var reference: ComparisonReference?
  /// Why there is no personal best to compare with, though there are earlier rides.
  public var missingBest: MissingBest?
  /// One per segment of the ride.
  public var laps: [LapComparison]

  /// `ride` against `rides` (any rides: those of its name, finished and earlier are kept). A
  /// finished ride's personal best has exactly its laps; an open one's at least those
  /// recorded so far, as on the screen.
  public init(_ ride: RideFigures, kind: ComparisonKind, among rides: [RideFigures]) {
    let earlier = Comparison.earlierAttempts(of: ride, among: rides)
    let attempt = Attempt(ride)
    self.kind = kind
    name = ride.name
    let count: LapCount = attempt.isFinished ? .exactly(attempt.laps.count) : .atLeast(ride.laps.count)
    (reference, missingBest) = Comparison.compared(kind, earlier: earlier, laps: count)
    laps = Comparison.laps(of: attempt, against: reference, gold: Comparison.bestSegments(earlier))
  }

  /// Lap `number`'s comparison, if the ride has that lap.
  func lap(_ number: Int) -> LapComparison? { number >= 1 && number <= laps.count ? laps[number - 1] : nil }
}

public enum ComparisonReport {
  /// `splits show RIDE --compare KIND --json`: `Export.rideJSON`'s object, each lap and the
  /// final stretch with `compare_ms` (the comparison's split at that lap number) and
  /// `delta_ms` (this split minus it), null where there is nothing to compare with; then
  /// `compare` (the kind asked for), `compare_against` (what the laps were compared with:
  /// that kind, `gold` when there is no personal best with as many laps, null when nothing)
  /// and `compare_ride` (the ride compared with; null for gold or none).
  public static func json(_ ride: RideFigures, _ comparison: RideComparison) -> String {
    Export.rideJSON(
      ride,
      lapExtras: { lap in
        let compared = comparison.lap(lap.number)
        return [
          ("compare_ms", JSONText.optional(compared?.compare.map(JSONText.milliseconds))),
          ("delta_ms", JSONText.optional(compared?.delta.map(JSONText.milliseconds))),
        ]
      },
      extras: [
        ("compare", JSONText.string(comparison.kind.rawValue)),
        ("compare_against", JSONText.optional(comparison.reference.map { JSONText.string($0.kind.rawValue) })),
        ("compare_ride", JSONText.optional(comparison.reference?.rideNumber.map { String($0) })),
      ])
  }

  /// The line that names the comparison, or says there is nothing to compare with; then
  /// what the marks mean. None for `none`.
  static func lines(_ comparison: RideComparison, strings: HistoryStrings) -> [String] {
    guard comparison.kind != .none else { return [] }
    guard let name = comparison.name.map(StatusReport.oneLine) else { return [strings.noNameNoComparison] }
    if let missing = comparison.missingBest {
      let usual = strings.ridesWithLaps(missing.ridesWithUsualLaps, laps: missing.usualLaps)
      let line = strings.fill(strings.noBestComparedWithGoldFormat, name, strings.laps(missing.laps), usual)
      return comparison.reference == nil ? [line] : [line, strings.compareLegend]
    }
    guard let reference = comparison.reference else { return [strings.fill(strings.noComparisonFormat, name)] }
    let named =
      switch reference.kind {
      case .previous, .best, .none:
        strings.fill(
          strings.comparedWithRideFormat, reference.rideNumber.map { String($0) } ?? "",
          reference.kind == .best ? strings.compareBest : strings.comparePrevious)
      case .gold: strings.fill(strings.comparedWithGoldFormat, name)
      }
    return [named, strings.compareLegend]
  }

  /// The glyph of a standing: doubled arrows for a lap that widened the lead or the gap,
  /// single ones for a lap that narrowed it; up is ahead, down behind.
  public static func glyph(_ standing: LapStanding) -> String { standing.glyph }

  /// The mark of a new best segment.
  public static let goldMark = LapStanding.goldMark

  /// The delta and mark cells of lap `number` (empty where there is nothing to compare).
  static func cells(_ comparison: RideComparison, lap number: Int) -> [String] {
    guard let lap = comparison.lap(number) else { return ["", ""] }
    let delta = lap.delta.map { TimeFormat.signedDifference($0, precision: .cs) } ?? ""
    // A delta that shows as level (`+00:00.00`, under a hundredth) is neither ahead nor behind.
    let level = lap.delta.map { TimeFormat.truncated($0 < .zero ? .zero - $0 : $0, to: .cs) == .zero } ?? false
    let marks = [level ? nil : lap.standing.map(glyph), lap.isNewGold ? goldMark : nil].compactMap { $0 }
    return [delta, marks.joined(separator: " ")]
  }
}
