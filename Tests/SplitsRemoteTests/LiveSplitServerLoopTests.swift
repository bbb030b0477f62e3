import Foundation
import SplitsCore
import SplitsRuntime
import Testing

@testable import SplitsRemote

/// What the handler was given, in order.
@MainActor
private final class Taken {
  var commands: [RemoteCommand] = []
}

/// LiveSplit Server's listener on a real loop and real sockets of 127.0.0.1: lines in order,
/// answers for queries only, and at most 32 connections at once.
@MainActor
@Suite("LiveSplit Server's listener on the screen's loop")
struct LiveSplitServerLoopTests {
  /// Runs `loop` until `done`, or for at most `limit` (then false).
  func run(_ loop: EventLoop, limit: Duration = .seconds(5), until done: @escaping () -> Bool) -> Bool {
    var gaveUp = false
    let guardTimer = loop.after(limit) { gaveUp = true }
    loop.run { done() || gaveUp }
    loop.cancel(guardTimer)
    return done()
  }

  /// A connection of this process to 127.0.0.1:`port` that has sent `text`.
  static func client(_ port: Int, sending text: String) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard fd >= 0, connected else { throw LiveSplitServer.Failure(port: port, code: errno) }
    _ = text.utf8CString.withUnsafeBufferPointer { send(fd, $0.baseAddress, $0.count - 1, 0) }
    return fd
  }

  static func received(_ fd: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
    return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
  }

  @Test func linesAreTakenInOrderQueriesAnsweredAndNoMoreThan32ConnectionsServedAtOnce() throws {
    let loop = try #require(EventLoop())
    defer { loop.close() }
    let bound = try LiveSplitServer.bind(port: 0)
    let taken = Taken()
    let stop = try #require(
      LiveSplitServer.listening(bound)(loop) { request in
        taken.commands.append(request.command)
        return RemoteAnswer(outcome: request.command.isQuery ? .value("pong") : .started(ride: 1, countdown: 0))
      })
    defer { stop() }
    // Two lines in one write, the screen's own `lap` ignored: a command (no answer), a query.
    var clients = [try Self.client(bound.port, sending: "split\r\nlap\nping\r\n")]
    #expect(run(loop) { taken.commands == [.split, .ping] })
    #expect(Self.received(clients[0]) == "pong\r\n")
    // 32 connections at once are served; a 33rd waits until one of them ends.
    for _ in 1..<32 { clients.append(try Self.client(bound.port, sending: "ping\n")) }
    #expect(run(loop) { taken.commands.count == 33 })
    let waiting = try Self.client(bound.port, sending: "getsplitindex\r\n")
    defer { close(waiting) }
    #expect(!run(loop, limit: .milliseconds(300)) { taken.commands.count > 33 }, "a 33rd connection was served")
    close(clients.removeLast())
    #expect(run(loop) { taken.commands.last == .getsplitindex })
    var answer = ""
    #expect(run(loop) {
      answer += Self.received(waiting)
      return answer == "pong\r\n"
    })
    // A last line without its newline is taken when the client closes its end.
    _ = "reset".utf8CString.withUnsafeBufferPointer { send(clients[0], $0.baseAddress, $0.count - 1, 0) }
    shutdown(clients[0], Int32(SHUT_WR))
    #expect(run(loop) { taken.commands.last == .reset })
    for fd in clients { close(fd) }
  }
}
