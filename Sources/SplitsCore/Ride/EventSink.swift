/// Where the runtime writes each ride event before the screen shows it. The SQLite journal
/// implements it; tests use an array. `append` throws when the write did not reach the disk
/// (full disk, read-only directory): the runtime then keeps the event and tries again.
public protocol EventSink: AnyObject {
  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws
  /// Keeps `kind` as the comparison chosen for rides named `name`. Throws when it could not
  /// (the choice then holds for the screen only; no event is concerned).
  func rememberComparison(_ kind: ComparisonKind, name: String) throws
  /// Keeps `comparison` as the comparison chosen for the route `name`. Throws as
  /// `rememberComparison` does.
  func rememberRouteComparison(_ comparison: String, name: String) throws
  /// Writes the event, and with it (in the same transaction) the receipt of the remote
  /// command it completes, if any.
  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64, receipt: RemoteReceipt?) throws
  /// The receipt of the remote command with this id, if one was written: the command was
  /// applied already.
  func receipt(id: String) throws -> RemoteReceipt?
  /// Something in the journal's directory was deleted or moved: if it was a file the sink
  /// writes through (the journal's write-ahead log), save what it held now, not at the next
  /// write. Throws when that could not be done yet (the next write tries again and says so).
  func noticeRemovedFiles() throws
  /// Takes `quiet` as a watch of the journal's directory: true while no deletion or move there
  /// waits unread, so that a write need not look at the files itself. Nil when the watch ends.
  func watchRemovals(_ quiet: (@Sendable () -> Bool)?)
  /// Writes one second of ride `ride`'s sensor samples and commits it before returning (a
  /// second written again replaces it).
  func append(_ sample: SensorSample, ride: Int) throws
}

extension EventSink {
  /// A sink that keeps no receipts (tests' arrays) writes the event alone.
  public func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64, receipt: RemoteReceipt?) throws {
    try append(event, ride: ride, wallMilliseconds: wallMilliseconds)
  }

  public func receipt(id: String) throws -> RemoteReceipt? { nil }

  public func noticeRemovedFiles() throws {}

  public func watchRemovals(_ quiet: (@Sendable () -> Bool)?) {}

  /// A sink that keeps no samples (tests' arrays of events) takes every one.
  public func append(_ sample: SensorSample, ride: Int) throws {}

  /// A sink that keeps no choices (tests' arrays) takes every one.
  public func rememberComparison(_ kind: ComparisonKind, name: String) throws {}

  public func rememberRouteComparison(_ comparison: String, name: String) throws {}
}

/// A sink's error that says whether trying again can help (a full disk: yes; an event the
/// journal refuses: no).
public protocol EventSinkFailure: Error {
  var isTransient: Bool { get }
}
