import Foundation

/// A fake BlueZ on a private system bus (`Tests/tools/fake_bluez.py`): python-dbusmock's
/// bluez5 template with an adapter, a heart rate strap, a power meter, a speed/cadence sensor
/// and a trainer, each with its GATT service and characteristics. Every test starts its own
/// and stops it (`stop`, in a `defer`); nothing is left running.
public final class FakeBlueZ: Sendable {
  /// The sensors' addresses.
  public static let heartRate = "AA:00:00:00:00:01"
  public static let power = "AA:00:00:00:00:02"
  public static let speedCadence = "AA:00:00:00:00:03"
  public static let trainer = "AA:00:00:00:00:04"
  /// A speaker: a device that is no sensor.
  public static let speaker = "AA:00:00:00:00:09"

  public let directory: TemporaryDirectory
  /// The bus's address, for `DBUS_SYSTEM_BUS_ADDRESS`.
  public let address: String

  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("tools/fake_bluez.py").path

  /// Starts the bus and the mock. `options`: `--no-bluez` (a bus with no BlueZ on it),
  /// `--no-adapter`, `--powered-off`, `--refuse-control` (the trainer answers a request for
  /// control with "control not permitted", as one another app holds does).
  public init(_ options: [String] = []) throws {
    let directory = TemporaryDirectory(prefix: "splits-bluez-")
    let result = try Spawn.run(["/usr/bin/python3", Self.script, "start", directory.path] + options, timeout: .seconds(30))
    guard result.termination == .exited(0), let address = result.stdout.split(separator: "\n").last else {
      _ = try? Spawn.run(["/usr/bin/python3", Self.script, "stop", directory.path])
      directory.remove()
      throw Spawn.Failure(description: "the fake BlueZ did not start: \(result)")
    }
    self.directory = directory
    self.address = String(address)
  }

  /// The environment of a process that should reach the fake as its system bus.
  public var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": address] }

  /// Runs one of the script's commands on this bus; its standard output.
  @discardableResult
  public func drive(_ command: String, _ arguments: [String]) throws -> String {
    let result = try Spawn.run(["/usr/bin/python3", Self.script, command, address] + arguments, timeout: .seconds(30))
    guard result.termination == .exited(0) else {
      throw Spawn.Failure(description: "fake_bluez.py \(command) \(arguments): \(result)")
    }
    return result.stdout
  }

  /// The characteristic `kind` (`hr`, `power`, `csc`, `bike`, `control`) of `device` notifies
  /// `hex`, `count` times `interval` seconds apart.
  public func notify(_ device: String, _ kind: String, _ hex: String, count: Int = 1, interval: Double = 0) throws {
    try drive("notify", [device, kind, hex, "--count", String(count), "--interval", String(interval)])
  }

  /// The characteristic `kind` of `device` notifies `hex` every `interval` seconds while
  /// it is connected, in the background until `stop` (a strap at 1 Hz, a trainer at 4 Hz).
  public func stream(_ device: String, _ kind: String, _ hex: String, interval: Double) throws {
    let result = try Spawn.run(
      ["/usr/bin/python3", Self.script, "stream", directory.path, device, kind, hex, "--interval", String(interval)])
    guard result.termination == .exited(0) else { throw Spawn.Failure(description: "fake_bluez.py stream: \(result)") }
  }

  /// The notifications every `stream` has sent so far, in all.
  public func sent() throws -> Int {
    let result = try Spawn.run(["/usr/bin/python3", Self.script, "sent", directory.path], timeout: .seconds(30))
    guard result.termination == .exited(0), let count = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw Spawn.Failure(description: "fake_bluez.py sent: \(result)") }
    return count
  }

  /// Ends every `stream` (the sensors stay connected, silent); returns once none can send.
  public func stopStreams() throws {
    let result = try Spawn.run(["/usr/bin/python3", Self.script, "stop-streams", directory.path], timeout: .seconds(30))
    guard result.termination == .exited(0) else { throw Spawn.Failure(description: "fake_bluez.py stop-streams: \(result)") }
  }

  /// `device` drops: its services unresolved, then disconnected.
  public func disconnect(_ device: String) throws { try drive("disconnect", [device]) }

  /// `device` drops and refuses to connect again for `seconds` (out of range).
  public func disconnect(_ device: String, for seconds: Double) throws {
    try drive("disconnect", [device, "--for", String(seconds)])
  }

  /// `device`'s object is removed (InterfacesRemoved).
  public func remove(_ device: String) throws { try drive("remove", [device]) }

  /// The calls of `method` on the characteristic `kind` of `device` (`adapter` and `-`: on
  /// the adapter), as JSON: each call's arguments, byte arrays as numbers.
  public func calls(_ device: String, _ kind: String, _ method: String) throws -> String {
    try drive("calls", [device, kind, method])
  }

  /// Stops the bus and the mock and removes their directory.
  public func stop() {
    _ = try? Spawn.run(["/usr/bin/python3", Self.script, "stop", directory.path])
    directory.remove()
  }
}
