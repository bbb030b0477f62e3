/// A ride's numbers in whole milliseconds, as `status`, `history`, `show` and the exports
/// print them. Pure.
///
/// Each figure is its true value truncated to the millisecond: a lap is the moving time
/// between two laps, truncated, not the difference of two truncated splits (which can be a
/// millisecond ahead of the lap); the paused time is elapsed minus moving, truncated. So no
/// figure is ever ahead of the time that passed, and truncating one further (to the
/// hundredth, the second) gives what the screen shows; the laps can add up to a few
/// milliseconds less than the moving time, never more.
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

  /// The arithmetic is on `Duration`s (128 bits, so no sum or difference can overflow,
  /// whatever the journal held) and each figure is its `milliseconds`, truncated toward zero
  /// and saturating at `Int64.max` nanoseconds.
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
    let moving = restored.moving.clampedToZero
    let elapsed = max(moving, restored.elapsed)
    movingMilliseconds = moving.milliseconds
    elapsedMilliseconds = elapsed.milliseconds
    pausedMilliseconds = (elapsed - moving).milliseconds
    wallClockWentBackwards = restored.wallClockWentBackwards

    var laps: [Lap] = []
    var previousSplit = Duration.zero
    var previousElapsed = Duration.zero
    for (index, recorded) in restored.ride.splits.enumerated() {
      // Within the moving time and never before the previous split (a damaged journal).
      let split = max(min(recorded, moving), previousSplit)
      laps.append(
        Lap(number: index + 1, lapMilliseconds: (split - previousSplit).milliseconds,
            splitMilliseconds: split.milliseconds, startElapsedMilliseconds: previousElapsed.milliseconds))
      previousSplit = split
      if index < restored.lapElapsed.count {
        previousElapsed = max(previousElapsed, restored.lapElapsed[index])
      }
    }
    self.laps = laps
    let rest = (moving - previousSplit).milliseconds
    if restored.ride.firstStart != nil && (rest > 0 || laps.isEmpty) {
      finalStretch = Lap(
        number: laps.count + 1, lapMilliseconds: max(0, rest), splitMilliseconds: movingMilliseconds,
        startElapsedMilliseconds: previousElapsed.milliseconds)
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
