import SplitsBluetooth
import SplitsCore
import SplitsRuntime
import SplitsTestSystem
import Testing

/// The bus's own promises, on the fake's private bus (no BlueZ needed).
extension SensorLinkTests {
  @Test func aCallNobodyAnswersFailsWithNoReplyAfterItsPatienceAndAnAnsweredOneDoesNot() throws {
    let fake = try Fake(["--no-bluez"])
    defer { fake.stop() }
    let loop = try #require(EventLoop())
    defer { loop.close() }
    // A peer that never reads: its loop never runs.
    let idle = try #require(EventLoop())
    defer { idle.close() }
    let deaf = try SystemBus(loop: idle, address: fake.address)
    defer { deaf.close() }
    let bus = try SystemBus(loop: loop, address: fake.address, patience: .milliseconds(300))
    defer { bus.close() }
    let name = try #require(deaf.uniqueName)
    var unanswered: Result<[DBusValue], DBusFailure>?
    var answered: [Result<[DBusValue], DBusFailure>] = []
    let start = loop.clock.now
    bus.call(.call(name, "/", "org.example.Deaf", "Hello")) { unanswered = $0 }
    bus.call(.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId")) { answered.append($0) }
    #expect(run(loop) { unanswered != nil })
    #expect(loop.clock.now - start >= .milliseconds(300))
    guard case .failure(let failure) = unanswered else {
      Issue.record("answered: \(String(describing: unanswered))")
      return
    }
    #expect(failure.name == "org.freedesktop.DBus.Error.NoReply")
    // The answered call was answered once, and its time-out never fires after.
    #expect(!run(loop, limit: .milliseconds(500)) { answered.count > 1 })
    #expect(answered.count == 1)
    #expect((try? answered.first?.get())?.first?.text?.count == 32)
  }
}
