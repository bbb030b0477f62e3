import Foundation
import SplitsCore
import SplitsStore
import Testing

@testable import SplitsCLI

/// `splits status` on a journal holding clock readings no clock gives (`decisions.md`,
/// 2026-11-23): a boot-clock reading below zero, or one of this boot ahead of its clock, is
/// exit 1 with the file named; readings at the ends of Int64 on an earlier boot show,
/// clamped to a hundred years.
@Suite("splits status: a journal with readings at the ends of Int64")
struct StatusBadDataTests {
  /// A fresh data directory holding one ride of `events` (kind, boot-clock ns, wall ms),
  /// written on boot `boot` (nil: this boot).
  func journal(_ events: [(RideEvent.Kind, Int64, Int64)], boot: String? = nil) throws -> String {
    let directory = NSTemporaryDirectory() + "/splits-cli-\(UUID().uuidString)"
    let journal = try boot.map { try Journal.open(dataDirectory: directory, bootID: $0) }
      ?? Journal.open(dataDirectory: directory)
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

  @Test func readingsAtTheEndsOfAnEarlierBootShowAHundredYears() throws {
    let directory = try journal([(.start, 0, .max), (.lap, .max, .min)], boot: "an-earlier-boot")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let line = try StatusCommand.output(directory: directory, json: false, format: nil, precision: .s, strings: .english)
    #expect(line == "▶ 876600:00:00 · lap 2", "\(line)")
    #expect(QuickStatus.run(arguments: ["status", "--json", "--data-dir", directory]) == 0)
  }

  /// Was: accepted, and the ride then showed "Moving 876600:24:58" (a hundred years and the
  /// time since boot).
  @Test func aReadingOfThisBootAheadOfItsClockIsExitStatus1NotAHundredYears() throws {
    let directory = try journal([(.start, 0, 0), (.lap, .max, 0)])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = DataLocation.journalPath(in: directory)
    let before = FileManager.default.contents(atPath: path)
    #expect(QuickStatus.run(arguments: ["status", "--data-dir", directory]) == 1)
    #expect(QuickStatus.run(arguments: ["status", "--json", "--data-dir", directory]) == 1)
    do {
      let line = try StatusCommand.output(directory: directory, json: false, format: nil, precision: .s, strings: .english)
      Issue.record("status should have failed, printed \(line)")
    } catch let error as JournalError {
      #expect(error.description.contains(path), "\(error)")
      #expect(error.description.contains("boottime_ns 9223372036854775807 on this boot"), "\(error)")
      #expect(error.description.contains("left untouched"), "\(error)")
    }
    #expect(FileManager.default.contents(atPath: path) == before, "the file changed")
  }
}
