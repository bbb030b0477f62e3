import Foundation
import Testing
import SplitsTestSystem

/// Small things a newcomer met (issue 24): each command says what is true, in each language,
/// and leaves nothing behind when there is nothing to do.
@Suite("A newcomer's small things, end to end", .timeLimit(.minutes(1)))
struct NewcomerSmallThingsTests {
  static func splits(_ arguments: [String], home: TempDirectory, lang: String = "C.UTF-8") throws -> SpawnResult {
    try Spawn.run(
      [try SplitsBinary.path] + arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": home.path, "TERM": "xterm-256color", "LANG": lang,
        "SPLITS_DATA_DIR": home.file("data"),
      ])
  }

  @Test("splits start --name says where a ride's name goes, not \"Did you mean '--lang'?\"")
  func startName() throws {
    let home = try TempDirectory("start-name")
    defer { home.remove() }
    for arguments in [["start", "--name", "Loop"], ["start", "--sport", "running"], ["lap", "--name=Loop"]] {
      let result = try Self.splits(arguments, home: home)
      #expect(result.termination == .exited(2), "\(result)")
      #expect(!result.stderr.contains("Did you mean"), "\(result)")
      #expect(result.stderr.hasPrefix("Error: splits \(arguments[0]) takes no --"), "\(result)")
      #expect(result.stderr.contains("splits --name NAME --sport SPORT"), "\(result)")
      #expect(result.stderr.contains("splits edit RIDE --name NAME"), "\(result)")
    }
    #expect(!FileManager.default.fileExists(atPath: home.file("data/splits.sqlite")))
  }

  @Test("In Korean, show 99 says 99번 라이드는 없습니다, not 라이드 99 이(가) 없습니다")
  func koreanNoSuchRide() throws {
    let home = try TempDirectory("korean-no-ride")
    defer { home.remove() }
    let result = try Self.splits(["show", "99"], home: home, lang: "ko_KR.UTF-8")
    #expect(result.termination == .exited(2), "\(result)")
    #expect(result.stderr.contains("99번 라이드는 없습니다"), "\(result)")
    #expect(!result.stderr.contains("이(가)"), "\(result)")
  }
}
