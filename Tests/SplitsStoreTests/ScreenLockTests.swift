import Foundation
import Testing

@testable import SplitsStore
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Screen lock: one ride screen per data directory")
struct ScreenLockTests {
  @Test func aSecondScreenIsToldWhoHoldsTheLock() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    #expect(ScreenLock.holder(dataDirectory: temp.path) == nil)
    var first: ScreenLock? = try ScreenLock.acquire(dataDirectory: temp.path)
    #expect(mode(of: temp.file("splits.lock")) == 0o600)
    // A second open of the lock file (what a second process does) is refused.
    do {
      _ = try ScreenLock.acquire(dataDirectory: temp.path)
      Issue.record("a second lock was granted")
    } catch let held as ScreenLock.Held {
      #expect(held.pid == getpid())
      #expect(held.description.contains("pid \(getpid())"))
    }
    #expect(ScreenLock.holder(dataDirectory: temp.path) == getpid())
    // Released when dropped: the next screen takes over.
    first = nil
    #expect(first == nil)
    let second = try ScreenLock.acquire(dataDirectory: temp.path)
    second.release()
    _ = try ScreenLock.acquire(dataDirectory: temp.path)
  }

  @Test(.enabled(if: Spawn.which("flock") != nil, "skipped: util-linux flock is not installed"))
  func aScreenThatIsGoneIsTakenOver() throws {
    let temp = TemporaryDirectory()
    defer { temp.remove() }
    let lockPath = temp.file("splits.lock")
    // Another process holds the lock, as a screen would, then is killed with SIGKILL.
    // One process that takes the lock on a descriptor and becomes `sleep`, keeping it.
    let pid = try Spawn.start(
      ["sh", "-c", "exec 9>>\"$0\" && flock --exclusive 9 && exec sleep 60", lockPath], out: temp.file("out"),
      err: temp.file("out"))
    var held = false
    for _ in 0..<200 {
      if ScreenLock.holder(dataDirectory: temp.path) != nil {
        held = true
        break
      }
      usleep(10_000)
    }
    #expect(held)
    #expect(throws: ScreenLock.Held.self) { try ScreenLock.acquire(dataDirectory: temp.path) }
    kill(pid, SIGKILL)
    #expect(Spawn.wait(for: pid, timeout: nil).shellStatus == 128 + SIGKILL)
    // The kernel dropped the lock with the process: the next screen takes over.
    var taken: ScreenLock?
    for _ in 0..<200 {
      taken = try? ScreenLock.acquire(dataDirectory: temp.path)
      if taken != nil { break }
      usleep(10_000)
    }
    #expect(taken != nil)
  }
}
