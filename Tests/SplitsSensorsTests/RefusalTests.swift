import SplitsTestRandom
import Testing

@testable import SplitsSensors

@Suite("Short and malformed notifications are refused, never a trap")
struct RefusalTests {
  /// Packets whose every field is fixed: any shorter prefix ends inside a field.
  static let whole: [(SensorCharacteristic, [UInt8])] = [
    (.heartRateMeasurement, [0x09, 0x2C, 0x01, 0x0A, 0x00]),
    (.cyclingPowerMeasurement, CyclingPowerMeasurementTests.everyField),
    (.cscMeasurement, CSCMeasurementTests.both),
    (.indoorBikeData, IndoorBikeDataTests.everyField),
  ]

  @Test("every truncation of a packet with every field is refused, naming a field inside it")
  func everyPrefix() throws {
    for (characteristic, packet) in Self.whole {
      _ = try SensorMeasurement(characteristic, packet)
      for length in 0..<packet.count {
        let error = try #require(refusal(characteristic, Array(packet.prefix(length))), "\(characteristic) \(length)")
        #expect(error.characteristic == characteristic)
        #expect(error.length == length)
        #expect(error.offset + error.needed > length)
      }
    }
  }

  @Test("a heart rate packet cut between RR intervals keeps the whole ones; cut inside one, it is refused")
  func rrPrefixes() throws {
    let packet: [UInt8] = [0x10, 60, 0x00, 0x04, 0x00, 0x02]
    #expect(try HeartRateMeasurement(Array(packet.prefix(4))).rrIntervals == [1024])
    for length in [0, 1, 2, 3, 5] {
      #expect(refusal(.heartRateMeasurement, Array(packet.prefix(length))) != nil, "\(length)")
    }
  }

  @Test("random bytes under every flag either read or are refused, for every characteristic")
  func randomBytes() {
    var random = SplitMix64(state: 0x2A37_2A63)
    var read = 0
    var refused = 0
    for _ in 0..<20_000 {
      let characteristic = SensorCharacteristic.allCases.randomElement(using: &random) ?? .heartRateMeasurement
      let length = Int.random(in: 0...40, using: &random)
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      if refusal(characteristic, bytes) == nil { read += 1 } else { refused += 1 }
    }
    #expect(read > 1000)
    #expect(refused > 1000)
  }
}
