/// The language of every label and message.
public enum Language: String, CaseIterable, Sendable {
  case en, ko

  /// The language a locale environment asks for: the first of `LC_ALL`, `LC_MESSAGES`,
  /// `LANG` that is set and not empty decides; a `ko` locale means Korean, anything else
  /// English.
  public static func from(environment: [String: String]) -> Language {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[name], !value.isEmpty {
        return value.lowercased().hasPrefix("ko") ? .ko : .en
      }
    }
    return .en
  }
}
