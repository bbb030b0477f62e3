import Foundation
import Testing

/// The runtime's promise, measured on the real process: one thread, woken only when something
/// on screen changes (issue 10). Contract: docs/architecture.md, "The loop".
@Suite("One thread, one wake-up per change, end to end", .timeLimit(.minutes(1)))
struct RuntimeThreadTests {
  /// Voluntary context switches of every thread of `pid`, by thread id: one per wake-up of a
  /// thread that slept (a preemption while running, which a busy machine adds, is not one).
  static func switches(_ pid: pid_t) -> [String: Int] {
    var out: [String: Int] = [:]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for tid in tasks {
      guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8) else { continue }
      out[tid] = status.split(separator: "\n")
        .filter { $0.hasPrefix("voluntary_ctxt_switches") }
        .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        .reduce(0, +)
    }
    return out
  }

  /// The threads of `pid` by id, with their names and switches: what a failure names.
  static func names(_ pid: pid_t) -> String {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    let counts = switches(pid)
    return tasks.sorted().map { tid in
      let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/comm", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
      return "\(tid) \(name): \(counts[tid] ?? 0)"
    }.joined(separator: ", ")
  }

  /// The threads that woke during `window`, and how many switches they made in all. The
  /// window is a measurement, not a wait for a state: every state is reached by polling first.
  static func wakeUps(_ pid: pid_t, over window: Duration) async throws -> (threads: Int, woken: Int, switches: Int) {
    let before = switches(pid)
    try await Task.sleep(for: window)
    let after = switches(pid)
    let changed = after.filter { before[$0.key] != $0.value }
    let total = changed.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    return (after.count, changed.count, total)
  }

  @Test("ready wakes nothing; running and paused wake the main thread alone, about once per change")
  func wakeUpsByState() async throws {
    let tmux = try await TmuxSession.shell()
    defer { tmux.close() }
    _ = try await tmux.start("splits --plain --precision s")
    try await tmux.waitFor("READY") { $0.state == "READY" }
    let pid = try await tmux.splitsPID()

    let ready = try await Self.wakeUps(pid, over: .seconds(2))
    #expect(ready.woken == 0, "ready: \(ready.switches) switches on \(ready.woken) threads")
    #expect(ready.threads <= 3)

    try tmux.send(keys: "Space")
    try await tmux.waitFor("RUNNING") { $0.state == "RUNNING" }
    let running = try await Self.wakeUps(pid, over: .seconds(3))
    #expect(running.woken == 1, "running: \(running.switches) switches on \(running.woken) threads")
    #expect(running.threads <= 3)
    // The moving and elapsed seconds change together: 3 changes, one wake-up each (and a
    // spare for the window's edges).
    #expect(running.switches <= 3 + 2, "running: \(running.switches) wake-ups in 3 s")

    try tmux.send(keys: "Space")
    try await tmux.waitFor("PAUSED") { $0.state == "PAUSED" }
    let paused = try await Self.wakeUps(pid, over: .seconds(3))
    #expect(paused.woken <= 1, "paused: \(paused.switches) switches on \(paused.woken) threads")
    // The elapsed and paused counters: at most two changes a second.
    #expect(paused.switches >= 1)
    #expect(paused.switches <= 6 + 2, "paused: \(paused.switches) wake-ups in 3 s")
  }
}
