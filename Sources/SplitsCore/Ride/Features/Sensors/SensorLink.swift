import SplitsSensors

/// A figure a sensor can give the screen and the journal.
public enum SensorFigure: Int, CaseIterable, Hashable, Sendable {
  case power
  case heartRate
  case cadence
  case speed

  /// What a reading can be (beats or revolutions a minute, watts, millimetres a second): a
  /// value outside is no figure (a strap without contact sends 0 bpm), never recorded, and
  /// damage in the journal.
  public var plausible: ClosedRange<Int> {
    switch self {
    case .power: 0...5_000
    case .heartRate: 1...300
    case .cadence: 0...300
    case .speed: 0...50_000
    }
  }
}

/// Where a reading came from: the characteristic that carried it. When two sensors give the
/// same figure, the one whose source ranks first for that figure is shown and recorded
/// (`rank(for:)`): a power meter's power before a trainer's, a strap's heart rate before a
/// trainer's, a crank's cadence (power meter, then speed and cadence sensor) before a
/// trainer's, and a wheel sensor's speed before a trainer's, before a power meter's wheel.
public enum SensorSource: Int, CaseIterable, Hashable, Sendable {
  case heartRateStrap
  case powerMeter
  case speedAndCadence
  case trainer

  /// Lower first; nil when this source never gives `figure`.
  func rank(for figure: SensorFigure) -> Int? {
    switch (figure, self) {
    case (.heartRate, .heartRateStrap), (.power, .powerMeter), (.cadence, .powerMeter), (.speed, .speedAndCadence):
      return 0
    case (.heartRate, .trainer), (.power, .trainer), (.cadence, .speedAndCadence), (.speed, .trainer):
      return 1
    case (.cadence, .trainer), (.speed, .powerMeter):
      return 2
    default:
      return nil
    }
  }
}

/// One reading of one figure: its value (watts, beats or revolutions a minute, millimetres a
/// second), where it came from and when it was heard.
public struct SensorReading: Equatable, Sendable {
  public var value: Int
  public var source: SensorSource
  public var at: Instant

  public init(_ value: Int, _ source: SensorSource, at: Instant) {
    self.value = value
    self.source = source
    self.at = at
  }
}

/// One remembered sensor as the screen knows it: whether it is connected, its name, its
/// latest readings, the counters cadence and speed come from, and how many of its
/// notifications could not be read.
public struct SensorLink: Equatable, Sendable {
  public var name: String?
  public var connected: Bool
  /// Notifications that could not be read (too short, impossible flags): counted, ignored.
  public var malformed = 0
  /// The latest reading of each figure from each of its sources.
  public var latest: [Key: SensorReading] = [:]
  /// Its power readings of the last `SensorsFeature.averageSpan`, oldest first (the 3 s average).
  public var powerWindow: [SensorReading] = []
  /// The figures it ever gave: what shows as lost (never zero) when it is.
  public var gives: Set<SensorFigure> = []
  var crank = RevolutionRate(.crank)
  var cscWheel = WheelSpeed(.sensorWheel)
  var powerCrank = RevolutionRate(.crank)
  var powerWheel = WheelSpeed(.powerWheel)

  public struct Key: Hashable, Sendable {
    public var figure: SensorFigure
    public var source: SensorSource
  }

  public init(name: String?, connected: Bool) {
    self.name = name
    self.connected = connected
  }

  /// The readings of one notification heard at `at`: the counters fed, each figure it gives
  /// with its source. Cadence and speed from a counter only once a rate is known.
  mutating func take(_ measurement: SensorMeasurement, at: Instant) -> [(SensorFigure, SensorReading)] {
    let arrival = at.nanoseconds
    var out: [(SensorFigure, SensorReading)] = []
    func add(_ figure: SensorFigure, _ value: Double?, _ source: SensorSource) {
      guard let value, value.isFinite, value >= -1, value <= 1_000_000 else { return }
      let whole = Int(value.rounded())
      guard figure.plausible.contains(whole) else { return }
      out.append((figure, SensorReading(whole, source, at: at)))
    }
    switch measurement {
    case .heartRate(let heart):
      add(.heartRate, Double(heart.beatsPerMinute), .heartRateStrap)
    case .cyclingPower(let power):
      add(.power, Double(max(0, power.watts)), .powerMeter)
      if let crank = power.crank {
        add(.cadence, powerCrank.feed(revolutions: UInt32(crank.revolutions), eventTime: crank.eventTime, arrivalNanoseconds: arrival), .powerMeter)
      }
      if let wheel = power.wheel {
        add(.speed, powerWheel.feed(revolutions: wheel.revolutions, eventTime: wheel.eventTime, arrivalNanoseconds: arrival).map { $0 * 1000 }, .powerMeter)
      }
    case .speedAndCadence(let csc):
      if let crank = csc.crank {
        add(.cadence, self.crank.feed(revolutions: UInt32(crank.revolutions), eventTime: crank.eventTime, arrivalNanoseconds: arrival), .speedAndCadence)
      }
      if let wheel = csc.wheel {
        add(.speed, cscWheel.feed(revolutions: wheel.revolutions, eventTime: wheel.eventTime, arrivalNanoseconds: arrival).map { $0 * 1000 }, .speedAndCadence)
      }
    case .indoorBike(let bike):
      add(.power, bike.power.map { Double(max(0, $0)) }, .trainer)
      add(.heartRate, bike.heartRate.map(Double.init), .trainer)
      add(.cadence, bike.cadenceRevolutionsPerMinute, .trainer)
      add(.speed, bike.speedKilometresPerHour.map { $0 / 3.6 * 1000 }, .trainer)
    }
    for (figure, reading) in out {
      latest[Key(figure: figure, source: reading.source)] = reading
      gives.insert(figure)
      if figure == .power { powerWindow.append(reading) }
    }
    powerWindow.removeAll { $0.at + SensorsFeature.averageSpan <= at }
    return out
  }

  /// The connection went: its counters start over when it comes back.
  mutating func lose() {
    connected = false
    crank.reset()
    cscWheel.reset()
    powerCrank.reset()
    powerWheel.reset()
  }
}
