import ArgumentParser
import Foundation
import SplitsCLI
import SplitsOutput

#if canImport(Glibc)
  import Glibc
#endif

/// The only place the process exits. Bad usage exits 2 (the contract), not argument-parser's 64.
///
/// `main` is synchronous and on the main actor: a full-screen command and `status --follow`
/// run their loop (`EventLoop`) on this thread. An async `main` would hand the main queue to
/// libdispatch's worker threads for the rest of the process.
@main
enum Entry {
  @MainActor
  static func main() {
    // A closed pipe is an EPIPE from write(2), which ends a command quietly with status 0
    // (SplitsOutput's `StandardOutput`), not a signal that kills the process. The `--cue-cmd`
    // children get every default back.
    signal(SIGPIPE, SIG_IGN)
    // `splits status` (called every few seconds by status bars) and `splits` itself (where
    // start-up counts) and the remote commands (`splits lap` from a hotkey) skip argument-parser in their plain forms: SplitsCLI/QuickParse.swift.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let status = QuickStatus.run(arguments: arguments) { end(status) }
    if let status = QuickRemote.run(arguments: arguments) { end(status) }
    if let status = QuickRide.run(arguments: arguments) { end(status) }
    // `splits --help` shows the ride screen's options too (it is the default command).
    if RootHelp.isRequest(arguments) {
      end(StandardOutput.write(RootHelp.message() + "\n").map(StandardOutput.status(after:)) ?? 0)
    }
    // `splits --version --verbose`: the build and the loop's backend on this machine.
    if VersionReport.isRequest(arguments) {
      end(StandardOutput.write(VersionReport.message() + "\n").map(StandardOutput.status(after:)) ?? 0)
    }
    var command: any ParsableCommand
    do {
      // `--livesplit-server` without a port takes LiveSplit's (SplitsCLI/LiveSplitCommands.swift).
      command = try SplitsCommand.parseAsRoot(LiveSplitServerOption.normalized(arguments))
    } catch {
      // `-1` where a number goes reads as an option to argument-parser: say what it must be.
      if SplitsCommand.exitCode(for: error) != .success {
        if let message = WorkoutTextArgument.message(arguments: arguments) { usageError(message) }
        if let message = RemoteRideOptions.message(arguments: arguments) { usageError(message) }
        if let message = NegativeNumbers.message(arguments: arguments) { usageError(message) }
      }
      fail(error)
    }
    do {
      try command.run()
    } catch {
      fail(error)
    }
    end(0)
  }

  static func fail(_ error: any Error) -> Never {
    let code = SplitsCommand.exitCode(for: error)
    if code == .validationFailure {
      usageError(SplitsCommand.fullMessage(for: error))
    }
    if code == .success {
      // Help and version go to standard output, checked as every command's output is (an
      // `ExitCode(0)` has no message).
      let message = SplitsCommand.fullMessage(for: error)
      if !message.isEmpty, let unwritten = StandardOutput.write(message + "\n") {
        end(StandardOutput.status(after: unwritten))
      }
      end(0)
    }
    _ = StandardOutput.finish(code.rawValue)
    SplitsCommand.exit(withError: error)
  }

  static func usageError(_ message: String) -> Never {
    StandardError.print(message)
    end(2)
  }

  /// Exits with `status`, once what the C library holds for standard output is written: a
  /// success whose output could not be written is a failure (1).
  static func end(_ status: Int32) -> Never {
    let status = StandardOutput.finish(status)
    SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
  }
}
