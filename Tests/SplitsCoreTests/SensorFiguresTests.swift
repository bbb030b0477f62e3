import SplitsTestRandom
import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore

/// The figures of a ride's samples: averages and maxima over the seconds that have them,
/// normalized power over complete 30 s windows, IF and TSS against the FTP.
@Suite("Sensor figures: averages, maxima, normalized power, IF and TSS")
struct SensorFiguresTests {
  func constant(_ power: Int, seconds: Int, from: Int = 0) -> [SensorSample] {
    (from..<(from + seconds)).map { SensorSample(second: $0, power: power) }
  }

  func figures(_ samples: [SensorSample], ftp: Int? = nil) -> SensorFigures? {
    SensorFigures(samples, fromMoving: 0, toMoving: .max, ftp: ftp)
  }

  @Test func aMinuteAt200WattsIs200AverageAndNormalizedAndTSSOneAt250FTP() throws {
    let f = try #require(figures(constant(200, seconds: 60), ftp: 250))
    #expect(f.power == .init(average: 200, maximum: 200, seconds: 60))
    #expect(f.normalizedPower == 200)
    #expect(f.intensityFactor == 0.8)
    // 60 × 200 × 0.8 / (250 × 3600) × 100
    #expect(abs(try #require(f.trainingStressScore) - 1.066_666_7) < 1e-6)
    #expect(f.thresholdPower == 250)
  }

  @Test func halfAMinuteAt100ThenHalfAt300IsNormalized223() throws {
    // 31 complete windows, the k-th of mean 100 + 20k/3 W (k = 0…30).
    let f = try #require(figures(constant(100, seconds: 30) + constant(300, seconds: 30, from: 30)))
    #expect(abs(try #require(f.normalizedPower) - 223.069_488_78) < 1e-6)
    #expect(f.power?.average == 200)
  }

  @Test func fewerThanThirtySecondsHaveNoNormalizedPowerNorIntensity() throws {
    let f = try #require(figures(constant(250, seconds: 29), ftp: 250))
    #expect(f.power?.average == 250)
    #expect(f.normalizedPower == nil)
    #expect(f.intensityFactor == nil)
    #expect(f.trainingStressScore == nil)
  }

  @Test func withoutAnFTPThereIsNoIntensityFactorNorTSS() throws {
    for ftp in [nil, 0, -5] {
      let f = try #require(figures(constant(200, seconds: 60), ftp: ftp))
      #expect(f.normalizedPower == 200)
      #expect(f.thresholdPower == nil && f.intensityFactor == nil && f.trainingStressScore == nil)
    }
  }

  @Test func powerZerosCountButAGapDoesNot() throws {
    // 10 s at 100 W, 10 s absent, 10 s at 0 W (coasting).
    let samples = constant(100, seconds: 10) + constant(0, seconds: 10, from: 20)
    let f = try #require(figures(samples))
    #expect(f.power == .init(average: 50, maximum: 100, seconds: 20))
    #expect(f.heartRate == nil && f.cadence == nil && f.speed == nil)
  }

  @Test func cadenceAndHeartRateZerosAreNoRate() throws {
    let samples = [
      SensorSample(second: 0, heartRate: 0, cadence: 0), SensorSample(second: 1, heartRate: 150, cadence: 90),
      SensorSample(second: 2, heartRate: 152, cadence: 0), SensorSample(second: 3, cadence: 92),
    ]
    let f = try #require(figures(samples))
    #expect(f.cadence == .init(average: 91, maximum: 92, seconds: 2))
    #expect(f.heartRate == .init(average: 151, maximum: 152, seconds: 2))
  }

  @Test func averagesRoundHalfUp() throws {
    let f = try #require(figures([SensorSample(second: 0, power: 100), SensorSample(second: 1, power: 101)]))
    #expect(f.power?.average == 101)
  }

  @Test func aStretchWithoutAnyFigureHasNoFigures() {
    #expect(figures([]) == nil)
    #expect(figures([SensorSample(second: 3)]) == nil)
    #expect(SensorFigures(constant(200, seconds: 10), fromMoving: 20_000, toMoving: 30_000, ftp: nil) == nil)
  }

  @Test func valuesBeyondWhatASensorSendsAreKeptWithinRangeAndNeverTrap() throws {
    let samples = [
      SensorSample(second: 0, heartRate: .max, power: -40, cadence: .min, speedMillimetresPerSecond: .max),
      SensorSample(second: 1, power: .max),
      // Seconds no ride reaches are in no stretch.
      SensorSample(second: .max, power: 7), SensorSample(second: .min, power: 7),
    ]
    let f = try #require(SensorFigures(samples, fromMoving: .min, toMoving: .max, ftp: .max))
    #expect(f.power == .init(average: 32_768, maximum: 65_535, seconds: 2))
    #expect(f.heartRate?.maximum == 65_535)
    #expect(f.cadence == nil)
    #expect(f.speed?.average == 65_535)
  }

