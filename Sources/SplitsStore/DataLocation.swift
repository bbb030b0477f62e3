/// Where the data lives: `--data-dir`, else `$SPLITS_DATA_DIR`, else
/// `$XDG_DATA_HOME/splits`, else `~/.local/share/splits`. Empty values count as unset, and
/// a relative `XDG_DATA_HOME` is ignored, as the XDG specification asks.
public enum DataLocation {
  /// The file name of the journal inside the data directory.
  public static let journalFileName = "splits.sqlite"
  /// The file name of the screen lock inside the data directory.
  public static let lockFileName = "splits.lock"
  /// The file name of the mark of the journal as a writer left it on closing (`CheckedMark`).
  public static let checkedMarkName = "splits.checked"
  /// The file name of the open screen's control socket (`splits lap` from another shell).
  public static let controlSocketName = "control.sock"

  public static func directory(option: String?, environment: [String: String]) -> String? {
    if let option, !option.isEmpty { return option }
    if let dir = environment["SPLITS_DATA_DIR"], !dir.isEmpty { return dir }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return join(xdg, "splits") }
    if let home = environment["HOME"], !home.isEmpty { return join(home, ".local/share/splits") }
    return nil
  }

  public static func journalPath(in directory: String) -> String { join(directory, journalFileName) }
  public static func lockPath(in directory: String) -> String { join(directory, lockFileName) }
  public static func checkedMarkPath(in directory: String) -> String { join(directory, checkedMarkName) }

  public static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
