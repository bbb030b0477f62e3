import ArgumentParser
import Foundation
import SplitsCLI

/// The only place the process exits. Bad usage exits 2 (the contract), not argument-parser's 64.
@main
enum Entry {
  static func main() async {
    // `splits status` (called every few seconds by status bars) and `splits` itself (where
    // start-up counts) skip argument-parser in their plain forms: SplitsCLI/QuickParse.swift.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let status = QuickStatus.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    if let status = await QuickRide.run(arguments: arguments) {
      SplitsCommand.exit(withError: status == 0 ? nil : ExitCode(status))
    }
    do {
      var command = try SplitsCommand.parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
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
