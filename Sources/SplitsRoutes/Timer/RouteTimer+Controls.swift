/// livesplit-core's timer controls built on the others: pause toggles and the choice of the
/// comparison. Pure.
extension RouteTimer {
  /// Pauses a running attempt or resumes a paused one.
  @discardableResult
  public mutating func togglePause() throws(RouteTimerError) -> RouteTimerEvent {
    switch phase {
    case .running: try pause()
    case .paused: try resume()
    case .notRunning: throw .noRunInProgress
    case .ended: throw .runFinished
    }
  }

  /// Toggles the pause, or starts an attempt if none is under way.
  @discardableResult
  public mutating func togglePauseOrStart(at date: AttemptDate? = nil) throws(RouteTimerError) -> RouteTimerEvent {
    phase == .notRunning ? try start(at: date) : try togglePause()
  }

  /// Compares with another of the route's comparisons.
  @discardableResult
  public mutating func setCurrentComparison(_ name: String) throws(RouteTimerError) -> RouteTimerEvent {
    guard comparisons.names.contains(name) else { throw .comparisonDoesntExist }
    currentComparison = name
    return .comparisonChanged
  }

  /// Compares with the next comparison in the route's list, wrapping.
  public mutating func switchToNextComparison() { currentComparison = comparisons.next(after: currentComparison) }

  /// Compares with the previous comparison in the route's list, wrapping.
  public mutating func switchToPreviousComparison() {
    let names = comparisons.names
    guard let i = names.firstIndex(of: currentComparison) else { return }
    currentComparison = names[(i + names.count - 1) % names.count]
  }
}
