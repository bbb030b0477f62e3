/// A ride's numbers in whole milliseconds, as `status`, `history`, `show` and the exports
/// print them. Pure.
///
/// Splits are truncated to milliseconds first and laps are differences of those, so the laps
/// always add up to the split; the paused time is elapsed minus moving, so the three always
/// agree.
public struct RideFigures: Equatable, Sendable {
  public struct Lap: Equatable, Sendable {
    public var number: Int
    /// Moving time of this lap.
    public var lapMilliseconds: Int64
    /// Moving time from the start to the end of this lap.
    public var splitMilliseconds: Int64
    /// Elapsed time (pauses included) from the ride's start to the start of this lap: where
    /// the lap sits on the wall clock.
    public var startElapsedMilliseconds: Int64

    public init(number: Int, lapMilliseconds: Int64, splitMilliseconds: Int64, startElapsedMilliseconds: Int64) {
      self.number = number
      self.lapMilliseconds = lapMilliseconds
      self.splitMilliseconds = splitMilliseconds
      self.startElapsedMilliseconds = startElapsedMilliseconds
    }
  }

  /// What `status` and the exports call the ride's state.
  public enum State: String, Equatable, Sendable {
    case ready, countdown, running, paused, finished
  }

  public var number: Int
  public var state: State
  public var startedAtWallMilliseconds: Int64?
  public var finishedAtWallMilliseconds: Int64?
  public var movingMilliseconds: Int64
  public var elapsedMilliseconds: Int64
  public var pausedMilliseconds: Int64
  /// The laps recorded with `l`, oldest first.
  public var laps: [Lap]
  /// The stretch after the last recorded lap (to the finish, or to now), numbered after the
  /// laps; nil when it is empty. A ride without laps is one stretch.
  public var finalStretch: Lap?
  public var wallClockWentBackwards: Bool

  /// The arithmetic below stays plain: every figure is a `Duration`'s `milliseconds`, which
  /// saturates at `Int64.max` nanoseconds, so no figure is beyond ±9.3 × 10¹² and no sum or
  /// difference of two can overflow, whatever the journal held.
  public init(_ restored: RestoredRide) {
    number = restored.ride.number
    switch restored.phase {
    case _ where restored.isFinished: state = .finished
    case .ready: state = .ready
    case .countdown: state = .countdown
    case .running: state = .running
    case .paused: state = .paused
    }
    startedAtWallMilliseconds = restored.startedAtWallMilliseconds
    finishedAtWallMilliseconds = restored.finishedAtWallMilliseconds
    movingMilliseconds = restored.moving.milliseconds
    elapsedMilliseconds = max(movingMilliseconds, restored.elapsed.milliseconds)
    pausedMilliseconds = elapsedMilliseconds - movingMilliseconds
    wallClockWentBackwards = restored.wallClockWentBackwards

    var laps: [Lap] = []
    var previousSplit: Int64 = 0
    var previousElapsed: Int64 = 0
    for (index, split) in restored.ride.splits.enumerated() {
      let splitMs = min(split.milliseconds, movingMilliseconds)
      let lapMs = max(0, splitMs - previousSplit)
      laps.append(
        Lap(number: index + 1, lapMilliseconds: lapMs, splitMilliseconds: max(splitMs, previousSplit),
            startElapsedMilliseconds: previousElapsed))
      previousSplit = max(splitMs, previousSplit)
      if index < restored.lapElapsed.count {
        previousElapsed = max(previousElapsed, restored.lapElapsed[index].milliseconds)
      }
    }
    self.laps = laps
    let rest = movingMilliseconds - previousSplit
    if restored.ride.firstStart != nil && (rest > 0 || laps.isEmpty) {
      finalStretch = Lap(
        number: laps.count + 1, lapMilliseconds: max(0, rest), splitMilliseconds: movingMilliseconds,
        startElapsedMilliseconds: previousElapsed)
    } else {
      finalStretch = nil
    }
  }

  /// Whether the ride's clock has started (a ride that never started has nothing to show).
  public var hasStarted: Bool { startedAtWallMilliseconds != nil }

  /// The shortest recorded lap, if any.
  public var bestLapMilliseconds: Int64? { laps.map(\.lapMilliseconds).min() }

  /// The laps a fitness tool wants: every recorded lap and then the final stretch, so that
  /// together they cover the whole moving time.
  public var segments: [Lap] { finalStretch.map { laps + [$0] } ?? laps }
}
