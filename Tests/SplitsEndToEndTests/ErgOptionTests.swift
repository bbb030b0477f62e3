import Foundation
import SplitsTestSystem
import Testing

/// `splits workout --erg` refused before the screen opens when it cannot hold a trainer to
/// the plan: no sensor remembered, or no FTP for the plan's percents.
@Suite("splits workout --erg's refusals, end to end", .timeLimit(.minutes(1)))
struct ErgOptionTests {
  @Test func ergWithNoSensorRememberedOrNoFTPIsRefusedSayingWhatToDo() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    // On the terminal, where the screen would open (standard error goes to a file).
    let noTrainer = try await tmux.start("splits workout --erg -- '- 1m 100%' 2>$E2E/no-trainer")
    #expect(try await tmux.exitStatus(of: noTrainer) == 2)
    let said = tmux.home.read("no-trainer") ?? ""
    #expect(said.contains("splits: --erg needs a trainer: no sensor is remembered"), "\(said)")
    let added = try await RemoteControlTests.splits(tmux, "sensors", "add", "AA:00:00:00:00:04")
    #expect(added.termination == .exited(0), "\(added)")
    let noFTP = try await tmux.start("splits workout --erg -- '- 1m 100%' 2>$E2E/no-ftp")
    #expect(try await tmux.exitStatus(of: noFTP) == 2)
    let saidFTP = tmux.home.read("no-ftp") ?? ""
    #expect(
      saidFTP.contains("splits: --erg needs an FTP: the workout names none; set yours with splits config ftp WATTS"),
      "\(saidFTP)")
    // Nothing was started: the journal holds no ride.
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT COUNT(*) FROM rides") == ["0"])
  }
}
