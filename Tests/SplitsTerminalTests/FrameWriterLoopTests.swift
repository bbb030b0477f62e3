import Foundation
import SplitsRender
import SplitsRuntime
import SplitsTestSystem
import Synchronization
import Testing

@testable import SplitsTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A loop of the backend `choice` and a pipe standing for the terminal, its reading end
/// non-blocking; `end` closes all three.
@MainActor
private struct Piped {
  let loop: EventLoop
  let reader: Int32
  let output: Int32

  init(_ choice: LoopChoice) throws {
    loop = try #require(EventLoop(ring: choice))
    do {
      (reader, output) = try nonBlockingPipe()
    } catch {
      loop.close()
      throw error
    }
    _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
  }

  func end() {
    close(reader)
    close(output)
    loop.close()
  }
}

/// A frame the terminal does not take at once waits in the event loop, never in a write:
/// the loop writes the rest as the terminal takes output again, the frames that come
/// meanwhile are held back, and then everything is redrawn.
@MainActor
@Suite("Frames a terminal takes in part: the rest goes out from the loop")
struct FrameWriterLoopTests {
  static func run(_ text: String) -> Screen.Run { Screen.Run(row: 0, column: 0, text: text, style: .plain) }

  /// Runs `loop` until `done`, or for at most `limit`.
  func run(_ loop: EventLoop, limit: Duration = .seconds(5), until done: @escaping () -> Bool) -> Bool {
    var gaveUp = false
    let guardTimer = loop.after(limit) { gaveUp = true }
    loop.run { done() || gaveUp }
    loop.cancel(guardTimer)
    return done()
  }

  /// Reads what `fd` (non-blocking) holds now.
  static func readNow(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  /// The threads of this process the kernel made for io_uring (`iou-wrk-…`): a write it
  /// handed to a worker of its own. The screen must stay one thread.
  static func ringWorkers() -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
      .filter { $0.hasPrefix("iou-") }
  }

  /// Lets the loop make the write handed to it (with an io_uring, in its next wait, which a
  /// timer ends).
  func submit(_ loop: EventLoop, _ output: Int32) -> Bool {
    guard loop.hasQueuedWrite(for: output) else { return true }
    loop.after(.milliseconds(10)) {}
    return run(loop) { !loop.hasQueuedWrite(for: output) }
  }

  @Test(
    "a terminal that reads nothing: the frame waits in the loop, the next is held back, then all is redrawn",
    arguments: [LoopChoice.automatic, .epoll])
  func stalledTerminal(choice: LoopChoice) throws {
    let piped = try Piped(choice)
    defer { piped.end() }
    let (loop, reader, output) = (piped.loop, piped.reader, piped.output)
    #expect(loop.backend.isRing == (choice == .automatic), "\(loop.backend)")
    let block = [UInt8](repeating: 0x41, count: 4096)
    while block.withUnsafeBytes({ write(output, $0.baseAddress, $0.count) }) > 0 {}

    let writer = FrameWriter(sequences: Sequences(.init(), colors: 0), loop: loop, output: output)
    var redraws = 0
    writer.onRedrawNeeded = { redraws += 1 }
    let clock = ContinuousClock()
    let began = clock.now
    writer.write([Self.run("FIRST")], columns: 80)
    #expect(submit(loop, output))
    // Not a moment spent waiting for the terminal (it used to wait up to a second).
    #expect(clock.now - began < .milliseconds(500))
    #expect(writer.isWaiting)
    writer.write([Self.run("SECOND")], columns: 80)

    // The terminal reads again: the loop sends the rest of the first frame, and asks for
    // everything since the second was held back.
    let filler = Self.readNow(reader)
    #expect(filler.allSatisfy { $0 == 0x41 } && !filler.isEmpty)
    #expect(run(loop) { redraws == 1 })
    #expect(!writer.isWaiting)
    let rest = String(decoding: Self.readNow(reader), as: UTF8.self)
    #expect(rest.contains("FIRST") && !rest.contains("SECOND"), "\(rest)")
    #expect(Self.ringWorkers().isEmpty, "\(Self.ringWorkers())")
    writer.close()
  }

  @Test(
    "a frame larger than the terminal's buffer goes out whole, in parts, from the loop",
    arguments: [LoopChoice.automatic, .epoll])
  func shortWrites(choice: LoopChoice) throws {
    let loop = try #require(EventLoop(ring: choice))
    #expect(loop.backend.isRing == (choice == .automatic), "\(loop.backend)")
    defer { loop.close() }
    // `output` is closed once, below (the reader's end of file); a second close could take
    // the descriptor a test beside this one opened meanwhile (a journal's, seen as SQLite's
    // "disk I/O error").
    let (reader, output) = try nonBlockingPipe()
    let text = String(repeating: "0123456789", count: 30_000)
    let received = WriteAllTests.Received()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      received.bytes.withLock { $0 = WriteAllTests.readAll(reader) }
      close(reader)
      done.signal()
    }
    let writer = FrameWriter(sequences: Sequences(.init(), colors: 0), loop: loop, output: output)
    var redraws = 0
    writer.onRedrawNeeded = { redraws += 1 }
    writer.write([Self.run(text)], columns: 80)
    #expect(submit(loop, output))
    #expect(writer.isWaiting, "a pipe takes 64 KiB at once, not 300 kB")
    thread.start()
    #expect(run(loop) { !writer.isWaiting })
    writer.close()
    close(output)
    done.wait()
    let bytes = received.bytes.withLock { $0 }
    #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(text))
    #expect(redraws == 0, "nothing was held back")
    #expect(Self.ringWorkers().isEmpty, "\(Self.ringWorkers())")
  }

  @Test(
    "a frame not yet sent is out before curses writes to the terminal again",
    arguments: [LoopChoice.automatic, .epoll])
  func settleSendsTheFrame(choice: LoopChoice) throws {
    let piped = try Piped(choice)
    defer { piped.end() }
    let (loop, reader, output) = (piped.loop, piped.reader, piped.output)
    let writer = FrameWriter(sequences: Sequences(.init(), colors: 0), loop: loop, output: output)
    writer.write([Self.run("FRAME")], columns: 80)
    // On io_uring the frame waits for the loop's next wait; curses must not write first.
    #expect(loop.hasQueuedWrite(for: output) == (choice == .automatic))
    writer.settle()
    #expect(!writer.isWaiting)
    #expect(!loop.hasQueuedWrite(for: output))
    #expect(String(decoding: Self.readNow(reader), as: UTF8.self).contains("FRAME"))
    writer.close()
  }

  @Test(
    "two frames of one pass go out in order, in the loop's next wait",
    arguments: [LoopChoice.automatic, .epoll])
  func framesOfOnePass(choice: LoopChoice) throws {
    let piped = try Piped(choice)
    defer { piped.end() }
    let (loop, reader, output) = (piped.loop, piped.reader, piped.output)
    let writer = FrameWriter(sequences: Sequences(.init(), colors: 0), loop: loop, output: output)
    writer.write([Self.run("ONE")], columns: 80)
    writer.write([Screen.Run(row: 1, column: 0, text: "TWO", style: .plain)], columns: 80)
    #expect(submit(loop, output))
    #expect(!writer.isWaiting)
    let text = String(decoding: Self.readNow(reader), as: UTF8.self)
    let one = try #require(text.firstRange(of: "ONE"))
    let two = try #require(text.firstRange(of: "TWO"))
    #expect(one.upperBound <= two.lowerBound, "\(text)")
    writer.close()
  }
}
