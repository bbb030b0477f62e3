import SplitsCore
import SplitsWorkout

extension WorkoutView {
  // MARK: - Words and figures

  /// What to hold: `88–92%`, `ramp 50→75%` or `55%`, then the watts when the FTP is known
  /// (`220–230 W`), then the cadence (`90 rpm`). A step without a target says what to do.
  static func targetParts(_ step: WorkoutStep, ftp: Int?, _ s: WorkoutStrings) -> [String] {
    var parts: [String] = []
    switch step.target {
    case .steady(let low, let high)?:
      parts.append(range(percent(low), percent(high), "–") + "%")
      if let ftp { parts.append(range(watts(low, ftp), watts(high, ftp), "–") + " W") }
    case .ramp(let from, let to)?:
      parts.append(s.ramp + " " + percent(from) + "→" + percent(to) + "%")
      if let ftp { parts.append(watts(from, ftp) + "→" + watts(to, ftp) + " W") }
    case nil:
      parts.append(step.kind == .max ? s.targetMax : s.targetFree)
    }
    if let cadence = step.cadence { parts.append("\(cadence) rpm") }
    return parts
  }

  static func range(_ low: String, _ high: String, _ dash: String) -> String {
    low == high ? low : low + dash + high
  }

  /// A percentage: whole when it is, else to a tenth.
  static func percent(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
    return String(Int(tenths) / 10) + "." + String(abs(Int(tenths)) % 10)
  }

  /// Watts of `percent` of `ftp`, to the nearest watt.
  static func watts(_ percent: Double, _ ftp: Int) -> String {
    String(Int((percent * Double(ftp) / 100).rounded()))
  }

  /// A step's planned length: `10:00`, or `until l` for a lap step.
  static func lengthText(_ length: WorkoutStep.Length, _ s: WorkoutStrings, lap: String? = nil) -> String {
    guard let seconds = length.seconds else { return lap ?? s.untilLap }
    return TimeFormat.clock(.seconds(seconds), precision: .s, minimumHourDigits: 0)
  }

  /// The colour of a step's effort: under 76% of FTP cyan, under 90% green, under 105%
  /// yellow, above red (a max effort red, a free ride none).
  static func zoneColor(_ step: WorkoutStep) -> Color? {
    if step.kind == .max { return .red }
    guard let target = step.target else { return nil }
    let middle = (target.low + target.high) / 2
    switch middle {
    case ..<76: return .cyan
    case ..<90: return .green
    case ..<105: return .yellow
    default: return .red
    }
  }

  /// `style` in `color` (none for nil), when colour is on.
  static func tinted(_ color: Color?, _ options: ViewOptions, _ style: Style = .plain) -> Style {
    var out = style
    out.color = options.colors ? color : nil
    return out
  }

  /// `parts` joined with ` · ` as far as they fit in `columns`: a part that does not fit is
  /// left out with the rest, except that a cuttable one (a name) is cut to the room left.
  static func joined(_ parts: [(text: String, cuttable: Bool)], columns: Int) -> String {
    var line = ""
    for part in parts where !part.text.isEmpty {
      let separator = line.isEmpty ? "" : " · "
      let candidate = line + separator + part.text
      if TextWidth.columns(candidate) <= columns {
        line = candidate
        continue
      }
      if part.cuttable {
        let room = columns - TextWidth.columns(line + separator)
        let cut = TextWidth.prefix(part.text, columns: room)
        if !cut.isEmpty { line += separator + cut }
      }
      break
    }
    return line
  }
}
