import Testing

@testable import SplitsSensors

/// The error reading `bytes` as `characteristic` gives, or nil when it reads.
func refusal(_ characteristic: SensorCharacteristic, _ bytes: [UInt8]) -> SensorPacketError? {
  do {
    _ = try SensorMeasurement(characteristic, bytes)
    return nil
  } catch {
    return error
  }
}

@Suite("Heart Rate Measurement 0x2A37")
struct HeartRateMeasurementTests {
  @Test("a u8 heart rate reads as beats per minute, with no contact support")
  func eightBit() throws {
    #expect(try HeartRateMeasurement([0x00, 72]) == HeartRateMeasurement(beatsPerMinute: 72, contact: .notSupported))
  }

  @Test("a u16 heart rate (flags bit 0) reads both bytes, little-endian")
  func sixteenBit() throws {
    #expect(try HeartRateMeasurement([0x01, 0x2C, 0x01]).beatsPerMinute == 300)
  }

  @Test("sensor contact: bit 2 says supported, bit 1 detected; bit 1 alone means not supported")
  func contact() throws {
    #expect(try HeartRateMeasurement([0x04, 60]).contact == .notDetected)
    #expect(try HeartRateMeasurement([0x06, 60]).contact == .detected)
    #expect(try HeartRateMeasurement([0x02, 60]).contact == .notSupported)
  }

  @Test("energy expended (bit 3) and RR intervals (bit 4) in 1/1024 s, every flag at once")
  func everyField() throws {
    let reading = try HeartRateMeasurement([0x1F, 0x96, 0x00, 0x0A, 0x00, 0x20, 0x03, 0x00, 0x04])
    #expect(
      reading == HeartRateMeasurement(beatsPerMinute: 150, contact: .detected, energyExpended: 10, rrIntervals: [800, 1024]))
    #expect(reading.rrSeconds == [0.78125, 1.0])
  }

  @Test("reserved flag bits are ignored")
  func reserved() throws {
    #expect(try HeartRateMeasurement([0xE0, 70]).beatsPerMinute == 70)
  }

  @Test("RR intervals announced but absent, or an odd byte among them, are refused")
  func brokenIntervals() {
    #expect(refusal(.heartRateMeasurement, [0x10, 60])?.field == "RR interval")
    #expect(refusal(.heartRateMeasurement, [0x10, 60, 0x00, 0x04, 0x01])?.field == "RR interval")
  }

  @Test("a short packet's message names the characteristic, the field and the bytes")
  func message() {
    #expect(
      refusal(.heartRateMeasurement, [0x01, 0x48])?.description
        == "heart rate measurement (0x2A37): 2 bytes end inside the heart rate (u16) (byte 1 needs 2)")
    #expect(
      refusal(.heartRateMeasurement, [])?.description
        == "heart rate measurement (0x2A37): 0 bytes end inside the flags (byte 0 needs 1)")
  }
}

@Suite("Cycling Power Measurement 0x2A63")
struct CyclingPowerMeasurementTests {
  /// Every optional field (flags bits 0 to 11), in the specification's order.
  static let everyField: [UInt8] = [
    0xFF, 0x0F,  // flags
    0x2C, 0x01,  // 300 W
    0x66,  // balance 51 %
    0x20, 0x03,  // torque 800/32 Nm
    0x45, 0x23, 0x01, 0x00, 0x00, 0x08,  // wheel: 0x12345 revolutions at 2048/2048 s
    0x02, 0x01, 0x00, 0x04,  // crank: 258 revolutions at 1024/1024 s
    0xF4, 0x01, 0xEC, 0xFF,  // force 500 N, -20 N
    0x80, 0x02, 0xE0, 0xFF,  // torque 640/32, -32/32 Nm
    0x5A, 0xE0, 0x10,  // angles 90° and 270°, 12 bits each
    0x0A, 0x00, 0xBE, 0x00,  // dead spots 10° and 190°
    0xD2, 0x04,  // 1234 kJ
  ]

  @Test("instantaneous power alone, and negative power as sint16")
  func power() throws {
    #expect(try CyclingPowerMeasurement([0x00, 0x00, 0xFA, 0x00]) == CyclingPowerMeasurement(watts: 250))
    #expect(try CyclingPowerMeasurement([0x00, 0x00, 0xF6, 0xFF]).watts == -10)
  }

  @Test("every flag bit's field, read in order")
  func everyFieldRead() throws {
    var expected = CyclingPowerMeasurement(watts: 300)
    expected.pedalBalance = .init(halfPercent: 102, isLeft: true)
    expected.accumulatedTorque = 800
    expected.torqueFromWheel = true
    expected.wheel = WheelRevolutions(revolutions: 0x12345, eventTime: 2048)
    expected.crank = CrankRevolutions(revolutions: 258, eventTime: 1024)
    expected.extremeForce = .init(maximum: 500, minimum: -20)
    expected.extremeTorque = .init(maximum: 640, minimum: -32)
    expected.extremeAngles = .init(maximum: 90, minimum: 270)
    expected.topDeadSpot = 10
    expected.bottomDeadSpot = 190
    expected.accumulatedEnergy = 1234
    let reading = try CyclingPowerMeasurement(Self.everyField)
    #expect(reading == expected)
    #expect(reading.pedalBalance?.percent == 51)
  }

