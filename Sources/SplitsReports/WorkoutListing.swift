import SplitsCore
import SplitsWorkout

/// `splits workout check`: a workout's steps, as a table or as JSON, without riding it.
public enum WorkoutListing {
  /// One row per step (repeat blocks unrolled), then the total.
  ///
  /// ```
  /// Sweet spot 3x10 · FTP 250 W
  ///  #  Step        Kind     Seconds  Target       Cadence  Cues
  ///  1  Warm up     warmup       600  ramp 50→75%  90 rpm
  ///  2  Sweet spot  active       600  88–92%       90 rpm   @480 Stay seated
  /// Total: 2820 s (47:00), 8 steps
  /// ```
  public static func table(_ workout: Workout) -> String {
    var lines: [String] = []
    var title = workout.name ?? "Workout"
    if let ftp = workout.ftp { title += " · FTP \(ftp) W" }
    lines.append(title)
    let header = ["#", "Step", "Kind", "Seconds", "Target", "Cadence", "Cues"]
    let rows = workout.steps.enumerated().map { index, step in
      [
        String(index + 1), step.name, step.kind.rawValue, step.length.seconds.map(String.init) ?? "until lap",
        step.target.map(target) ?? "", step.cadence.map { "\($0) rpm" } ?? "",
        step.cues.map { "@\($0.offset) \($0.text)" }.joined(separator: "; "),
      ]
    }
    // `layout` ends its table with a line break.
    lines.append(String(HistoryReport.layout(header: header, rows: rows, rightAligned: [0, 3]).dropLast()))
    let count = workout.steps.count == 1 ? "1 step" : "\(workout.steps.count) steps"
    if let total = workout.totalSeconds {
      lines.append("Total: \(total) s (\(TimeFormat.clock(.seconds(total), precision: .s))), \(count)")
    } else {
      lines.append("Total: open (a step ends on a lap), \(count)")
    }
    return lines.joined(separator: "\n")
  }

  /// `{"name", "total_seconds", "steps": [{index, name, kind, seconds, target_low,
  /// target_high, cadence, cues: [{offset, text}]}]}`.
  public static func json(_ workout: Workout) -> String {
    let steps = workout.steps.enumerated().map { index, step in
      JSONText.object([
        ("index", String(index + 1)),
        ("name", JSONText.string(step.name)),
        ("kind", JSONText.string(step.kind.rawValue)),
        ("seconds", JSONText.optional(step.length.seconds.map(String.init))),
        ("target_low", JSONText.optional(step.target.map { number($0.low) })),
        ("target_high", JSONText.optional(step.target.map { number($0.high) })),
        ("cadence", JSONText.optional(step.cadence.map(String.init))),
        (
          "cues",
          JSONText.array(
            step.cues.map { JSONText.object([("offset", String($0.offset)), ("text", JSONText.string($0.text))]) })
        ),
      ])
    }
    return JSONText.object([
      ("name", JSONText.optional(workout.name.map(JSONText.string))),
      ("total_seconds", JSONText.optional(workout.totalSeconds.map(String.init))),
      ("steps", JSONText.array(steps)),
    ])
  }

  /// `splits workout list`: one row per saved workout (name, title, steps, total).
  public static func savedTable(_ rows: [[String]]) -> String {
    String(HistoryReport.layout(header: ["Name", "Title", "Steps", "Total"], rows: rows, rightAligned: [2, 3]).dropLast())
  }

  /// `88–92%`, `75%`, `ramp 50→75%`.
  public static func target(_ target: WorkoutStep.Target) -> String {
    switch target {
    case .steady(let low, let high) where low == high: "\(number(low))%"
    case .steady(let low, let high): "\(number(low))–\(number(high))%"
    case .ramp(let from, let to): "ramp \(number(from))→\(number(to))%"
    }
  }

  /// A percentage as written: whole numbers without a point, others to a tenth.
  public static func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "0" }
    let whole = Int64(tenths)
    let sign = whole < 0 ? "-" : ""
    let magnitude = whole.magnitude
    return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }
}

