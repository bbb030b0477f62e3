import SplitsBluetooth
import SplitsCore
import SplitsSensors
import Testing

/// The sensor link's decisions without a bus: what it sends, and what the screen is given.
@Suite("The sensor link, pure: connect, subscribe, read, lose and reconnect")
struct SensorLinkStateTests {
  typealias F = BlueZFixtures
  static let okay: Result<[DBusValue], DBusFailure> = .success([])

  /// A link to the strap, connected and subscribed: `.connected` given.
  static func liveStrap() -> SensorLinkState {
    var link = SensorLinkState(addresses: [F.strap.lowercased()])
    _ = link.start()
    _ = link.answer(.managedObjects, .success(F.strapAndPedals))
    _ = link.signal(F.device(F.strap, [("Connected", .bool(true))]))
    _ = link.signal(F.device(F.strap, [("ServicesResolved", .bool(true))]))
    _ = link.answer(.startNotify(F.characteristicPath(F.strap)), okay)
    return link
  }

  @Test func theMatchRulesAreAddedBeforeAnythingIsReadSoNoNotificationIsMissed() {
    var link = SensorLinkState(addresses: [F.strap])
    let sent = link.start().send
    #expect(sent.map(\.call) == [.addMatch(0), .addMatch(1), .addMatch(2), .addMatch(3), .managedObjects])
    #expect(sent.prefix(4).allSatisfy { $0.message.member == "AddMatch" })
    #expect(sent[2].message.body == [.string("type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")])
  }

  @Test func aRememberedStrapIsConnectedThenSubscribedOnceItsServicesAreResolved() {
    var link = SensorLinkState(addresses: [F.strap])
    _ = link.start()
    let loaded = link.answer(.managedObjects, .success(F.strapAndPedals))
    // Only the remembered strap is connected, not the pedals.
    #expect(loaded.send.map(\.call) == [.connect(F.strap)])
    #expect(loaded.send.first?.message.path == F.devicePath(F.strap))
    #expect(link.signal(F.device(F.strap, [("Connected", .bool(true))])).send.isEmpty)
    let resolved = link.signal(F.device(F.strap, [("ServicesResolved", .bool(true))]))
    #expect(resolved.send.map(\.call) == [.startNotify(F.characteristicPath(F.strap))])
    #expect(resolved.inputs.isEmpty)
    let on = link.answer(.startNotify(F.characteristicPath(F.strap)), Self.okay)
    #expect(on.inputs == [.connected(address: F.strap, name: "HRM Strap")])
  }

  @Test func aNotificationIsDeliveredAsTheMeasurementItReads() throws {
    var link = Self.liveStrap()
    let step = link.signal(F.value(F.strap, [0x00, 140]))
    #expect(step.inputs == [.measurement(address: F.strap, try SensorMeasurement(.heartRateMeasurement, [0x00, 140]))])
  }

  @Test func aMalformedNotificationIsDeliveredAsMalformedNeverACrash() throws {
    var link = Self.liveStrap()
    let step = link.signal(F.value(F.strap, []))
    guard case .malformed(let address, let error) = step.inputs.first else {
      Issue.record("not malformed: \(step.inputs)")
      return
    }
    #expect(address == F.strap)
    #expect(error.characteristic == .heartRateMeasurement)
    // And a 16-bit heart rate announced by its flags but one byte short.
    #expect(link.signal(F.value(F.strap, [0x01, 140])).inputs.count == 1)
  }

  @Test func aDropoutIsLostOnceThenConnectedAgainAtTheRetry() {
    var link = Self.liveStrap()
    let dropped = link.signal(F.device(F.strap, [("ServicesResolved", .bool(false))]))
    #expect(dropped.inputs == [.lost(address: F.strap)])
    #expect(dropped.retry)
    #expect(dropped.send.isEmpty, "connected again before the retry interval")
    let disconnected = link.signal(F.device(F.strap, [("Connected", .bool(false))]))
    #expect(disconnected.inputs.isEmpty, "lost twice")
    // A value meanwhile (late in the socket) is not a measurement of a sensor said lost.
    #expect(link.signal(F.value(F.strap, [0x00, 141])).inputs.isEmpty)
    let retried = link.retry()
    #expect(retried.send.map(\.call) == [.connect(F.strap)])
    _ = link.signal(F.device(F.strap, [("Connected", .bool(true))]))
    let resolved = link.signal(F.device(F.strap, [("ServicesResolved", .bool(true))]))
    #expect(resolved.send.map(\.call) == [.startNotify(F.characteristicPath(F.strap))])
    #expect(link.answer(.startNotify(F.characteristicPath(F.strap)), Self.okay).inputs == [.connected(address: F.strap, name: "HRM Strap")])
  }

