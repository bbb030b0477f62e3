import SplitsCore
import SplitsSensors

/// The sensor link as a pure state machine: the remembered sensors connected, their
/// measurements subscribed to and read, dropouts noticed and reconnected. Messages in;
/// messages to send, the screen's inputs and whether to try again later out. No bus, no
/// clock: `SensorLink` runs it on the screen's loop.
public struct SensorLinkState: Sendable {
  public enum Call: Hashable, Sendable {
    case addMatch(Int)
    case managedObjects
    /// A device's `Connect`, by its address.
    case connect(String)
    /// A characteristic's `StartNotify`, by its path.
    case startNotify(String)
    case filter
    case discover
    case stopDiscovery
  }

  /// What one message (or the retry timer) brought.
  public struct Step: Equatable, Sendable {
    public var send: [Sent] = []
    public var inputs: [SensorInput] = []
    /// A trainer's control point indications (the answers to writes), in order.
    public var indications: [ControlPointIndication] = []
    /// Something waits for the retry timer (`retry()` after `SensorLink.retryInterval`).
    public var retry = false
  }

  public struct Sent: Equatable, Sendable {
    public var call: Call
    public var message: DBusMessage
  }

  /// One remembered sensor.
  struct Peer: Sendable {
    var connecting = false
    /// Waiting for the retry timer before it is connected again.
    var waiting = false
    /// `.connected` was given and `.lost` not since.
    var live = false
    var subscribing: Set<String> = []
    var subscribed: Set<String> = []
  }

  public private(set) var objects = BlueZObjects()
  /// The addresses, upper case, in the order given.
  public let addresses: [String]
  var peers: [String: Peer]
  /// Each sensor's device object, as last seen (to know it when it is removed).
  private var paths: [String: String] = [:]
  private var discovering = false
  private var loaded = false

  public init(addresses: [String]) {
    var seen = Set<String>()
    self.addresses = addresses.map { $0.uppercased() }.filter { seen.insert($0).inserted }
    peers = Dictionary(uniqueKeysWithValues: self.addresses.map { ($0, Peer()) })
  }

  /// The match rules first, then what BlueZ knows: a notification is never missed.
  public mutating func start() -> Step {
    var step = Step()
    for (index, rule) in (BlueZ.matchRules + [BlueZ.ownerRule]).enumerated() {
      step.send.append(Sent(call: .addMatch(index), message: BlueZ.addMatch(rule)))
    }
    step.send.append(Sent(call: .managedObjects, message: BlueZ.managedObjects))
    return step
  }

  /// The bus went away (or BlueZ left it): every live sensor is lost, and nothing is known
  /// until BlueZ's objects are read again.
  public mutating func busLost() -> Step {
    var step = Step()
    for address in addresses where peers[address]?.live == true { step.inputs.append(.lost(address: address)) }
    objects = BlueZObjects()
    paths = [:]
    peers = peers.mapValues { _ in Peer() }
    discovering = false
    loaded = false
    return step
  }

  /// The retry timer fired: every sensor waiting is tried again.
  public mutating func retry() -> Step {
    var step = Step()
    guard loaded else {
      // BlueZ was not there: ask again.
      step.send.append(Sent(call: .managedObjects, message: BlueZ.managedObjects))
      return step
    }
    for address in addresses { peers[address]?.waiting = false }
    advanceAll(&step)
    return step
  }

