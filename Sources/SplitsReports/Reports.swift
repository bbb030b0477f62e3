import Foundation
import SplitsCore
import SplitsWorkout

/// What `splits status` prints.
public enum StatusReport {
  /// The placeholders `--format` knows, each with what it stands for.
  public static let placeholders: [(name: String, meaning: String)] = [
    ("icon", "▶ running, ⏸ paused, … counting down, ■ ready or none"),
    ("state", "none, ready, countdown, running or paused"),
    ("ride", "the ride number (empty for none)"),
    ("moving", "moving time, HH:MM:SS at --precision"),
    ("elapsed", "time since the start, pauses included"),
    ("paused", "time spent paused"),
    ("moving_ms", "moving time in milliseconds"),
    ("elapsed_ms", "elapsed time in milliseconds"),
    ("paused_ms", "paused time in milliseconds"),
    ("laps", "laps recorded"),
    ("lap", "the lap in progress (laps + 1)"),
    ("last_lap", "the last recorded lap's time (empty before the first)"),
    ("countdown", "the pre-start countdown's number (empty otherwise)"),
    ("started_at", "the start, ISO 8601 UTC (empty before the start)"),
    ("step", "the workout step under way, from 1 (empty for a plain ride)"),
    ("steps", "the workout's number of steps (empty for a plain ride)"),
    ("step_name", "the workout step's name (empty for a plain ride)"),
    ("step_left", "time left in the step, rounded up (empty for a step that ends on a lap)"),
  ]

  /// Where a workout ride's workout stands at the moment `status` reads it: from the step
  /// ends the journal holds and the planned lengths, so a step whose time ran out while no
  /// screen was open is over. Once the last step has ended: that step, with nothing left
  /// and no target, and `isComplete`.
  struct WorkoutNow: Equatable {
    /// The workout's name, else its file's name (without the folders), else nil.
    var name: String?
    /// From 1; the last step once the workout is complete.
    var step: Int
    var steps: Int
    var stepName: String
    var kind: WorkoutStep.Kind
    /// Nil for a step that ends on a lap; zero once the workout is complete.
    var left: Duration?
    /// Nil for a step without one, and once the workout is complete.
    var target: WorkoutStep.Target?
    var isComplete: Bool

    /// Nil for a plain ride (no `plan`), a ride not begun and a plan without steps.
    init?(_ ride: RestoredRide?, plan: Workout?) {
      guard let ride, let plan, let last = plan.steps.last, ride.phase != .ready else { return nil }
      let position = WorkoutPosition(
        plan, recordedEnds: ride.ride.splits.prefix(ride.ride.stepEnds.count), moving: ride.moving)
      name = plan.name ?? ride.workout?.fileName.map { String($0.split(separator: "/").last ?? Substring($0)) }
      steps = plan.steps.count
      isComplete = position.isComplete
      if isComplete {
        step = steps
        stepName = last.name
        kind = last.kind
        left = .zero
        target = nil
      } else {
        let current = plan.steps[position.step]
        step = position.step + 1
        stepName = current.name
        kind = current.kind
        left = position.left(in: plan)
        target = current.target
      }
    }
  }

  /// The state `status` reports: none when no ride was ever recorded.
  public static func state(_ ride: RestoredRide?) -> String {
    guard let ride else { return "none" }
    return ride.phase.rawValue
  }

  /// `{"state": "running", "ride": 12, "started_at": "…", "moving_ms": …, "elapsed_ms": …,
  /// "paused_ms": …, "laps": [{"number": 1, "lap_ms": …, "split_ms": …}], "workout": …}`:
  /// the keys of product.md, in its order, always all present (`ride`, `started_at` and
  /// `workout` may be null). `plan` is the workout the ride follows (nil for a plain ride).
  public static func json(_ ride: RestoredRide?, plan: Workout? = nil) -> String {
    let figures = ride.map(RideFigures.init)
    return JSONText.object([
      ("state", JSONText.string(state(ride))),
      ("ride", JSONText.optional(figures.map { String($0.number) })),
      ("started_at", JSONText.optional(figures?.startedAtWallMilliseconds.map { JSONText.string(WallTime.iso8601($0)) })),
      ("moving_ms", String(figures?.movingMilliseconds ?? 0)),
      ("elapsed_ms", String(figures?.elapsedMilliseconds ?? 0)),
      ("paused_ms", String(figures?.pausedMilliseconds ?? 0)),
      ("laps", JSONText.array((figures?.laps ?? []).map(Export.lapJSON))),
      ("workout", JSONText.optional(WorkoutNow(ride, plan: plan).map(workoutJSON))),
    ])
  }

  /// `{"name": …, "step": 3, "steps": 8, "step_name": …, "kind": …, "step_left_ms": …,
  /// "target_low": …, "target_high": …, "complete": false}`: always these keys, in this
  /// order; `name`, `step_left_ms` and the targets may be null.
  static func workoutJSON(_ now: WorkoutNow) -> String {
    JSONText.object([
      ("name", JSONText.optional(now.name.map(JSONText.string))),
      ("step", String(now.step)),
      ("steps", String(now.steps)),
      ("step_name", JSONText.string(now.stepName)),
      ("kind", JSONText.string(now.kind.rawValue)),
      ("step_left_ms", JSONText.optional(now.left.map { String($0.milliseconds) })),
      ("target_low", JSONText.optional(now.target.flatMap { JSONText.number($0.low) })),
      ("target_high", JSONText.optional(now.target.flatMap { JSONText.number($0.high) })),
      ("complete", now.isComplete ? "true" : "false"),
    ])
  }

