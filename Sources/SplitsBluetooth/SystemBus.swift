import CDBus
import SplitsRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A private connection to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set), its socket
/// one more descriptor of an `EventLoop`: no thread, no polling. Calls are matched to their
/// answers by serial; signals go to `onSignal`; a bus that goes away ends every call waiting
/// with a failure and calls `onClosed` once.
@MainActor
public final class SystemBus {
  public typealias Answer = @MainActor (Result<[DBusValue], DBusFailure>) -> Void

  /// The bus could not be reached: libdbus's reason.
  public struct Unreachable: Error, Equatable, Sendable {
    public var reason: String
  }

  private let connection: OpaquePointer
  private let fd: Int32
  private let loop: EventLoop
  private var waiting: [UInt32: (answer: Answer, timer: LoopTimer)] = [:]
  /// How long a call waits for its answer before it fails with `NoReply` (libdbus's own
  /// default; BlueZ's `Connect` to a device out of range answers within it).
  public let patience: Duration
  private var open = true
  public var onSignal: (@MainActor (DBusMessage) -> Void)?
  public var onClosed: (@MainActor () -> Void)?

  /// Connects and registers with the system bus, or the bus at `address` (a test's), in a
  /// blocking exchange with the bus daemon only, never with BlueZ; then watches its socket on
  /// `loop`.
  public init(loop: EventLoop, address: String? = nil, patience: Duration = .seconds(25)) throws(Unreachable) {
    self.patience = patience
    var reason: UnsafeMutablePointer<CChar>? = nil
    let opened = address.map { splits_dbus_open_address($0, &reason) } ?? splits_dbus_open_system(&reason)
    guard let connection = opened else {
      defer { free(reason) }
      throw Unreachable(reason: reason.map { String(cString: $0) } ?? "unknown error")
    }
    let fd = splits_dbus_fd(connection)
    self.connection = connection
    self.fd = fd
    self.loop = loop
    guard fd >= 0, loop.watch(fd, { [weak self] in self?.readable() }) else {
      splits_dbus_close(connection)
      throw Unreachable(reason: "its socket cannot be watched")
    }
    // What the registration read already waits in libdbus's queue, not in the socket.
    loop.soon { [weak self] in self?.drain() }
  }

  /// Sends a method call; `answer` gets its reply or error (a failure when it cannot be sent
  /// or the bus goes away first).
  public func call(_ message: DBusMessage, answer: @escaping Answer) {
    guard open, let raw = DBusWire.make(message) else {
      let failure = DBusFailure(name: "org.freedesktop.DBus.Error.Disconnected", text: "not connected to the bus")
      loop.soon { answer(.failure(failure)) }
      return
    }
    defer { splits_dbus_message_unref(raw) }
    let serial = splits_dbus_send(connection, raw)
    guard serial != 0 else {
      loop.soon { answer(.failure(DBusFailure(name: "org.freedesktop.DBus.Error.NoMemory", text: "out of memory"))) }
      return
    }
    let timer = loop.after(patience) { [weak self] in
      guard let self, let (answer, _) = self.waiting.removeValue(forKey: serial) else { return }
      answer(.failure(DBusFailure(name: "org.freedesktop.DBus.Error.NoReply", text: "no answer in \(self.patience)")))
    }
    waiting[serial] = (answer, timer)
    // Written now; what the write read meanwhile is taken before the loop waits again.
    splits_dbus_connection_flush(connection)
    loop.soon { [weak self] in self?.drain() }
  }

  private func readable() {
    guard open else { return }
    let alive = splits_dbus_connection_read_write(connection, 0) != 0
    drain()
    if !alive { lose() }
  }

  /// Handles every message libdbus has read.
  private func drain() {
    while open, let raw = splits_dbus_connection_pop_message(connection) {
      let serial = splits_dbus_message_get_reply_serial(raw)
      let message = DBusWire.message(raw)
      splits_dbus_message_unref(raw)
      switch message.kind {
      case .methodReturn:
        answered(serial)?(.success(message.body))
      case .error:
        answered(serial)?(.failure(DBusFailure(name: message.errorName ?? "", text: message.errorText ?? "")))
      case .signal:
        if message.interface == "org.freedesktop.DBus.Local" && message.member == "Disconnected" {
          lose()
        } else {
          onSignal?(message)
        }
      case .methodCall:
        // Nobody calls a client: ignored.
        break
      }
    }
  }

  /// The answer waiting for `serial`, taken out, its time-out cancelled.
  private func answered(_ serial: UInt32) -> Answer? {
    guard let (answer, timer) = waiting.removeValue(forKey: serial) else { return nil }
    loop.cancel(timer)
    return answer
  }

  /// This connection's unique name on the bus (`:1.42`).
  public var uniqueName: String? {
    guard open, let name = splits_dbus_bus_get_unique_name(connection) else { return nil }
    return String(cString: name)
  }

  /// The bus went away: calls waiting fail, `onClosed` runs once.
  private func lose() {
    guard open else { return }
    close()
    onClosed?()
  }

  /// Stops watching, closes the connection and fails the calls still waiting.
  public func close() {
    guard open else { return }
    open = false
    loop.unwatch(fd)
    splits_dbus_close(connection)
    let calls = waiting.values
    waiting.removeAll()
    let failure = DBusFailure(name: "org.freedesktop.DBus.Error.Disconnected", text: "the bus went away")
    for (answer, timer) in calls {
      loop.cancel(timer)
      answer(.failure(failure))
    }
  }
}
