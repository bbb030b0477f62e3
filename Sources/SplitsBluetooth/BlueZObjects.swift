import SplitsSensors

/// BlueZ's names on the bus, and the services of the sensors Splits reads.
public enum BlueZ {
  public static let service = "org.bluez"
  public static let adapter = "org.bluez.Adapter1"
  public static let device = "org.bluez.Device1"
  public static let gattService = "org.bluez.GattService1"
  public static let characteristic = "org.bluez.GattCharacteristic1"
  static let objectManager = "org.freedesktop.DBus.ObjectManager"
  static let properties = "org.freedesktop.DBus.Properties"

  /// A 16-bit Bluetooth SIG number as BlueZ writes its UUID (`0000180d-0000-1000-8000-00805f9b34fb`).
  public static func uuid(_ short: UInt16) -> String {
    let hex = String(short, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
  }

  /// The 16-bit number of a SIG UUID, nil for any other.
  public static func short(_ uuid: String) -> UInt16? {
    let lower = uuid.lowercased()
    guard lower.count == 36, lower.hasPrefix("0000"), lower.hasSuffix("-0000-1000-8000-00805f9b34fb") else { return nil }
    return UInt16(lower.dropFirst(4).prefix(4), radix: 16)
  }

  /// The match rules of the signals every client here needs, added before anything is read
  /// (or the first notifications are lost): objects added and removed, properties changed.
  static let matchRules: [String] = [
    "type='signal',sender='org.bluez',interface='\(objectManager)',member='InterfacesAdded'",
    "type='signal',sender='org.bluez',interface='\(objectManager)',member='InterfacesRemoved'",
    "type='signal',sender='org.bluez',interface='\(properties)',member='PropertiesChanged'",
  ]

  /// The match rule of BlueZ's name changing hands: `bluetoothd` stopped or started.
  static let ownerRule =
    "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'"

  static func addMatch(_ rule: String) -> DBusMessage {
    .call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", [.string(rule)])
  }

  static let managedObjects = DBusMessage.call(service, "/", objectManager, "GetManagedObjects")

  /// Discovery limited to low energy devices advertising a sensor's service.
  static func discoveryFilter(_ adapter: String) -> DBusMessage {
    .call(
      service, adapter, BlueZ.adapter, "SetDiscoveryFilter",
      [.properties([("UUIDs", .strings(SensorService.allCases.map(\.uuid))), ("Transport", .string("le"))])])
  }

  /// Errors that say BlueZ itself is not there (no `bluetoothd` on the bus).
  static func isMissing(_ errorName: String?) -> Bool {
    errorName == "org.freedesktop.DBus.Error.ServiceUnknown" || errorName == "org.freedesktop.DBus.Error.NameHasNoOwner"
  }
}

/// The services whose sensors Splits reads, by their advertised UUID.
public enum SensorService: UInt16, CaseIterable, Sendable, Comparable {
  case heartRate = 0x180D
  case speedAndCadence = 0x1816
  case cyclingPower = 0x1818
  case fitnessMachine = 0x1826

  public var uuid: String { BlueZ.uuid(rawValue) }

  /// The measurement each notifies.
  public var measurement: SensorCharacteristic {
    switch self {
    case .heartRate: .heartRateMeasurement
    case .speedAndCadence: .cscMeasurement
    case .cyclingPower: .cyclingPowerMeasurement
    case .fitnessMachine: .indoorBikeData
    }
  }

  public static func < (left: SensorService, right: SensorService) -> Bool {
    left.rawValue < right.rawValue
  }
}

/// What BlueZ holds, mirrored from `GetManagedObjects` and kept by the signals: each object's
/// interfaces and their properties. Pure.
public struct BlueZObjects: Equatable, Sendable {
  public typealias Properties = [String: DBusValue]
  /// Path → interface → properties.
  public private(set) var objects: [String: [String: Properties]] = [:]

  public init() {}

  /// What a signal changed.
  public enum Change: Equatable, Sendable {
    case added(path: String, interfaces: [String])
    case removed(path: String, interfaces: [String])
    case properties(path: String, interface: String, changed: Properties)
  }

  /// Takes `GetManagedObjects`' answer (`a{oa{sa{sv}}}`) in place of what was known.
  public mutating func load(_ body: [DBusValue]) {
    objects = [:]
    for (path, interfaces) in body.first?.entries ?? [:] {
      objects[path] = Self.interfaces(interfaces)
    }
  }

