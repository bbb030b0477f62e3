import SplitsCore

/// A ride with a lap distance in FIT: `total_distance` in each lap message (the lap distance,
/// 0 for the final stretch) and in the session (the whole laps), and a `distance` in each
/// record: the distance at the end of each whole lap, spread evenly over the lap's moving
/// time between (the pace within a lap is not known: an even one is the honest guess), and
/// no further during the final stretch. Distances are the profile's centimetres (scale 100
/// on metres). A ride without a lap distance writes none of these fields.
extension FitExport {
  /// Field numbers of `total_distance` (lap, session) and `distance` (record).
  static let totalDistanceField: UInt8 = 9
  static let recordDistanceField: UInt8 = 5

  /// The distance covered at moving time `moving` within `lap` (the `index`th of the ride's
  /// segments, begun at moving time `lapStart`); nil without a lap distance.
  static func distance(_ ride: RideFigures, index: Int, lap: RideFigures.Lap, lapStart: Int64, moving: Int64) -> Int64? {
    guard let lapDistance = ride.lapDistance else { return nil }
    let before = Pace.total(laps: min(index, ride.laps.count), distance: lapDistance)
    guard index < ride.laps.count else { return before }
    let length = lap.splitMilliseconds - lapStart
    guard length > 0 else { return before }
    let part = Double(min(max(moving - lapStart, 0), length)) / Double(length)
    return before.addingSaturating(Int64((part * Double(lapDistance.millimetres)).rounded()))
  }

  /// Centimetres from millimetres, rounded, kept to a `uint32`'s valid values.
  static func centimetres(_ millimetres: Int64) -> UInt32 { clamp(millimetres / 10 + (millimetres % 10 >= 5 ? 1 : 0)) }
}

extension FitExport.Message {
  /// The message with a distance field `number` of `millimetres`, when there is one.
  func adding(distance millimetres: Int64?, field number: UInt8 = FitExport.totalDistanceField) -> Self {
    guard let millimetres else { return self }
    var message = self
    message.fields.append(FitExport.Field(number, .uint32, FitExport.centimetres(millimetres)))
    return message
  }
}
