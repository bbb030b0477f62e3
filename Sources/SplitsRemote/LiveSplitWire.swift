import SplitsCore

/// LiveSplit Server's text protocol, as its `CommandServer` reads and answers it: one command
/// a line (`\n` or `\r\n`), the command the first word (what follows it, such as `getdelta`'s
/// comparison, is not taken: the comparison shown is), the answer to a query one line ended by
/// `\r\n`, nothing for a command (LiveSplit's commands have no answer) nor for a line it does
/// not know.
public enum LiveSplitWire {
  /// A line longer than this ends the connection (LiveSplit's own commands are far shorter).
  public static let maxLine = 1_024

  /// The command of one line (without its `\n`); nil for one Splits does not take.
  public static func command(_ line: some Collection<UInt8>) -> RemoteCommand? {
    var bytes = Array(line)
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    let word = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    // The screen's own commands (`lap`, `finish` …) are the control socket's, not LiveSplit's;
    // LiveSplit's `undosplit` is its `unsplit`, `starttimer` its `start`.
    if word == "undosplit" { return .unsplit }
    if word == "starttimer" { return .start }
    guard let command = RemoteCommand(rawValue: String(word)), LiveSplitWire.taken.contains(command) else {
      return nil
    }
    return command
  }

  /// LiveSplit Server's commands and queries that Splits takes.
  public static let taken: Set<RemoteCommand> = [
    .start, .split, .startorsplit, .skipsplit, .unsplit, .reset, .pause, .resume,
    .getcurrenttime, .getdelta, .getsplitindex, .getcurrentsplitname, .getcurrenttimerphase,
    .getbestpossibletime, .getpossibletimesave, .ping,
  ]

  /// The bytes sent back for what a command did: a query's answer line, nothing otherwise.
  public static func reply(_ answer: RemoteAnswer?) -> [UInt8]? {
    guard case .value(let text) = answer?.outcome else { return nil }
    return Array((Printable.text(text) + "\r\n").utf8)
  }
}

/// Whose a TCP connection to the listener is, from the kernel's table of TCP sockets
/// (`/proc/net/tcp`): the socket whose local end is the peer's address and port and whose
/// remote end is the listener's.
public enum TCPPeer {
  public enum Owner: Equatable, Sendable {
    case user(UInt32)
    /// Not in the table, or closed already and kept only as a time-wait entry, which the
    /// kernel prints with no owner (user 0, inode 0): whose it was cannot be known.
    case unknown
  }

  /// `address` and `serverAddress` as the kernel's 32-bit words (network order, printed by
  /// the table as `%08X`), ports in host order.
  public static func owner(
    in table: String, address: UInt32, port: Int, serverAddress: UInt32, serverPort: Int
  ) -> Owner {
    let local = end(address, port)
    let remote = end(serverAddress, serverPort)
    for line in table.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ")
      guard fields.count >= 10, fields[1] == local, fields[2] == remote,
        let state = Int(fields[3], radix: 16), let uid = UInt32(fields[7])
      else { continue }
      // TIME_WAIT (06), and FIN_WAIT2 (05) with no inode: a time-wait entry, owner unknown.
      if state == 6 || (state == 5 && fields[9] == "0") { continue }
      return .user(uid)
    }
    return .unknown
  }

  static func end(_ address: UInt32, _ port: Int) -> Substring {
    Substring(hex(UInt64(address), width: 8) + ":" + hex(UInt64(max(0, port)), width: 4))
  }

  static func hex(_ value: UInt64, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
