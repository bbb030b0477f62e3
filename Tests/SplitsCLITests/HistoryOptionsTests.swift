import ArgumentParser
import Testing

@testable import SplitsCLI
@testable import SplitsReports

@Suite("splits history's options")
struct HistoryOptionsTests {
  @Test("the filters and the period as parsed")
  func parsed() throws {
    let command = try HistoryCommand.parse([
      "--name", "Loop", "--sport", "running", "--since", "2026-11-01", "--until", "2026-11-30", "--week", "-l", "3",
    ])
    #expect(command.filter == HistoryFilter(name: "Loop", sport: .running, since: LocalDate("2026-11-01"), until: LocalDate("2026-11-30")))
    #expect(command.period == .week)
    #expect(try HistoryCommand.parse(["--month"]).period == .month)
    #expect(try HistoryCommand.parse([]).period == nil)
    #expect(try !HistoryCommand.parse([]).filter.isActive)
  }

  @Test(
    "a bad date is a usage error that says what a date is",
    arguments: [["--until", "23.11.2026"], ["--since", "2026-11-23T10:00"], ["--since", "26-02-03"]])
  func badDate(_ arguments: [String]) {
    do {
      _ = try HistoryCommand.parse(arguments)
      Issue.record("parsed \(arguments)")
    } catch {
      #expect(HistoryCommand.exitCode(for: error) == .validationFailure)
      let message = HistoryCommand.message(for: error)
      #expect(message.contains(arguments[0]) && message.contains("YYYY-MM-DD"), "\(message)")
    }
  }

  @Test(
    "history --since 2026-02-30 says the day does not exist",
    arguments: [
      (["--since", "2026-02-30"], "there is no 30 February 2026"),
      (["--until", "2027-02-29"], "there is no 29 February 2027: 2027 is not a leap year"),
      (["--since", "2026-13-01"], "there is no month 13: months go from 01 to 12"),
      (["--until", "2026-11-31"], "there is no 31 November 2026"),
    ])
  func missingDay(arguments: [String], reason: String) {
    do {
      _ = try HistoryCommand.parse(arguments)
      Issue.record("parsed \(arguments)")
    } catch {
      #expect(HistoryCommand.exitCode(for: error) == .validationFailure)
      let message = HistoryCommand.message(for: error)
      #expect(message.contains(arguments[0]), "\(message)")
      #expect(message.contains("the day does not exist: \(reason)."), "\(message)")
      #expect(!message.contains("a date is YYYY-MM-DD"), "\(message)")
    }
  }

  @Test("--week with --month, and --until before --since, are refused")
  func refused() {
    for arguments in [["--week", "--month"], ["--since", "2026-11-23", "--until", "2026-11-22"]] {
      #expect(throws: (any Error).self) { try HistoryCommand.parse(arguments) }
    }
    #expect(throws: Never.self) { try HistoryCommand.parse(["--since", "2026-11-23", "--until", "2026-11-23"]) }
  }

  @Test("a negative number after --name is its value")
  func negativeName() {
    #expect(NegativeNumbers.message(arguments: ["history", "--name", "-1"]) == nil)
  }
}
