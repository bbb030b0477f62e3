/// The remembered Bluetooth sensors on the ride screen: each one's link (connected or lost,
/// its readings), the figures shown from them, and the second of moving time being sampled
/// for the journal (`SensorSampling`).
///
/// A reading is shown for `staleness` (3 s) after it was heard and not after: a sensor that
/// stops sending without saying so leaves a dash, never a figure it no longer measures.
/// Power is shown twice: the mean of the power readings heard in the last `averageSpan` (3
/// s) and the latest reading.
public struct SensorsFeature: Equatable, Sendable {
  /// How long a reading stays a figure on screen.
  public static let staleness = Duration.seconds(3)
  /// The span of the power average.
  public static let averageSpan = Duration.seconds(3)

  /// The sensors heard from, by address.
  public var links: [String: SensorLink] = [:]
  /// The second of moving time being sampled, and what it heard so far.
  public var sampling = SensorSampling()
  /// The samples of the ride on screen so far (the journal's, then this screen's): its
  /// figures in the summary after `r`.
  public var rideSamples: [SensorSample] = []
  /// The rider's FTP in watts (`splits config ftp`): a workout's target watts when the
  /// workout names none.
  public var ftp: Int?

  public init(ftp: Int? = nil) { self.ftp = ftp }

  /// What the screen shows of one figure.
  public enum Shown: Equatable, Sendable {
    case value(Int)
    /// A connected sensor gives it, but nothing was heard in the last 3 s.
    case stale
    /// Only a lost sensor gave it.
    case lost
  }

  /// The figures shown at `now`; nil for a figure no sensor gives.
  public struct Figures: Equatable, Sendable {
    public var powerAverage: Shown?
    public var power: Shown?
    public var heartRate: Shown?
    public var cadence: Shown?
    public var speed: Shown?

    public init(
      powerAverage: Shown? = nil, power: Shown? = nil, heartRate: Shown? = nil, cadence: Shown? = nil,
      speed: Shown? = nil
    ) {
      self.powerAverage = powerAverage
      self.power = power
      self.heartRate = heartRate
      self.cadence = cadence
      self.speed = speed
    }

    /// Whether nothing is shown.
    public var isEmpty: Bool { self == Figures() }
  }

  /// The reading of `figure` shown at `now`: among connected sensors' readings heard less
  /// than `staleness` ago, the one whose source ranks first, then the lowest address.
  public func chosen(_ figure: SensorFigure, at now: Instant) -> (address: String, reading: SensorReading)? {
    var best: (rank: Int, address: String, reading: SensorReading)?
    for (address, link) in links where link.connected {
      for (key, reading) in link.latest where key.figure == figure && Self.isFresh(reading, at: now) {
        guard let rank = reading.source.rank(for: figure) else { continue }
        if let current = best, (current.rank, current.address) <= (rank, address) { continue }
        best = (rank, address, reading)
      }
    }
    return best.map { ($0.address, $0.reading) }
  }

  static func isFresh(_ reading: SensorReading, at now: Instant) -> Bool {
    reading.at <= now && now < reading.at + staleness
  }

  /// What `figure` shows when nothing fresh gives it.
  private func absence(_ figure: SensorFigure) -> Shown? {
    if links.values.contains(where: { $0.connected && $0.gives.contains(figure) }) { return .stale }
    if links.values.contains(where: { !$0.connected && $0.gives.contains(figure) }) { return .lost }
    return nil
  }

  /// The figures shown at `now`.
  public func figures(at now: Instant) -> Figures {
    func shown(_ figure: SensorFigure) -> Shown? {
      chosen(figure, at: now).map { .value($0.reading.value) } ?? absence(figure)
    }
    var out = Figures(
      power: shown(.power), heartRate: shown(.heartRate), cadence: shown(.cadence), speed: shown(.speed))
    out.powerAverage = powerAverage(at: now).map(Shown.value) ?? absence(.power)
    return out
  }

  /// The mean of the chosen power source's readings heard in the last 3 s, rounded.
  public func powerAverage(at now: Instant) -> Int? {
    guard let (address, reading) = chosen(.power, at: now), let link = links[address] else { return nil }
    let window = link.powerWindow.filter { $0.source == reading.source && Self.isFresh($0, at: now) }
    guard !window.isEmpty else { return nil }
    return Int((Double(window.reduce(0) { $0 + $1.value }) / Double(window.count)).rounded())
  }

  /// The next instant after `now` at which a figure shown can change without input: a
  /// reading going stale, or leaving the power average when that moves the average (a steady
  /// 200 W at 4 Hz is not a candidate every 0.25 s, each rendered to find nothing changed).
  /// Nil when no reading is fresh.
  public func nextCandidate(now: Instant) -> Instant? {
    // Asked on every tick of the look-ahead: a ride without sensors makes no array for it.
    guard !links.isEmpty else { return nil }
    var next: Instant?
    for link in links.values where link.connected {
      for reading in link.latest.values {
        let goes = reading.at + Self.staleness
        if goes > now, next.map({ goes < $0 }) ?? true { next = goes }
      }
    }
    return averageMoves(after: now, before: next) ?? next
  }

  /// The first instant after `now` and before `limit` at which a power reading leaving the
  /// window changes the 3 s average. Until `limit` (the first reading going stale) the power
  /// source chosen stays, so the average changes only as readings leave.
  func averageMoves(after now: Instant, before limit: Instant?) -> Instant? {
    let shown = powerAverage(at: now)
    let leaving = links.values.filter(\.connected).flatMap { $0.powerWindow.map { $0.at + Self.staleness } }
    return Set(leaving).sorted().first { goes in
      goes > now && (limit.map { goes < $0 } ?? true) && powerAverage(at: goes) != shown
    }
  }
}
