import CSocket
import Foundation
import SplitsCore
import SplitsRuntime
import SplitsStore

/// `splits --livesplit-server [PORT]`: LiveSplit Server's text protocol (`LiveSplitWire`) on a
/// TCP port of 127.0.0.1, for speedrunners' tools (stream deck plugins, auto-splitters,
/// scripts). Each line is a remote command, applied by the screen's reducer as `splits split`
/// would be; a query's answer goes back on the connection.
///
/// Loopback only, and only this user's processes: a connection's owner is looked up in the
/// kernel's table of TCP sockets (`/proc/net/tcp`, `TCPPeer`) as it is accepted, and any other
/// user's, or one whose owner the kernel no longer says (a client that closed before it was
/// looked at), is closed before a byte is read. Like the control socket, the listener and its
/// connections are descriptors of the screen's own event loop: no thread, no wake-up while
/// nothing arrives; at most `maxConnections` at once.
@MainActor
public final class LiveSplitServer {
  public typealias Handler = ControlServer.Handler

  public nonisolated static let defaultPort = 16834
  static let maxConnections = 32

  /// A listener bound before the screen opens, so that a port in use is said at once.
  public struct Bound: Sendable {
    public let fd: Int32
    public let port: Int
  }

  /// The port could not be bound: `code` is the errno.
  public struct Failure: Error, CustomStringConvertible {
    public var port: Int
    public var code: Int32
    public var description: String {
      code == EADDRINUSE
        ? "port \(port) of 127.0.0.1 is in use (another LiveSplit Server, or another splits screen?): "
          + "give another with --livesplit-server PORT"
        : "LiveSplit Server cannot listen on port \(port) of 127.0.0.1: " + String(cString: strerror(code))
    }
  }

  /// Binds 127.0.0.1:`port` (0: a port the system picks).
  public static func bind(port: Int) throws(Failure) -> Bound {
    let fd = splits_tcp_listen(Int32(port))
    guard fd >= 0 else { throw Failure(port: port, code: errno) }
    return Bound(fd: fd, port: Int(splits_tcp_port(fd)))
  }

  /// The screen's way to serve a bound listener (a `FullScreen.Listen`).
  public static func listening(_ bound: Bound) -> @MainActor (EventLoop, @escaping Handler) -> (@MainActor () -> Void)? {
    { loop, handler in
      let server = LiveSplitServer(bound, loop: loop, handler: handler)
      guard server.start() else { return nil }
      return server.close
    }
  }

  private let listener: Int32
  private let port: Int
  private let loop: EventLoop
  private let handler: Handler
  private let user = geteuid()
  private var open = true
  private var listening = false
  /// Each connection's bytes not yet ended by a newline.
  private var connections: [Int32: [UInt8]] = [:]
  private var random = SystemRandomNumberGenerator()

  init(_ bound: Bound, loop: EventLoop, handler: @escaping Handler) {
    listener = bound.fd
    port = bound.port
    self.loop = loop
    self.handler = handler
  }

  private func start() -> Bool {
    listening = loop.watch(listener) { [weak self] in self?.acceptAll() }
    if !listening { close() }
    return listening
  }

  /// Stops listening and closes every connection.
  public func close() {
    guard open else { return }
    open = false
    if listening { loop.unwatch(listener) }
    Glibc.close(listener)
    for fd in Array(connections.keys) { drop(fd) }
  }

  private func acceptAll() {
    while true {
      guard connections.count < Self.maxConnections else {
        if listening {
          listening = false
          loop.unwatch(listener)
        }
        return
      }
      var address: UInt32 = 0
      var peerPort: Int32 = 0
      let fd = splits_tcp_accept(listener, &address, &peerPort)
      guard fd >= 0 else { return }
      guard owner(address: address, port: Int(peerPort), of: fd) == .user(UInt32(user)) else {
        Glibc.close(fd)
        continue
      }
      guard loop.watch(fd, { [weak self] in self?.read(fd) }) else {
        Glibc.close(fd)
        continue
      }
      connections[fd] = []
    }
  }

  /// Who holds the other end of `fd`, from the kernel's table.
  private func owner(address: UInt32, port: Int, of fd: Int32) -> TCPPeer.Owner {
    var local: UInt32 = 0
    var localPort: Int32 = 0
    guard splits_tcp_local(fd, &local, &localPort) == 0, let table = Self.table() else { return .unknown }
    return TCPPeer.owner(in: table, address: address, port: port, serverAddress: local, serverPort: Int(localPort))
  }

  /// `/proc/net/tcp`, read whole (at most 64 MiB).
  static func table() -> String? {
    FileSystem.readAll("/proc/net/tcp").map { String(decoding: $0, as: UTF8.self) }
  }

  private func read(_ fd: Int32) {
    guard var received = connections[fd] else { return }
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = Glibc.read(fd, &buffer, buffer.count)
    if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
    let ended = count <= 0
    if !ended { received += buffer.prefix(count) }
    while let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
      let line = Array(received[..<newline])
      received.removeSubrange(...newline)
      guard take(line, on: fd) else { return drop(fd) }
    }
    // LiveSplit takes a last line without its newline when the client closes.
    if ended {
      if !received.isEmpty { _ = take(received, on: fd) }
      return drop(fd)
    }
    guard received.count <= LiveSplitWire.maxLine else { return drop(fd) }
    connections[fd] = received
  }

  /// Applies one line; false when the connection is to end (the screen is closing, or the
  /// answer could not be sent whole).
  private func take(_ line: [UInt8], on fd: Int32) -> Bool {
    guard let command = LiveSplitWire.command(line),
      let request = RemoteRequest(command, id: RemoteRequest.makeID(using: &random))
    else { return true }
    guard let answer = handler(request) else { return false }
    guard let reply = LiveSplitWire.reply(answer) else { return true }
    let sent = reply.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    return sent == reply.count
  }

  private func drop(_ fd: Int32) {
    guard connections.removeValue(forKey: fd) != nil else { return }
    loop.unwatch(fd)
    Glibc.close(fd)
    if open, !listening, connections.count < Self.maxConnections {
      listening = loop.watch(listener) { [weak self] in self?.acceptAll() }
    }
  }
}

/// The ride screen's listeners together: the control socket and LiveSplit Server's port.
@MainActor
public enum RemoteListeners {
  public typealias Listen = @MainActor (EventLoop, @escaping ControlServer.Handler) -> (@MainActor () -> Void)?

  /// Both listening, stopped together; either alone when the other is nil or cannot listen.
  public static func both(_ first: Listen?, _ second: Listen?) -> Listen? {
    guard let first else { return second }
    guard let second else { return first }
    return { loop, handler in
      let stops = [first(loop, handler), second(loop, handler)].compactMap { $0 }
      guard !stops.isEmpty else { return nil }
      return { for stop in stops { stop() } }
    }
  }
}
