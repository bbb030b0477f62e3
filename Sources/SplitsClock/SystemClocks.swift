#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SplitsCore

/// The one place that reads the system's clocks: the runtime, the journal and every command
/// take their instants from here.
public enum SystemClocks {
  /// CLOCK_BOOTTIME (what `ContinuousClock` reads on Linux): monotonic, keeps counting while
  /// the process is stopped and while the machine sleeps, never jumps with the wall clock.
  public static func boot() -> Instant { Instant(nanoseconds: read(bootClockID)) }

  /// CLOCK_REALTIME in milliseconds since 1970 UTC.
  @Sendable public static func wallMilliseconds() -> Int64 { read(CLOCK_REALTIME) / 1_000_000 }

  /// Both clocks, read together.
  public static func now() -> Now { Now(monotonic: boot(), wallMilliseconds: wallMilliseconds()) }

  /// The id of the running boot (`/proc/sys/kernel/random/boot_id`), or "" when it cannot be
  /// read; an empty id never matches, so such events are restored from the wall clock.
  public static func bootID() -> String {
    guard let file = fopen("/proc/sys/kernel/random/boot_id", "r") else { return "" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "" }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.filter { !$0.isWhitespace }
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
