import SplitsTestRandom
import Testing

@testable import SplitsSensors

/// A packet written field by field, little-endian, as a sensor writes it.
private struct PacketWriter {
  var bytes: [UInt8] = []

  mutating func put(_ value: UInt64, _ count: Int) {
    for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }

  mutating func put(_ value: Int16) { put(UInt64(UInt16(bitPattern: value)), 2) }
}

private extension SplitMix64 {
  mutating func u16() -> UInt16 { UInt16.random(in: 0...UInt16.max, using: &self) }
  mutating func s16() -> Int16 { Int16.random(in: Int16.min...Int16.max, using: &self) }
  mutating func u8() -> UInt8 { UInt8.random(in: 0...UInt8.max, using: &self) }
  mutating func coin() -> Bool { Bool.random(using: &self) }
}

@Suite("Generated packets: every flag combination reads back what a sensor wrote")
struct GeneratedPacketTests {
  @Test("indoor bike data under random flags and values, the inverted bit 0 included")
  func indoorBike() throws {
    var random = SplitMix64(state: 0x2AD2)
    for _ in 0..<2000 {
      let flags = random.u16()
      var writer = PacketWriter()
      writer.put(UInt64(flags), 2)
      var expected = IndoorBikeData()
      func u16(_ bit: Int) -> UInt16? {
        guard (flags >> bit) & 1 == 1 else { return nil }
        let value = random.u16()
        writer.put(UInt64(value), 2)
        return value
      }
      func s16(_ bit: Int) -> Int16? {
        guard (flags >> bit) & 1 == 1 else { return nil }
        let value = random.s16()
        writer.put(value)
        return value
      }
      func u8(_ bit: Int) -> UInt8? {
        guard (flags >> bit) & 1 == 1 else { return nil }
        let value = random.u8()
        writer.put(UInt64(value), 1)
        return value
      }
      if flags & 1 == 0 {
        expected.speed = random.u16()
        writer.put(UInt64(expected.speed ?? 0), 2)
      }
      expected.averageSpeed = u16(1)
      expected.cadence = u16(2)
      expected.averageCadence = u16(3)
      if (flags >> 4) & 1 == 1 {
        let distance = UInt32.random(in: 0...0xFF_FFFF, using: &random)
        writer.put(UInt64(distance), 3)
        expected.totalDistance = distance
      }
      expected.resistanceLevel = s16(5)
      expected.power = s16(6)
      expected.averagePower = s16(7)
      if (flags >> 8) & 1 == 1 {
        let energy = IndoorBikeData.Energy(total: random.u16(), perHour: random.u16(), perMinute: random.u8())
        writer.put(UInt64(energy.total), 2)
        writer.put(UInt64(energy.perHour), 2)
        writer.put(UInt64(energy.perMinute), 1)
        expected.energy = energy
      }
      expected.heartRate = u8(9)
      expected.metabolicEquivalent = u8(10)
      expected.elapsedTime = u16(11)
      expected.remainingTime = u16(12)
      #expect(try IndoorBikeData(writer.bytes) == expected, "flags \(flags)")
      if let last = writer.bytes.indices.last, writer.bytes.count > 2 {
        #expect(refusal(.indoorBikeData, Array(writer.bytes[..<last])) != nil, "flags \(flags)")
      }
    }
  }

  @Test("cycling power under random flags and values, wheel and crank counters included")
  func cyclingPower() throws {
    var random = SplitMix64(state: 0x2A63)
    for _ in 0..<2000 {
      let flags = random.u16()
      var writer = PacketWriter()
      writer.put(UInt64(flags), 2)
      var expected = CyclingPowerMeasurement(watts: 0)
      let watts = random.s16()
      writer.put(watts)
      expected.watts = Int(watts)
      let on = { (bit: Int) in (flags >> bit) & 1 == 1 }
      if on(0) {
        expected.pedalBalance = .init(halfPercent: random.u8(), isLeft: on(1))
        writer.put(UInt64(expected.pedalBalance?.halfPercent ?? 0), 1)
      }
      if on(2) {
        expected.accumulatedTorque = random.u16()
        writer.put(UInt64(expected.accumulatedTorque ?? 0), 2)
      }
      expected.torqueFromWheel = on(3)
      if on(4) {
        let wheel = WheelRevolutions(revolutions: UInt32.random(in: 0...UInt32.max, using: &random), eventTime: random.u16())
        writer.put(UInt64(wheel.revolutions), 4)
        writer.put(UInt64(wheel.eventTime), 2)
        expected.wheel = wheel
      }
      if on(5) {
        let crank = CrankRevolutions(revolutions: random.u16(), eventTime: random.u16())
        writer.put(UInt64(crank.revolutions), 2)
        writer.put(UInt64(crank.eventTime), 2)
        expected.crank = crank
      }
      for (bit, keyPath) in [(6, \CyclingPowerMeasurement.extremeForce), (7, \.extremeTorque)] where on(bit) {
        let extremes = CyclingPowerMeasurement.Extremes(maximum: random.s16(), minimum: random.s16())
        writer.put(extremes.maximum)
        writer.put(extremes.minimum)
        expected[keyPath: keyPath] = extremes
      }
      if on(8) {
        let angles = CyclingPowerMeasurement.Extremes(
          maximum: UInt16.random(in: 0...0xFFF, using: &random), minimum: UInt16.random(in: 0...0xFFF, using: &random))
        writer.put(UInt64(angles.maximum) | UInt64(angles.minimum) << 12, 3)
        expected.extremeAngles = angles
      }
      for (bit, keyPath) in [
        (9, \CyclingPowerMeasurement.topDeadSpot), (10, \.bottomDeadSpot), (11, \.accumulatedEnergy),
      ] where on(bit) {
        let value = random.u16()
        writer.put(UInt64(value), 2)
        expected[keyPath: keyPath] = value
      }
      #expect(try CyclingPowerMeasurement(writer.bytes) == expected, "flags \(flags)")
      #expect(refusal(.cyclingPowerMeasurement, Array(writer.bytes.dropLast())) != nil, "flags \(flags)")
    }
  }

  @Test("heart rate under random flags, u8 or u16, with any number of RR intervals")
  func heartRate() throws {
    var random = SplitMix64(state: 0x2A37)
    for _ in 0..<2000 {
      let flags = random.u8()
      var writer = PacketWriter()
      writer.put(UInt64(flags), 1)
      let wide = flags & 1 == 1
      let beats = wide ? Int(random.u16()) : Int(random.u8())
      writer.put(UInt64(beats), wide ? 2 : 1)
      let contact: HeartRateMeasurement.Contact =
        flags & 4 == 0 ? .notSupported : (flags & 2 == 0 ? .notDetected : .detected)
      var expected = HeartRateMeasurement(beatsPerMinute: beats, contact: contact)
      if flags & 8 != 0 {
        let energy = random.u16()
        writer.put(UInt64(energy), 2)
        expected.energyExpended = Int(energy)
      }
      if flags & 16 != 0 {
        expected.rrIntervals = (0..<Int.random(in: 1...9, using: &random)).map { _ in random.u16() }
        for interval in expected.rrIntervals { writer.put(UInt64(interval), 2) }
      }
      #expect(try HeartRateMeasurement(writer.bytes) == expected, "flags \(flags)")
      #expect(refusal(.heartRateMeasurement, Array(writer.bytes.dropLast())) != nil, "flags \(flags)")
    }
  }
}
