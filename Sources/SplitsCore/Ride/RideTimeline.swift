extension RestoredRide {
  /// The stretches the ride's clock ran, oldest first: from a start (or the end of the
  /// pre-start countdown) or a resume, to a pause, the finish, or the instant the ride is
  /// read at for one still running.
  public var runningStretches: [ClosedRange<Instant>] {
    var fold = Ride(number: ride.number)
    var stretches: [ClosedRange<Instant>] = []
    var since: Instant?
    func observe(_ now: Instant) {
      guard fold.runningSince != since else { return }
      if let since { stretches.append(since...max(since, now)) }
      since = fold.runningSince
    }
    for event in events {
      fold.advance(to: event.at)
      observe(event.at)
      fold.apply(event)
      observe(event.at)
    }
    fold.advance(to: at)
    observe(at)
    if let since { stretches.append(since...max(since, at)) }
    return stretches
  }
}

extension RideFigures {
  /// A stretch of the ride's clock running, in milliseconds since the ride's start:
  /// `startElapsed` to `endElapsed` on the elapsed line, beginning at `movingBefore` of
  /// moving time.
  public struct Stretch: Equatable, Sendable {
    public var startElapsed: Int64
    public var endElapsed: Int64
    public var movingBefore: Int64

    public init(startElapsed: Int64, endElapsed: Int64, movingBefore: Int64) {
      self.startElapsed = startElapsed
      self.endElapsed = endElapsed
      self.movingBefore = movingBefore
    }

    public var movingAfter: Int64 { movingBefore + (endElapsed - startElapsed) }
  }

  /// A piece of a lap within one running stretch: where a track of the exports begins and
  /// ends, on both lines.
  public struct Piece: Equatable, Sendable {
    public var fromMoving: Int64
    public var toMoving: Int64
    public var fromElapsed: Int64
    public var toElapsed: Int64

    public init(fromMoving: Int64, toMoving: Int64, fromElapsed: Int64, toElapsed: Int64) {
      self.fromMoving = fromMoving
      self.toMoving = toMoving
      self.fromElapsed = fromElapsed
      self.toElapsed = toElapsed
    }
  }

  /// The running stretches of `restored` as `Stretch`es: elapsed times from its start,
  /// truncated to the millisecond, the moving time before each the sum of those before it.
  static func stretches(of restored: RestoredRide) -> [Stretch] {
    guard let first = restored.ride.firstStart else { return [] }
    var out: [Stretch] = []
    var moving: Int64 = 0
    for range in restored.runningStretches {
      let start = (range.lowerBound - first).clampedToZero.milliseconds
      let end = max(start, (range.upperBound - first).clampedToZero.milliseconds)
      out.append(Stretch(startElapsed: start, endElapsed: end, movingBefore: moving))
      moving += end - start
    }
    return out
  }

  /// The elapsed time (ms since the start) at which the moving time reached `moving` ms:
  /// within the stretch that holds it (the earliest, at a pause: a lap ended as the ride
  /// paused ends there, not at the resume).
  public func elapsed(atMoving moving: Int64) -> Int64 {
    guard let last = stretches.last else { return moving }
    for stretch in stretches where moving <= stretch.movingAfter {
      return stretch.startElapsed + max(0, moving - stretch.movingBefore)
    }
    return last.endElapsed
  }

  /// The moving stretch `from`…`to` (ms) cut at every pause: one piece per running stretch
  /// it crosses, empty pieces left out unless the whole range is empty.
  public func pieces(fromMoving from: Int64, toMoving to: Int64) -> [Piece] {
    var out: [Piece] = []
    for stretch in stretches {
      let lower = max(from, stretch.movingBefore)
      let upper = min(to, stretch.movingAfter)
      guard lower < upper else { continue }
      out.append(
        Piece(
          fromMoving: lower, toMoving: upper, fromElapsed: stretch.startElapsed + (lower - stretch.movingBefore),
          toElapsed: stretch.startElapsed + (upper - stretch.movingBefore)))
    }
    if out.isEmpty {
      let at = elapsed(atMoving: from)
      out.append(Piece(fromMoving: from, toMoving: max(from, to), fromElapsed: at, toElapsed: at))
    }
    return out
  }

  /// A ride's track has a point a second up to this many points: 48 hours of moving time.
  /// A longer ride (a damaged journal's can reach a hundred years) has a point every so many
  /// whole seconds of moving time, the fewest that keep it this short, so that no export
  /// runs for ever.
  public static let pointsAtOneASecond: Int64 = 172_800

  /// The moving time between two points of the ride's track, in ms: a second, or the
  /// fewest whole seconds that keep the track within `pointsAtOneASecond` points.
  public var trackSpacing: Int64 {
    let seconds = max(0, movingMilliseconds) / 1000
    return max(1, (seconds + Self.pointsAtOneASecond - 1) / Self.pointsAtOneASecond) * 1000
  }

  /// The instants a track of `piece` has a point at, in ms of elapsed time since the start:
  /// its first and last instant and every whole second of moving time between them (every
  /// `trackSpacing` for a ride longer than 48 hours). The TCX track and FIT's records.
  public func trackpoints(_ piece: Piece) -> [Int64] {
    let spacing = trackSpacing
    var points = [piece.fromElapsed]
    var mark = (piece.fromMoving / spacing + 1) * spacing
    while mark < piece.toMoving {
      points.append(piece.fromElapsed + (mark - piece.fromMoving))
      mark += spacing
    }
    if piece.toElapsed > piece.fromElapsed { points.append(piece.toElapsed) }
    return points
  }
}
