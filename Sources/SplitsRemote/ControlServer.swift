import CSocket
import Foundation
import SplitsCore
import SplitsRuntime
import SplitsStore

/// The open ride screen's end of the control socket (`RemoteWire`): `splits lap` from another
/// shell, a hotkey or a script becomes a remote command applied by the screen's reducer.
///
/// The socket is `control.sock` in the data directory, mode 0600 in a 0700 directory, bound
/// by the screen that holds the screen lock (so any socket already there is a killed
/// screen's and is replaced). Every connection's peer must run as this user (SO_PEERCRED):
/// another user's is closed as it is accepted, before it takes one of the slots.
/// Everything runs on the screen's event loop: the listening socket and each connection are
/// watched there, so listening costs no wake-up while nothing arrives, and two commands sent
/// at the same moment are applied one after the other, each once.
@MainActor
public final class ControlServer {
  public typealias Handler = @MainActor (RemoteRequest) -> RemoteAnswer?

  let directory: String
  let name: String
  private let listener: Int32
  private let loop: EventLoop
  /// Whether the socket is open (until `close`).
  private var open = true
  /// Whether the listening socket is watched (it is not while the table is full).
  private var listening = true
  private var connections: [Int32: Connection] = [:]
  private let handler: Handler
  private let user = geteuid()

  /// At most this many connections at once: more wait in the backlog until one ends.
  static let maxConnections = 32
  /// A connection that sends no whole request within this long is dropped.
  static let patience: Duration = .seconds(2)

  /// The socket could not be made: `code` is the errno.
  public struct Failure: Error, CustomStringConvertible {
    public var code: Int32
    public var description: String { String(cString: strerror(code)) }
  }

  /// One connection, kept under its descriptor in `connections`.
  final class Connection {
    var received: [UInt8] = []
    var timer: LoopTimer?
  }

  /// Listens at `name` in `directory`; throws the errno when the socket cannot be made.
  public init(directory: String, name: String, loop: EventLoop, handler: @escaping Handler) throws(Failure) {
    self.directory = directory
    self.name = name
    self.handler = handler
    self.loop = loop
    let fd = splits_control_listen(directory, name)
    guard fd >= 0 else { throw Failure(code: errno) }
    listener = fd
    guard loop.watch(fd, { [weak self] in self?.acceptAll() }) else {
      let code = errno
      Glibc.close(fd)
      unlink(directory + "/" + name)
      throw Failure(code: code)
    }
  }

  /// The ride screen's way to listen (`FullScreen.run`'s `listen`): the control socket in the
  /// data directory `directory`, applying each request with the handler it is given;
  /// returns how to stop, or nil when the socket cannot be made (the screen works without it).
  public static func listening(in directory: String) -> @MainActor (EventLoop, @escaping Handler) -> (@MainActor () -> Void)? {
    { loop, handler in
      guard
        let server = try? ControlServer(
          directory: directory, name: DataLocation.controlSocketName, loop: loop, handler: handler)
      else { return nil }
      return server.close
    }
  }

  /// Stops listening, removes the socket and drops the connections not yet answered.
  public func close() {
    guard open else { return }
    open = false
    loop.unwatch(listener)
    Glibc.close(listener)
    unlink(directory + "/" + name)
    for fd in Array(connections.keys) { drop(fd) }
  }

  private func acceptAll() {
    while true {
      // A full table: stop listening until a connection ends (a readable listener left
      // watched would call this again at once, for as long as the table stays full).
      guard connections.count < Self.maxConnections else {
        if listening {
          listening = false
          loop.unwatch(listener)
        }
        return
      }
      let fd = splits_control_accept(listener)
      guard fd >= 0 else { return }
      // Only this user's processes: another's connection is closed at once. Kept until it
      // timed out, connections that never send anything would hold every slot and keep
      // the user's own commands waiting. (The user's `splits lap` checks the screen's
      // credentials too, and the directory's modes keep other users out in the first place.)
      guard splits_peer_uid(fd) == Int64(user) else {
        Glibc.close(fd)
        continue
      }
      watch(fd)
    }
  }

  private func watch(_ fd: Int32) {
    let connection = Connection()
    guard loop.watch(fd, { [weak self] in self?.read(fd) }) else {
      Glibc.close(fd)
      return
    }
    connections[fd] = connection
    connection.timer = loop.after(Self.patience) { [weak self] in self?.drop(fd) }
  }

  private func read(_ fd: Int32) {
    guard let connection = connections[fd] else { return }
    var buffer = [UInt8](repeating: 0, count: RemoteWire.maxRequest + 2)
    let count = Glibc.read(fd, &buffer, buffer.count)
    if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
    guard count > 0 else {
      // Closed (or failed) before a whole request: nothing to apply.
      drop(fd)
      return
    }
    connection.received += buffer.prefix(count)
    if let newline = connection.received.firstIndex(of: UInt8(ascii: "\n")) {
      answer(fd, connection.received[..<newline])
    } else if connection.received.count > RemoteWire.maxRequest {
      send(RemoteWire.Reply(error: RemoteWire.Malformed.tooLong.rawValue), to: fd)
      drop(fd)
    }
  }

  private func answer(_ fd: Int32, _ line: ArraySlice<UInt8>) {
    switch RemoteWire.parse(line) {
    case .failure(let malformed):
      send(RemoteWire.Reply(error: malformed.rawValue), to: fd)
    case .success(let request):
      // A command whose sender gave up waiting (the screen was stopped or stalled, and the
      // command said it did not answer) is not applied later behind its back.
      guard splits_peer_gone(fd) == 0 else { break }
      if let answer = handler(request) {
        send(RemoteWire.Reply(answer: answer), to: fd)
      } else {
        send(RemoteWire.Reply(error: RemoteWire.closing), to: fd)
      }
    }
    drop(fd)
  }

  /// One short line to a socket whose buffer is empty: it goes in one write. If it does
  /// not (the peer is gone), there is nobody to tell.
  private func send(_ reply: RemoteWire.Reply, to fd: Int32) {
    let bytes = RemoteWire.encode(reply)
    _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  private func drop(_ fd: Int32) {
    guard let connection = connections.removeValue(forKey: fd) else { return }
    if let timer = connection.timer { loop.cancel(timer) }
    loop.unwatch(fd)
    Glibc.close(fd)
    // Listening again once there is room, for the connections waiting in the backlog.
    if open, !listening, connections.count < Self.maxConnections {
      listening = loop.watch(listener) { [weak self] in self?.acceptAll() }
    }
  }
}
