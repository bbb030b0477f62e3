import SplitsCore
import SplitsWorkout

/// A workout ride in a FIT activity file, as Garmin's devices record one: a `workout`
/// message (its name, sport and sub-sport, its number of steps) and a `workout_step` per
/// step (its name, length, power target in percent of FTP and intensity), each lap naming
/// the step it was (`wkt_step_index`) with that step's intensity; and the session's sub-sport
/// of a trainer ride.
extension FitExport {
  /// The profile's `intensity` of a step's kind: warm-up, active, rest, cool-down; a free
  /// ride and a max effort are active, and so is a lap of the ride's own (`nil`).
  static func intensity(_ kind: WorkoutStep.Kind?) -> UInt32 {
    switch kind {
    case .warmup: 2
    case .rest: 1
    case .cooldown: 3
    case .active, .free, .max, nil: 0
    }
  }

  /// The profile's `sub_sport`: `indoor_cycling` for a trainer ride, a biking ride that
  /// followed a workout (its steps hold power in percent of FTP, and Splits has no GPS);
  /// `generic` for every other.
  static func subSport(_ sport: Sport, workout: Bool) -> UInt32 {
    workout && sport == .biking ? 6 : 0
  }
}

extension FitExport.Messages {
  typealias Field = FitExport.Field
  typealias Message = FitExport.Message

  /// `workout`: its name (the plan's, else the ride's), sport, sub-sport and steps.
  static func workout(_ plan: Workout, name: String?, sport: Sport) -> Message {
    Message(
      number: 26,  // workout
      fields: (name.map { [Field(8, string: $0)] } ?? []) + [  // wkt_name
        Field(4, .enumeration, sportValue(sport)),  // sport
        Field(11, .enumeration, FitExport.subSport(sport, workout: true)),  // sub_sport
        Field(6, .uint16, UInt32(min(plan.steps.count, 0xFFFE))),  // num_valid_steps
      ])
  }

  /// `workout_step` `index`: its name, length (a time in ms, or open: until `l`), target
  /// (power in percent of FTP, its lower and upper end, a ramp's too; open without one) and
  /// intensity.
  static func workoutStep(_ step: WorkoutStep, index: Int) -> Message {
    var fields = [
      Field(254, .uint16, UInt32(min(index, 0xFFFE))),  // message_index
      Field(0, string: step.name),  // wkt_step_name
    ]
    if let seconds = step.length.seconds {
      fields += [Field(1, .enumeration, 0), Field(2, .uint32, UInt32(seconds) * 1000)]  // duration_type time, ms
    } else {
      fields += [Field(1, .enumeration, 5), Field(2, .uint32, 0xFFFF_FFFF)]  // duration_type open
    }
    if let target = step.target {
      // target_type power, target_value 0 (custom), then the range: 0–1,000 is % of FTP.
      let low = UInt32(min(max(min(target.low, target.high).rounded(), 0), 1000))
      let high = UInt32(min(max(max(target.low, target.high).rounded(), 0), 1000))
      fields += [Field(3, .enumeration, 4), Field(4, .uint32, 0), Field(5, .uint32, low), Field(6, .uint32, high)]
    } else {
      fields += [Field(3, .enumeration, 2), Field(4, .uint32, 0xFFFF_FFFF), Field(5, .uint32, 0xFFFF_FFFF),
        Field(6, .uint32, 0xFFFF_FFFF)]  // target_type open
    }
    fields.append(Field(7, .enumeration, FitExport.intensity(step.kind)))  // intensity
    return Message(number: 27, fields: fields)  // workout_step
  }
}
