import SplitsBluetooth

/// BlueZ's objects and signals as the pure state machines take them, built by hand: an
/// adapter, and devices each with one sensor service and its measurement characteristic.
enum BlueZFixtures {
  static let adapter = "/org/bluez/hci0"
  static let strap = "AA:00:00:00:00:01"
  static let pedals = "AA:00:00:00:00:02"

  static func devicePath(_ address: String) -> String { adapter + "/dev_" + address.replacingOccurrences(of: ":", with: "_") }
  static func characteristicPath(_ address: String) -> String { devicePath(address) + "/service000a/char000b" }

  static func interfaces(_ pairs: [(String, [(String, DBusValue)])]) -> DBusValue {
    .dictionary(key: "s", value: "a{sv}", pairs.map { DBusEntry(key: .string($0.0), value: .properties($0.1)) })
  }

  /// One device's objects: the device, its service, its measurement characteristic.
  static func sensor(
    _ address: String, name: String, service: UInt16, characteristic: UInt16, connected: Bool = false, rssi: Int16 = -60
  ) -> [(String, DBusValue)] {
    let device = devicePath(address)
    return [
      (
        device,
        interfaces([
          (
            BlueZ.device,
            [
              ("Address", .string(address)), ("Name", .string(name)), ("Alias", .string(name)),
              ("Connected", .bool(connected)), ("ServicesResolved", .bool(connected)),
              ("UUIDs", .strings([BlueZ.uuid(service)])), ("RSSI", .int16(rssi)),
            ]
          )
        ])
      ),
      (device + "/service000a", interfaces([(BlueZ.gattService, [("UUID", .string(BlueZ.uuid(service))), ("Device", .objectPath(device))])])),
      (
        characteristicPath(address),
        interfaces([
          (
            BlueZ.characteristic,
            [
              ("UUID", .string(BlueZ.uuid(characteristic))), ("Service", .objectPath(device + "/service000a")),
              ("Notifying", .bool(false)), ("Value", .bytes([])),
            ]
          )
        ])
      ),
    ]
  }

  static let poweredAdapter: [(String, DBusValue)] = [
    (adapter, interfaces([(BlueZ.adapter, [("Address", .string("00:01:02:03:04:05")), ("Powered", .bool(true))])]))
  ]

  /// `GetManagedObjects`' answer.
  static func managed(_ objects: [(String, DBusValue)]) -> [DBusValue] {
    [.dictionary(key: "o", value: "a{sa{sv}}", objects.map { DBusEntry(key: .objectPath($0.0), value: $0.1) })]
  }

  static let strapAndPedals = managed(
    poweredAdapter + sensor(strap, name: "HRM Strap", service: 0x180D, characteristic: 0x2A37)
      + sensor(pedals, name: "Power Pedals", service: 0x1818, characteristic: 0x2A63))

  static func changed(_ path: String, _ interface: String, _ properties: [(String, DBusValue)]) -> DBusMessage {
    .signal(path, "org.freedesktop.DBus.Properties", "PropertiesChanged", [.string(interface), .properties(properties), .strings([])])
  }

  static func device(_ address: String, _ properties: [(String, DBusValue)]) -> DBusMessage {
    changed(devicePath(address), BlueZ.device, properties)
  }

  static func value(_ address: String, _ bytes: [UInt8]) -> DBusMessage {
    changed(characteristicPath(address), BlueZ.characteristic, [("Value", .bytes(bytes))])
  }
}
