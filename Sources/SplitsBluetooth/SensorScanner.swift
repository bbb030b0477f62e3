import SplitsRuntime

/// `splits sensors scan`'s run: `SensorScan` against BlueZ on the system bus, on an event
/// loop of its own, for `duration` (or until BlueZ says it cannot scan).
@MainActor
public enum SensorScanner {
  public enum Failure: Error, Equatable, Sendable {
    /// No system bus at its address (libdbus's reason).
    case noBus(String)
    case scan(SensorScan.Failure)
    /// The bus went away during the scan.
    case busLost
    /// No event loop (no descriptor left).
    case setup
  }

  public static func scan(for duration: Duration, busAddress: String? = nil) -> Result<[SensorScan.Found], Failure> {
    guard let loop = EventLoop() else { return .failure(.setup) }
    defer { loop.close() }
    let bus: SystemBus
    do {
      bus = try SystemBus(loop: loop, address: busAddress)
    } catch {
      return .failure(.noBus(error.reason))
    }
    var scan = SensorScan()
    var lost = false
    var ended = false
    func send(_ calls: SensorScan.Send) {
      for (call, message) in calls {
        bus.call(message) { result in send(scan.answer(call, result)) }
      }
    }
    bus.onSignal = { scan.signal($0) }
    bus.onClosed = { lost = true }
    send(scan.start())
    let timer = loop.after(duration) {
      ended = true
    }
    loop.run { ended || lost || scan.failure != nil }
    loop.cancel(timer)
    defer { bus.close() }
    if let failure = scan.failure { return .failure(.scan(failure)) }
    if lost { return .failure(.busLost) }
    // Discovery stopped before leaving: the answer is waited for, briefly.
    let stops = scan.stop()
    var stopped = stops.isEmpty
    for (_, message) in stops { bus.call(message) { _ in stopped = true } }
    let patience = loop.after(.milliseconds(500)) { stopped = true }
    loop.run { stopped || lost }
    loop.cancel(patience)
    return .success(scan.found)
  }
}
