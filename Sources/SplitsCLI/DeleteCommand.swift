import ArgumentParser
import Foundation
import SplitsOutput
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

/// `splits delete RIDE`: the only way a ride leaves the journal. Asks first.
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a finished ride for good, after asking (--yes does not ask).")

  @Argument(help: ArgumentHelp("A ride number (see splits history), or `last`.", valueName: "ride"))
  var ride: String

  @OptionGroup var data: DataOptions

  @Flag(help: "Delete without asking.")
  var yes = false

  func validate() throws {
    try RideArgument.validate(ride)
  }

  func run() throws {
    // Nothing is created to find that there is nothing to delete.
    let directory = try data.checkedDirectory(creating: false)
    guard let ride = try Self.number(ride, in: directory) else {
      let which = ride == "last" ? "" : " \(ride)"
      printError("There is no finished ride\(which): splits history lists the rides (there are none yet).")
      throw ExitCode(2)
    }
    if !yes {
      switch Self.confirm(ride: ride) {
      case .yes: break
      case .no: throw ExitCode(1)
      case .noTerminal:
        printError("splits delete asks before deleting, and there is no terminal to ask on: pass --yes to delete ride \(ride).")
        throw ExitCode(2)
      }
    }
    let deleted = try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.delete(ride: ride)
    }
    guard deleted else {
      printError("There is no finished ride \(ride): splits history lists the rides (finish an open one first).")
      throw ExitCode(2)
    }
    printError("Deleted ride \(ride)")
  }

  /// The number RIDE names, `last` read from the journal; nil without a journal or a ride.
  static func number(_ ride: String, in directory: String) throws -> Int? {
    guard journalExists(in: directory) else { return nil }
    if let number = Int(ride) { return number }
    return try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.lastRideNumber()
    }
  }

  enum Answer { case yes, no, noTerminal }

  /// Asks on the terminal (anything but y or yes is no: exit 1, nothing deleted).
  static func confirm(ride: Int) -> Answer {
    guard isatty(STDIN_FILENO) == 1 else { return .noTerminal }
    StandardError.write("Delete ride \(ride) for good? [y/N] ")
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    return answer == "y" || answer == "yes" ? .yes : .no
  }
}
