import SplitsRoutes

/// LiveSplit Server's queries answered from the ride screen's state, in the words LiveSplit's
/// `CommandServer` sends back: times as .NET's `TimeSpan` "c" format (`[-][d.]hh:mm:ss[.fffffff]`),
/// phases `NotRunning`, `Running`, `Paused`, `Ended`, and `-` where there is no value.
///
/// The timer is the ride's moving time (LiveSplit's real time, which leaves its pauses out
/// too); the splits are a route's segments, or a plain ride's laps. LiveSplit's `Ended` is a
/// route's attempt complete, the clock stopped at its last split.
public enum LiveSplitAnswer {
  public static func answer(_ query: RemoteCommand, state: RideScreenState) -> String {
    let attempt = state.route.attempt(state.clock.ride)
    let analysis = attempt.map { RouteAnalysis($0, at: RouteTime(real: state.moving)) }
      ?? state.route.timer.map { RouteAnalysis($0) }
    let started = state.phase == .running || state.phase == .paused
    switch query {
    case .ping:
      return "pong"
    case .getcurrenttimerphase:
      return phase(state)
    case .getcurrenttime:
      return time(started ? state.moving : .zero)
    case .getsplitindex:
      guard started else { return "-1" }
      guard state.route.timer != nil else { return String(state.clock.ride.splits.count) }
      return String(attempt?.splitIndex ?? -1)
    case .getcurrentsplitname:
      guard started else { return "-" }
      return attempt?.currentSegment?.name ?? "-"
    case .getdelta:
      guard started else { return "-" }
      guard let attempt, let analysis else { return time(plainDelta(state)) }
      let name = state.route.comparisonName
      if attempt.phase == .ended { return time(analysis.delta(name, .real).delta) }
      return time(attempt.currentSplitIndex.flatMap { analysis.lastDelta($0, name, .real) })
    case .getbestpossibletime:
      return time(analysis?.currentPace(RouteComparisons.bestSegments, .real).pace)
    case .getpossibletimesave:
      guard let analysis else { return "-" }
      let from = attempt.flatMap { $0.phase == .ended ? nil : $0.currentSplitIndex } ?? (attempt == nil ? 0 : nil)
      guard let from else { return time(.zero) }
      return time(analysis.totalPossibleTimeSave(from: from, state.route.comparisonName, .real).save)
    default:
      return "-"
    }
  }

  /// LiveSplit's timer phase: a ride not yet started (or counting down) is `NotRunning`, a
  /// paused ride whose route attempt is complete `Ended`.
  static func phase(_ state: RideScreenState) -> String {
    switch state.phase {
    case .ready, .countdown: return "NotRunning"
    case .running: return "Running"
    case .paused: return state.route.timer != nil && state.route.isComplete(state.clock.ride) ? "Ended" : "Paused"
    }
  }

  /// A plain ride's delta at its last lap against the comparison shown (LiveSplit's last
  /// delta: the latest split with a comparison time).
  static func plainDelta(_ state: RideScreenState) -> Duration? {
    guard let live = state.liveComparison else { return nil }
    for number in stride(from: state.clock.ride.splits.count, through: 1, by: -1) {
      if let delta = live.delta(lap: number, shownSplit: state.clock.ride.splits[number - 1], precision: .cs) {
        return delta
      }
    }
    return nil
  }

  /// `time` as .NET's `TimeSpan.ToString("c")`: `[-][d.]hh:mm:ss[.fffffff]`, in ticks of
  /// 100 ns truncated toward zero, the fraction only when it is not zero; `-` for none.
  public static func time(_ time: Duration?) -> String {
    guard let time else { return "-" }
    let negative = time < .zero
    let magnitude = negative ? .zero - time : time
    let (seconds, attoseconds) = magnitude.components
    let ticks = attoseconds / 100_000_000_000
    let days = seconds / 86_400
    var text = negative ? "-" : ""
    if days > 0 { text += "\(days)." }
    text += two(seconds / 3_600 % 24) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60)
    if ticks > 0 {
      let digits = String(ticks)
      text += "." + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }
    return text
  }

  private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
