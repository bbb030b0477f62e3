import SplitsWorkout

/// One ride event as the journal stores it: the event, plus the clocks it was read on.
///
/// `boottimeNanoseconds` is the event's `Instant` (CLOCK_BOOTTIME) on the boot named by
/// `bootID`; it means nothing on another boot. `wallMilliseconds` is the wall clock (ms since
/// 1970 UTC) at the same moment; it survives a reboot but jumps when the clock is set.
public struct StoredEvent: Equatable, Hashable, Sendable {
  public var kind: RideEvent.Kind
  public var wallMilliseconds: Int64
  /// `/proc/sys/kernel/random/boot_id`, or "" when it could not be read (then the event is
  /// never taken to be from the current boot).
  public var bootID: String
  public var boottimeNanoseconds: Int64
  public var countdownSteps: Int
  public var stepEnd: StepEnd?

  public init(
    _ kind: RideEvent.Kind, wallMilliseconds: Int64, bootID: String, boottimeNanoseconds: Int64,
    countdownSteps: Int = 0, stepEnd: StepEnd? = nil
  ) {
    self.stepEnd = stepEnd
    self.kind = kind
    self.wallMilliseconds = wallMilliseconds
    self.bootID = bootID
    self.boottimeNanoseconds = boottimeNanoseconds
    self.countdownSteps = countdownSteps
  }
}

/// A ride rebuilt from its stored events, in the current boot's `Instant` domain.
public struct RestoredRide: Equatable, Sendable {
  /// The ride to carry on from. For a finished ride: the ride as it was just before `finish`
  /// (paused), so its times can still be read.
  public var ride: Ride
  /// The events, mapped into the current boot's instants, in journal order.
  public var events: [RideEvent]
  /// Whether the journal holds a `finish` for this ride.
  public var isFinished: Bool
  /// The instant the ride's times are read at: the finish for a finished ride, else now.
  public var at: Instant
  /// The wall-clock time (ms since 1970 UTC) at which the ride's clock started: the `start`
  /// event, or the end of the pre-start countdown. Nil before the ride started.
  public var startedAtWallMilliseconds: Int64?
  /// The wall-clock time of the `finish` event.
  public var finishedAtWallMilliseconds: Int64?
  /// The elapsed time (since the ride's clock started) at each recorded lap, oldest first:
  /// where each lap ends, and the next one begins, on the elapsed time line.
  public var lapElapsed: [Duration]
  /// Some events came from an earlier boot, so the time between that boot and the next was
  /// taken from the wall clock.
  public var crossedBoot: Bool
  /// Across a boot, the wall clock read earlier than an event before it: that stretch was
  /// counted as zero rather than negative. The screen says so.
  public var wallClockWentBackwards: Bool
  /// The workout the ride follows, as the journal keeps it; nil for a plain ride.
  public var workout: WorkoutSource?
  /// What the ride is, as the journal keeps it.
  public var sport: Sport = .biking
  /// Its name (`--name`, a workout's name, `splits edit`) and note (`splits edit --note`).
  public var name: String?
  public var note: String?
  /// Its lap distance (`--lap-distance`), nil when it has none.
  public var lapDistance: LapDistance?
  /// Its sensors' samples, a second of moving time each, oldest first; empty when no sensor
  /// was connected.
  public var samples: [SensorSample] = []

  public var phase: Ride.Phase { ride.phase }
  public var moving: Duration { ride.moving(at: at) }
  public var elapsed: Duration { ride.elapsed(at: at) }
  public var paused: Duration { ride.paused(at: at) }
}

/// Rebuilds a ride from the journal after a restart.
///
/// Within one boot, CLOCK_BOOTTIME differences are exact, whatever the wall clock did. Only
/// the gap between two boots (and between an earlier boot and now) is unknown to the boot
/// clock; that gap comes from the wall clock, and counts as zero when the wall clock reads
/// earlier than before (never negative). Event order is always kept.
public enum Restore {
  /// How far from now, either way, a restored instant may lie: a hundred years (of 365.25
  /// days). The journal's clock readings are data, and a damaged or hand-edited row can hold
  /// any 64-bit value: a boot-clock reading of 292 years, a wall clock in the year 292
  /// million. Such a reading is clamped to this span rather than refused, since the core has
  /// no way to report it (the store refuses what no clock can read, a negative boot-clock
  /// reading) and a genuine ride never comes near it. Within it any two restored instants are
  /// at most two hundred years apart, so the screen's and the reports' sums and differences
  /// of them (down to nanoseconds in an `Int64`, which holds 292 years) cannot overflow.
  public static let maximumSpan: Duration = .seconds(3_155_760_000)

