import ArgumentParser
import Foundation
import SplitsOutput
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

/// `--data-dir`: where the journal lives. Shared by every command that touches the data.
struct DataOptions: ParsableArguments {
  @Option(
    name: .customLong("data-dir"), help: ArgumentHelp(
      "Directory of the ride journal (default: $SPLITS_DATA_DIR, else $XDG_DATA_HOME/splits, else ~/.local/share/splits).",
      valueName: "dir"))
  var dataDir: String?

  @Flag(
    name: .customLong("insecure-data-dir"),
    help: """
      Use the data directory even when another user owns it or may write in it (refused \
      otherwise, as ssh refuses such a ~/.ssh).
      """)
  var insecureDataDir = false

  /// The data directory, resolved against the environment.
  func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    Self.directory(option: dataDir, environment: environment)
  }

  /// The data directory, resolved and checked (`checkedDirectory(option:…)`).
  func checkedDirectory(
    creating: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ExitCode) -> String {
    try Self.checkedDirectory(option: dataDir, insecure: insecureDataDir, creating: creating, environment: environment)
  }

  /// The data directory, resolved against the environment, and the user's alone
  /// (`DataPrivacy`): otherwise its message on standard error, naming the path and what to
  /// `chmod` or `chown`, and exit 2. `creating` (the commands that write) makes it first
  /// (mode 0700) when it is missing, so that the directory checked is the one used; a data
  /// directory that cannot be made is its message and exit 1.
  static func checkedDirectory(
    option: String?, insecure: Bool, creating: Bool, environment: [String: String]
  ) throws(ExitCode) -> String {
    let directory = directory(option: option, environment: environment)
    if creating {
      do {
        try DataPrivacy.makeDirectory(directory)
      } catch {
        printError("splits: \(error)")
        throw ExitCode(1)
      }
    }
    do {
      try DataPrivacy.check(directory: directory, insecure: insecure)
    } catch {
      printError("splits: " + error.description)
      throw ExitCode(2)
    }
    return directory
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
