import SplitsCore
import SplitsWorkout

/// The sensors' line of the ride and workout screens: the 3 s average power and the latest
/// reading (with a workout step's target beside them, and whether the average holds it),
/// heart rate, cadence and speed, each where a sensor gives it; `lost` for a lost sensor's
/// figure, a dash for a figure not heard for 3 s, nothing for a figure no sensor gives.
///
/// Parts that do not fit go in the order of `Part.keep` (speed first, then the latest
/// power, cadence, the target, heart rate; the average power last), the rest keeping their
/// places.
struct SensorsWidget {
  struct Part {
    var text: String
    var style: Style
    /// Lower stays longer.
    var keep: Int
  }

  var parts: [Part]

  /// Nil when no sensor gives a figure (none connected, or none that measured yet).
  init?(_ state: RideScreenState, options: ViewOptions) {
    let figures = state.sensors.figures(at: state.now)
    guard !figures.isEmpty else { return nil }
    let s = SensorStrings.of(options.language)
    func text(_ label: String, _ shown: SensorsFeature.Shown, unit: String, _ format: (Int) -> String = String.init)
      -> String
    {
      switch shown {
      case .value(let value): "\(label) \(format(value)) \(unit)"
      case .stale: "\(label) –"
      case .lost: "\(label) \(s.lost)"
      }
    }
    func style(_ shown: SensorsFeature.Shown) -> Style { shown == .lost ? options.colored(.red) : .plain }
    var parts: [Part] = []
    if let average = figures.powerAverage {
      parts.append(Part(text: text(s.powerAverage, average, unit: "W"), style: style(average).bolded, keep: 0))
      if case .value(let now)? = figures.power {
        parts.append(Part(text: "\(s.powerNow) \(now) W", style: .plain, keep: 4))
      }
      if let target = Self.target(state, average: average, s, options: options) { parts.append(target) }
    }
    if let heart = figures.heartRate {
      parts.append(Part(text: text(s.heartRate, heart, unit: "bpm"), style: style(heart), keep: 1))
    }
    if let cadence = figures.cadence {
      parts.append(Part(text: text(s.cadence, cadence, unit: "rpm"), style: style(cadence), keep: 3))
    }
    if let speed = figures.speed {
      let units = state.distance.units
      parts.append(
        Part(
          text: text(s.speed, speed, unit: units == .imperial ? "mph" : "km/h") { Self.speedText($0, units) },
          style: style(speed), keep: 5))
    }
    self.parts = parts
  }

  /// The step's target power and, while the average is known, whether it holds it.
  static func target(_ state: RideScreenState, average: SensorsFeature.Shown, _ s: SensorStrings, options: ViewOptions)
    -> Part?
  {
    guard let run = state.following.run, let position = state.workoutPosition, !position.isComplete,
      position.step < run.plan.steps.count,
      let watts = SensorTarget.watts(
        run.plan.steps[position.step], into: position.intoStep, ftp: run.plan.ftp ?? state.sensors.ftp)
    else { return nil }
    let range = watts.lowerBound == watts.upperBound ? "\(watts.lowerBound)" : "\(watts.lowerBound)–\(watts.upperBound)"
    // A trainer held to the plan says so where the target is.
    var text = "\(state.erg.isHolding ? "ERG" : s.target) \(range) W"
    var style = Style.plain
    if case .value(let value) = average {
      let compliance = SensorTarget.compliance(average: value, target: watts)
      text += " " + s.word(compliance)
      style = options.colored(compliance == .on ? .green : compliance == .low ? .yellow : .red)
    }
    return Part(text: text, style: style, keep: 2)
  }

  /// Millimetres a second as km/h or mph, to a tenth.
  static func speedText(_ millimetresPerSecond: Int, _ units: DistanceUnits) -> String {
    let perHour = Double(millimetresPerSecond) * 3.6 / 1000 / (units == .imperial ? 1.609344 : 1)
    let tenths = Int((perHour * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The parts that fit in `columns`, in their places.
  func fitting(_ columns: Int) -> [Part] {
    var kept = parts
    func width(_ parts: [Part]) -> Int { TextWidth.columns(parts.map(\.text).joined(separator: "   ")) }
    while !kept.isEmpty, width(kept) > columns {
      guard let last = kept.indices.max(by: { kept[$0].keep < kept[$1].keep }) else { break }
      kept.remove(at: last)
    }
    return kept
  }

  /// Draws the line at `row`, from column 1.
  func draw(into screen: inout Screen, row: Int) {
    var column = 1
    for (index, part) in fitting(screen.size.columns - 2).enumerated() {
      if index > 0 { column += 3 }
      column += screen.put(part.text, row: row, column: column, style: part.style)
    }
  }
}

extension Style {
  /// The same, in bold.
  var bolded: Style {
    var out = self
    out.bold = true
    return out
  }
}
