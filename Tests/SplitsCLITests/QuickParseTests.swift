import SplitsCore
import Testing

@testable import SplitsCLI

/// Which `splits status` command lines the quick parser takes, and what it reads from them.
/// Everything it refuses goes to argument-parser, so refusing is always safe; taking a
/// form argument-parser would read differently is the bug these tests guard against.
@Suite("splits status: the quick parser")
struct QuickStatusTests {
  typealias Options = QuickStatus.Options

  @Test("plain forms, values after a space or after =")
  func plainForms() {
    #expect(QuickStatus.parse(["status"]) == Options())
    #expect(QuickStatus.parse(["status", "--json"]) == Options(json: true))
    #expect(
      QuickStatus.parse(["status", "--format", "{icon} {moving}", "--precision=cs", "--lang", "ko", "--data-dir=/d"])
        == Options(format: "{icon} {moving}", precision: .cs, lang: .ko, dataDir: "/d"))
    #expect(
      QuickStatus.parse(["status", "--data-dir", "/x y", "--json", "--precision", "ds"])
        == Options(json: true, precision: .ds, dataDir: "/x y"))
    #expect(QuickStatus.parse(["status", "--format="]) == Options(format: ""))
    #expect(QuickStatus.parse(["status", "--follow"]) == Options(follow: true))
    #expect(
      QuickStatus.parse(["status", "--json", "--follow", "--precision", "ds"])
        == Options(json: true, follow: true, precision: .ds))
    #expect(
      QuickStatus.parse(["status", "--format", "{moving}", "--follow", "--data-dir=/d"])
        == Options(follow: true, format: "{moving}", dataDir: "/d"))
  }

  @Test(
    "everything else is left to argument-parser",
    arguments: [
      ["countdown", "5s"], [], ["--json"], ["status", "--help"], ["status", "-h"], ["status", "help"],
      ["status", "--json=yes"], ["status", "--json", "--json"], ["status", "--precision", "s", "--precision", "cs"],
      ["status", "--precision", "x"], ["status", "--lang", "fr"], ["status", "--lang"], ["status", "--format"],
      ["status", "--format", "-x"], ["status", "--format", "{nope}"], ["status", "--format", "{"],
      ["status", "--json", "--format", "{state}"], ["status", "--colour"], ["status", "stray"],
      ["status", "--data-dir"], ["status", "--version"], ["status", "--"],
      ["status", "--follow", "--follow"], ["status", "--follow=yes"], ["status", "--follow", "--json", "--format", "{state}"],
    ])
  func refused(_ arguments: [String]) {
    #expect(QuickStatus.parse(arguments) == nil)
  }
}

/// Which ride-screen command lines the quick parser takes.
@Suite("splits (the ride screen): the quick parser")
struct QuickRideTests {
  typealias Options = QuickRide.Options

  @Test("plain forms, with or without the ride subcommand's name")
  func plainForms() {
    #expect(QuickRide.parse([]) == Options())
    #expect(QuickRide.parse(["ride"]) == Options())
    #expect(QuickRide.parse(["--plain", "--no-color"]) == Options(plain: true, noColor: true))
    #expect(
      QuickRide.parse(["ride", "--lang=ko", "--data-dir", "/d", "--precision", "s", "--countdown=99"])
        == Options(lang: .ko, dataDir: "/d", precision: .s, countdown: 99))
    #expect(QuickRide.parse(["--countdown", "0"]) == Options())
    #expect(QuickRide.parse(["--sport", "running"]) == Options(sport: .running))
    #expect(QuickRide.parse(["--sport=other"]) == Options(sport: .other))
    #expect(QuickRide.parse(["--split-guard", "0"]) == Options(splitGuard: 0))
    #expect(QuickRide.parse(["--split-guard=400"]) == Options(splitGuard: 400))
    #expect(QuickRide.parse([]) == Options(splitGuard: 250))
  }

  @Test(
    "everything else is left to argument-parser",
    arguments: [
      ["status"], ["countdown", "5s"], ["history"], ["ride", "ride"], ["--help"], ["-h"], ["help"], ["--version"],
      ["--plain", "--plain"], ["--plain=yes"], ["--countdown", "100"], ["--countdown", "-1"], ["--countdown", "x"],
      ["--countdown"], ["--precision", "ms"], ["--lang", "fr"], ["--json"], ["--data-dir"], ["stray"],
      ["--sport", "swimming"], ["--sport"], ["--split-guard", "-1"], ["--split-guard", "60001"], ["--split-guard", "x"],
      ["--generate-completion-script", "bash"], ["--", "x"],
    ])
  func refused(_ arguments: [String]) {
    #expect(QuickRide.parse(arguments) == nil)
  }
}

/// `splits lap` and the other remote commands: the plain forms a hotkey runs.
@Suite("splits lap and the other remote commands: the quick parser")
struct QuickRemoteTests {
  typealias Options = QuickRemote.Options

  @Test func plainForms() {
    for command in RemoteCommand.allCases {
      #expect(QuickRemote.parse([command.rawValue]) == Options(command: command))
    }
    #expect(
      QuickRemote.parse(["lap", "--precision=s", "--lang", "ko", "--data-dir", "/d"])
        == Options(command: .lap, precision: .s, lang: .ko, dataDir: "/d"))
  }

  @Test func insecureDataDirIsTakenByEveryQuickPath() {
    #expect(
      QuickRemote.parse(["lap", "--insecure-data-dir", "--data-dir", "/d"])
        == Options(command: .lap, dataDir: "/d", insecureDataDir: true))
    #expect(QuickStatus.parse(["status", "--insecure-data-dir"]) == QuickStatus.Options(insecureDataDir: true))
    #expect(QuickRide.parse(["--insecure-data-dir", "--plain"]) == QuickRide.Options(plain: true, insecureDataDir: true))
    #expect(QuickRemote.parse(["lap", "--insecure-data-dir=yes"]) == nil, "a flag takes no value")
  }

  @Test(
    "everything else is left to argument-parser",
    arguments: [
      ["lap", "--help"], ["lap", "-h"], ["lap", "--json"], ["lap", "stray"], ["lap", "--precision", "x"],
      ["lap", "--lang", "fr"], ["lap", "--data-dir"], ["Lap"], ["laps"], ["status"], [], ["lap", "--version"],
      ["finish", "--data-dir", "/a", "--data-dir", "/b"],
    ])
  func refused(_ arguments: [String]) {
    #expect(QuickRemote.parse(arguments) == nil)
  }
}