  private static func interfaces(_ value: DBusValue) -> [String: Properties] {
    (value.entries ?? [:]).mapValues { $0.entries ?? [:] }
  }

  /// Applies an `InterfacesAdded`, `InterfacesRemoved` or `PropertiesChanged` signal; what it
  /// changed, or nil for any other message.
  public mutating func apply(_ signal: DBusMessage) -> Change? {
    guard signal.kind == .signal else { return nil }
    switch (signal.interface, signal.member) {
    case (BlueZ.objectManager, "InterfacesAdded"):
      guard let path = signal.body.first?.text, signal.body.count >= 2 else { return nil }
      let added = Self.interfaces(signal.body[1])
      objects[path, default: [:]].merge(added) { _, new in new }
      return .added(path: path, interfaces: added.keys.sorted())
    case (BlueZ.objectManager, "InterfacesRemoved"):
      guard let path = signal.body.first?.text, signal.body.count >= 2 else { return nil }
      let removed = signal.body[1].texts ?? []
      for interface in removed { objects[path]?[interface] = nil }
      if objects[path]?.isEmpty == true { objects[path] = nil }
      return .removed(path: path, interfaces: removed)
    case (BlueZ.properties, "PropertiesChanged"):
      guard let path = signal.path, let interface = signal.body.first?.text, signal.body.count >= 2 else { return nil }
      let changed = signal.body[1].entries ?? [:]
      objects[path, default: [:]][interface, default: [:]].merge(changed) { _, new in new }
      for name in signal.body.count > 2 ? signal.body[2].texts ?? [] : [] {
        objects[path]?[interface]?[name] = nil
      }
      return .properties(path: path, interface: interface, changed: changed)
    default:
      return nil
    }
  }

  /// The properties of `interface` on `path`.
  public func properties(_ path: String, _ interface: String) -> Properties? { objects[path]?[interface] }

  /// The adapters' paths, in order.
  public var adapters: [String] { objects.keys.filter { objects[$0]?[BlueZ.adapter] != nil }.sorted() }

  /// The device object of `address` (any case), if BlueZ knows it.
  public func device(address: String) -> String? {
    let wanted = address.uppercased()
    return objects.keys.sorted().first { path in
      properties(path, BlueZ.device)?["Address"]?.text?.uppercased() == wanted
    }
  }

  /// The device objects, in order.
  public var devices: [String] { objects.keys.filter { objects[$0]?[BlueZ.device] != nil }.sorted() }

  /// The measurement characteristics under the device at `device`: each in the service of its
  /// kind (a heart rate measurement in the heart rate service), by path.
  public func measurements(under device: String) -> [(path: String, characteristic: SensorCharacteristic)] {
    objects.keys.filter { $0.hasPrefix(device + "/") }.sorted().compactMap { path in
      guard let properties = properties(path, BlueZ.characteristic),
        let number = properties["UUID"]?.text.flatMap(BlueZ.short),
        let characteristic = SensorCharacteristic(rawValue: number),
        let service = properties["Service"]?.text,
        let serviceNumber = self.properties(service, BlueZ.gattService)?["UUID"]?.text.flatMap(BlueZ.short),
        SensorService(rawValue: serviceNumber)?.measurement == characteristic
      else { return nil }
      return (path, characteristic)
    }
  }

  /// The trainer characteristic `characteristic` under the device at `device`, in its fitness
  /// machine service.
  public func trainer(_ characteristic: TrainerCharacteristic, under device: String) -> String? {
    objects.keys.filter { $0.hasPrefix(device + "/") }.sorted().first { path in
      guard let properties = properties(path, BlueZ.characteristic),
        properties["UUID"]?.text.flatMap(BlueZ.short) == characteristic.rawValue,
        let service = properties["Service"]?.text
      else { return false }
      return self.properties(service, BlueZ.gattService)?["UUID"]?.text.flatMap(BlueZ.short)
        == SensorService.fitnessMachine.rawValue
    }
  }

  /// The device whose object holds `path` (a characteristic's, a service's).
  public func owner(of path: String) -> String? {
    devices.first { path.hasPrefix($0 + "/") }
  }
}
