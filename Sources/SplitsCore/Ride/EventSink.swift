/// Where the runtime writes each ride event before the screen shows it. The SQLite journal
/// implements it; tests use an array. `append` throws when the write did not reach the disk
/// (full disk, read-only directory): the runtime then keeps the event and tries again.
public protocol EventSink: AnyObject {
  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws
}

/// A sink's error that says whether trying again can help (a full disk: yes; an event the
/// journal refuses: no).
public protocol EventSinkFailure: Error {
  var isTransient: Bool { get }
}
