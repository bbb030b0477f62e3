/// One notification read by the parser of its characteristic.
public enum SensorMeasurement: Equatable, Sendable {
  case heartRate(HeartRateMeasurement)
  case cyclingPower(CyclingPowerMeasurement)
  case speedAndCadence(CSCMeasurement)
  case indoorBike(IndoorBikeData)

  public init(_ characteristic: SensorCharacteristic, _ bytes: [UInt8]) throws(SensorPacketError) {
    switch characteristic {
    case .heartRateMeasurement: self = .heartRate(try HeartRateMeasurement(bytes))
    case .cyclingPowerMeasurement: self = .cyclingPower(try CyclingPowerMeasurement(bytes))
    case .cscMeasurement: self = .speedAndCadence(try CSCMeasurement(bytes))
    case .indoorBikeData: self = .indoorBike(try IndoorBikeData(bytes))
    }
  }
}
