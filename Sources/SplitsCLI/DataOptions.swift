import ArgumentParser
import Foundation
import SplitsStore

/// `--data-dir`: where the journal lives. Shared by every command that touches the data.
struct DataOptions: ParsableArguments {
  @Option(
    name: .customLong("data-dir"), help: ArgumentHelp(
      "Directory of the ride journal (default: $SPLITS_DATA_DIR, else $XDG_DATA_HOME/splits, else ~/.local/share/splits).",
      valueName: "dir"))
  var dataDir: String?

  /// The data directory, resolved against the environment.
  func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    Self.directory(option: dataDir, environment: environment)
  }

  static func directory(option: String?, environment: [String: String]) -> String {
    if let resolved = DataLocation.directory(option: option, environment: environment) { return resolved }
    // No HOME: fall back to the user database's home directory.
    return FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share/splits"
  }
}

/// Runs `body`, turning journal errors into their message on standard error and exit 1,
/// and a busy screen lock into its message and exit 2.
func withJournalErrors<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as JournalError {
    printError("splits: " + error.description)
    throw ExitCode(1)
  } catch let held as ScreenLock.Held {
    printError("splits: " + held.description)
    throw ExitCode(2)
  }
}
