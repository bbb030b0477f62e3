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
    // start-up counts) and the remote commands (`splits lap` from a hotkey) skip argument-parser in their plain forms: SplitsCLI/QuickParse.swift.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let status = QuickStatus.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    if let status = QuickRemote.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    if let status = QuickRide.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    // `splits --help` shows the ride screen's options too (it is the default command).
    if RootHelp.isRequest(arguments) {
      print(RootHelp.message())
      SplitsCommand.exit(withError: nil)
    }
    var command: any ParsableCommand
    do {
      command = try SplitsCommand.parseAsRoot()
    } catch {
      // `-1` where a number goes reads as an option to argument-parser: say what it must be.
      if SplitsCommand.exitCode(for: error) != .success, let message = NegativeNumbers.message(arguments: arguments) {
        usageError(message)
      }
      fail(error)
    }
    do {
      try command.run()
    } catch {
      fail(error)
    }
  }

  static func fail(_ error: any Error) -> Never {
    if SplitsCommand.exitCode(for: error) == .validationFailure {
      usageError(SplitsCommand.fullMessage(for: error))
    }
    SplitsCommand.exit(withError: error)
  }

  static func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    SplitsCommand.exit(withError: ExitCode(2))
  }
}
