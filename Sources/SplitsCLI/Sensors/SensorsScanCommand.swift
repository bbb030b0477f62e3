import ArgumentParser
import Foundation
import SplitsBluetooth
import SplitsCore
import SplitsOutput
import SplitsReports

/// `splits sensors scan`: the devices advertising a sensor's service, through BlueZ.
struct SensorsScanCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scan",
    abstract: "List the heart rate, power, speed/cadence and trainer sensors in range (through BlueZ).")

  @Option(help: ArgumentHelp("How long to listen, 1 to 600 seconds (default 5).", valueName: "n"))
  var seconds: Int = 5

  @Flag(help: "Print a JSON array: address, name, services, rssi_dbm.")
  var json = false

  @Option(help: "Language of the table: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  func validate() throws {
    guard (1...600).contains(seconds) else { throw ValidationError("--seconds is 1 to 600, not \(seconds).") }
  }

  func run() throws {
    let result = MainActor.assumeIsolated { SensorScanner.scan(for: .seconds(seconds)) }
    switch result {
    case .success(let found):
      let sensors = found.map(Self.scanned)
      let language = lang ?? Language.from(environment: ProcessInfo.processInfo.environment)
      try StandardOutput.print(
        json ? SensorScanReport.json(sensors) : SensorScanReport.text(sensors, seconds: seconds, language: language),
        terminator: "")
    case .failure(let failure):
      printError(Self.message(failure))
      throw ExitCode(1)
    }
  }

  static func scanned(_ found: SensorScan.Found) -> ScannedSensor {
    ScannedSensor(
      address: found.address, name: found.name,
      services: found.services.map { service in
        switch service {
        case .heartRate: .heartRate
        case .cyclingPower: .power
        case .speedAndCadence: .speedCadence
        case .fitnessMachine: .trainer
        }
      }, rssi: found.rssi)
  }

  /// What the command says when it cannot scan (exit 1).
  static func message(_ failure: SensorScanner.Failure) -> String {
    switch failure {
    case .noBus(let reason):
      "splits: cannot reach the system bus (\(Printable.text(reason))): Bluetooth sensors are read through BlueZ on D-Bus; is dbus running?"
    case .scan(.blueZMissing):
      "splits: BlueZ is not running (no org.bluez on the system bus): start it (systemctl start bluetooth)"
    case .scan(.noAdapter):
      "splits: BlueZ has no Bluetooth adapter: plug one in, or unblock it (rfkill unblock bluetooth)"
    case .scan(.adapterOff(let path)):
      "splits: the Bluetooth adapter \(Printable.text(String(path.split(separator: "/").last ?? ""))) is off: bluetoothctl power on"
    case .scan(.refused(let call, let name, let text)):
      "splits: BlueZ refused \(call) (\(Printable.text(name)): \(Printable.text(text)))"
    case .busLost:
      "splits: the system bus went away during the scan"
    case .setup:
      "splits: the scan could not be set up (no file descriptor left)"
    }
  }
}
