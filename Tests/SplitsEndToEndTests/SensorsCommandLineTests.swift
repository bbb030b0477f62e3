import Foundation
import Testing

/// `splits sensors add/list/remove` and `splits config` from the real binary, with the
/// refusals a user meets.
@Suite("Sensors and settings on the command line, end to end", .timeLimit(.minutes(1)))
struct SensorsCommandLineTests {
  @Test func aSensorIsAddedOnceListedAsJSONAndRemovedByItsAddressInEitherCase() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let added = try await tmux.run("splits sensors add f1:22:33:44:55:0a --name Strap")
    #expect(added.status == 0 && added.output.contains("Added sensor F1:22:33:44:55:0A (Strap)"), "\(added)")
    let again = try await tmux.run("splits sensors add F1:22:33:44:55:0A")
    #expect(again.status == 2 && again.output.contains("Sensor F1:22:33:44:55:0A is remembered already"), "\(again)")
    let bad = try await tmux.run("splits sensors add F1:22:33:44:55")
    #expect(bad.status == 2 && bad.output.contains("is not a Bluetooth address"), "\(bad)")
    let list = try await tmux.run("splits sensors list")
    #expect(list.status == 0 && list.output.contains("F1:22:33:44:55:0A  Strap  added "), "\(list)")
    let json = try await tmux.run("splits sensors list --json")
    let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]], "\(json)")
    #expect(items.map { $0["address"] as? String } == ["F1:22:33:44:55:0A"])
    #expect(items.first?["name"] as? String == "Strap")
    let unknown = try await tmux.run("splits sensors remove 00:11:22:33:44:55")
    #expect(unknown.status == 2 && unknown.output.contains("There is no remembered sensor 00:11:22:33:44:55"), "\(unknown)")
    let removed = try await tmux.run("splits sensors remove f1:22:33:44:55:0a")
    #expect(removed.status == 0 && removed.output.contains("Removed sensor F1:22:33:44:55:0A"), "\(removed)")
    #expect(try await JournalFile.query(dataDir: tmux.dataDir, "SELECT count(*) FROM sensors") == ["0"])
  }

  @Test func theFTPIsSetPrintedListedAndCheckedFrom1To2000() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let unset = try await tmux.run("splits config ftp")
    #expect(unset.status == 1 && unset.output.contains("ftp is not set"), "\(unset)")
    let set = try await tmux.run("splits config ftp 250")
    #expect(set.status == 0 && set.output.contains("ftp set to 250"), "\(set)")
    let printed = try await tmux.run("splits config ftp")
    #expect(printed.status == 0 && printed.output.trimmingCharacters(in: .whitespacesAndNewlines) == "250", "\(printed)")
    let all = try await tmux.run("splits config")
    #expect(all.status == 0 && all.output.contains("ftp 250"), "\(all)")
    let high = try await tmux.run("splits config ftp 2001")
    #expect(high.status == 2 && high.output.contains("ftp takes whole watts from 1 to 2000, not '2001'"), "\(high)")
    let unknown = try await tmux.run("splits config weight 70")
    #expect(unknown.status == 2 && unknown.output.contains("'weight' is not a setting"), "\(unknown)")
  }
}
