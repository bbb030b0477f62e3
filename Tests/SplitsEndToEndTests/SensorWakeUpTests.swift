import Foundation
import SplitsTestSystem
import Testing

/// What four sensors cost the screen, measured on the real process against the fake BlueZ:
/// one thread, at most one wake-up per notification, none once they fall silent. Contract:
/// docs/architecture.md, "The loop"; figures: docs/performance.md, "Sensors".
@Suite("Four sensors at 4 Hz: one thread, a wake-up per notification at most, end to end", .timeLimit(.minutes(2)))
struct SensorWakeUpTests {
  /// Heart rate 140 bpm; power 200 W; a crank's counters (10 revolutions at 1 s); a trainer's
  /// indoor bike data with speed 30.00 km/h, cadence 90 rpm and power 200 W (flags 0x0044).
  static let streams: [(device: String, kind: String, hex: String)] = [
    (FakeBlueZ.heartRate, "hr", "008c"),
    (FakeBlueZ.power, "power", "0000c800"),
    (FakeBlueZ.speedCadence, "csc", "020a000004"),
    (FakeBlueZ.trainer, "bike", "4400b80bb400c800"),
  ]

  @Test func aReadyScreenWithFourSensorsAt4HzWakesOncePerNotificationAtMostOnOneThreadAndNotAtAllOnceTheyAreSilent()
    async throws
  {
    let fake = try FakeBlueZ()
    defer { fake.stop() }
    let tmux = try await TmuxSession.shell(.init(environment: fake.environment))
    defer { tmux.close() }
    for stream in Self.streams {
      let added = try await RemoteControlTests.splits(tmux, "sensors", "add", stream.device)
      #expect(added.termination == .exited(0), "\(added)")
    }
    for stream in Self.streams {
      try fake.stream(stream.device, stream.kind, stream.hex, interval: 0.25)
    }
    // READY: the clock does not move, the sensors' line is all that changes.
    _ = try await tmux.start("splits --plain --precision s")
    try await tmux.waitFor("the four sensors' figures", timeout: .seconds(20)) {
      $0.state == "READY" && $0.contains("HR 140 bpm") && $0.contains("now 200 W") && $0.contains(" rpm")
        && $0.contains("30.0 km/h")
    }
    let pid = try await tmux.splitsPID()

    // (a) Streaming: the main thread alone wakes, at most once per notification sent (and
    // one or two for a notification in flight at the window's edges).
    let before = RuntimeThreadTests.switches(pid)
    let sentBefore = try fake.sent()
    try await Task.sleep(for: .seconds(4))
    let after = RuntimeThreadTests.switches(pid)
    let sent = try fake.sent() - sentBefore
    let woken = after.filter { before[$0.key] != $0.value }
    let wakeUps = woken.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    let threads = RuntimeThreadTests.names(pid)
    #expect(after.count == 1, "one thread: \(threads)")
    #expect(woken.count == 1, "the main thread alone wakes: \(threads)")
    // Four sensors at 4 Hz for 4 s: about 64 notifications (fewer when the machine is busy).
    #expect(sent >= 32, "notifications sent: \(sent)")
    #expect(wakeUps >= 1, "the screen heard them: \(wakeUps) wake-ups")
    #expect(wakeUps <= sent + 2, "\(wakeUps) wake-ups for \(sent) notifications")

    // (b) Silent: the figures go stale (a dash after 3 s), then nothing wakes the screen.
    try fake.stopStreams()
    try await tmux.waitFor("the figures stale", timeout: .seconds(10)) {
      $0.contains("HR –") && !$0.contains("bpm") && !$0.contains("200 W") && !$0.contains("rpm")
        && !$0.contains("km/h")
    }
    let sentWhenStopped = try fake.sent()
    let silent = try await RuntimeThreadTests.wakeUps(pid, over: .seconds(3))
    #expect(silent.woken == 0, "silent: \(silent.switches) wake-ups on \(silent.woken) threads: \(RuntimeThreadTests.names(pid))")
    #expect(silent.threads == 1)
    #expect(try fake.sent() == sentWhenStopped, "the streams went on after stop-streams")
  }
}
