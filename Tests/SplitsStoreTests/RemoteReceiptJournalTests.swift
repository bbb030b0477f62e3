import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsStore
import SplitsTestSupport
import SplitsTestSystem

private let boot = "receipt-test-boot"
private let wall0: Int64 = 1_795_316_400_000

@Suite("Journal: a remote command's receipt, written with its last event")
struct RemoteReceiptJournalTests {
  static let id = "00112233445566778899aabbccddeeff"
  static let lap = RemoteOutcome.lap(
    ride: 1, number: 1, lap: .milliseconds(61_250), moving: .milliseconds(61_250), workoutComplete: false)

  /// A lap whose screen died before answering: the next screen (or the headless command)
  /// finds its receipt after reopening the journal.
  @Test func aReceiptIsFoundAfterReopening() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    do {
      let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
      try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
      try journal.append(
        RideEvent(.lap, at: ms(62_250)), ride: 1, wallMilliseconds: wall0 + 61_250,
        receipt: RemoteReceipt(id: Self.id, outcome: Self.lap))
      #expect(try journal.receipt(id: "ffeeddccbbaa99887766554433221100") == nil)
    }
    let again = try Journal.open(dataDirectory: temp.path, bootID: boot)
    #expect(try again.receipt(id: Self.id) == RemoteReceipt(id: Self.id, outcome: Self.lap))
  }

  /// The event and its receipt are one write: when the receipt cannot be written (here, its
  /// id is taken), the event is not written either, so a command is never half applied.
  @Test func anEventIsNeverWrittenWithoutItsReceipt() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: boot)
    try journal.append(RideEvent(.start, at: ms(1_000)), ride: 1, wallMilliseconds: wall0)
    let receipt = RemoteReceipt(id: Self.id, outcome: Self.lap)
    try journal.append(RideEvent(.lap, at: ms(62_250)), ride: 1, wallMilliseconds: wall0 + 61_250, receipt: receipt)
    #expect(throws: JournalError.self) {
      try journal.append(RideEvent(.lap, at: ms(70_000)), ride: 1, wallMilliseconds: wall0 + 69_000, receipt: receipt)
    }
    let now = Now(monotonic: ms(80_000), wallMilliseconds: wall0 + 79_000)
    #expect(try journal.restoreCurrentRide(now: now).ride.splits.count == 1)
  }
}
