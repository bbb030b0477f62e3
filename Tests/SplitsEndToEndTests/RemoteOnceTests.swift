import Foundation
import Testing
import SplitsTestSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A screen that takes a command, writes it and dies before answering: the command, sent
/// again, must find it done, not apply it a second time. The screen here is a stand-in that
/// does exactly that, every time: it holds the screen lock, listens on the control socket,
/// reads one request, writes a lap (and, for a request with an id, its receipt) in one
/// transaction, and exits without a word.
@Suite("Remote commands: one command, one lap", .serialized, .timeLimit(.minutes(1)))
struct RemoteOnceTests {
  static let dyingScreen = """
    import fcntl, os, socket, sqlite3, sys
    data, outcome = sys.argv[1], sys.argv[2]
    lock = os.open(os.path.join(data, "splits.lock"), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    fcntl.flock(lock, fcntl.LOCK_EX)
    path = os.path.join(data, "control.sock")
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    os.umask(0o177)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    print("listening", flush=True)
    conn, _ = server.accept()
    line = b""
    while not line.endswith(b"\\n"):
        chunk = conn.recv(100)
        if not chunk:
            break
        line += chunk
    words = line.decode().split()
    db = sqlite3.connect(os.path.join(data, "splits.sqlite"))
    boot, at, wall = db.execute("SELECT boot_id, boottime_ns, wall_ms FROM events WHERE kind = 'start'").fetchone()
    with db:
        db.execute(
            "INSERT INTO events (ride, kind, wall_ms, boot_id, boottime_ns, countdown_steps) VALUES (1, 'lap', ?, ?, ?, 0)",
            (wall + 1, boot, at + 1_000_000))
        if len(words) == 4:
            db.execute("INSERT INTO remote_requests (id, ride, outcome) VALUES (?, 1, ?)", (words[3], outcome))
    print("recorded", words[2], flush=True)
    os._exit(0)
    """

  /// The receipt's answer: lap 1 of 1 ms (`RemoteOutcome` as JSON; a `Duration` is its
  /// attoseconds as two integers).
  static let outcome =
    #"{"lap":{"ride":1,"number":1,"lap":[0,1000000000000000],"moving":[0,1000000000000000],"workoutComplete":false}}"#

  @Test func aLapWrittenByAScreenThatDiedBeforeAnsweringIsPrintedOnceAndRecordedOnce() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    #expect(try await RemoteControlTests.splits(tmux, "start").termination == .exited(0))
    async let screen = Spawn.runAsync(["python3", "-c", Self.dyingScreen, tmux.dataDir, Self.outcome])
    _ = try await tmux.poll("the stand-in screen listening") {
      access(tmux.dataDir + "/control.sock", F_OK) == 0 ? true : nil
    }
    let lap = try await RemoteControlTests.splits(tmux, "lap")
    let died = try await screen
    #expect(died.stdout == "listening\nrecorded lap\n", "\(died)")
    #expect(lap.termination == .exited(0) && lap.stdout == "lap 1  00:00:00.00\n", "\(lap)")
    #expect(try await RemoteControlTests.laps(tmux) == 1)
  }
}
