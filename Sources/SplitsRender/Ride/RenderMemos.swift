import SplitsCore
import Synchronization

/// Texts a ride screen's frames make again and again, kept by everything each is made from, so
/// that a frame drawn with them is the frame drawn without (`RenderMemosTests`): a frame drawn
/// for a key is drawn whole, and most of it is what the frame before showed. One set per
/// screen, kept with its options (`ViewOptions.memos`) and shared by their copies (the
/// look-ahead's too); not part of how the screen is drawn, only of how fast.
final class RenderMemos: Sendable {
  /// The recorded laps' rows (`LapColumns.row`).
  let lapRows = LapRowMemo()
  /// The key line (`RideView.helpLine`).
  let keyLine = LastMade<KeyLineKey, String>()
  /// The title and whether the state fits beside it (`RideView.title`).
  let title = LastMade<TitleKey, RideView.Title>()
  /// The lap table's line of laps left out (`Strings.earlierLapsFormat`).
  let earlierLaps = LastMade<EarlierLapsKey, String>()

}

/// The last value made, by the key it was made from.
final class LastMade<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  private let last = Mutex<(key: Key, value: Value)?>(nil)

  /// The value for `key`, made by `make` when it is not the last one made.
  func value(_ key: Key, make: () -> Value) -> Value {
    if let kept = last.withLock({ $0?.key == key ? $0?.value : nil }) { return kept }
    let made = make()
    last.withLock { $0 = (key, made) }
    return made
  }
}

/// What the key line is made from: which keys do something now (the phase, the help shown, a
/// lap to undo, a comparison or a route segment to choose), the width, and whose words.
struct KeyLineKey: Equatable, Sendable {
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
    canSkip = state.route.isTimed && state.route.canSkip(state.clock.ride)
    self.columns = columns
    language = options.language
    sport = options.sport
  }
}

/// What the title is made from: the ride's number and name, the workout it follows (its name,
/// or none given), the width of the state beside it, the screen's width, and whose words.
struct TitleKey: Equatable, Sendable {
  var number: Int
  var rideName: String?
  var following: Bool
  var workoutName: String?
  var labelColumns: Int
  var width: Int
  var language: Language
  var sport: Sport

  init(_ state: RideScreenState, labelColumns: Int, width: Int, options: ViewOptions) {
    number = state.clock.ride.number
    rideName = state.comparison.rideName
    following = state.following.isFollowing
    workoutName = following ? state.following.run?.plan.name : nil
    self.labelColumns = labelColumns
    self.width = width
    language = options.language
    sport = options.sport
  }
}

/// What the line of laps left out is made from: how many, in whose words.
struct EarlierLapsKey: Equatable, Sendable {
  var count: Int
  var language: Language
  var sport: Sport
}

/// The recorded laps' rows as `LapColumns.row` made them, by everything a row is made from (the
/// lap as shown, the columns, the precision): a recorded lap's row never changes while these
/// stay. One slot per lap number modulo `slots` (no hashing: a row is found where its number
/// says, and kept if its key is the one asked for); the newest laps and the best and worst a
/// table shows are far fewer than `slots`.
final class LapRowMemo: Sendable {
  struct Key: Equatable, Sendable {
    var row: LapRow
    var columns: LapColumns
    var precision: Precision
  }

  static let slots = 256
  private let kept = Mutex([(key: Key, text: String)?](repeating: nil, count: LapRowMemo.slots))

  /// The row for `key`, made by `make` when it is not kept.
  func row(_ key: Key, make: () -> String) -> String {
    let slot = Int(UInt(bitPattern: key.row.number) % UInt(Self.slots))
    if let text = kept.withLock({ $0[slot].flatMap { $0.key == key ? $0.text : nil } }) { return text }
    let made = make()
    kept.withLock { $0[slot] = (key, made) }
    return made
  }

  /// How many rows are kept now (for the tests of the bound).
  var count: Int { kept.withLock { $0.lazy.filter { $0 != nil }.count } }
}