  @Test func aRefusedConnectionWaitsForTheRetryRatherThanTryingAtOnce() {
    var link = SensorLinkState(addresses: [F.strap])
    _ = link.start()
    _ = link.answer(.managedObjects, .success(F.strapAndPedals))
    let refused = link.answer(.connect(F.strap), .failure(DBusFailure(name: "org.bluez.Error.Failed", text: "Page Timeout")))
    #expect(refused.retry)
    #expect(refused.send.isEmpty && refused.inputs.isEmpty)
    #expect(link.retry().send.map(\.call) == [.connect(F.strap)])
  }

  @Test func aRemovedDeviceIsLostAndTheBusGoneLosesEveryLiveSensor() {
    var link = Self.liveStrap()
    let removed = link.signal(
      .signal("/", "org.freedesktop.DBus.ObjectManager", "InterfacesRemoved", [.objectPath(F.devicePath(F.strap)), .strings([BlueZ.device])]))
    #expect(removed.inputs == [.lost(address: F.strap)])
    var other = Self.liveStrap()
    #expect(other.busLost().inputs == [.lost(address: F.strap)])
    #expect(other.busLost().inputs.isEmpty)
  }

  @Test func aValueOfASensorNotRememberedIsIgnored() {
    var link = Self.liveStrap()
    #expect(link.signal(F.value(F.pedals, [0x00, 0x00, 0xC8, 0x00])).inputs.isEmpty)
  }

  @Test func aSensorBlueZDoesNotKnowYetIsDiscoveredWithTheSensorsFilter() {
    var link = SensorLinkState(addresses: ["AA:00:00:00:00:07"])
    _ = link.start()
    let loaded = link.answer(.managedObjects, .success(F.strapAndPedals))
    #expect(loaded.send.map(\.call) == [.filter])
    #expect(link.answer(.filter, Self.okay).send.map(\.call) == [.discover])
  }

  static func owner(_ new: String) -> DBusMessage {
    .signal("/org/freedesktop/DBus", "org.freedesktop.DBus", "NameOwnerChanged", [.string("org.bluez"), .string(":1.5"), .string(new)])
  }

  @Test func bluetoothdStoppingLosesTheSensorsAndItsReturnReadsBlueZAgain() {
    var link = Self.liveStrap()
    let stopped = link.signal(Self.owner(""))
    #expect(stopped.inputs == [.lost(address: F.strap)])
    #expect(stopped.send.isEmpty)
    let started = link.signal(Self.owner(":1.9"))
    #expect(started.send.map(\.call) == [.managedObjects])
    #expect(link.answer(.managedObjects, .success(F.strapAndPedals)).send.map(\.call) == [.connect(F.strap)])
  }

  @Test func blueZNotRunningWhenTheScreenOpensIsWaitedForWithoutPollingAndReadWhenItStarts() {
    var link = SensorLinkState(addresses: [F.strap])
    _ = link.start()
    let missing = link.answer(
      .managedObjects, .failure(DBusFailure(name: "org.freedesktop.DBus.Error.ServiceUnknown", text: "not provided")))
    #expect(!missing.retry && missing.send.isEmpty)
    #expect(link.signal(Self.owner(":1.9")).send.map(\.call) == [.managedObjects])
    // Another refusal is asked again at the retry.
    let denied = link.answer(.managedObjects, .failure(DBusFailure(name: "org.freedesktop.DBus.Error.AccessDenied", text: "no")))
    #expect(denied.retry)
    #expect(link.retry().send.map(\.call) == [.managedObjects])
  }
}
