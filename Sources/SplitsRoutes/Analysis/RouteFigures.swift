/// A route's records in one timing method, as `route show` gives them: the attempt count, the
/// complete attempts, the personal best, the sum of best and the possible time save against the
/// personal best, in total and per segment. Pure.
public struct RouteFigures: Equatable, Sendable {
  public struct Segment: Equatable, Sendable {
    public var name: String
    public var personalBestSplit: Duration?
    public var bestSegment: Duration?
    public var possibleTimeSave: Duration?
  }

  public var method: TimingMethod
  public var attempts: Int
  public var completed: Int
  public var personalBest: Duration?
  public var sumOfBest: Duration?
  public var possibleTimeSave: Duration?
  public var segments: [Segment]

  /// The figures of a route between attempts (nil for a route with no segments).
  public init?(route: Route, method: TimingMethod = .real) {
    guard let timer = RouteTimer(route: route, timingMethod: method) else { return nil }
    self.init(timer: timer, method: method)
  }

  /// The figures of a timer's route (its attempt under way left out of the records).
  public init(timer: RouteTimer, method: TimingMethod) {
    let analysis = RouteAnalysis(timer)
    let pb = RouteSegment.personalBest
    self.method = method
    attempts = timer.route.attemptCount
    completed = timer.route.attemptHistory.filter { $0.time[method] != nil }.count
    personalBest = analysis.personalBest(method)
    sumOfBest = analysis.sumOfBest(method)
    possibleTimeSave = personalBest == nil ? nil : analysis.totalPossibleTimeSave(pb, method).save
    segments = timer.route.segments.indices.map { s in
      let segment = timer.route.segments[s]
      return Segment(
        name: segment.name, personalBestSplit: segment.personalBestSplit[method],
        bestSegment: segment.bestSegment[method],
        possibleTimeSave: analysis.possibleTimeSave(s, pb, live: false, method).save)
    }
  }
}
