import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

/// `splits edit RIDE`: a saved ride's name, sport or note.
struct EditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Change a saved ride's name, sport or note (an empty value takes a name or note away).")

  @Argument(help: ArgumentHelp("A ride number (see splits history).", valueName: "ride"))
  var ride: Int

  @OptionGroup var data: DataOptions

  @Option(help: "The ride's new name.")
  var name: String?

  @Option(help: "What the ride is: biking, running or other.")
  var sport: Sport?

  @Option(help: "A note about the ride.")
  var note: String?

  func validate() throws {
    if ride < 1 { throw ValidationError(NegativeNumbers.rideMustBePositive(String(ride))) }
    if name == nil && sport == nil && note == nil {
      throw ValidationError("Say what to change: --name, --sport or --note.")
    }
  }

  func run() throws {
    // Nothing is created to find that there is nothing to edit.
    let directory = try data.checkedDirectory(creating: false)
    guard journalExists(in: directory) else {
      printError("There is no ride \(ride): splits history lists the rides (there are none yet).")
      throw ExitCode(2)
    }
    let found = try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.edit(ride: ride, Journal.Changes(name: name, sport: sport, note: note))
    }
    guard found else {
      printError("There is no ride \(ride): splits history lists the rides.")
      throw ExitCode(2)
    }
  }
}

/// Whether the journal is there: a command that only changes rides has nothing to do without it.
func journalExists(in directory: String) -> Bool {
  FileManager.default.fileExists(atPath: DataLocation.journalPath(in: directory))
}
