import SplitsWorkout

/// What a workout ride owes its journal at an instant: the ends of the steps whose time ran
/// out since its last event, each at the instant the moving time reached it, and the pause
/// at the end of the last step (also one a crash lost after that end). The screen records
/// them (`RideReducer`); the read-only commands apply them to what they read
/// (`RestoredRide.settled(by:)`), so both tell the same ride.
public enum WorkoutSettle {
  public static func owed(_ ride: Ride, plan: Workout, at now: Instant) -> [RideEvent] {
    var ride = ride
    ride.advance(to: now)
    guard ride.phase == .running, let since = ride.runningSince else { return [] }
    let moving = ride.moving(at: now)
    let position = WorkoutPosition(plan, recordedEnds: ride.splits.prefix(ride.stepEnds.count), moving: moving)
    var events: [RideEvent] = []
    var last = now
    for end in position.dueEnds {
      // The ride ran without a pause since its last event (every action settles first), so
      // the end lies in this running stretch.
      last = max(since, now - (moving - end).clampedToZero)
      events.append(RideEvent(.lap, at: last, stepEnd: .time))
    }
    guard position.isComplete else { return events }
    if !position.dueEnds.isEmpty {
      events.append(RideEvent(.pause, at: last))
    } else if ride.stepEnds.count == plan.steps.count, ride.splits.count == ride.stepEnds.count,
      let lastEnd = ride.splits.last, lastEnd > ride.accumulated
    {
      // Every step ended, the last one inside this running stretch (after riding on, the
      // stretch starts at a resume after it): the pause after it was lost.
      events.append(RideEvent(.pause, at: min(since + (lastEnd - ride.accumulated), now)))
    }
    return events
  }
}

extension RestoredRide {
  /// The ride as its screen would record it now: the step ends and the pause it owes
  /// (`WorkoutSettle.owed`) applied. A finished ride owes nothing.
  public func settled(by plan: Workout) -> RestoredRide {
    guard !isFinished else { return self }
    var settled = self
    for event in WorkoutSettle.owed(ride, plan: plan, at: at) {
      guard settled.ride.apply(event) else { continue }
      settled.events.append(event)
      if event.kind == .lap, let first = settled.ride.firstStart {
        settled.lapElapsed.append((event.at - first).clampedToZero)
      }
    }
    return settled
  }
}
