import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsStore

/// `splits sensors remove ADDRESS`: forgets a sensor.
struct SensorsRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Forget a remembered sensor (its rides' samples stay).")

  @Argument(help: ArgumentHelp("The sensor's address, as splits sensors list shows it (either case).", valueName: "address"))
  var address: String

  @OptionGroup var data: DataOptions

  func validate() throws { _ = try SensorAddressArgument.normalized(address) }

  func run() throws {
    let address = try SensorAddressArgument.normalized(address)
    let directory = try data.checkedDirectory(creating: false)
    // Nothing is created to find that there is nothing to remove.
    let removed = try journalExists(in: directory) && withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.forgetSensor(address: address)
    }
    guard removed else {
      printError("There is no remembered sensor \(address): splits sensors list lists them.")
      throw ExitCode(2)
    }
    printError("Removed sensor \(address)")
  }
}
