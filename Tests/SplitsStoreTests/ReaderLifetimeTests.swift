import GRDB
import SplitsTestSupport
import SplitsTestSystem
import Testing

@testable import SplitsCore
@testable import SplitsStore

/// A journal reader released keeps its connection, closed, for the life of the process:
/// freeing it would release its dispatch queue, and libdispatch would start a worker thread
/// (`splits status` made one as it ended; `status --follow` kept one waking every second).
@Suite("A journal reader released keeps its connection for the process")
struct ReaderLifetimeTests {
  @Test("released, or closed and released: its queue is kept")
  func releasedReadersKeepTheirQueue() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let journal = try Journal.open(dataDirectory: temp.path, bootID: "b")
    try journal.append(RideEvent(.start, at: ms(0)), ride: 1, wallMilliseconds: 0)
    try journal.close()

    for closeFirst in [false, true] {
      weak var queue: DatabaseQueue?
      do {
        let reader = try #require(try JournalReader.open(dataDirectory: temp.path, bootID: "b"))
        #expect(try reader.currentRide(now: Now(monotonic: ms(1_000), wallMilliseconds: 1_000))?.ride.number == 1)
        queue = reader.queue
        if closeFirst { reader.close() }
      }
      #expect(queue != nil, "the reader's queue was freed (closed first: \(closeFirst))")
    }
  }
}
