/// A workout as the journal keeps it with its ride: the text it was read from (a text
/// workout or a `.zwo` file, as it was) and where that came from.
public struct WorkoutSource: Equatable, Hashable, Sendable {
  public var text: String
  /// The file's name (a saved workout's name, a path as given); nil for inline text.
  public var fileName: String?

  public init(text: String, fileName: String? = nil) {
    self.text = text
    self.fileName = fileName
  }
}