  /// Maps each stored event into the current boot's instants.
  ///
  /// - Events of the current boot (`bootID`, not empty) take their boot-clock reading as is.
  /// - A run of consecutive events from another boot keeps its boot-clock differences and
  ///   is placed so that the wall-clock gap to what follows it (the next boot's first event,
  ///   or `now`) is kept, clamped at zero.
  /// - Every instant is kept within `maximumSpan` of `now`.
  ///
  /// Returns the instants and whether a clamp happened (the wall clock went backwards).
  public static func instants(
    of events: [StoredEvent], bootID: String, now: Now
  ) -> (instants: [Instant], wallClockWentBackwards: Bool, crossedBoot: Bool) {
    var instants = [Instant](repeating: Instant(nanoseconds: 0), count: events.count)
    var backwards = false
    var crossed = false
    // Saturating (`Instant` arithmetic never traps), then clamped to the span.
    let earliest = now.monotonic - maximumSpan
    let latest = now.monotonic + maximumSpan
    func bounded(_ instant: Instant) -> Instant { min(max(instant, earliest), latest) }
    // Runs of consecutive events sharing a boot id, walked from the newest back.
    var end = events.count
    // Where the run after the current one begins, as (instant, wall ms); starts as now.
    var anchorInstant = now.monotonic
    var anchorWall = now.wallMilliseconds
    while end > 0 {
      let boot = events[end - 1].bootID
      var start = end - 1
      while start > 0 && events[start - 1].bootID == boot { start -= 1 }
      if !boot.isEmpty && boot == bootID {
        for i in start..<end {
          instants[i] = bounded(Instant(nanoseconds: events[i].boottimeNanoseconds))
        }
        if end < events.count, instants[end - 1] > anchorInstant {
          instants[end - 1] = anchorInstant
        }
        // Clocks within one boot only move forward; keep order even if a row says otherwise.
        for i in (start..<(end - 1)).reversed() where instants[i] > instants[i + 1] {
          instants[i] = instants[i + 1]
        }
      } else {
        crossed = true
        let last = events[end - 1]
        // Wall readings can be anything (a clock set to 1901, a damaged row): the gap is
        // taken exactly in `Duration`, never in an `Int64` that could overflow.
        var gap = Duration.milliseconds(anchorWall) - .milliseconds(last.wallMilliseconds)
        if gap < .zero {
          backwards = true
          gap = .zero
        }
        instants[end - 1] = bounded(anchorInstant - gap)
        for i in (start..<(end - 1)).reversed() {
          let step =
            (Instant(nanoseconds: events[i + 1].boottimeNanoseconds)
              - Instant(nanoseconds: events[i].boottimeNanoseconds)).clampedToZero
          instants[i] = bounded(instants[i + 1] - step)
        }
      }
      anchorInstant = instants[start]
      anchorWall = events[start].wallMilliseconds
      end = start
    }
    return (instants, backwards, crossed)
  }

  /// The ride numbered `number` rebuilt from its stored events (journal order), read at
  /// `now` or, when the events hold a `finish`, at the finish. Events after a `finish` are
  /// ignored. `bootID` is the current boot's id.
  public static func ride(number: Int, events stored: [StoredEvent], bootID: String, now: Now) -> RestoredRide {
    let mapped = instants(of: stored, bootID: bootID, now: now)
    var ride = Ride(number: number)
    var events: [RideEvent] = []
    var startedWall: Int64?
    var finishedWall: Int64?
    var finishedAt: Instant?
    var lapElapsed: [Duration] = []
    var countdownWall: (wall: Int64, at: Instant)?
    events.reserveCapacity(stored.count)

    // Wall times below are the journal's readings moved by a restored stretch; a reading near
    // the ends of `Int64` saturates there (the reports print such a date as it is) rather
    // than trapping.
    func noteStart(_ before: Instant?, event: StoredEvent, at: Instant) {
      guard before == nil, let first = ride.firstStart, startedWall == nil else { return }
      if event.kind == .start && first == at {
        startedWall = event.wallMilliseconds
      } else if let countdownWall {
        // The clock started when the countdown ended.
        startedWall = countdownWall.wall.addingSaturating((first - countdownWall.at).milliseconds)
      } else {
        startedWall = event.wallMilliseconds.subtractingSaturating((at - first).milliseconds)
      }
    }

    for (index, item) in stored.enumerated() {
      let at = mapped.instants[index]
      let event = RideEvent(item.kind, at: at, countdownSteps: item.countdownSteps, stepEnd: item.stepEnd)
      events.append(event)
      if item.kind == .finish {
        // The ride as it was just before the finish: paused, read at the finish.
        let before = ride.firstStart
        ride.advance(to: at)
        noteStart(before, event: item, at: at)
        if ride.phase == .paused {
          finishedAt = at
          finishedWall = item.wallMilliseconds
          break
        }
        continue
      }
      let before = ride.firstStart
      let laps = ride.splits.count
      let changed = ride.apply(event)
      noteStart(before, event: item, at: at)
      if changed && item.kind == .countdownStart { countdownWall = (item.wallMilliseconds, at) }
      if changed && item.kind == .lap, let first = ride.firstStart {
        lapElapsed.append((at - first).clampedToZero)
      }
      if ride.splits.count < laps, !lapElapsed.isEmpty { lapElapsed.removeLast() }
    }
    let readAt = finishedAt ?? max(now.monotonic, events.last?.at ?? now.monotonic)
    if finishedAt == nil {
      let before = ride.firstStart
      ride.advance(to: readAt)
      if before == nil, ride.firstStart != nil, let countdownWall, let first = ride.firstStart {
        startedWall = countdownWall.wall.addingSaturating((first - countdownWall.at).milliseconds)
      }
    }
    return RestoredRide(
      ride: ride, events: events, isFinished: finishedAt != nil, at: readAt,
      startedAtWallMilliseconds: startedWall, finishedAtWallMilliseconds: finishedWall,
      lapElapsed: lapElapsed, crossedBoot: mapped.crossedBoot,
      wallClockWentBackwards: mapped.wallClockWentBackwards)
  }
}
