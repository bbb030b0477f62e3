import Testing

@testable import SplitsSensors

private let second: Int64 = 1_000_000_000

@Suite("Cadence and speed from cumulative counters")
struct RevolutionRateTests {
  @Test("the first packet gives no cadence; one revolution in 1024 ticks is 60 rpm")
  func firstThenRate() {
    var crank = RevolutionRate(.crank)
    #expect(crank.feed(revolutions: 10, eventTime: 0, arrivalNanoseconds: 0) == nil)
    #expect(crank.feed(revolutions: 11, eventTime: 1024, arrivalNanoseconds: second) == 60)
    #expect(crank.revolutionsPerMinute == 60)
  }

  @Test("crank revolutions wrap at 2^16: 65535 then 3 is four revolutions")
  func crankWrap() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 65535, eventTime: 62464, arrivalNanoseconds: 0)
    #expect(crank.feed(revolutions: 3, eventTime: 64512, arrivalNanoseconds: 2 * second) == 120)
  }

  @Test("event times wrap at 2^16: 65000 then 488 is 1024 ticks")
  func eventTimeWrap() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 100, eventTime: 65000, arrivalNanoseconds: 0)
    #expect(crank.feed(revolutions: 101, eventTime: 488, arrivalNanoseconds: second) == 60)
  }

  @Test("wheel revolutions wrap at 2^32, and the speed follows from a 2105 mm wheel")
  func wheelWrap() {
    var wheel = WheelSpeed(.sensorWheel)
    wheel.feed(revolutions: UInt32.max, eventTime: 0, arrivalNanoseconds: 0)
    #expect(wheel.feed(revolutions: 1, eventTime: 2048, arrivalNanoseconds: 2 * second) == 2.105)
    #expect(abs((wheel.kilometresPerHour ?? 0) - 7.578) < 1e-9)
  }

  @Test("a power meter's wheel counts 1/2048 s, a speed sensor's 1/1024 s")
  func wheelUnits() {
    var power = RevolutionRate(.powerWheel)
    var sensor = RevolutionRate(.sensorWheel)
    for rate in [0, 1] {
      let revolutions = UInt32(rate * 2)
      let time = UInt16(rate * 2048)
      power.feed(revolutions: revolutions, eventTime: time, arrivalNanoseconds: Int64(rate) * second)
      sensor.feed(revolutions: revolutions, eventTime: time, arrivalNanoseconds: Int64(rate) * second)
    }
    #expect(power.revolutionsPerMinute == 120)
    #expect(sensor.revolutionsPerMinute == 60)
  }

  @Test("an unchanged event time keeps the cadence for two packets, then gives 0, until the next revolution")
  func unchangedTime() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 0, eventTime: 0, arrivalNanoseconds: 0)
    crank.feed(revolutions: 1, eventTime: 683, arrivalNanoseconds: second)
    let cadence = crank.revolutionsPerMinute
    #expect(cadence.map { abs($0 - 89.956) < 0.001 } == true)
    #expect(crank.feed(revolutions: 1, eventTime: 683, arrivalNanoseconds: 2 * second) == cadence)
    #expect(crank.feed(revolutions: 1, eventTime: 683, arrivalNanoseconds: 3 * second) == cadence)
    #expect(crank.feed(revolutions: 1, eventTime: 683, arrivalNanoseconds: 4 * second) == 0)
    #expect(crank.feed(revolutions: 2, eventTime: 683 + 1024, arrivalNanoseconds: 5 * second) == 60)
  }

  @Test("unchanged from the start: no cadence for two packets, then 0")
  func unchangedFromStart() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 5, eventTime: 100, arrivalNanoseconds: 0)
    #expect(crank.feed(revolutions: 5, eventTime: 100, arrivalNanoseconds: second) == nil)
    #expect(crank.feed(revolutions: 5, eventTime: 100, arrivalNanoseconds: 2 * second) == nil)
    #expect(crank.feed(revolutions: 5, eventTime: 100, arrivalNanoseconds: 3 * second) == 0)
  }

  @Test("a stopped crank stays at 0 however long its packets repeat")
  func stoppedStaysZero() {
    var crank = RevolutionRate(.crank)
    for index in 0..<200 {
      crank.feed(revolutions: 5, eventTime: 100, arrivalNanoseconds: Int64(index) * second)
    }
    #expect(crank.revolutionsPerMinute == 0)
  }

  @Test("after a gap longer than the event time's wrap the counter starts over instead of inventing a delta")
  func longGap() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 0, eventTime: 0, arrivalNanoseconds: 0)
    crank.feed(revolutions: 1, eventTime: 1024, arrivalNanoseconds: second)
    // 65 s later: the event time may have wrapped any number of times.
    #expect(crank.feed(revolutions: 80, eventTime: 3000, arrivalNanoseconds: 66 * second) == nil)
    #expect(crank.feed(revolutions: 81, eventTime: 4024, arrivalNanoseconds: 67 * second) == 60)
  }

  @Test("the wrap is 64 s in 1/1024 s and 32 s in 1/2048 s")
  func wrapDependsOnUnits() {
    #expect(RevolutionRate.Counter.crank.wrapNanoseconds == 64 * second)
    #expect(RevolutionRate.Counter.powerWheel.wrapNanoseconds == 32 * second)
    var power = RevolutionRate(.powerWheel)
    power.feed(revolutions: 0, eventTime: 0, arrivalNanoseconds: 0)
    #expect(power.feed(revolutions: 31, eventTime: 31 * 2048, arrivalNanoseconds: 31 * second) == 60)
    // 33 s later (64 s of ticks: the time wrapped once to 0): too far to compare.
    #expect(power.feed(revolutions: 64, eventTime: 0, arrivalNanoseconds: 64 * second) == nil)
  }

  @Test("a packet arriving before the last one, or a reset, starts over")
  func backwardsAndReset() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 0, eventTime: 0, arrivalNanoseconds: 10 * second)
    #expect(crank.feed(revolutions: 1, eventTime: 1024, arrivalNanoseconds: 5 * second) == nil)
    #expect(crank.feed(revolutions: 2, eventTime: 2048, arrivalNanoseconds: 6 * second) == 60)
    crank.reset()
    #expect(crank.revolutionsPerMinute == nil)
    #expect(crank.feed(revolutions: 3, eventTime: 3072, arrivalNanoseconds: 7 * second) == nil)
  }

  @Test("extreme arrival times do not overflow")
  func extremeArrivals() {
    var crank = RevolutionRate(.crank)
    crank.feed(revolutions: 0, eventTime: 0, arrivalNanoseconds: .min)
    #expect(crank.feed(revolutions: 1, eventTime: 1024, arrivalNanoseconds: .max) == nil)
  }

  @Test("a wheel's circumference scales its speed")
  func circumference() {
    var wheel = WheelSpeed(.sensorWheel, circumferenceMillimetres: 2000)
    wheel.feed(revolutions: 0, eventTime: 0, arrivalNanoseconds: 0)
    #expect(wheel.feed(revolutions: 5, eventTime: 5120, arrivalNanoseconds: 5 * second) == 2)
  }
}
