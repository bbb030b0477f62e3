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

  @Argument(help: ArgumentHelp("A ride number (see splits history), or `last`.", valueName: "ride"))
  var ride: String

  @OptionGroup var data: DataOptions

  @Option(help: "The ride's new name.")
  var name: String?

  @Option(help: "What the ride is: biking, running or other.")
  var sport: Sport?

  @Option(help: "A note about the ride.")
  var note: String?

  func validate() throws {
    try RideArgument.validate(ride)
    if name == nil && sport == nil && note == nil {
      throw ValidationError("Say what to change: --name, --sport or --note.")
    }
  }

  func run() throws {
    // Nothing is created to find that there is nothing to edit.
    let directory = try data.checkedDirectory(creating: false)
    guard journalExists(in: directory) else {
      printError(Self.noRide(ride, noneYet: true))
      throw ExitCode(2)
    }
    let edited: Int? = try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      guard let number = try RideArgument.number(ride, in: journal),
        try journal.edit(ride: number, Journal.Changes(name: name, sport: sport, note: note))
      else { return nil }
      return number
    }
    guard let edited else {
      printError(Self.noRide(ride, noneYet: ride == "last"))
      throw ExitCode(2)
    }
    printError(Self.done(ride: edited, name: name, sport: sport, note: note))
  }

  /// No such ride: `last` in a journal without rides, or a number no ride has.
  static func noRide(_ ride: String, noneYet: Bool) -> String {
    let which = ride == "last" ? "There is no ride" : "There is no ride \(ride)"
    return which + ": splits history lists the rides" + (noneYet ? " (there are none yet)." : ".")
  }

  /// What was changed, as `Deleted ride 4` says what was deleted: `Edited ride 4: name
  /// 'Loop', sport running, note removed`.
  static func done(ride: Int, name: String?, sport: Sport?, note: String?) -> String {
    var changes: [String] = []
    if let name { changes.append(name.isEmpty ? "name removed" : "name '\(Self.shown(name))'") }
    if let sport { changes.append("sport \(sport.rawValue)") }
    if let note { changes.append(note.isEmpty ? "note removed" : "note '\(Self.shown(note))'") }
    return "Edited ride \(ride): " + changes.joined(separator: ", ")
  }

  /// A value as the journal keeps it, for the line: at most 40 characters.
  static func shown(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.count <= 40 ? trimmed : String(trimmed.prefix(39)) + "…"
  }
}

/// Whether the journal is there: a command that only changes rides has nothing to do without it.
func journalExists(in directory: String) -> Bool {
  FileManager.default.fileExists(atPath: DataLocation.journalPath(in: directory))
}