  @Test("crank data alone comes straight after the power; the balance's reference is unknown without bit 1")
  func crankOnly() throws {
    let reading = try CyclingPowerMeasurement([0x20, 0x00, 0x64, 0x00, 0x0A, 0x00, 0x00, 0x08])
    #expect(reading.crank == CrankRevolutions(revolutions: 10, eventTime: 2048))
    #expect(reading.wheel == nil)
    #expect(try CyclingPowerMeasurement([0x01, 0x00, 0x64, 0x00, 0x64]).pedalBalance == .init(halfPercent: 100, isLeft: false))
  }

  @Test("reserved flag bits and trailing bytes are ignored")
  func reserved() throws {
    #expect(try CyclingPowerMeasurement([0x00, 0xE0, 0x64, 0x00, 0x99]) == CyclingPowerMeasurement(watts: 100))
  }
}

@Suite("CSC Measurement 0x2A5B")
struct CSCMeasurementTests {
  static let both: [UInt8] = [0x03, 0xE8, 0x03, 0x00, 0x00, 0x00, 0x04, 0x32, 0x00, 0x00, 0x08]

  @Test("wheel and crank counters, each with its event time")
  func both() throws {
    #expect(
      try CSCMeasurement(Self.both)
        == CSCMeasurement(
          wheel: WheelRevolutions(revolutions: 1000, eventTime: 1024), crank: CrankRevolutions(revolutions: 50, eventTime: 2048)))
  }

  @Test("a speed sensor sends only the wheel, a cadence sensor only the crank")
  func either() throws {
    #expect(try CSCMeasurement([0x01, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00]).crank == nil)
    #expect(try CSCMeasurement([0x02, 0x07, 0x00, 0x09, 0x00]) == CSCMeasurement(crank: .init(revolutions: 7, eventTime: 9)))
    #expect(try CSCMeasurement([0x00]) == CSCMeasurement())
  }
}

@Suite("Indoor Bike Data 0x2AD2")
struct IndoorBikeDataTests {
  /// Flags 0x1FFE: bit 0 clear (speed present) and bits 1 to 12 set.
  static let everyField: [UInt8] = [
    0xFE, 0x1F,  // flags
    0xB8, 0x0B, 0xF0, 0x0A,  // speed 30.00 km/h, average 28.00
    0xB4, 0x00, 0xAA, 0x00,  // cadence 90 rpm, average 85
    0x45, 0x23, 0x01,  // 74565 m
    0xFB, 0xFF,  // resistance -5
    0xD2, 0x00, 0xC3, 0x00,  // 210 W, average 195 W
    0x2C, 0x01, 0x58, 0x02, 0x0A,  // 300 kcal, 600 an hour, 10 a minute
    0x8E, 0x2D,  // 142 bpm, 4.5 MET
    0x10, 0x0E, 0x58, 0x02,  // 3600 s elapsed, 600 s left
  ]

  @Test("flags bit 0 clear means the speed is there (the inverted bit)")
  func speedWhenClear() throws {
    let reading = try IndoorBikeData([0x00, 0x00, 0xC4, 0x09])
    #expect(reading.speed == 2500)
    #expect(reading.speedKilometresPerHour == 25)
    #expect(try IndoorBikeData([0x01, 0x00]) == IndoorBikeData())
  }

  @Test("with more data set, power follows the flags directly, negative as sint16")
  func powerWithoutSpeed() throws {
    let reading = try IndoorBikeData([0x41, 0x00, 0x9C, 0xFF])
    #expect(reading.speed == nil)
    #expect(reading.power == -100)
  }

  @Test("every flag bit's field, read in order")
  func everyFieldRead() throws {
    var expected = IndoorBikeData()
    expected.speed = 3000
    expected.averageSpeed = 2800
    expected.cadence = 180
    expected.averageCadence = 170
    expected.totalDistance = 74565
    expected.resistanceLevel = -5
    expected.power = 210
    expected.averagePower = 195
    expected.energy = .init(total: 300, perHour: 600, perMinute: 10)
    expected.heartRate = 142
    expected.metabolicEquivalent = 45
    expected.elapsedTime = 3600
    expected.remainingTime = 600
    let reading = try IndoorBikeData(Self.everyField)
    #expect(reading == expected)
    #expect(reading.cadenceRevolutionsPerMinute == 90)
  }
}
