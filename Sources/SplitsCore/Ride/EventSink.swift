/// Where the runtime writes each ride event before the screen shows it. The SQLite journal
/// implements it; tests use an array. `append` throws when the write did not reach the disk
/// (full disk, read-only directory): the runtime then keeps the event and tries again.
public protocol EventSink: AnyObject {
  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws
  /// Keeps `kind` as the comparison chosen for rides named `name`. Throws when it could not
  /// (the choice then holds for the screen only; no event is concerned).
  func rememberComparison(_ kind: ComparisonKind, name: String) throws
}

extension EventSink {
  /// A sink that keeps no choices (tests' arrays) takes every one.
  public func rememberComparison(_ kind: ComparisonKind, name: String) throws {}
}

/// A sink's error that says whether trying again can help (a full disk: yes; an event the
/// journal refuses: no).
public protocol EventSinkFailure: Error {
  var isTransient: Bool { get }
}
