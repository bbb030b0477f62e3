/// What the sensors measured over a stretch of moving time (a lap, the ride): the average and
/// maximum of each figure, and the power's normalized power, intensity factor and training
/// stress. Pure; `docs/decisions.md` (2026-11-27, the figures of samples) holds the
/// conventions:
///
/// - An average is over the seconds that have the figure: a second a sensor did not give
///   (absent from the samples, or nil in one) is not counted, never a zero. A measured zero
///   counts for power and speed (coasting is riding), not for cadence or heart rate (a crank
///   at rest and a strap without contact are no rate).
/// - A value is kept to 0…65 535 first (a negative power, a damaged row): no sum can trap.
/// - Normalized power: a 30 s rolling mean of power ending at each second that has a power,
///   over the power of the seconds within those 30 s that have one; only windows that lie
///   wholly within the stretch (from its 30th second); the fourth root of the mean of their
///   fourth powers. Fewer than 30 s, or no power: none.
/// - IF = NP / FTP; TSS = s × NP × IF / (FTP × 3 600) × 100, where s is the seconds that have
///   a power (a dropout adds no stress). Without an FTP: neither.
public struct SensorFigures: Equatable, Sendable {
  /// A figure's average (rounded to the nearest, halves up) and maximum, over `seconds`.
  public struct Summary: Equatable, Sendable {
    public var average: Int
    public var maximum: Int
    public var seconds: Int

    public init(average: Int, maximum: Int, seconds: Int) {
      self.average = average
      self.maximum = maximum
      self.seconds = seconds
    }

    /// The summary of `values` (each kept to 0…65 535); nil when there are none.
    init?(_ values: [Int]) {
      guard !values.isEmpty else { return nil }
      let kept = values.map(SensorFigures.kept)
      let sum = kept.reduce(0, +)
      average = (2 * sum + kept.count) / (2 * kept.count)
      maximum = kept.max() ?? 0
      seconds = kept.count
    }
  }

  /// Watts.
  public var power: Summary?
  /// Beats a minute.
  public var heartRate: Summary?
  /// Revolutions a minute.
  public var cadence: Summary?
  /// Millimetres a second.
  public var speed: Summary?
  /// Watts; nil for a stretch with fewer than 30 s or no power.
  public var normalizedPower: Double?
  /// The FTP IF and TSS are against; nil when none is known.
  public var thresholdPower: Int?
  public var intensityFactor: Double?
  public var trainingStressScore: Double?

  /// The figures of the samples whose second begins in `[from, to)` ms of moving time, with
  /// `ftp` (watts, nil or not positive: none); nil when none of them has a figure.
  public init?(_ samples: [SensorSample], fromMoving from: Int64, toMoving to: Int64, ftp: Int?) {
    let within = samples.filter { sample in
      let start = Int64(clamping: sample.second).multipliedReportingOverflow(by: 1000)
      return !start.overflow && from <= start.partialValue && start.partialValue < to
    }
    power = Summary(within.compactMap(\.power))
    heartRate = Summary(within.compactMap(\.heartRate).filter { $0 > 0 })
    cadence = Summary(within.compactMap(\.cadence).filter { $0 > 0 })
    speed = Summary(within.compactMap(\.speedMillimetresPerSecond))
    guard power != nil || heartRate != nil || cadence != nil || speed != nil else { return nil }
    // The stretch's first whole second: a window must begin there or later.
    let firstSecond = from <= 0 ? 0 : Int(from / 1000 + (from % 1000 > 0 ? 1 : 0))
    normalizedPower = Self.normalizedPower(within, firstSecond: firstSecond)
    thresholdPower = ftp.flatMap { $0 > 0 ? $0 : nil }
    if let np = normalizedPower, let ftp = thresholdPower, let seconds = power?.seconds {
      let intensity = np / Double(ftp)
      intensityFactor = intensity
      trainingStressScore = Double(seconds) * np * intensity / (Double(ftp) * 3600) * 100
    }
  }

  /// The rolling window's length in seconds.
  public static let window = 30

  /// Normalized power of `samples` (seconds at or after `firstSecond`), as the type says.
  static func normalizedPower(_ samples: [SensorSample], firstSecond: Int) -> Double? {
    // One power a second, in order (a second given twice, from a damaged journal: the last).
    var bySecond: [Int: Int] = [:]
    for sample in samples { if let power = sample.power { bySecond[sample.second] = kept(power) } }
    let powers = bySecond.sorted { $0.key < $1.key }
    var sum = 0
    var start = 0
    var total = 0.0
    var windows = 0
    for (index, (second, power)) in powers.enumerated() {
      sum += power
      while powers[start].key <= second - window {
        sum -= powers[start].value
        start += 1
      }
      // Complete windows only: the 30 s ending at `second` lie within the stretch.
      guard second - (window - 1) >= firstSecond else { continue }
      let mean = Double(sum) / Double(index - start + 1)
      total += mean * mean * mean * mean
      windows += 1
    }
    guard windows > 0 else { return nil }
    return (total / Double(windows)).squareRoot().squareRoot()
  }

  /// A sensor's value kept to what a sample can hold: 0…65 535.
  public static func kept(_ value: Int) -> Int { min(max(value, 0), 65_535) }
}

extension RideFigures {
  /// The FTP a ride's intensity is measured against: its workout's (`ftp` in the plan, which
  /// its targets were computed from), else the rider's setting (`ftpSetting`).
  public var thresholdPower: Int? { plan?.ftp ?? ftpSetting }

  /// The sensors' figures over the whole ride; nil without samples.
  public var sensorFigures: SensorFigures? {
    SensorFigures(samples, fromMoving: 0, toMoving: movingMilliseconds, ftp: thresholdPower)
  }

  /// The sensors' figures over `lap` (one of `segments`: its moving time `[split - lap,
  /// split)`); nil without samples in it.
  public func sensorFigures(of lap: Lap) -> SensorFigures? {
    SensorFigures(
      samples, fromMoving: lap.splitMilliseconds - lap.lapMilliseconds, toMoving: lap.splitMilliseconds,
      ftp: thresholdPower)
  }

  /// Whether any sample of the ride has a figure.
  public var hasSensorFigures: Bool { samples.contains { !$0.isEmpty } }
}
