/// Revolutions per minute from one cumulative counter (a crank's or a wheel's), fed each
/// packet's revolutions and event time with the packet's arrival on the monotonic clock.
///
/// - Both counters wrap: the revolutions at `revolutionWrap` (2¹⁶ for a crank, 2³² for a
///   wheel), the event time at 2¹⁶ ticks; a difference is taken modulo each.
/// - An unchanged event time (no revolution since the last packet) keeps the last rate for
///   two packets, then gives 0: the rider has stopped.
/// - Packets arriving further apart than the event time's wrap (64 s in 1/1024 s, 32 s in
///   1/2048 s) after the last revolution cannot be told apart from a wrapped counter, so the
///   counter starts over: no rate until the next revolution, rather than a delta invented from
///   an unknown number of wraps. Packets that only repeat the last event time are not a gap.
public struct RevolutionRate: Equatable, Sendable {
  /// How a source counts: its revolutions' wrap and its event time's ticks per second.
  public struct Counter: Equatable, Sendable {
    public var revolutionWrap: UInt64
    public var ticksPerSecond: UInt64

    public init(revolutionWrap: UInt64, ticksPerSecond: UInt64) {
      self.revolutionWrap = revolutionWrap
      self.ticksPerSecond = ticksPerSecond
    }

    /// A crank (speed and cadence sensor, power meter): u16 revolutions, 1/1024 s.
    public static let crank = Counter(revolutionWrap: 1 << 16, ticksPerSecond: 1024)
    /// A speed sensor's wheel: u32 revolutions, 1/1024 s.
    public static let sensorWheel = Counter(revolutionWrap: 1 << 32, ticksPerSecond: 1024)
    /// A power meter's wheel: u32 revolutions, 1/2048 s.
    public static let powerWheel = Counter(revolutionWrap: 1 << 32, ticksPerSecond: 2048)

    /// The event time's wrap in nanoseconds: 2¹⁶ ticks.
    public var wrapNanoseconds: Int64 { Int64((UInt64(1) << 16) * 1_000_000_000 / ticksPerSecond) }
  }

  /// A packet kept as the base of the next difference.
  private struct Reading: Equatable, Sendable {
    var revolutions: UInt64
    var eventTime: UInt64
    var arrival: Int64
  }

  public let counter: Counter
  private var base: Reading?
  /// The packets since the event time last moved.
  private var unchanged = 0
  /// The rate last given; nil before the first difference.
  public private(set) var revolutionsPerMinute: Double?

  public init(_ counter: Counter) { self.counter = counter }

  /// Takes one packet and gives the rate now (nil until one is known).
  @discardableResult
  public mutating func feed(revolutions: UInt32, eventTime: UInt16, arrivalNanoseconds: Int64) -> Double? {
    let reading = Reading(
      revolutions: UInt64(revolutions) % counter.revolutionWrap, eventTime: UInt64(eventTime),
      arrival: arrivalNanoseconds)
    guard let base else {
      restart(reading)
      return nil
    }
    // No new revolution (or revolutions without a new event time): the base stays, so the
    // next revolution's difference is whole. However long ago it came, a stopped crank is
    // still stopped, so this holds across any gap.
    if reading.eventTime == base.eventTime {
      unchanged += 1
      if unchanged > 2 { revolutionsPerMinute = 0 }
      return revolutionsPerMinute
    }
    if startsOver(from: base, at: arrivalNanoseconds) {
      restart(reading)
      return nil
    }
    let ticks = (reading.eventTime &+ (1 << 16) &- base.eventTime) % (1 << 16)
    let revolutionsDone = (reading.revolutions &+ counter.revolutionWrap &- base.revolutions) % counter.revolutionWrap
    revolutionsPerMinute = Double(revolutionsDone) * 60 * Double(counter.ticksPerSecond) / Double(ticks)
    unchanged = 0
    self.base = reading
    return revolutionsPerMinute
  }

  /// Forgets every packet: the next one is a first one.
  public mutating func reset() {
    base = nil
    unchanged = 0
    revolutionsPerMinute = nil
  }

  /// Whether a packet arriving at `arrival` is too far from `base` (or before it) to be
  /// compared with it.
  private func startsOver(from base: Reading, at arrival: Int64) -> Bool {
    let (gap, overflow) = arrival.subtractingReportingOverflow(base.arrival)
    return overflow || gap < 0 || gap > counter.wrapNanoseconds
  }

  private mutating func restart(_ reading: Reading) {
    base = reading
    unchanged = 0
    revolutionsPerMinute = nil
  }
}

/// A wheel's speed from its counter and its circumference.
public struct WheelSpeed: Equatable, Sendable {
  /// 700x25c: 2105 mm.
  public static let defaultCircumferenceMillimetres = 2105

  public private(set) var rate: RevolutionRate
  public var circumferenceMillimetres: Int

  public init(_ counter: RevolutionRate.Counter, circumferenceMillimetres: Int = defaultCircumferenceMillimetres) {
    rate = RevolutionRate(counter)
    self.circumferenceMillimetres = circumferenceMillimetres
  }

  /// Takes one packet and gives the speed now in metres per second (nil until one is known).
  @discardableResult
  public mutating func feed(revolutions: UInt32, eventTime: UInt16, arrivalNanoseconds: Int64) -> Double? {
    rate.feed(revolutions: revolutions, eventTime: eventTime, arrivalNanoseconds: arrivalNanoseconds)
    return metresPerSecond
  }

  public var metresPerSecond: Double? {
    rate.revolutionsPerMinute.map { $0 / 60 * Double(circumferenceMillimetres) / 1000 }
  }

  public var kilometresPerHour: Double? { metresPerSecond.map { $0 * 3.6 } }

  public mutating func reset() { rate.reset() }
}
