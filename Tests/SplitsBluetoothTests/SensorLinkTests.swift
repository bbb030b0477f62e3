import SplitsBluetooth
import SplitsCore
import SplitsRuntime
import SplitsSensors
import SplitsTestSystem
import Testing

/// What the link gave the screen, in order.
@MainActor
private final class Delivered {
  var inputs: [SensorInput] = []

  func count(_ wanted: (SensorInput) -> Bool) -> Int { inputs.filter(wanted).count }

  static func isConnected(_ address: String) -> (SensorInput) -> Bool {
    { if case .connected(address, _) = $0 { true } else { false } }
  }

  static func isLost(_ address: String) -> (SensorInput) -> Bool { { $0 == .lost(address: address) } }
}

/// A sensor link to `addresses` on a fake BlueZ of its own, on a loop of its own, started
/// (after `configure`); `stop` ends all three, the link first.
@MainActor
private final class Linked {
  let fake: FakeBlueZ
  let loop: EventLoop
  let delivered = Delivered()
  let link: SplitsBluetooth.SensorLink
  private var fakeStopped = false

  init(_ addresses: [String], configure: (SplitsBluetooth.SensorLink) -> Void = { _ in }) throws {
    fake = try FakeBlueZ()
    guard let loop = EventLoop() else {
      fake.stop()
      throw LinkedFailure.noLoop
    }
    self.loop = loop
    let delivered = delivered
    link = SensorLink(addresses: addresses, loop: loop, busAddress: fake.address) { delivered.inputs.append($0) }
    configure(link)
    link.start()
  }

  /// Stops the fake BlueZ alone (the bus goes away under the link).
  func stopFake() {
    fake.stop()
    fakeStopped = true
  }

  func stop() {
    link.stop()
    loop.close()
    if !fakeStopped { fake.stop() }
  }
}

private enum LinkedFailure: Error { case noLoop }

/// The sensor link on a real event loop against the fake BlueZ (a private bus and
/// python-dbusmock's bluez5 template): each test starts its own fake and stops it.
@MainActor
@Suite("The sensor link against a fake BlueZ, on the screen's loop", .serialized, .timeLimit(.minutes(1)))
struct SensorLinkTests {
  typealias Fake = FakeBlueZ

  /// Runs `loop` until `done`, or for at most `limit` (then false).
  func run(_ loop: EventLoop, limit: Duration = .seconds(10), until done: @escaping () -> Bool) -> Bool {
    var gaveUp = false
    let guardTimer = loop.after(limit) { gaveUp = true }
    loop.run { done() || gaveUp }
    loop.cancel(guardTimer)
    return done()
  }

  @Test func theLinkConnectsToAStrapAndPedalsAndDeliversHeartRateAndPower() throws {
    let linked = try Linked([Fake.heartRate, Fake.power])
    defer { linked.stop() }
    let (fake, loop, delivered) = (linked.fake, linked.loop, linked.delivered)
    #expect(run(loop) { delivered.inputs.count >= 2 }, "\(delivered.inputs)")
    #expect(delivered.inputs.contains(.connected(address: Fake.heartRate, name: "HRM Strap")))
    #expect(delivered.inputs.contains(.connected(address: Fake.power, name: "Power Pedals")))
    try fake.notify(Fake.heartRate, "hr", "008c")
    try fake.notify(Fake.power, "power", "0000c800")
    let heartRate = SensorInput.measurement(address: Fake.heartRate, try SensorMeasurement(.heartRateMeasurement, [0x00, 0x8C]))
    let power = SensorInput.measurement(
      address: Fake.power, try SensorMeasurement(.cyclingPowerMeasurement, [0x00, 0x00, 0xC8, 0x00]))
    #expect(run(loop) { delivered.inputs.contains(heartRate) && delivered.inputs.contains(power) }, "\(delivered.inputs)")
    // The speed/cadence sensor and the trainer were not asked for: nothing of them.
    #expect(delivered.inputs.count == 4)
  }

  @Test func aMalformedNotificationIsDeliveredAsMalformedAndTheNextOneStillReads() throws {
    let linked = try Linked([Fake.heartRate])
    defer { linked.stop() }
    let (fake, loop, delivered) = (linked.fake, linked.loop, linked.delivered)
    #expect(run(loop) { delivered.count(Delivered.isConnected(Fake.heartRate)) == 1 })
    // Flags announce a 16-bit heart rate; one byte follows.
    try fake.notify(Fake.heartRate, "hr", "0190")
    try fake.notify(Fake.heartRate, "hr", "0091")
    #expect(run(loop) { delivered.inputs.count == 3 }, "\(delivered.inputs)")
    guard case .malformed(Fake.heartRate, let error) = delivered.inputs[1] else {
      Issue.record("not malformed: \(delivered.inputs)")
      return
    }
    #expect(error.characteristic == .heartRateMeasurement && error.length == 2)
    #expect(delivered.inputs[2] == .measurement(address: Fake.heartRate, try SensorMeasurement(.heartRateMeasurement, [0x00, 0x91])))
  }

