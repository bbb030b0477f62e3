import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Fault drill: one `splits lap`, one lap, whatever dies when. Sequential `splits lap`
/// commands (400 full; 40 in the suite) while a loop in a terminal opens a ride screen and
/// `kill -9`s it after 10 to 90 ms, again and again: a screen often takes a lap, writes it
/// and dies before answering, and the command, sending it again, must find it done rather
/// than apply it a second time. Every command prints a lap; the numbers printed are 1…N,
/// each once; the journal holds exactly N laps.
@Suite("Drill: splits lap while screens are killed", .serialized, DrillScale.timeLimit(fastMinutes: 3, fullMinutes: 15))
struct DrillDoubleLapTests {
  @Test func everyLapCommandIsRecordedExactlyOnce() async throws {
    var random = DrillRandom()
    let commands = DrillScale.count(fast: 40, full: 400)
    let minimumKills = DrillScale.count(fast: 3, full: 30)
    print("drill double lap: \(random)")
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await RemoteControlTests.splits(tmux, "start").termination == .exited(0))

    // The killing loop, in the terminal: each screen lives 10 to 90 ms, then SIGKILL; it
    // counts the kills until the test leaves a STOP file.
    let delays = (0..<64).map { _ in String(format: "%.3f", Double(Int.random(in: 10...90, using: &random)) / 1_000) }
    let script = """
      kills=0
      while [ ! -e "$E2E/STOP" ]; do
        for d in \(delays.joined(separator: " ")); do
          [ -e "$E2E/STOP" ] && break
          timeout --foreground -s KILL "$d" splits --plain --split-guard 0 2>>"$E2E/screens.err"
          status=$?
          echo "$status" >>"$E2E/statuses.log"
          # 137 or 124: timeout killed it (with --foreground, it says which either way).
          { [ $status -eq 137 ] || [ $status -eq 124 ]; } && kills=$((kills + 1))
          echo "$kills" >"$E2E/KILLS"
        done
      done
      """
    try #require(writeFile(script, to: tmux.home.file("killer.sh")))
    // In the terminal itself: a screen needs its standard output to be one.
    let killer = try await tmux.start("bash $E2E/killer.sh; clear")

    var printed: [Int] = []
    var failures: [String] = []
    for _ in 0..<commands {
      let lap = try await RemoteControlTests.splits(tmux, "lap")
      if lap.termination == .exited(0), let match = lap.stdout.firstMatch(of: #/^lap (\d+)  /#), let number = Int(match.1) {
        printed.append(number)
      } else {
        failures.append("\(lap)")
      }
    }
    // Enough kills to mean something before the loop stops.
    do {
      _ = try await tmux.poll("at least \(minimumKills) screens killed", timeout: .seconds(30)) {
        (Int(tmux.home.read("KILLS")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0) >= minimumKills
          ? true : nil
      }
    } catch {
      let statuses = tmux.home.read("statuses.log") ?? ""
      let errors = tmux.home.read("screens.err") ?? ""
      throw HarnessError("\(error)\nscreens' statuses: \(statuses.split(separator: "\n").suffix(20))\nerrors: \(errors.suffix(600))")
    }
    writeFile([], to: tmux.home.file("STOP"))
    _ = try await tmux.exitStatus(of: killer, timeout: .seconds(10))
    let kills = Int(tmux.home.read("KILLS")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0

    let journalLaps = try await RemoteControlTests.laps(tmux)
    DrillReport.figure(
      "double lap",
      "\(commands) splits lap, \(kills) screens killed: \(printed.count) printed, \(journalLaps) laps in the journal, \(failures.count) failed")
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    #expect(printed.sorted() == Array(1...commands))
    #expect(journalLaps == commands)
    #expect(try await JournalFile.duplicateEvents(dataDir: tmux.dataDir).isEmpty)
  }
}
