import SplitsCore

/// How a screen is drawn, decided once from the command line and the environment.
public struct ViewOptions: Equatable, Sendable {
  /// The time as text instead of big digits.
  public var plain: Bool
  public var colors: Bool
  public var language: Language { didSet { kept = Kept(.of(language, sport: sport)) } }
  /// Whose words the strings are: a running ride's are a run's (`Run 4`). The ride and
  /// workout screens set it from their state.
  public var sport: Sport = .biking { didSet { kept = Kept(.of(language, sport: sport)) } }
  /// The language's strings for the sport, kept with the options: a frame reads them in every
  /// widget.
  public var strings: Strings { kept.strings }
  /// The strings behind one reference: a `Strings` is a hundred texts, and the options are
  /// copied with the program at every tick's look-ahead (one retain instead of a hundred).
  private var kept: Kept
  /// Texts this screen's frames made (laps' rows, the key line, the title), shared by every
  /// copy of these options: not part of how the screen is drawn, only of how fast.
  private(set) var memos = RenderMemos()

  private final class Kept: Sendable {
    let strings: Strings
    init(_ strings: Strings) { self.strings = strings }
  }

  public init(plain: Bool = false, colors: Bool = true, language: Language = .en) {
    self.plain = plain
    self.colors = colors
    self.language = language
    kept = Kept(.of(language, sport: .biking))
  }

  public static func == (a: ViewOptions, b: ViewOptions) -> Bool {
    a.plain == b.plain && a.colors == b.colors && a.language == b.language && a.sport == b.sport
  }

  /// These options with memos of their own, shared with nothing: for a copy of a screen whose
  /// frames must leave this one's memos as they are (the first keys' rehearsal).
  public func withOwnMemos() -> ViewOptions {
    var options = self
    options.memos = RenderMemos()
    return options
  }

  public var workoutStrings: WorkoutStrings { .of(language) }

  /// `style` with its colour, or without when colour is off.
  public func colored(_ color: Color, _ style: Style = .plain) -> Style {
    var out = style
    out.color = colors ? color : nil
    return out
  }
}
