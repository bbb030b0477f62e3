import SplitsBluetooth
import SplitsCore
import SplitsSensors
import Testing

/// The writing side a trainer's ERG needs, without a bus: the control point subscribed, its
/// indications passed on as answers, writes with a response.
@Suite("A trainer's control point, pure: subscribed, written, answered")
struct TrainerControlTests {
  typealias F = BlueZFixtures
  static let trainer = "AA:00:00:00:00:04"
  static let control = F.devicePath(trainer) + "/service000a/char000d"

  static func objects() -> [DBusValue] {
    let service = F.devicePath(trainer) + "/service000a"
    let controlPoint = F.interfaces([
      (
        BlueZ.characteristic,
        [("UUID", .string(BlueZ.uuid(0x2AD9))), ("Service", .objectPath(service)), ("Notifying", .bool(false))]
      )
    ])
    return F.managed(
      F.poweredAdapter + F.sensor(trainer, name: "Smart Trainer", service: 0x1826, characteristic: 0x2AD2)
        + [(control, controlPoint)])
  }

  @Test func aTrainersControlPointIsSubscribedAndItsIndicationsComeBackAsAnswersNotMeasurements() {
    var link = SensorLinkState(addresses: [Self.trainer])
    _ = link.start()
    _ = link.answer(.managedObjects, .success(Self.objects()))
    #expect(link.write([0x00], to: .controlPoint, of: Self.trainer) == nil, "written before it is connected")
    _ = link.signal(F.device(Self.trainer, [("Connected", .bool(true))]))
    let resolved = link.signal(F.device(Self.trainer, [("ServicesResolved", .bool(true))]))
    #expect(resolved.send.map(\.call) == [.startNotify(F.characteristicPath(Self.trainer)), .startNotify(Self.control)])
    _ = link.answer(.startNotify(F.characteristicPath(Self.trainer)), .success([]))
    _ = link.answer(.startNotify(Self.control), .success([]))
    let write = link.write([0x05, 0xC8, 0x00], to: .controlPoint, of: Self.trainer.lowercased())
    #expect(write?.path == Self.control)
    #expect(write?.member == "WriteValue")
    #expect(write?.body == [.bytes([0x05, 0xC8, 0x00]), .properties([("type", .string("request"))])])
    #expect(link.read(.powerRange, of: Self.trainer) == nil, "a characteristic the trainer lacks")
    let answered = link.signal(
      F.changed(Self.control, BlueZ.characteristic, [("Value", .bytes([0x80, 0x05, 0x05]))]))
    #expect(answered.inputs.isEmpty)
    #expect(answered.indications == [ControlPointIndication(address: Self.trainer, bytes: [0x80, 0x05, 0x05])])
    #expect(answered.indications.first?.response == ControlPointResponse(request: 0x05, result: .controlNotPermitted))
    #expect(ControlPointIndication(address: Self.trainer, bytes: [0x80, 0x05]).response == nil)
  }
}
