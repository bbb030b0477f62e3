import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsStore

/// `splits sensors add ADDRESS [--name N]`: remembers a sensor.
struct SensorsAddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Remember a sensor by its Bluetooth address: the ride screen connects to it.")

  @Argument(help: ArgumentHelp("The sensor's address: six pairs of hex digits, AA:BB:CC:DD:EE:FF.", valueName: "address"))
  var address: String

  @Option(help: "A name to know it by (the name it gives itself when left out).")
  var name: String?

  @OptionGroup var data: DataOptions

  func validate() throws {
    _ = try SensorAddressArgument.normalized(address)
    if let name {
      if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name needs a name that is not empty.") }
      if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        throw ValidationError("A sensor's name cannot hold control characters.")
      }
    }
  }

  func run() throws {
    let address = try SensorAddressArgument.normalized(address)
    let directory = try data.checkedDirectory(creating: true)
    let sensor = RememberedSensor(address: address, name: name, addedAt: SystemClocks.now().wallMilliseconds)
    let added = try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.rememberSensor(sensor)
    }
    guard added else {
      printError("Sensor \(address) is remembered already: splits sensors list lists them.")
      throw ExitCode(2)
    }
    printError("Added sensor \(address)" + (name.map { " (\(Printable.text($0)))" } ?? ""))
  }
}

/// An address as given on the command line, checked.
enum SensorAddressArgument {
  static func normalized(_ text: String) throws -> String {
    guard let address = SensorAddress.normalized(text) else {
      throw ValidationError(
        "'\(Printable.text(text))' is not a Bluetooth address: six pairs of hex digits joined by colons, "
          + "AA:BB:CC:DD:EE:FF (splits sensors scan shows them).")
    }
    return address
  }
}
