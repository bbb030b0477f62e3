import Foundation
import SplitsTestSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `splits --livesplit-server [PORT]`: LiveSplit Server's text commands on a TCP port of
/// 127.0.0.1, driven by the PyPI `livesplit` client; another user's connections refused; a
/// port in use said before the screen opens.
@Suite("LiveSplit Server's TCP listener, end to end", .timeLimit(.minutes(2)))
struct LiveSplitServerTests {
  /// A TCP socket of 127.0.0.1 bound and listening (the caller closes it), and its port.
  static func listener() throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    guard fd >= 0, bound else { throw HarnessError("no TCP socket for the test: \(errno)") }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// A port nobody listens on now.
  static func freePort() throws -> Int {
    let (fd, port) = try listener()
    close(fd)
    return port
  }

  /// The threads of `pid` other than its main thread and libdispatch's workers, by name.
  static func otherThreads(_ pid: pid_t) -> [String] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.filter { $0 != "\(pid)" }.compactMap { task in
      let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?"
      return name.contains("qos") ? nil : name
    }
  }

  /// The PyPI client (Tests/tools/livesplit_drive.py) sending `words` on one connection: the
  /// answers to the queries, one a line.
  static func drive(_ port: Int, _ words: String...) async throws -> [String] {
    let result = try await Spawn.runAsync(
      [try ExportReadersTests.python, ExportReadersTests.root.appendingPathComponent("Tests/tools/livesplit_drive.py").path,
       String(port)] + words, timeout: .seconds(20))
    guard result.termination == .exited(0) else { throw HarnessError("livesplit_drive.py \(words): \(result)") }
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func thePyPIClientDrivesAThreeSegmentRouteAndItsQueriesAreAnsweredAsLiveSplitAnswersThem() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await tmux.run("splits route new R A B C").status == 0)
    let port = try Self.freePort()
    let job = try await tmux.start("splits --plain --split-guard 0 --name R --livesplit-server \(port)")
    try await tmux.waitFor("the route's segments") { $0.state == "READY" && $0.contains("Segment") }
    let pid = try await tmux.splitsPID()
    #expect(try await Self.drive(port, "getcurrenttimerphase", "getsplitindex", "ping") == ["NotRunning", "-1", "pong"])

    // Attempt 1: a split, a skip taken back, then a reset.
    #expect(try await Self.drive(port, "startorsplit").isEmpty)
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    _ = try await Self.drive(port, "split")
    try await tmux.waitFor("the split of A") { $0.lines.contains { $0.hasPrefix("  A ") && $0.contains("00:00:0") } }
    #expect(
      try await Self.drive(port, "getcurrentsplitname", "getsplitindex", "getcurrenttimerphase", "getdelta")
        == ["B", "1", "Running", "-"])
    #expect(try await Self.drive(port, "skipsplit", "getcurrentsplitname", "getsplitindex") == ["C", "2"])
    #expect(try await Self.drive(port, "unsplit", "getcurrentsplitname") == ["B"])
    let time = try await Self.drive(port, "getcurrenttime")
    #expect(time.count == 1 && time[0].range(of: #"^00:00:\d\d(\.\d{7})?$"#, options: .regularExpression) != nil, "\(time)")
    // Served from the screen's own loop: no thread of its own, nothing left on the main queue.
    // (The journal `route new` made, opened by the screen, leaves libdispatch's idle workers
    // for a while: those are the only others.)
    #expect(Self.otherThreads(pid).isEmpty, "\(Self.otherThreads(pid))")
    #expect(ScreenLoopTests.loopState(pid).unreadEventfds.isEmpty)
    #expect(try await Self.drive(port, "reset", "getcurrenttimerphase") == ["NotRunning"])
    try await tmux.waitFor("the reset said") { $0.contains("Attempt unfinished (a reset)") }

    // Attempt 2: three splits complete it (LiveSplit's Ended); reset records it complete.
    _ = try await Self.drive(port, "startorsplit", "split", "split", "split")
    try await tmux.waitFor("the clock stopped at the last split") { $0.state == "PAUSED" }
    let ended = try await Self.drive(port, "getcurrenttimerphase", "getsplitindex", "getcurrentsplitname", "getcurrenttime",
      "getbestpossibletime", "getpossibletimesave")
    #expect(ended.count == 6 && Array(ended.prefix(3)) == ["Ended", "3", "-"], "\(ended)")
    #expect(ended.count == 6 && ended[4] == ended[3] && ended[5] == "00:00:00", "the final time is the best possible: \(ended)")
    _ = try await Self.drive(port, "reset")
    try await tmux.waitFor("complete said") { $0.contains("Attempt complete") }
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)

    let json = try await tmux.run("splits route show R --json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
    #expect(object["attempts"] as? Int == 2 && object["completed"] as? Int == 1, "\(json)")
    let segments = try #require(object["segments"] as? [[String: Any]])
    #expect(segments.compactMap { $0["best_segment_ms"] as? Int }.count == 3, "\(json)")
    // The port is closed with the screen.
    let (fd, _) = try Self.listener()
    close(fd)
  }

  @Test(
    "another user's connection to the LiveSplit port was served",
    .enabled(if: DataDirectoryPrivacyTests.canActAsNobody, "needs root, setpriv and /usr/bin/python3"))
  func anotherUsersConnectionIsClosedUnread() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let port = try Self.freePort()
    let job = try await tmux.start("splits --plain --split-guard 0 --livesplit-server \(port)")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    // As nobody, with the connection kept open: the screen knows whose it is and closes it.
    let script = """
      import socket, sys
      s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
      try:
          s.sendall(b"startorsplit\\r\\nping\\r\\n")
          data = s.recv(1024)
      except OSError:
          data = b""
      print("answered" if data else "closed")
      """
    let nobody = try await Spawn.runAsync(
      DataDirectoryPrivacyTests.asNobody(["/usr/bin/python3", "-c", script, String(port)]), timeout: .seconds(20))
    #expect(nobody.termination == .exited(0) && nobody.stdout == "closed\n", "\(nobody)")
    // The owner's own client is served.
    #expect(try await Self.drive(port, "ping", "getcurrenttimerphase") == ["pong", "NotRunning"])
    #expect(try await tmux.captureAsync().state == "READY")
    try tmux.send(keys: "q")
    #expect(try await tmux.exitStatus(of: job) == 0)
  }

  @Test func aPortInUseExits2BeforeTheScreenOpens() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    let (fd, port) = try Self.listener()
    defer { close(fd) }
    // On a terminal (the screen would open): the port is bound before the screen opens.
    let job = try await tmux.start("splits --livesplit-server \(port)")
    #expect(try await tmux.exitStatus(of: job) == 2)
    let pane = try await tmux.captureAsync().lines.joined(separator: " ")
    #expect(pane.contains("splits: port \(port) of 127.0.0.1 is in use"), "\(pane)")
    #expect(pane.contains("--livesplit-server PORT"), "\(pane)")
    #expect(!pane.contains("READY"), "\(pane)")
    #expect(try await tmux.run("splits --livesplit-server 0").output.contains("from 1 to 65535"))
  }
}
