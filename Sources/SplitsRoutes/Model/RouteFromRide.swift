/// A route made from a finished ride: its laps become the segments (`Lap 1` …) and the ride
/// its first complete attempt, recorded as a timer would record it: attempt 1 in the history,
/// each lap its segment's time and best, the splits the personal best. Pure.
public enum RouteFromRide {
  public static func route(name: String, lapMilliseconds laps: [Int64]) -> Route {
    var route = Route(name: name, segmentNames: laps.indices.map { "Lap \($0 + 1)" })
    var split = Duration.zero
    for (index, lap) in laps.enumerated() {
      let time = RouteTime(real: .milliseconds(lap))
      split += .milliseconds(lap)
      route.segments[index].bestSegment = time
      route.segments[index].setHistory(1, time)
      route.segments[index].personalBestSplit = RouteTime(real: split)
    }
    route.attemptCount = 1
    route.attemptHistory = [RouteAttempt(index: 1, time: RouteTime(real: split))]
    return route
  }
}