  /// The default one-line format for each state. A workout ride under way names its step
  /// instead of the lap (every step is a lap): `▶ 00:42:10 · 3/8 Sweet spot · 00:04:10 left`
  /// (without the time left for a step that ends on a lap); once the workout is complete,
  /// the lap again.
  public static func defaultFormat(_ ride: RestoredRide?, strings: HistoryStrings, plan: Workout? = nil) -> String {
    switch ride?.phase {
    case nil: return "{icon} " + strings.statusNone
    case .ready: return "{icon} " + strings.statusReady
    case .countdown: return "{icon} " + strings.fill(strings.statusCountdownFormat, "{countdown}")
    case .running, .paused:
      if let workout = WorkoutNow(ride, plan: plan), !workout.isComplete {
        let left = workout.left == nil ? "" : " · " + strings.fill(strings.statusStepLeftFormat, "{step_left}")
        return "{icon} {moving} · {step}/{steps} {step_name}" + left
      }
      return "{icon} {moving} · " + strings.fill(strings.statusLapFormat, "{lap}")
    }
  }

  public enum FormatError: Error, Equatable, CustomStringConvertible {
    case unknownPlaceholder(String)
    case unclosedBrace

    public var description: String {
      let known = StatusReport.placeholders.map { "{\($0.name)}" }.joined(separator: " ")
      switch self {
      case .unknownPlaceholder(let name):
        return "--format: unknown placeholder {\(name)}; known: \(known) (write {{ and }} for braces)"
      case .unclosedBrace:
        return "--format: a { is not closed; known placeholders: \(known) (write {{ and }} for braces)"
      }
    }
  }

  /// Checks a `--format` template without filling it.
  public static func validate(format: String) throws {
    _ = try fill(format, values: [:], check: true)
  }

  /// The line for `ride` (nil: none) by `format` (nil: the default for its state). `plan`
  /// is the workout the ride follows (nil for a plain ride).
  public static func line(
    _ ride: RestoredRide?, format: String?, precision: Precision, strings: HistoryStrings, plan: Workout? = nil
  ) throws -> String {
    let figures = ride.map(RideFigures.init)
    let phase = ride?.phase
    var values: [String: String] = [:]
    values["icon"] =
      switch phase {
      case .running: "▶"
      case .paused: "⏸"
      case .countdown: "…"
      case .ready, nil: "■"
      }
    values["state"] = state(ride)
    values["ride"] = figures.map { String($0.number) } ?? ""
    values["moving"] = TimeFormat.clock(ride?.moving ?? .zero, precision: precision)
    values["elapsed"] = TimeFormat.clock(ride?.elapsed ?? .zero, precision: precision)
    values["paused"] = TimeFormat.clock(.milliseconds(figures?.pausedMilliseconds ?? 0), precision: precision)
    values["moving_ms"] = String(figures?.movingMilliseconds ?? 0)
    values["elapsed_ms"] = String(figures?.elapsedMilliseconds ?? 0)
    values["paused_ms"] = String(figures?.pausedMilliseconds ?? 0)
    values["laps"] = String(figures?.laps.count ?? 0)
    values["lap"] = String((figures?.laps.count ?? 0) + 1)
    values["last_lap"] =
      figures?.laps.last.map { TimeFormat.clock(.milliseconds($0.lapMilliseconds), precision: precision) } ?? ""
    if let ride, let countdown = ride.ride.countdown, ride.phase == .countdown {
      values["countdown"] = String(countdown.step(at: ride.at))
    } else {
      values["countdown"] = ""
    }
    values["started_at"] = figures?.startedAtWallMilliseconds.map { WallTime.iso8601($0) } ?? ""
    let workout = WorkoutNow(ride, plan: plan)
    values["step"] = workout.map { String($0.step) } ?? ""
    values["steps"] = workout.map { String($0.steps) } ?? ""
    values["step_name"] = workout.map { oneLine($0.stepName) } ?? ""
    values["step_left"] = workout?.left.map { TimeFormat.clock(roundedUp($0, to: precision), precision: precision) } ?? ""
    return try fill(format ?? defaultFormat(ride, strings: strings, plan: plan), values: values, check: false)
  }

  /// A time left as a countdown shows it: rounded up to the precision's unit, so it reads
  /// zero only once nothing is left.
  static func roundedUp(_ d: Duration, to precision: Precision) -> Duration {
    let ns = max(0, d.nanoseconds)
    let unit = precision.unitNanoseconds
    let rest = ns % unit
    return .nanoseconds(rest == 0 ? ns : ns.addingSaturating(unit - rest))
  }

  /// `text` with each control character (a line break, a tab, an escape) as a space: the
  /// status line stays one line, whatever a workout's step is called, and so does a name or
  /// a note in `history` and `show`.
  static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }

  static func fill(_ format: String, values: [String: String], check: Bool) throws -> String {
    let known = Set(placeholders.map(\.name))
    var out = ""
    var index = format.startIndex
    while index < format.endIndex {
      let c = format[index]
      let next = format.index(after: index)
      if c == "{" {
        if next < format.endIndex, format[next] == "{" {
          out.append("{")
          index = format.index(after: next)
          continue
        }
        guard let close = format[next...].firstIndex(of: "}") else { throw FormatError.unclosedBrace }
        let name = String(format[next..<close])
        guard known.contains(name) else { throw FormatError.unknownPlaceholder(name) }
        if !check { out += values[name] ?? "" }
        index = format.index(after: close)
      } else if c == "}", next < format.endIndex, format[next] == "}" {
        out.append("}")
        index = format.index(after: next)
      } else {
        out.append(c)
        index = next
      }
    }
    return out
  }
}
