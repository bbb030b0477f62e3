import ArgumentParser

/// `splits sensors …`: the Bluetooth sensors the ride screen connects to.
struct SensorsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sensors",
    abstract: "Bluetooth sensors (heart rate, power, speed and cadence, a trainer) the ride screen connects to.",
    subcommands: [SensorsScanCommand.self, SensorsAddCommand.self, SensorsListCommand.self, SensorsRemoveCommand.self])
}
