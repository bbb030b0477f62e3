import ArgumentParser

/// `splits sensors …`: Bluetooth LE sensors (heart rate, power, speed and cadence, trainers).
struct SensorsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sensors",
    abstract: "Bluetooth sensors: heart rate straps, power meters, speed/cadence sensors, smart trainers.",
    subcommands: [SensorsScanCommand.self])
}