  /// The answer to `call`.
  public mutating func answer(_ call: Call, _ result: Result<[DBusValue], DBusFailure>) -> Step {
    var step = Step()
    switch call {
    case .managedObjects:
      guard case .success(let body) = result else {
        // BlueZ not running: its start is heard (NameOwnerChanged), nothing is polled. Any
        // other refusal: asked again at the retry.
        if case .failure(let error) = result, !BlueZ.isMissing(error.name) { step.retry = true }
        return step
      }
      objects.load(body)
      loaded = true
      advanceAll(&step)
    case .connect(let address):
      peers[address]?.connecting = false
      if case .failure(let error) = result, error.name != "org.bluez.Error.AlreadyConnected" {
        wait(address, &step)
      } else {
        advance(address, &step)
      }
    case .startNotify(let path):
      guard let address = address(owning: path) else { return step }
      peers[address]?.subscribing.remove(path)
      switch result {
      case .success:
        peers[address]?.subscribed.insert(path)
        announce(address, &step)
      case .failure:
        if peers[address]?.subscribing.isEmpty == true && peers[address]?.subscribed.isEmpty == true {
          wait(address, &step)
        }
      }
    case .discover:
      discovering = (try? result.get()) != nil
    case .filter:
      if let adapter = objects.adapters.first {
        step.send.append(Sent(call: .discover, message: .call(BlueZ.service, adapter, BlueZ.adapter, "StartDiscovery")))
      }
    case .addMatch, .stopDiscovery:
      break
    }
    return step
  }

  /// A signal from BlueZ: objects added or removed, properties changed (a notification's value).
  public mutating func signal(_ message: DBusMessage) -> Step {
    if message.interface == "org.freedesktop.DBus", message.member == "NameOwnerChanged",
      message.body.first?.text == BlueZ.service, message.body.count == 3
    {
      return blueZChanged(running: message.body[2].text?.isEmpty == false)
    }
    var step = Step()
    guard loaded, let change = objects.apply(message) else { return step }
    switch change {
    case .added(let path, _):
      if let address = address(of: path) ?? address(owning: path) { advance(address, &step) }
      if discovering, addresses.allSatisfy({ objects.device(address: $0) != nil }) { stopDiscovery(&step) }
    case .removed(let path, let interfaces):
      if interfaces.contains(BlueZ.device), let address = addresses.first(where: { paths[$0] == path }) {
        drop(address, &step)
      }
    case .properties(let path, let interface, let changed):
      if interface == BlueZ.device, let address = address(of: path) {
        if changed["Connected"]?.boolValue == false || changed["ServicesResolved"]?.boolValue == false {
          drop(address, &step)
        } else {
          advance(address, &step)
        }
      } else if interface == BlueZ.characteristic, let bytes = changed["Value"]?.byteArray {
        deliver(path, bytes, &step)
      }
    }
    return step
  }

  /// `bluetoothd` stopped (every live sensor lost) or started (its objects read again).
  private mutating func blueZChanged(running: Bool) -> Step {
    var step = busLost()
    if running { step.send.append(Sent(call: .managedObjects, message: BlueZ.managedObjects)) }
    return step
  }

  // MARK: A trainer's characteristics

  /// `WriteValue` of `bytes` on `characteristic` of the live sensor `address`, with a
  /// response (`type: request`); nil when it is not live or has no such characteristic.
  public func write(_ bytes: [UInt8], to characteristic: TrainerCharacteristic, of address: String) -> DBusMessage? {
    guard let path = trainerPath(characteristic, address) else { return nil }
    return .call(
      BlueZ.service, path, BlueZ.characteristic, "WriteValue", [.bytes(bytes), .properties([("type", .string("request"))])])
  }

  /// `ReadValue` of `characteristic` of the live sensor `address`; nil as for `write`.
  public func read(_ characteristic: TrainerCharacteristic, of address: String) -> DBusMessage? {
    guard let path = trainerPath(characteristic, address) else { return nil }
    return .call(BlueZ.service, path, BlueZ.characteristic, "ReadValue", [.properties([])])
  }

  private func trainerPath(_ characteristic: TrainerCharacteristic, _ address: String) -> String? {
    let address = address.uppercased()
    guard peers[address]?.live == true, let device = objects.device(address: address) else { return nil }
    return objects.trainer(characteristic, under: device)
  }

  // MARK: The steps

  /// The remembered sensor whose device object is `path`.
  private func address(of path: String) -> String? {
    guard let address = objects.properties(path, BlueZ.device)?["Address"]?.text?.uppercased() else { return nil }
    return peers[address] == nil ? nil : address
  }

