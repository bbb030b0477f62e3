import Dispatch
import Foundation
import SplitsTestSystem
import Synchronization
import Testing

@testable import SplitsTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Frames go to the terminal through `FrameWriter.writeAll`: every byte, through partial
/// writes, and never blocked for longer than its patience when the terminal stops reading.
@Suite("Writing a frame to a terminal that may stop reading")
struct WriteAllTests {
  /// Reads everything from `fd` until end of file.
  static func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  /// What the reader thread read.
  final class Received: Sendable {
    let bytes = Mutex<[UInt8]>([])
  }

  @Test("a frame larger than the buffer goes out whole while the reader drains it")
  func partialWrites() throws {
    let (reader, writer) = try nonBlockingPipe()
    defer { close(reader) }
    let frame = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    // The reader on a thread of its own: a task would need a thread of the test pool, which
    // other tests blocked in system calls can hold for as long as this one writes (seen as a
    // 30 s stall on two cores).
    let received = Received()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      received.bytes.withLock { $0 = Self.readAll(reader) }
      done.signal()
    }
    thread.start()
    let result = FrameWriter.writeAll(frame, to: writer, patience: .seconds(30))
    close(writer)
    done.wait()
    #expect(result == .written)
    #expect(received.bytes.withLock { $0 } == frame)
  }

  @Test("a terminal that reads nothing: stalled once the patience is spent, not blocked")
  func stalled() throws {
    let (reader, writer) = try nonBlockingPipe()
    defer {
      close(reader)
      close(writer)
    }
    // Fill the pipe until it takes nothing more.
    let block = [UInt8](repeating: 0x41, count: 4096)
    while block.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) > 0 {}
    let clock = ContinuousClock()
    let began = clock.now
    let result = FrameWriter.writeAll(Array("frame".utf8), to: writer, patience: .milliseconds(200))
    let waited = clock.now - began
    #expect(result == .stalled)
    #expect(waited >= .milliseconds(200), "it waited for the terminal first: \(waited)")
    #expect(waited < .seconds(10), "it gave up: \(waited)")
  }

  @Test("a terminal that is gone fails at once")
  func failed() throws {
    // A descriptor no test can open meanwhile (a closed one's number could be reused by a
    // test running beside this one, and the write would then succeed).
    #expect(FrameWriter.writeAll(Array("frame".utf8), to: -1, patience: .seconds(5)) == .failed)
    // A full device: an error other than "try again".
    let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(full >= 0)
    defer { close(full) }
    #expect(FrameWriter.writeAll(Array("frame".utf8), to: full, patience: .seconds(5)) == .failed)
  }

  @Test("nothing to write is written")
  func empty() throws {
    #expect(FrameWriter.writeAll([], to: -1, patience: .seconds(1)) == .written)
  }
}
