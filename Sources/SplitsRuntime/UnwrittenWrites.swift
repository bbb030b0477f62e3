import SplitsCore

/// The writes the screen has shown and the journal has not taken yet, oldest first, and what
/// the program was last told about them. `Runtime` queues each event and sample here and
/// flushes at once; what a failing journal refuses stays queued and is retried (every 2 s and
/// before the next key), in order, events before samples.
struct UnwrittenWrites {
  /// Events, each with the receipt of the remote command it completes, if any.
  var events: [(event: RideEvent, ride: Int, wall: Int64, receipt: RemoteReceipt?)] = []
  /// Sensor samples: written after the events (a sample's ride row comes with the ride's
  /// first event).
  var samples: [(sample: SensorSample, ride: Int)] = []
  /// Why the journal last refused a write, while writes are queued.
  private(set) var failure: String?
  /// Why the journal refused an event for good since it was last cleared (the remote command
  /// being applied says so in its answer).
  var refusedForGood: String?
  /// Whether the program was last told that writes fail.
  private var reportedFailing = false

  var isEmpty: Bool { events.isEmpty && samples.isEmpty }

  /// Writes the queued events, then the samples, in order. Returns what the program must be
  /// told: that writes fail (the rest stay queued; `failing` is then true), that an event was
  /// refused for good (it is dropped), or that the journal caught up after failing. Without a
  /// sink (a screen with no journal) everything is dropped.
  mutating func flush(into sink: (any EventSink)?, problem: (any Error) -> String) -> (report: JournalReport?, failing: Bool) {
    guard let sink else {
      events.removeAll()
      samples.removeAll()
      return (nil, false)
    }
    var refused: JournalReport?
    while let (event, ride, wall, receipt) = events.first {
      do {
        try sink.append(event, ride: ride, wallMilliseconds: wall, receipt: receipt)
        events.removeFirst()
      } catch let failure as any EventSinkFailure where !failure.isTransient {
        // Refused for good: trying again cannot help. Say so and go on with the rest.
        events.removeFirst()
        let message = problem(failure)
        refused = .refused(message: message)
        refusedForGood = message
      } catch {
        return (failing(problem(error)), true)
      }
    }
    // A sample refused for good is dropped (the ride it belongs to is gone).
    while let (sample, ride) = samples.first {
      do {
        try sink.append(sample, ride: ride)
        samples.removeFirst()
      } catch let failure as any EventSinkFailure where !failure.isTransient {
        samples.removeFirst()
      } catch {
        return (failing(problem(error)), true)
      }
    }
    failure = nil
    if reportedFailing {
      reportedFailing = false
      return (.caughtUp, false)
    }
    return (refused, false)
  }

  private mutating func failing(_ message: String) -> JournalReport {
    reportedFailing = true
    failure = message
    return .failing(message: message, unwritten: events.count)
  }
}
