import Foundation
import Testing

@testable import SplitsRoutes

/// livesplit-core's `tests/run_files/*.lss`, committed in `Tests/Fixtures/lss` (see its
/// README), read beside this source file.
enum LSSFixtures {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let directory = packageRoot.appendingPathComponent("Tests/Fixtures/lss")

  /// The files LiveSplit reads, each version's (the fuzz-crash files are not among them).
  static let readable = [
    "livesplit1.0.lss", "livesplit1.4.lss", "livesplit1.5.lss", "livesplit1.6.lss", "livesplit1.6_gametime.lss",
    "Celeste - Any% (1.2.1.5).lss", "celeste_native_segment_groups.lss", "clean_sum_of_best.lss",
    "livesplit_attempt_ended_bug.lss",
  ]
  static let fuzzCrashes = ["livesplit_fuzz_crash.lss", "livesplit_fuzz_crash_utf8.lss"]

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func route(_ name: String) throws -> Route {
    try LSSReader.read(bytes(name))
  }
}

/// `h:m:s` and a fraction in nanoseconds, written out so that figures do not depend on the
/// reader's own time parser.
func hms(_ hours: Int64, _ minutes: Int64, _ seconds: Int64, nanoseconds: Int64 = 0) -> Duration {
  .seconds(hours * 3600 + minutes * 60 + seconds) + .nanoseconds(nanoseconds)
}
