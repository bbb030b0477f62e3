/// What the ride and workout screens say of the sensors' figures, in each language. One
/// stored property per text, so a text missing in one language does not compile. The units
/// (W, bpm, rpm, km/h, mph) are the same in both.
public struct SensorStrings: Sendable {
  /// Before the 3 s average power: `Power 3s 212 W`.
  public let powerAverage: String
  /// Before the latest power reading: `now 230 W`.
  public let powerNow: String
  /// Before the heart rate: `HR 142 bpm`.
  public let heartRate: String
  /// Before the cadence: `Cadence 90 rpm`.
  public let cadence: String
  /// Before the speed: `Speed 32.4 km/h`.
  public let speed: String
  /// In place of a lost sensor's figure (never a zero).
  public let lost: String
  /// Before a workout step's target power: `target 200 W`.
  public let target: String
  /// The 3 s average against the target: below it, on it, above it.
  public let low: String
  public let on: String
  public let high: String

  public static func of(_ language: Language) -> SensorStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// The word for `compliance`.
  public func word(_ compliance: SensorTarget.Compliance) -> String {
    switch compliance {
    case .low: low
    case .on: on
    case .high: high
    }
  }

  public static let english = SensorStrings(
    powerAverage: "Power 3s", powerNow: "now", heartRate: "HR", cadence: "Cadence", speed: "Speed", lost: "lost",
    target: "target", low: "low", on: "on target", high: "high")

  public static let korean = SensorStrings(
    powerAverage: "파워 3초", powerNow: "지금", heartRate: "심박", cadence: "케이던스", speed: "속도", lost: "끊김",
    target: "목표", low: "낮음", on: "목표 안", high: "높음")
}
