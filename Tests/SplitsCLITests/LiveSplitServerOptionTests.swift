import ArgumentParser
import Testing

@testable import SplitsCLI

@Suite("--livesplit-server [PORT]: the port may be left out")
struct LiveSplitServerOptionTests {
  @Test(arguments: [
    (["--livesplit-server"], ["--livesplit-server", "16834"]),
    (["--livesplit-server", "--name", "R"], ["--livesplit-server", "16834", "--name", "R"]),
    (["--name", "R", "--livesplit-server"], ["--name", "R", "--livesplit-server", "16834"]),
    (["--livesplit-server", "17000", "--plain"], ["--livesplit-server", "17000", "--plain"]),
    (["--livesplit-server=17000"], ["--livesplit-server=17000"]),
    (["--", "--livesplit-server"], ["--", "--livesplit-server"]),
  ])
  func leftOutItIsLiveSplits(_ given: [String], _ parsed: [String]) {
    #expect(LiveSplitServerOption.normalized(given) == parsed)
  }

  @Test func theRideScreenTakesThePortOrLiveSplitsAndRefusesOneOutOfRange() throws {
    let given = try SplitsCommand.parseAsRoot(LiveSplitServerOption.normalized(["--name", "R", "--livesplit-server"]))
    #expect((given as? RideCommand)?.livesplitServer == 16834)
    let port = try SplitsCommand.parseAsRoot(LiveSplitServerOption.normalized(["ride", "--livesplit-server", "17000"]))
    #expect((port as? RideCommand)?.livesplitServer == 17000)
    #expect(throws: (any Error).self) {
      try SplitsCommand.parseAsRoot(LiveSplitServerOption.normalized(["--livesplit-server", "70000"]))
    }
    // Not the quick path: argument-parser reads it.
    #expect(QuickRide.parse(["--livesplit-server", "17000"]) == nil)
  }
}
