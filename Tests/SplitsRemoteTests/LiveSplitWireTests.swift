import SplitsCore
import Testing

@testable import SplitsRemote

@Suite("LiveSplit Server's lines and the owner of a TCP connection")
struct LiveSplitWireTests {
  static func line(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test(arguments: [
    ("split", RemoteCommand.split), ("split\r", .split), ("startorsplit", .startorsplit), ("skipsplit", .skipsplit),
    ("unsplit", .unsplit), ("undosplit", .unsplit), ("reset", .reset), ("starttimer", .start), ("start", .start),
    ("pause", .pause), ("resume", .resume), ("getdelta Personal Best\r", .getdelta), ("getcurrenttime", .getcurrenttime),
    ("getsplitindex", .getsplitindex), ("getcurrentsplitname", .getcurrentsplitname),
    ("getcurrenttimerphase", .getcurrenttimerphase), ("getbestpossibletime", .getbestpossibletime),
    ("getpossibletimesave", .getpossibletimesave), ("ping", .ping),
  ])
  func aLiveSplitLineIsItsCommand(_ text: String, _ command: RemoteCommand) {
    #expect(LiveSplitWire.command(Self.line(text)) == command)
  }

  /// The screen's own commands are the control socket's; anything else is ignored, as LiveSplit
  /// ignores a command it does not know.
  @Test(arguments: ["lap", "finish", "toggle", "undo", "", "SPLIT", " split", "setgametime 1:00", "\u{FF}split"])
  func anotherLineIsIgnored(_ text: String) {
    #expect(LiveSplitWire.command(Self.line(text)) == nil)
    #expect(LiveSplitWire.command([0xFF, 0x73]) == nil)
  }

  @Test func aQueryIsAnsweredWithOneCRLFLineAndACommandWithNothing() {
    #expect(LiveSplitWire.reply(RemoteAnswer(outcome: .value("pong"))) == Self.line("pong\r\n"))
    #expect(LiveSplitWire.reply(RemoteAnswer(outcome: .value("a\u{1B}[2Jb\nc"))) == Self.line("a[2Jb c\r\n"))
    #expect(LiveSplitWire.reply(RemoteAnswer(outcome: .started(ride: 1, countdown: 0))) == nil)
    #expect(LiveSplitWire.reply(RemoteAnswer(outcome: .refused(.noRide))) == nil)
    #expect(LiveSplitWire.reply(nil) == nil)
  }

  /// /proc/net/tcp as Linux prints it: the listener, the server's end, the client's end of an
  /// open connection (uid 1000), and a closed client kept as a time-wait entry (no owner).
  static let table = """
      sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
       0: 0100007F:41C2 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 31337 1 0000000000000000 100 0 0 10 0
       1: 0100007F:41C2 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 31338 1 0000000000000000 20 4 30 10 -1
       2: 0100007F:C350 0100007F:41C2 01 00000000:00000000 00:00000000 00000000  1000        0 31339 1 0000000000000000 20 4 30 10 -1
       3: 0100007F:C351 0100007F:41C2 05 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000
       4: 0100007F:C352 0100007F:41C2 04 00000000:00000000 01:00000014 00000000 65534        0 0 3 0000000000000000 20 4 30 10 -1
       5: 0100007F:C353 0100007F:41C2 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0000000000000000

    """
  static let loopback: UInt32 = 0x0100_007F

  @Test func theOwnerIsTheUserOfTheClientsEndAndNoneForATimeWaitEntry() {
    func owner(_ port: Int) -> TCPPeer.Owner {
      TCPPeer.owner(in: Self.table, address: Self.loopback, port: port, serverAddress: Self.loopback, serverPort: 16834)
    }
    #expect(owner(50000) == .user(1000))
    // Closed already: FIN_WAIT2 with no inode, and TIME_WAIT, are printed with user 0.
    #expect(owner(50001) == .unknown)
    #expect(owner(50003) == .unknown)
    // Closed, but still a whole socket: its user is still said.
    #expect(owner(50002) == .user(65534))
    // Not in the table at all.
    #expect(owner(50009) == .unknown)
  }
}
