import SplitsBluetooth
import Testing

/// `sensors scan`'s decisions without a bus.
@Suite("A scan, pure: the filter, what is listed, why it cannot run")
struct SensorScanTests {
  typealias F = BlueZFixtures

  @Test func aScanFiltersOnTheFourServicesAndListsOnlySensorsStrongestFirst() {
    var scan = SensorScan()
    #expect(scan.start().map(\.call) == [.addMatch(0), .addMatch(1), .addMatch(2), .managedObjects])
    let objects = F.managed(
      F.poweredAdapter + F.sensor(F.strap, name: "HRM Strap", service: 0x180D, characteristic: 0x2A37, rssi: -70)
        + F.sensor(F.pedals, name: "Power Pedals", service: 0x1818, characteristic: 0x2A63, rssi: -50)
        + F.sensor("AA:00:00:00:00:09", name: "Speaker", service: 0x110B, characteristic: 0x2A00))
    let filter = scan.answer(.managedObjects, .success(objects))
    #expect(filter.map(\.call) == [.filter])
    let uuids = filter.first?.message.body.first?.entries?["UUIDs"]?.texts
    #expect(uuids == ["0000180d-0000-1000-8000-00805f9b34fb", "00001816-0000-1000-8000-00805f9b34fb",
                      "00001818-0000-1000-8000-00805f9b34fb", "00001826-0000-1000-8000-00805f9b34fb"])
    #expect(scan.answer(.filter, .success([])).map(\.call) == [.discover])
    #expect(scan.found.map(\.address) == [F.pedals, F.strap])
    #expect(scan.found.first?.services == [.cyclingPower])
    #expect(scan.found.first?.rssi == -50)
    // An advertisement seen during the scan changes the signal.
    scan.signal(F.device(F.strap, [("RSSI", .int16(-40))]))
    #expect(scan.found.map(\.address) == [F.strap, F.pedals])
  }

  @Test func noAdapterBlueZMissingAndAPoweredOffAdapterAreEachSaid() {
    var none = SensorScan()
    _ = none.answer(.managedObjects, .success(F.managed([])))
    #expect(none.failure == .noAdapter)
    var missing = SensorScan()
    _ = missing.answer(
      .managedObjects,
      .failure(DBusFailure(name: "org.freedesktop.DBus.Error.ServiceUnknown", text: "The name org.bluez was not provided")))
    #expect(missing.failure == .blueZMissing("The name org.bluez was not provided"))
    var off = SensorScan()
    _ = off.answer(
      .managedObjects,
      .success(F.managed([(F.adapter, F.interfaces([(BlueZ.adapter, [("Powered", .bool(false))])]))])))
    #expect(off.failure == .adapterOff(F.adapter))
  }

  @Test func discoveryAlreadyRunningForAnotherProgramIsUsedAndLeftRunning() {
    var scan = SensorScan()
    _ = scan.answer(.managedObjects, .success(F.managed(F.poweredAdapter)))
    _ = scan.answer(.filter, .success([]))
    _ = scan.answer(.discover, .failure(DBusFailure(name: "org.bluez.Error.InProgress", text: "Operation already in progress")))
    #expect(scan.failure == nil)
    #expect(scan.stop().isEmpty)
    var refused = SensorScan()
    _ = refused.answer(.managedObjects, .success(F.managed(F.poweredAdapter)))
    _ = refused.answer(.discover, .failure(DBusFailure(name: "org.bluez.Error.NotReady", text: "Resource Not Ready")))
    #expect(refused.failure == .refused("StartDiscovery", "org.bluez.Error.NotReady", "Resource Not Ready"))
  }
}
