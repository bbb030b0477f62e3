import GRDB
import Synchronization

/// The closed connections of `Journal.inspect` and of `JournalReader` (released, or failing
/// to open), kept for the life of the process. Freeing one releases its dispatch queue, and
/// libdispatch then starts worker threads of its global queues (and their 1 Hz timer) for
/// good: a screen opened on an existing journal, or `status --follow` after it closed a
/// reader, would run on three threads instead of one, and `splits status` would make a
/// thread as it ends.
enum Inspected {
  private static let kept = Mutex<[DatabaseQueue]>([])

  static func keep(_ queue: DatabaseQueue) { kept.withLock { $0.append(queue) } }
}