  @Test func aDropoutIsLostOnceThenTheStrapReconnectsByItselfAndDeliversAgain() throws {
    let linked = try Linked([Fake.heartRate])
    defer { linked.stop() }
    let (fake, loop, delivered) = (linked.fake, linked.loop, linked.delivered)
    #expect(run(loop) { delivered.count(Delivered.isConnected(Fake.heartRate)) == 1 })
    let dropped = loop.clock.now
    try fake.disconnect(Fake.heartRate)
    #expect(run(loop) { delivered.count(Delivered.isLost(Fake.heartRate)) == 1 })
    #expect(run(loop) { delivered.count(Delivered.isConnected(Fake.heartRate)) == 2 }, "\(delivered.inputs)")
    // Connected again by the retry timer, not at once.
    #expect(loop.clock.now - dropped >= SensorLink.retryInterval)
    #expect(delivered.count(Delivered.isLost(Fake.heartRate)) == 1)
    try fake.notify(Fake.heartRate, "hr", "0092")
    let again = SensorInput.measurement(address: Fake.heartRate, try SensorMeasurement(.heartRateMeasurement, [0x00, 0x92]))
    #expect(run(loop) { delivered.inputs.last == again }, "\(delivered.inputs)")
  }

  @Test func aBusThatGoesAwayLosesTheSensorsWithoutACrashOrAHang() throws {
    let linked = try Linked([Fake.heartRate])
    defer { linked.stop() }
    let (loop, delivered) = (linked.loop, linked.delivered)
    #expect(run(loop) { delivered.count(Delivered.isConnected(Fake.heartRate)) == 1 })
    linked.stopFake()
    #expect(run(loop) { delivered.count(Delivered.isLost(Fake.heartRate)) == 1 })
    // The loop goes on: its retries find no bus and say nothing more.
    #expect(!run(loop, limit: .milliseconds(2_500)) { delivered.inputs.count > 2 })
  }

  @Test func noBusAtTheAddressIsSaidWithLibdbusReason() {
    let loop = EventLoop()
    defer { loop?.close() }
    guard let loop else { return }
    #expect(throws: SystemBus.Unreachable.self) { try SystemBus(loop: loop, address: "unix:path=/nonexistent/splits-bus") }
    let result = SensorScanner.scan(for: .seconds(1), busAddress: "unix:path=/nonexistent/splits-bus")
    guard case .failure(.noBus(let reason)) = result else {
      Issue.record("scanned without a bus: \(result)")
      return
    }
    #expect(reason.contains("/nonexistent/splits-bus"))
  }
}

extension SensorLinkTests {
  @Test func aTrainerIsReadAndWrittenWithAResponseAndItsControlPointAnswersComeInOrder() throws {
    var indications: [[UInt8]] = []
    let linked = try Linked([Fake.trainer]) { $0.onIndication = { indications.append($0.bytes) } }
    defer { linked.stop() }
    let (fake, loop, delivered, link) = (linked.fake, linked.loop, linked.delivered, linked.link)
    #expect(run(loop) { delivered.count(Delivered.isConnected(Fake.trainer)) == 1 })
    var range: Result<[UInt8], DBusFailure>?
    link.read(.powerRange, of: Fake.trainer) { range = $0 }
    #expect(run(loop) { range != nil })
    #expect(try range?.get() == [0x00, 0x00, 0xDC, 0x05, 0x01, 0x00])
    var written: [Bool] = []
    // Request control, then a target of 200 W.
    link.write([0x00], to: .controlPoint, of: Fake.trainer) { written.append((try? $0.get()) != nil) }
    link.write([0x05, 0xC8, 0x00], to: .controlPoint, of: Fake.trainer) { written.append((try? $0.get()) != nil) }
    #expect(run(loop) { indications.count == 2 && written.count == 2 }, "\(indications) \(written)")
    #expect(written == [true, true])
    #expect(indications == [[0x80, 0x00, 0x01], [0x80, 0x05, 0x01]])
    #expect(
      try fake.calls(Fake.trainer, "control", "WriteValue")
        == #"[[[0], {"type": "request"}], [[5, 200, 0], {"type": "request"}]]"# + "\n")
    // A sensor that is not connected is not written to.
    var refused: Result<Void, DBusFailure>?
    link.write([0x00], to: .controlPoint, of: Fake.heartRate) { refused = $0 }
    #expect(run(loop) { refused != nil })
    #expect(throws: DBusFailure.self) { try refused?.get() }
  }
}

extension SensorLinkTests {
  @Test func aStreamingStrapDroppedMidRideSendsNothingWhileLostAndStreamsAgainOnceBack() throws {
    let linked = try Linked([Fake.heartRate])
    defer { linked.stop() }
    let (fake, loop, delivered) = (linked.fake, linked.loop, linked.delivered)
    try fake.stream(Fake.heartRate, "hr", "008c", interval: 0.1)
    let isMeasurement: (SensorInput) -> Bool = { if case .measurement = $0 { true } else { false } }
    #expect(run(loop) { delivered.count(isMeasurement) >= 5 }, "\(delivered.inputs)")
    try fake.disconnect(Fake.heartRate)
    #expect(run(loop) { delivered.count(Delivered.isLost(Fake.heartRate)) == 1 })
    let lostAt = delivered.inputs.lastIndex(of: .lost(address: Fake.heartRate)) ?? 0
    #expect(run(loop) { delivered.count(Delivered.isConnected(Fake.heartRate)) == 2 })
    let backAt = delivered.inputs.lastIndex { Delivered.isConnected(Fake.heartRate)($0) } ?? 0
    // Nothing measured between the loss and the return; measurements again after it.
    #expect(!delivered.inputs[lostAt..<backAt].contains(where: isMeasurement), "\(delivered.inputs)")
    #expect(run(loop) { delivered.inputs[backAt...].filter(isMeasurement).count >= 3 }, "\(delivered.inputs)")
  }
}
