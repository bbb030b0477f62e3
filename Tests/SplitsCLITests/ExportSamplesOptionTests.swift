import ArgumentParser
import Testing

@testable import SplitsCLI

/// `splits export --samples`: the samples in CSV and JSON; refused with TCX and FIT, which
/// always carry them.
@Suite("export --samples")
struct ExportSamplesOptionTests {
  @Test func samplesAreTakenForCSVAndJSON() throws {
    #expect(try ExportCommand.parse(["--samples", "-o", "seconds.csv"]).samples)
    #expect(try ExportCommand.parse(["--samples", "--format", "json"]).samples)
    #expect(try !ExportCommand.parse(["--format", "json"]).samples)
  }

  @Test(arguments: [["--samples", "--format", "fit", "-o", "ride.fit"], ["--samples", "-o", "ride.tcx"]])
  func samplesWithTCXOrFITAreRefusedSayingTheyAlwaysCarryThem(_ arguments: [String]) {
    do {
      _ = try ExportCommand.parse(arguments)
      Issue.record("\(arguments) was taken")
    } catch {
      let message = ExportCommand.message(for: error)
      #expect(message.contains("--samples is for csv and json"), "\(message)")
    }
  }
}
