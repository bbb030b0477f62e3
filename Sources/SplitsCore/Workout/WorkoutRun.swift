import SplitsWorkout

/// A ride following a workout, as the ride screen's state holds it: the plan, where it came
/// from, and what has been announced (bells, cues, step changes), so each is announced once.
public struct WorkoutRun: Equatable, Sendable {
  public var plan: Workout
  public var source: WorkoutSource
  /// Whether the bells before a step change ring (`--no-bell` turns them off).
  public var bells: Bool
  /// The step under way at the last action (-1 before the ride's clock starts) and the time
  /// into it: announcements are for the marks passed since. A restored ride starts from
  /// where it is, so nothing passed while no screen was open is announced.
  public var observedStep = -1
  public var observedInto: Duration = .zero
  /// The last step has just ended: the screen shows "Workout complete" until a key.
  public var showingCompletion = false

  public init(plan: Workout, source: WorkoutSource, bells: Bool = true) {
    self.plan = plan
    self.source = source
    self.bells = bells
  }

  /// How long after its moment an announcement is still made: a bell within its own second,
  /// a step change or a cue while its text would still be on screen. A mark passed longer
  /// ago (the process was stopped, or no screen was open) is not announced late.
  static let bellFresh: Duration = .seconds(1)
  static let cueFresh: Duration = WorkoutPosition.cueShown
}

/// Something a workout announces: what `--cue-cmd` is run for.
public struct WorkoutCue: Equatable, Sendable {
  public enum Moment: Equatable, Sendable {
    /// Step `index` (0-based) started.
    case step(Int)
    /// A cue of step `index` came up.
    case cue(step: Int)
    /// The last step ended.
    case complete
  }

  public var moment: Moment
  /// The new step's name, or the cue's text (empty for `complete`: the screen's language
  /// names it).
  public var text: String

  public init(_ moment: Moment, text: String) {
    self.moment = moment
    self.text = text
  }
}

extension WorkoutRun {
  /// The next time into the current step, after `position`, at which the workout acts or
  /// its step's lines change: the step's end, a bell (when they ring), a cue coming up or
  /// going, the end of the new step's flash. Nil once the workout is complete, or in a step
  /// that ends on a lap with nothing of these to come. (The figures that move every second,
  /// the time left and the profile's marker, are noted by the view, as digits are.)
  public func nextMark(after position: WorkoutPosition) -> Duration? {
    guard !position.isComplete else { return nil }
    let step = plan.steps[position.step]
    var marks = [WorkoutPosition.flashed]
    for cue in step.cues { marks += [.seconds(cue.offset), .seconds(cue.offset) + WorkoutPosition.cueShown] }
    if let seconds = step.length.seconds {
      marks.append(.seconds(seconds))
      if bells { marks += WorkoutPosition.bellSeconds.map { Duration.seconds(seconds - $0) }.filter { $0 > .zero } }
    }
    return marks.filter { $0 > position.intoStep }.min()
  }

  /// The bells, cues and step changes between the last observed position and `position`,
  /// each once, and only while still fresh. Updates what was observed.
  mutating func announcements(at position: WorkoutPosition) -> [Effect] {
    let lastStep = observedStep
    let lastInto = observedInto
    observedStep = position.step
    observedInto = position.intoStep
    var effects: [Effect] = []
    let into = position.intoStep
    if position.step != lastStep {
      if position.isComplete {
        if into < Self.cueFresh { effects.append(.cue(WorkoutCue(.complete, text: ""))) }
      } else if into < Self.cueFresh {
        effects.append(.cue(WorkoutCue(.step(position.step), text: plan.steps[position.step].name)))
      }
    }
    guard !position.isComplete else { return effects }
    let step = plan.steps[position.step]
    // Marks of the current step passed since the last look (all of the step's marks up to
    // now when the step is new).
    let since: Duration? = position.step == lastStep ? lastInto : nil
    func passed(_ mark: Duration) -> Bool { mark <= into && (since.map { mark > $0 } ?? true) }
    if bells, let seconds = step.length.seconds {
      let marks = WorkoutPosition.bellSeconds.map { Duration.seconds(seconds - $0) }.filter { $0 > .zero }
      if let latest = marks.filter(passed).max(), into - latest < Self.bellFresh { effects.append(.bell) }
    }
    for cue in step.cues where passed(.seconds(cue.offset)) && into - .seconds(cue.offset) < Self.cueFresh {
      effects.append(.cue(WorkoutCue(.cue(step: position.step), text: cue.text)))
    }
    return effects
  }
}
