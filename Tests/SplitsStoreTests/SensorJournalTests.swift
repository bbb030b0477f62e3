import Foundation
import GRDB
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

@Suite("Journal: sensor samples, remembered sensors and settings (schema v10)")
struct SensorJournalTests {
  let now = Now(monotonic: ms(100_000), wallMilliseconds: 100_000)

  @Test func samplesWrittenAreReadBackWithTheRideAndALostSecondStaysAbsent() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "boot")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
    let written = [
      SensorSample(second: 0, heartRate: 140, power: 200, cadence: 90, speedMillimetresPerSecond: 8_000),
      SensorSample(second: 1, heartRate: 141),
      SensorSample(second: 3, power: 210),
    ]
    for sample in written { try journal.append(sample, ride: 1) }
    #expect(try journal.restoreCurrentRide(now: now).samples == written)
    try journal.append(RideEvent(.pause, at: ms(9_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.finish, at: ms(9_000)), ride: 1, wallMilliseconds: 0)
    try journal.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "boot"))
    #expect(try reader.rides(now: now).first?.samples == written)
    #expect(try reader.ride(number: 1, now: now)?.samples == written)
    #expect(RideFigures(try #require(try reader.ride(number: 1, now: now))).samples.map(\.second) == [0, 1, 3])
  }

  @Test func deletingARideDeletesItsSamples() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "boot")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(SensorSample(second: 0, power: 150), ride: 1)
    try journal.append(RideEvent(.pause, at: ms(2_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(RideEvent(.finish, at: ms(2_000)), ride: 1, wallMilliseconds: 0)
    #expect(try journal.delete(ride: 1))
    let left = try journal.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM samples") }
    #expect(left == 0)
  }

  @Test func aDamagedSampleIsRefusedAsDamageNamingTheSecond() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "boot")
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: 0)
    try journal.append(SensorSample(second: 2, heartRate: 120), ride: 1)
    try journal.close()
    let queue = try DatabaseQueue(path: temp.file("splits.sqlite"))
    try queue.write { try $0.execute(sql: "UPDATE samples SET heart_rate = 900") }
    try queue.close()
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "boot"))
    #expect {
      _ = try reader.ride(number: 1, now: now)
    } throws: { error in
      (error as? JournalError)?.reason == .corrupt("second 2 of ride 1 has heart_rate 900")
    }
  }

  @Test func aSensorIsRememberedOnceListedAndForgotten() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "boot")
    let strap = RememberedSensor(address: "AA:BB:CC:DD:EE:01", name: "Strap", addedAt: 5)
    #expect(try journal.rememberSensor(strap))
    #expect(try !journal.rememberSensor(strap))
    #expect(try journal.rememberSensor(RememberedSensor(address: "AA:BB:CC:DD:EE:02", name: nil, addedAt: 6)))
    #expect(try journal.rememberedSensors().map(\.address) == ["AA:BB:CC:DD:EE:01", "AA:BB:CC:DD:EE:02"])
    #expect(try journal.forgetSensor(address: "AA:BB:CC:DD:EE:01"))
    #expect(try !journal.forgetSensor(address: "AA:BB:CC:DD:EE:01"))
    let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "boot"))
    #expect(try reader.rememberedSensors() == [RememberedSensor(address: "AA:BB:CC:DD:EE:02", name: nil, addedAt: 6)])
  }

  @Test func theFTPIsKeptAsASetting() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "boot")
    #expect(try journal.settings().isEmpty)
    try journal.set(.ftp, to: "250")
    try journal.set(.ftp, to: "260")
    #expect(try journal.settings() == [.ftp: "260"])
  }

  @Test func addressesAndTheFTPAreCheckedAsTheRiderTypesThem() {
    #expect(SensorAddress.normalized("aa:bb:cc:dd:ee:0f") == "AA:BB:CC:DD:EE:0F")
    for bad in ["", "AA:BB:CC:DD:EE", "AA:BB:CC:DD:EE:FF:00", "AA-BB-CC-DD-EE-FF", "AG:BB:CC:DD:EE:FF", "A:BB:CC:DD:EE:FFF", "ＡA:BB:CC:DD:EE:FF"] {
      #expect(SensorAddress.normalized(bad) == nil, "\(bad)")
    }
    #expect(Setting.ftp.normalized("250") == "250")
    for bad in ["0", "2001", "-5", "250.5", "abc", ""] { #expect(Setting.ftp.normalized(bad) == nil, "\(bad)") }
  }
}
