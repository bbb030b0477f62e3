import SplitsCore
import Synchronization

/// The ride screen's key line as last made (`RideView.helpLine`), by everything it is made from:
/// which keys do something now (the phase, the help shown, a lap to undo, a comparison or a
/// route segment to choose), the width, and whose words (language, sport). It changes only with
/// one of these, and a frame drawn for a key would otherwise make it again. One per screen, kept
/// with its options (`ViewOptions.keyLine`).
final class KeyLineMemo: Sendable {
  struct Key: Equatable {
    var phase: Ride.Phase
    var helpShown: Bool
    var hasLaps: Bool
    var canCompare: Bool
    var canSkip: Bool
    var columns: Int
    var language: Language
    var sport: Sport

    init(_ state: RideScreenState, columns: Int, options: ViewOptions) {
      phase = state.phase
      helpShown = state.chrome.showingHelp
      hasLaps = state.canUndo
      canCompare = state.canCompare
      canSkip = state.route.canSkip(state.clock.ride)
      self.columns = columns
      language = options.language
      sport = options.sport
    }
  }

  private let last = Mutex<(key: Key, line: String)?>(nil)

  /// The line for `key`, made by `make` when it is not the last one made.
  func line(_ key: Key, make: () -> String) -> String {
    if let kept = last.withLock({ $0?.key == key ? $0?.line : nil }) { return kept }
    let made = make()
    last.withLock { $0 = (key, made) }
    return made
  }
}
