import Foundation
import SplitsTestSystem
import Testing

/// `splits sensors scan`, the real binary against the fake BlueZ on a private system bus.
@Suite("splits sensors scan, end to end", .serialized, .timeLimit(.minutes(1)))
struct SensorsScanTests {
  static func splits(_ arguments: [String], bus: String) async throws -> SpawnResult {
    try await Spawn.runAsync(
      [try SplitsBinary.path] + arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "DBUS_SYSTEM_BUS_ADDRESS": bus,
      ], timeout: .seconds(20))
  }

  struct Listed: Decodable, Equatable {
    var address: String
    var name: String?
    var services: [String]
    var rssi_dbm: Int?
  }

  @Test func aScanListsTheFakeSensorsAsJSONStrongestFirstAndNotTheSpeaker() async throws {
    let fake = try FakeBlueZ()
    defer { fake.stop() }
    let result = try await Self.splits(["sensors", "scan", "--seconds", "1", "--json"], bus: fake.address)
    #expect(result.termination == .exited(0), "\(result)")
    let listed = try JSONDecoder().decode([Listed].self, from: Data(result.stdout.utf8))
    #expect(
      listed == [
        Listed(address: FakeBlueZ.heartRate, name: "HRM Strap", services: ["heart_rate"], rssi_dbm: -48),
        Listed(address: FakeBlueZ.trainer, name: "Smart Trainer", services: ["trainer"], rssi_dbm: -55),
        Listed(address: FakeBlueZ.power, name: "Power Pedals", services: ["power"], rssi_dbm: -61),
        Listed(address: FakeBlueZ.speedCadence, name: "Speed Cadence", services: ["speed_cadence"], rssi_dbm: -70),
      ])
    // The filter BlueZ was given (the four services, low energy), and discovery stopped.
    let filter = try fake.calls("adapter", "-", "SetDiscoveryFilter")
    #expect(
      filter == #"[[{"UUIDs": ["0000180d-0000-1000-8000-00805f9b34fb", "00001816-0000-1000-8000-00805f9b34fb", "#
        + #""00001818-0000-1000-8000-00805f9b34fb", "00001826-0000-1000-8000-00805f9b34fb"], "Transport": "le"}]]"# + "\n")
    #expect(try fake.calls("adapter", "-", "StartDiscovery") == "[[]]\n")
    #expect(try fake.calls("adapter", "-", "StopDiscovery") == "[[]]\n")
    let text = try await Self.splits(["sensors", "scan", "--seconds", "1"], bus: fake.address)
    #expect(
      text.stdout.split(separator: "\n").prefix(2) == [
        "address            name           services        signal",
        "AA:00:00:00:00:01  HRM Strap      heart rate     -48 dBm",
      ], "\(text)")
  }

  @Test func noBusNoBlueZNoAdapterAndAnAdapterOffEachExit1WithWhatToDo() async throws {
    let noBus = try await Self.splits(["sensors", "scan", "--seconds", "1"], bus: "unix:path=/nonexistent/splits-bus")
    #expect(noBus.termination == .exited(1))
    #expect(noBus.stderr.hasPrefix("splits: cannot reach the system bus ("), "\(noBus)")
    #expect(noBus.stdout.isEmpty)

    let bare = try FakeBlueZ(["--no-bluez"])
    defer { bare.stop() }
    let noBlueZ = try await Self.splits(["sensors", "scan", "--seconds", "1"], bus: bare.address)
    #expect(noBlueZ.termination == .exited(1))
    #expect(noBlueZ.stderr == "splits: BlueZ is not running (no org.bluez on the system bus): start it (systemctl start bluetooth)\n")

    let empty = try FakeBlueZ(["--no-adapter"])
    defer { empty.stop() }
    let noAdapter = try await Self.splits(["sensors", "scan", "--seconds", "1"], bus: empty.address)
    #expect(noAdapter.termination == .exited(1))
    #expect(noAdapter.stderr == "splits: BlueZ has no Bluetooth adapter: plug one in, or unblock it (rfkill unblock bluetooth)\n")

    let off = try FakeBlueZ(["--powered-off"])
    defer { off.stop() }
    let poweredOff = try await Self.splits(["sensors", "scan", "--seconds", "1", "--json"], bus: off.address)
    #expect(poweredOff.termination == .exited(1))
    #expect(poweredOff.stderr == "splits: the Bluetooth adapter hci0 is off: bluetoothctl power on\n")
    #expect(poweredOff.stdout.isEmpty)
  }

  @Test func secondsOutOfRangeIsBadUsage() async throws {
    let result = try await Self.splits(["sensors", "scan", "--seconds", "0"], bus: "unix:path=/nonexistent/splits-bus")
    #expect(result.termination == .exited(2))
    #expect(result.stderr.contains("--seconds is 1 to 600, not 0."))
  }
}
