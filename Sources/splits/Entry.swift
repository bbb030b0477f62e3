import ArgumentParser
import Foundation
import SplitsCLI

/// The only place the process exits. Bad usage exits 2 (the contract), not argument-parser's 64.
///
/// `main` is synchronous and on the main actor: a full-screen command runs its loop on this
/// thread (`MainLoop`, the main run loop). An async `main` would hand the main queue to
/// libdispatch's worker threads for the rest of the process.
@main
enum Entry {
  @MainActor
  static func main() {
    // `splits status` (called every few seconds by status bars) and `splits` itself (where
    // start-up counts) skip argument-parser in their plain forms: SplitsCLI/QuickParse.swift.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let status = QuickStatus.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    if let status = QuickRide.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    do {
      var command = try SplitsCommand.parseAsRoot()
      try command.run()
    } catch {
      if SplitsCommand.exitCode(for: error) == .validationFailure {
        let message = SplitsCommand.fullMessage(for: error)
        FileHandle.standardError.write(Data((message + "\n").utf8))
        SplitsCommand.exit(withError: ExitCode(2))
      }
      SplitsCommand.exit(withError: error)
    }
  }
}
