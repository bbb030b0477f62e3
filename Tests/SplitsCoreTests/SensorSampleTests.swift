import Testing

@testable import SplitsCore

@Suite("A sensor sample keeps its figures in 24 bytes")
struct SensorSampleTests {
  @Test("every figure, none, zero, negative and the largest, reads back as given; beyond 32 bits, at the bound")
  func figuresReadBack() {
    let values: [Int?] = [nil, 0, 1, 145, 5_000, 50_000, -1, Int(Int32.max), Int(Int32.min) + 1]
    for value in values {
      let sample = SensorSample(
        second: 7, heartRate: value, power: value, cadence: value, speedMillimetresPerSecond: value)
      #expect(sample.heartRate == value && sample.power == value && sample.cadence == value)
      #expect(sample.speedMillimetresPerSecond == value)
      #expect(sample.isEmpty == (value == nil))
    }
    let wide = SensorSample(second: 0, heartRate: Int.max, power: Int.min, cadence: Int(Int32.min))
    #expect(wide.heartRate == Int(Int32.max))
    #expect(wide.power == Int(Int32.min) + 1)
    #expect(wide.cadence == Int(Int32.min) + 1, "the bound itself is a figure, not none")
    var changed = SensorSample(second: 3, power: 250)
    changed.power = nil
    changed.heartRate = 150
    #expect(changed == SensorSample(second: 3, heartRate: 150))
    #expect(!changed.isEmpty)
  }

  @Test("a year of hour-long rides, 1.3 million samples, is 31 MB of them, not 94")
  func size() {
    #expect(MemoryLayout<SensorSample>.stride == 24)
  }
}