  /// The remembered sensor under whose device object `path` is.
  private func address(owning path: String) -> String? {
    objects.owner(of: path).flatMap { address(of: $0) }
  }

  private mutating func advanceAll(_ step: inout Step) {
    for address in addresses { advance(address, &step) }
    let unknown = addresses.contains { objects.device(address: $0) == nil }
    if unknown, !discovering, let adapter = objects.adapters.first {
      // A sensor BlueZ does not know yet is found by discovering it.
      discovering = true
      step.send.append(Sent(call: .filter, message: BlueZ.discoveryFilter(adapter)))
    }
  }

  private mutating func stopDiscovery(_ step: inout Step) {
    guard let adapter = objects.adapters.first else { return }
    discovering = false
    step.send.append(Sent(call: .stopDiscovery, message: .call(BlueZ.service, adapter, BlueZ.adapter, "StopDiscovery")))
  }

  /// Moves `address` on as far as BlueZ lets it: connect, then (once its services are
  /// resolved) subscribe to each measurement.
  private mutating func advance(_ address: String, _ step: inout Step) {
    guard let peer = peers[address], !peer.waiting, let path = objects.device(address: address),
      let device = objects.properties(path, BlueZ.device)
    else { return }
    paths[address] = path
    guard device["Connected"]?.boolValue == true else {
      if !peer.connecting {
        peers[address]?.connecting = true
        step.send.append(Sent(call: .connect(address), message: .call(BlueZ.service, path, BlueZ.device, "Connect")))
      }
      return
    }
    guard device["ServicesResolved"]?.boolValue == true else { return }
    let control = objects.trainer(.controlPoint, under: path).map { [$0] } ?? []
    for characteristic in objects.measurements(under: path).map(\.path) + control
    where !peer.subscribing.contains(characteristic) && !peer.subscribed.contains(characteristic) {
      peers[address]?.subscribing.insert(characteristic)
      step.send.append(
        Sent(
          call: .startNotify(characteristic),
          message: .call(BlueZ.service, characteristic, BlueZ.characteristic, "StartNotify")))
    }
  }

  /// `.connected` once its notifications are on.
  private mutating func announce(_ address: String, _ step: inout Step) {
    guard peers[address]?.live == false else { return }
    peers[address]?.live = true
    let device = objects.device(address: address).flatMap { objects.properties($0, BlueZ.device) }
    step.inputs.append(.connected(address: address, name: device?["Alias"]?.text ?? device?["Name"]?.text))
  }

  /// Disconnected, its services gone or its object removed: `.lost` once, then connected
  /// again after the retry interval.
  private mutating func drop(_ address: String, _ step: inout Step) {
    if peers[address]?.live == true { step.inputs.append(.lost(address: address)) }
    peers[address] = Peer()
    wait(address, &step)
  }

  private mutating func wait(_ address: String, _ step: inout Step) {
    peers[address]?.waiting = true
    step.retry = true
  }

  /// A notification's value on a measurement of a remembered sensor, read; an indication of
  /// a trainer's control point, passed on.
  private mutating func deliver(_ path: String, _ bytes: [UInt8], _ step: inout Step) {
    guard let address = address(owning: path), let peer = peers[address],
      peer.subscribed.contains(path) || peer.subscribing.contains(path),
      let device = objects.owner(of: path)
    else { return }
    if objects.trainer(.controlPoint, under: device) == path {
      step.indications.append(ControlPointIndication(address: address, bytes: bytes))
      return
    }
    guard let characteristic = objects.measurements(under: device).first(where: { $0.path == path })?.characteristic
    else { return }
    announce(address, &step)
    do {
      step.inputs.append(.measurement(address: address, try SensorMeasurement(characteristic, bytes)))
    } catch {
      step.inputs.append(.malformed(address: address, error))
    }
  }
}