  @Test func aRideIsCutIntoItsLapsByTheirMovingTimeSplits() throws {
    let ride = SensorRides.ride()
    #expect(ride.segments.map(\.lapMilliseconds) == [60_000, 60_000])
    let first = try #require(ride.sensorFigures(of: ride.segments[0]))
    let second = try #require(ride.sensorFigures(of: ride.segments[1]))
    #expect(first.power == .init(average: 200, maximum: 200, seconds: 60))
    #expect(first.heartRate == .init(average: 140, maximum: 140, seconds: 60))
    #expect(first.normalizedPower == 200)
    // The second lap lost seconds 70 to 74: 55 seconds, none of them zero.
    #expect(second.power == .init(average: 300, maximum: 300, seconds: 55))
    #expect(second.cadence == .init(average: 100, maximum: 100, seconds: 55))
    #expect(second.normalizedPower == 300)
    let whole = try #require(ride.sensorFigures)
    // (60 × 200 + 55 × 300) / 115 = 247.8; (60 × 140 + 55 × 160) / 115 = 149.6; (60 × 8 333 + 55 × 10 000) / 115 = 9 130.3.
    #expect(whole.power == .init(average: 248, maximum: 300, seconds: 115))
    #expect(whole.heartRate == .init(average: 150, maximum: 160, seconds: 115))
    #expect(whole.speed == .init(average: 9_130, maximum: 10_000, seconds: 115))
    #expect(abs(try #require(whole.normalizedPower) - 261.098_238_50) < 1e-6)
    #expect(abs(try #require(whole.intensityFactor) - 1.044_392_95) < 1e-6)
    #expect(abs(try #require(whole.trainingStressScore) - 3.484_361_50) < 1e-6)
  }

  @Test func aWorkoutsFTPComesBeforeTheSetting() throws {
    var ride = SensorRides.ride(ftp: 250)
    ride.plan = Workout(name: "Sweet spot", ftp: 200, steps: [WorkoutStep(name: "Go", kind: .active, length: .untilLap)])
    #expect(ride.thresholdPower == 200)
    #expect(ride.sensorFigures?.thresholdPower == 200)
    ride.plan?.ftp = nil
    #expect(ride.thresholdPower == 250)
  }

  @Test func aRideWithoutSamplesHasNoSensorFigures() {
    let ride = SensorRides.ride(samples: [])
    #expect(ride.sensorFigures == nil)
    #expect(!ride.hasSensorFigures)
    #expect(ride.segments.allSatisfy { ride.sensorFigures(of: $0) == nil })
  }

  /// Generated rides: constant power P gives NP = average = P; NP is never below the
  /// average; every average lies within its seconds' minimum and maximum; a gap in a
  /// constant ride changes nothing (it never counts as zero).
  @Test func generatedRidesKeepNormalizedPowerAndAveragesHonest() throws {
    var random = SplitMix64(state: 0x5E45_0F16)
    for _ in 0..<300 {
      let length = Int.random(in: 1...400, using: &random)
      var samples: [SensorSample] = []
      for second in 0..<length where Int.random(in: 0..<10, using: &random) > 0 {
        samples.append(
          SensorSample(
            second: second, heartRate: Int.random(in: 60...200, using: &random),
            power: Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 0...1_200, using: &random),
            cadence: Int.random(in: 0...130, using: &random)))
      }
      guard let f = figures(samples, ftp: 250) else { continue }
      let powers = samples.compactMap(\.power)
      let power = try #require(f.power)
      #expect((powers.min() ?? 0)...(powers.max() ?? 0) ~= power.average)
      let rates = samples.compactMap(\.heartRate)
      #expect((rates.min() ?? 0)...(rates.max() ?? 0) ~= f.heartRate?.average ?? 0)
      if let np = f.normalizedPower {
        // Against the unrounded mean of the windows' seconds: NP is a power mean of them.
        #expect(np >= Double(powers.min() ?? 0) - 1e-9 && np <= Double(powers.max() ?? 0) + 1e-9)
      }
      let p = Int.random(in: 0...1_500, using: &random)
      let constantRide = samples.map { SensorSample(second: $0.second, power: p) }
      let c = try #require(figures(constantRide))
      #expect(c.power?.average == p)
      if let np = c.normalizedPower { #expect(abs(np - Double(p)) < 1e-6) }
    }
  }

  /// NP is at least the mean of its windows' means (a fourth-power mean is never below the
  /// plain one), which is the average power of a ride whose first 29 s are at that average:
  /// the generated rides begin with 30 s at a steady power, then vary.
  @Test func normalizedPowerIsAtLeastItsWindowsMeanPower() throws {
    var random = SplitMix64(state: 0xA7E2)
    for _ in 0..<200 {
      let length = Int.random(in: 30...600, using: &random)
      let steady = Int.random(in: 50...400, using: &random)
      let samples = (0..<length).map { second in
        // Efforts around a steady power, the first 30 s at it.
        SensorSample(second: second, power: second < 30 ? steady : Int.random(in: 0...800, using: &random))
      }
      let f = try #require(figures(samples))
      let windows = (29..<length).map { end in Double(samples[(end - 29)...end].compactMap(\.power).reduce(0, +)) / 30 }
      let mean = windows.reduce(0, +) / Double(windows.count)
      #expect(try #require(f.normalizedPower) >= mean - 1e-9)
    }
  }
}
