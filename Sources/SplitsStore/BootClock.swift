#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SplitsCore

/// The two clocks every stored event carries, read from the system.
public enum BootClock {
  /// The id of the running boot (`/proc/sys/kernel/random/boot_id`), or "" when it cannot be
  /// read; an empty id never matches, so such events are restored from the wall clock.
  public static func bootID() -> String {
    guard let file = fopen("/proc/sys/kernel/random/boot_id", "r") else { return "" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "" }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.trimmingSpaces()
  }

  /// Now on both clocks: CLOCK_BOOTTIME (what `ContinuousClock` reads on Linux; it keeps
  /// counting while the process is stopped and the machine sleeps) and the wall clock.
  public static func now() -> Now {
    Now(monotonic: Instant(nanoseconds: read(bootClockID)), wallMilliseconds: read(CLOCK_REALTIME) / 1_000_000)
  }

  #if os(Linux)
    private static let bootClockID = CLOCK_BOOTTIME
  #else
    private static let bootClockID = CLOCK_MONOTONIC
  #endif

  private static func read(_ clock: clockid_t) -> Int64 {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
  }
}

extension String {
  func trimmingSpaces() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
