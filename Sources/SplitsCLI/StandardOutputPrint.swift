import ArgumentParser
import SplitsOutput

/// What a command prints, ending the command when standard output cannot take it.
extension StandardOutput {
  /// Writes `text` and `terminator` whole, or ends the command: `ExitCode(0)` when the
  /// reader is gone, `ExitCode(1)` (after saying why) on any other failure.
  public static func print(_ text: String, terminator: String = "\n") throws(ExitCode) {
    try print(bytes: Array((text + terminator).utf8))
  }

  /// `print` for bytes (an export's file).
  public static func print(bytes: [UInt8]) throws(ExitCode) {
    guard let error = write(bytes) else { return }
    throw ExitCode(status(after: error))
  }
}
