/// What the screens and reports say of a ride of laps of one distance (`--lap-distance`), in
/// each language. One stored property per text, so a text missing in one language does not
/// compile. The units' symbols (km, mi, km/h, mph) are the same in both.
public struct DistanceStrings: Sendable {
  /// Before the ride's distance: `Distance 1.60 km`.
  public let distance: String
  /// Before the summary's pace: `pace 4:05/km`.
  public let pace: String
  /// The minutes of a pace, in the lap table's header: `min` of `min/km`.
  public let minutes: String
  /// Before the lap distance in `show`: `lap distance 400m`.
  public let lapDistance: String
  /// `splits start --lap-distance` answered by an open screen.
  public let onScreen: String
  /// The screen's banner when `--lap-distance` was given while a ride is open: `%@` the ride,
  /// `%@` the distance it took; or `%@` the ride, `%@` its own, `%@` the one given.
  public let openRideTakesFormat: String
  public let openRideKeepsFormat: String

  /// Replaces each `%@` in order.
  public func fill(_ format: String, _ values: String...) -> String { Template.fill(format, values) }

  public static func of(_ language: Language) -> DistanceStrings {
    switch language {
    case .en: english
    case .ko: korean
    }
  }

  /// The pace column's header: `min/km`, `분/mi`.
  public func paceHeader(_ units: DistanceUnits) -> String { minutes + units.paceSymbol }

  /// `Distance 1.60 km`.
  public func distanceText(millimetres: Int64, units: DistanceUnits) -> String {
    distance + " " + Pace.distanceText(millimetres: millimetres, units: units) + " " + units.distanceSymbol
  }

  public static let english = DistanceStrings(
    distance: "Distance", pace: "pace", minutes: "min", lapDistance: "lap distance",
    onScreen:
      "the screen is open: its ride keeps the lap distance the screen was opened with (splits --lap-distance); "
      + "splits start --lap-distance applies only with no screen open",
    openRideTakesFormat: "Ride %@ is open: its laps are now %@",
    openRideKeepsFormat: "Ride %@ is open with laps of %@: --lap-distance %@ is for the next ride")

  public static let korean = DistanceStrings(
    distance: "거리", pace: "페이스", minutes: "분", lapDistance: "랩 거리",
    onScreen:
      "화면이 열려 있습니다: 라이드는 화면을 열 때의 랩 거리(splits --lap-distance)를 따릅니다; "
      + "splits start --lap-distance 는 화면이 열려 있지 않을 때만 적용됩니다",
    openRideTakesFormat: "%@번 라이드 진행 중: 이제 랩 거리 %@",
    openRideKeepsFormat: "%@번 라이드는 랩 거리 %@ 로 진행 중: --lap-distance %@ 는 다음 라이드에 적용됩니다")
}
