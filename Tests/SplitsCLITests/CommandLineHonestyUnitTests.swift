import ArgumentParser
import Testing

@testable import SplitsCLI

/// Which failed command lines get the "must be positive" message instead of argument-parser's
/// "Missing expected argument"; everything else keeps argument-parser's message.
@Suite("a negative number where a number goes")
struct NegativeNumbersTests {
  @Test(
    "said for ride numbers, countdown targets, --countdown and --limit",
    arguments: [
      (["show", "-1"], "RIDE must be positive"), (["export", "--json", "-2"], "RIDE must be positive"),
      (["countdown", "-5"], "TARGET must be positive"), (["--countdown", "-1"], "--countdown must be 0 or more"),
      (["ride", "--countdown", "-1"], "--countdown must be 0 or more"),
      (["history", "-l", "-1"], "--limit must be positive"),
      (["--split-guard", "-1"], "--split-guard must be 0 or more"),
      (["config", "ftp", "-5"], "ftp must be positive: whole watts from 1 to 2000, not -5."),
    ])
  func said(_ arguments: [String], _ message: String) throws {
    let text = try #require(NegativeNumbers.message(arguments: arguments))
    #expect(text.hasPrefix("Error: " + message), "\(text)")
    #expect(text.contains("Usage: splits "), "\(text)")
  }

  @Test(
    "left to argument-parser",
    arguments: [
      ["show"], ["show", "--", "-1"], ["status", "--data-dir", "-1"], ["--data-dir", "-1"], ["history", "-1"],
      ["--plain", "-1"], ["show", "-x"], ["show", "-"], ["export", "-o", "-1"], ["config", "--data-dir", "-1"],
    ])
  func leftAlone(_ arguments: [String]) {
    #expect(NegativeNumbers.message(arguments: arguments) == nil)
  }
}

@Suite("splits --help")
struct RootHelpTests {
  @Test("holds the ride screen's usage and options above the subcommands")
  func rideOptionsInRootHelp() {
    let help = RootHelp.message()
    let options = help.range(of: "--precision")
    let subcommands = help.range(of: "SUBCOMMANDS:")
    #expect(help.contains("USAGE: splits [--plain]"), "\(help)")
    #expect(options != nil && subcommands != nil && options!.lowerBound < subcommands!.lowerBound, "\(help)")
  }

  @Test("falls back to argument-parser's text when its layout is not the one expected")
  func fallsBack() {
    #expect(RootHelp.combine(root: "root text", ride: "ride text") == "root text")
  }

  @Test("only the root's own help requests")
  func requests() {
    #expect(RootHelp.isRequest(["--help"]) && RootHelp.isRequest(["-h"]) && RootHelp.isRequest(["help"]))
    #expect(!RootHelp.isRequest(["help", "show"]) && !RootHelp.isRequest(["show", "--help"]) && !RootHelp.isRequest([]))
  }
}

/// RIDE is a number or `last` in every command that takes one.
@Suite("RIDE in show, export, edit and delete")
struct RideArgumentTests {
  @Test("edit last and delete last said \"The value 'last' is invalid\"")
  func lastIsTakenByEditAndDelete() throws {
    #expect(try EditCommand.parse(["last", "--name", "Loop"]).ride == "last")
    #expect(try DeleteCommand.parse(["last", "--yes"]).ride == "last")
    #expect(try ShowCommand.parse(["last"]).ride == "last")
    #expect(try ExportCommand.parse(["last"]).ride == "last")
  }

  @Test("anything but a positive number or last is refused, with what RIDE is", arguments: ["first", "0", "-2", "1.5", ""])
  func otherWordsAreRefused(_ word: String) {
    #expect(throws: (any Error).self) { try EditCommand.parse([word, "--name", "Loop"]) }
    #expect(throws: (any Error).self) { try DeleteCommand.parse([word]) }
    let error = #expect(throws: ValidationError.self) { try RideArgument.validate(word) }
    let message = error?.message ?? ""
    #expect(message.contains("or `last`"), "\(message)")
  }
}
