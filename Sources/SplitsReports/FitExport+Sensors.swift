import SplitsCore

/// A ride its sensors measured, in FIT: each sample on the record at which its second of
/// moving time began (`heart_rate`, `cadence`, `power`, `speed`; a figure the second lacks is
/// no field, never a zero, and a second absent from the samples a record with its timestamp
/// alone), and each lap's and the session's averages and maxima, `normalized_power`, and the
/// session's `training_stress_score`, `intensity_factor` and `threshold_power` when an FTP is
/// known (`SensorFigures`). Field numbers, types and scales are those of the profile: speeds in
/// mm/s (scale 1,000 on m/s), TSS scale 10, IF scale 1,000. A ride without samples writes
/// none of these fields.
extension FitExport {
  /// The sample whose second of moving time begins at `moving` ms, when it has a figure: a
  /// point that begins a second (not a piece's end, where the clock stopped).
  static func sample(bySecond: [Int: SensorSample], moving: Int64, isEnd: Bool) -> SensorSample? {
    guard !isEnd, moving % 1000 == 0, let sample = bySecond[Int(moving / 1000)], !sample.isEmpty else { return nil }
    return sample
  }

  /// The samples by their second (a second given twice, from a damaged journal: the last).
  static func samplesBySecond(_ ride: RideFigures) -> [Int: SensorSample] {
    var out: [Int: SensorSample] = [:]
    for sample in ride.samples { out[sample.second] = sample }
    return out
  }

  /// Whether a ride was on a trainer, for the session's sub-sport: a biking ride that followed
  /// a workout, or one a power meter measured (Splits has no GPS: a ride it records with
  /// power is a trainer's).
  static func onTrainer(_ ride: RideFigures) -> Bool {
    ride.plan != nil || ride.samples.contains { $0.power != nil }
  }

  /// A value kept to a FIT field's valid values, below its invalid one.
  static func kept(_ value: Int, below invalid: Int) -> UInt32 { UInt32(min(max(value, 0), invalid - 1)) }
}

extension FitExport.Message {
  /// The record with `sample`'s figures.
  func adding(sample: SensorSample?) -> Self {
    guard let sample else { return self }
    var message = self
    if let rate = sample.heartRate { message.fields.append(.init(3, .uint8, FitExport.kept(rate, below: 0xFF))) }  // heart_rate
    if let rate = sample.cadence { message.fields.append(.init(4, .uint8, FitExport.kept(rate, below: 0xFF))) }  // cadence
    if let speed = sample.speedMillimetresPerSecond {
      message.fields.append(.init(6, .uint16, FitExport.kept(speed, below: 0xFFFF)))  // speed (mm/s)
    }
    if let power = sample.power { message.fields.append(.init(7, .uint16, FitExport.kept(power, below: 0xFFFF))) }  // power
    return message
  }

  /// Which fields a lap's or a session's figures take: their numbers differ by message.
  struct SensorFields {
    var avgSpeed: UInt8, maxSpeed: UInt8, avgHeartRate: UInt8, maxHeartRate: UInt8, avgCadence: UInt8
    var maxCadence: UInt8, avgPower: UInt8, maxPower: UInt8, normalizedPower: UInt8
    /// Whether the message takes TSS, IF and the FTP (the session's fields 35, 36, 45).
    var stress: Bool

    static let lap = SensorFields(
      avgSpeed: 13, maxSpeed: 14, avgHeartRate: 15, maxHeartRate: 16, avgCadence: 17, maxCadence: 18, avgPower: 19,
      maxPower: 20, normalizedPower: 33, stress: false)
    static let session = SensorFields(
      avgSpeed: 14, maxSpeed: 15, avgHeartRate: 16, maxHeartRate: 17, avgCadence: 18, maxCadence: 19, avgPower: 20,
      maxPower: 21, normalizedPower: 34, stress: true)
  }

  /// The lap or session with `figures`' averages, maxima and normalized power; a session also
  /// with TSS, IF and the FTP.
  func adding(figures: SensorFigures?, _ numbers: SensorFields) -> Self {
    guard let figures else { return self }
    typealias Field = FitExport.Field
    var fields: [Field] = []
    func pair(_ summary: SensorFigures.Summary?, _ avg: UInt8, _ max: UInt8, _ type: FitExport.BaseType, _ invalid: Int) {
      guard let summary else { return }
      fields += [
        Field(avg, type, FitExport.kept(summary.average, below: invalid)),
        Field(max, type, FitExport.kept(summary.maximum, below: invalid)),
      ]
    }
    pair(figures.speed, numbers.avgSpeed, numbers.maxSpeed, .uint16, 0xFFFF)
    pair(figures.heartRate, numbers.avgHeartRate, numbers.maxHeartRate, .uint8, 0xFF)
    pair(figures.cadence, numbers.avgCadence, numbers.maxCadence, .uint8, 0xFF)
    pair(figures.power, numbers.avgPower, numbers.maxPower, .uint16, 0xFFFF)
    if let np = figures.normalizedPower {
      fields.append(Field(numbers.normalizedPower, .uint16, scaled(np, 1)))  // normalized_power
    }
    if numbers.stress, let tss = figures.trainingStressScore,
      let intensity = figures.intensityFactor, let ftp = figures.thresholdPower
    {
      fields += [
        Field(35, .uint16, scaled(tss, 10)),  // training_stress_score
        Field(36, .uint16, scaled(intensity, 1_000)),  // intensity_factor
        Field(45, .uint16, FitExport.kept(ftp, below: 0xFFFF)),  // threshold_power
      ]
    }
    var message = self
    message.fields += fields
    return message
  }

  /// `value × scale`, rounded, kept to a `uint16`'s valid values.
  private func scaled(_ value: Double, _ scale: Double) -> UInt32 {
    UInt32(min(max((value * scale).rounded(), 0), 0xFFFE))
  }
}
