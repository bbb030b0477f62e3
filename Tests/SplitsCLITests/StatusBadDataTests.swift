import Foundation
import SplitsCore
import SplitsStore
import Testing

@testable import SplitsCLI

/// `splits status` on a journal holding clock readings no clock gives (`decisions.md`,
/// 2026-11-23): a boot-clock reading below zero is exit 1 with the file named; readings at
/// the ends of Int64 otherwise show, clamped to a hundred years.
@Suite("splits status: a journal with readings at the ends of Int64")
struct StatusBadDataTests {
  /// A fresh data directory holding one ride of `events` (kind, boot-clock ns, wall ms),
  /// written on this boot.
  func journal(_ events: [(RideEvent.Kind, Int64, Int64)]) throws -> String {
    let directory = NSTemporaryDirectory() + "/splits-cli-\(UUID().uuidString)"
    let journal = try Journal.open(dataDirectory: directory)
    for (kind, boottime, wall) in events {
      try journal.append(RideEvent(kind, at: Instant(nanoseconds: boottime)), ride: 1, wallMilliseconds: wall)
    }
    try journal.close()
    return directory
  }

  @Test func aBootClockReadingBelowZeroIsExitStatus1() throws {
    let directory = try journal([(.start, 0, 0), (.lap, .min, .min)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(QuickStatus.run(arguments: ["status", "--data-dir", directory]) == 1)
    #expect(QuickStatus.run(arguments: ["status", "--json", "--data-dir", directory]) == 1)
    do {
      _ = try StatusCommand.output(directory: directory, json: false, format: nil, precision: .s, strings: .english)
      Issue.record("status should have failed")
    } catch let error as JournalError {
      #expect(error.description.contains(DataLocation.journalPath(in: directory)), "\(error)")
      #expect(error.description.contains("boottime_ns -9223372036854775808"), "\(error)")
    }
  }

  @Test func readingsAtTheEndsShowAHundredYears() throws {
    let directory = try journal([(.start, 0, .max), (.lap, .max, .min)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let line = try StatusCommand.output(directory: directory, json: false, format: nil, precision: .s, strings: .english)
    // 876,600 hours, plus the time since boot when the boot id could be read.
    #expect(line.hasPrefix("▶ 8766") && line.hasSuffix(" · lap 2"), "\(line)")
    #expect(QuickStatus.run(arguments: ["status", "--json", "--data-dir", directory]) == 0)
  }
}
