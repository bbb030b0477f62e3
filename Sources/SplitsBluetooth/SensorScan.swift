/// `splits sensors scan` as a pure state machine: messages in, messages to send out. It adds
/// the match rules, reads what BlueZ knows, sets a discovery filter for the sensors' services
/// and starts discovery on the first adapter; `found` is what was seen so far.
public struct SensorScan: Sendable {
  /// What each call sent was (its answer comes back with it).
  public enum Call: Hashable, Sendable {
    case addMatch(Int)
    case managedObjects
    case filter
    case discover
    case stopDiscovery
  }

  /// Why a scan cannot run.
  public enum Failure: Error, Equatable, Sendable {
    /// No `org.bluez` on the bus (`bluetoothd` not running); the bus's error text.
    case blueZMissing(String)
    case noAdapter
    /// The adapter (its path) is powered off.
    case adapterOff(String)
    /// BlueZ refused a call: the call, the error's name and text.
    case refused(String, String, String)
  }

  /// A device advertising a sensor's service.
  public struct Found: Equatable, Sendable {
    public var address: String
    public var name: String?
    public var services: [SensorService]
    /// The signal's strength at the last advertisement, in dBm.
    public var rssi: Int?
  }

  public typealias Send = [(call: Call, message: DBusMessage)]

  public private(set) var objects = BlueZObjects()
  public private(set) var adapter: String?
  public private(set) var failure: Failure?
  public private(set) var discovering = false

  public init() {}

  /// The match rules, then what BlueZ knows.
  public mutating func start() -> Send {
    BlueZ.matchRules.enumerated().map { (Call.addMatch($0.offset), BlueZ.addMatch($0.element)) }
      + [(.managedObjects, BlueZ.managedObjects)]
  }

  /// An answer to `call`: a reply's body, or an error's name and text.
  public mutating func answer(_ call: Call, _ result: Result<[DBusValue], DBusFailure>) -> Send {
    switch (call, result) {
    case (.managedObjects, .success(let body)):
      objects.load(body)
      guard let adapter = objects.adapters.first else {
        failure = .noAdapter
        return []
      }
      self.adapter = adapter
      guard objects.properties(adapter, BlueZ.adapter)?["Powered"]?.boolValue != false else {
        failure = .adapterOff(adapter)
        return []
      }
      return [(.filter, BlueZ.discoveryFilter(adapter))]
    case (.managedObjects, .failure(let error)):
      failure = BlueZ.isMissing(error.name) ? .blueZMissing(error.text) : .refused("GetManagedObjects", error.name, error.text)
      return []
    case (.filter, _):
      // A BlueZ without filters still discovers: every device is then listed by its services.
      guard let adapter else { return [] }
      return [(.discover, .call(BlueZ.service, adapter, BlueZ.adapter, "StartDiscovery"))]
    case (.discover, .success):
      discovering = true
      return []
    case (.discover, .failure(let error)):
      // Another program discovering already: what it finds is listed too, and its discovery
      // is left running.
      if error.name != "org.bluez.Error.InProgress" { failure = .refused("StartDiscovery", error.name, error.text) }
      return []
    case (.addMatch, .failure(let error)):
      failure = .refused("AddMatch", error.name, error.text)
      return []
    default:
      return []
    }
  }

  /// A signal: objects added or removed, properties changed (an advertisement's RSSI).
  public mutating func signal(_ message: DBusMessage) { _ = objects.apply(message) }

  /// Stops discovery, if it was started.
  public mutating func stop() -> Send {
    guard discovering, let adapter else { return [] }
    discovering = false
    return [(.stopDiscovery, .call(BlueZ.service, adapter, BlueZ.adapter, "StopDiscovery"))]
  }

  /// The devices advertising a sensor's service, strongest signal first (then by address).
  public var found: [Found] {
    objects.devices.compactMap { path -> Found? in
      guard let device = objects.properties(path, BlueZ.device), let address = device["Address"]?.text else { return nil }
      let services = Set((device["UUIDs"]?.texts ?? []).compactMap { BlueZ.short($0).flatMap(SensorService.init) })
      guard !services.isEmpty else { return nil }
      let name = device["Name"]?.text ?? device["Alias"]?.text
      return Found(address: address, name: name, services: services.sorted(), rssi: device["RSSI"]?.integer.map(Int.init))
    }
    .sorted { ($0.rssi ?? Int.min, $1.address) > ($1.rssi ?? Int.min, $0.address) }
  }
}

/// A call's error reply: its name and text.
public struct DBusFailure: Error, Equatable, Sendable {
  public var name: String
  public var text: String

  public init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}
