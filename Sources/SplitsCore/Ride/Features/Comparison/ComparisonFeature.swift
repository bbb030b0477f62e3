/// The comparison of the ride on screen with earlier rides of its name: which is chosen
/// (`c`), the live comparison, and why a choice was not kept.
public struct ComparisonFeature: Equatable, Sendable {
  /// The name of the ride on screen: the open ride's own, else the next ride's.
  public var rideName: String?
  /// Earlier finished rides by name and the comparison chosen for each (`c`).
  public var comparisons = RideComparisons()
  /// Why the journal did not keep the last choice of comparison (shown until the next input).
  public var notSaved: String?

  public init() {}

  /// What `ride` is compared with now; nil when it is not compared (no name, or a workout).
  func live(_ ride: Ride, followingWorkout: Bool) -> LiveComparison? {
    guard !followingWorkout, let name = rideName else { return nil }
    return LiveComparison(
      kind: comparisons.kind(for: name), earlier: comparisons.earlier(than: ride.number, named: name),
      lapsSoFar: ride.splits.count + 1)
  }

  /// An input arrived: why the last choice was not kept goes.
  mutating func inputArrived() { notSaved = nil }

  /// The journal's news: only a choice it did not keep is the comparison's.
  mutating func take(_ report: JournalReport) {
    if case .choiceNotSaved(let message) = report { notSaved = message }
  }

  /// The ride on screen finished as `attempt`: the next ride's previous (and maybe its best),
  /// as the journal would give it back; the ride on screen is now the next, named `next`.
  mutating func finished(_ attempt: Attempt, next: String?) {
    if let name = rideName { comparisons.add(attempt, named: name) }
    rideName = next
  }

  /// The comparison's ticker candidate: the running lap's live delta appears when the lap
  /// reaches the comparison's lap time or the best segment (it then moves with the split, on
  /// a lattice the clock follows).
  func nextCandidate(_ ride: Ride, live: LiveComparison?, now: Instant) -> Instant? {
    guard ride.phase == .running, let live, let appears = live.liveDeltaAppears(lap: ride.splits.count + 1)
    else { return nil }
    let into = ride.moving(at: now) - LapTable.runningLapOrigin(splits: ride.splits)
    return into < appears ? now + (appears - into) : nil
  }
}

extension RideReducer {
  /// `c`: the next comparison for the ride's name, kept per name (per route on a route).
  /// Comparisons are between rides of the same name, and not during a workout.
  static func compare(_ state: inout RideScreenState) -> [Effect] {
    if var timer = state.route.timer {
      // A route's comparisons: its personal best, best segments, best split times, average
      // segments, latest run and those of an imported file.
      timer.switchToNextComparison()
      state.route.timer = timer
      state.comparison.comparisons.routeChoices[timer.route.name] = timer.currentComparison
      return [.rememberRouteComparison(timer.currentComparison, route: timer.route.name)]
    }
    guard let name = state.comparison.rideName, state.following.run == nil else {
      state.showHint(state.following.run == nil ? .compareNeedsName : .compareWorkout)
      return []
    }
    let kind = RideComparisons.next(after: state.comparison.comparisons.kind(for: name))
    state.comparison.comparisons.choices[name] = kind
    return [.rememberComparison(kind, name: name)]
  }
}
