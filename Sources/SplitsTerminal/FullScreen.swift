import CLoop
import CNcurses
import CSignals
import CWatch
import Foundation
import SplitsCore
import SplitsRender
import SplitsRuntime

/// Runs a `Program` full-screen on the real terminal: signals and keys become inputs, the
/// runtime does the rest. Returns when the program quits, with the terminal restored.
@MainActor
public enum FullScreen {
  public struct Outcome: Sendable {
    public var status: ExitStatus
    /// The summary line for the normal screen, or the error message.
    public var message: String
    public var isError: Bool
    /// A failure to report after the summary (events the journal never took), or nil.
    public var error: String? = nil
  }

  /// Signals that become inputs. They are ignored first, so that neither the default action
  /// nor ncurses' own handlers run; a signalfd on the event loop then reads them (`read`),
  /// blocked, except SIGTSTP and SIGCONT, which C handlers count (CSignals).
  static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]
  /// The signals read from the signalfd.
  static let read: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]
  /// Ignored while the screen is up: continued in the background (`kill -CONT` without
  /// `fg`), the screen keeps running and leaves the terminal alone, rather than stop again.
  static let background: [Int32] = [SIGTTOU, SIGTTIN]

  /// Starts taking remote commands from other processes (`splits lap` from another shell),
  /// handing each to `apply`; returns how to stop, or nil when it cannot listen. The screen
  /// knows nothing of how they come: the command line passes the control socket's
  /// (`ControlServer.listening(in:)`, in SplitsRemote).
  public typealias Listen = @MainActor (_ loop: EventLoop, _ apply: @escaping Apply) -> (@MainActor () -> Void)?
  /// Starts reading the remembered Bluetooth sensors on the screen's loop, handing what each
  /// does to `deliver` (an `Input.sensor`); returns the link (which also writes to a trainer,
  /// for ERG, and stops), or nil when there is nothing to read. The command line passes
  /// BlueZ's (`SensorLink.linking(_:)`, in SplitsBluetooth).
  public typealias Sensors =
    @MainActor (_ loop: EventLoop, _ deliver: @escaping @MainActor (SensorInput) -> Void) -> (any SensorsLinked)?
  /// A remote command applied by the runtime (`Runtime.command`): its answer, or nil when the
  /// screen is closing and did not take it.
  public typealias Apply = @MainActor (RemoteRequest) -> RemoteAnswer?

  /// An inotify watch of `directory`'s removals on `loop` that hands each burst to the
  /// runtime, and that `sink` is given to write by (`EventSink.watchRemovals`); its
  /// descriptor, or nil when the directory cannot be watched (the screen works without it).
  static func removalsWatch<P: Program>(
    _ directory: String, loop: EventLoop, runtime: Runtime<P, LoopClock>, sink: (any EventSink)?
  ) -> Int32? {
    let fd = splits_watch_open()
    guard fd >= 0 else { return nil }
    let watching = splits_watch_removals(fd, directory) >= 0 && loop.watch(fd) { [weak runtime] in
      // Drained whole: the events themselves do not matter, only that something went.
      var buffer = [UInt8](repeating: 0, count: 4_096)
      while Glibc.read(fd, &buffer, buffer.count) > 0 {}
      runtime?.journalFilesRemoved()
    }
    guard watching else {
      Glibc.close(fd)
      return nil
    }
    sink?.watchRemovals { splits_watch_unread(fd) == 0 }
    return fd
  }

  public static func run<P: Program>(
    _ program: P, options: ViewOptions, sink: (any EventSink)? = nil, cues: (any CueRunner)? = nil,
    dataDirectory: String? = nil, listen: Listen? = nil, sensors: Sensors? = nil, journalPath: String = "the journal", journalProblem: @escaping @Sendable (any Error) -> String = { "\($0)" }
  ) -> Outcome {
    for signal in watched + background { Glibc.signal(signal, SIG_IGN) }
    // One thread: the main thread waits in the event loop, on every descriptor below and on
    // the ticker's timer; the ticker's task runs on the loop's executor and sleeps on its
    // clock. Nothing here goes through the main dispatch queue.
    guard let loop = EventLoop() else {
      return Outcome(status: .usage, message: TerminalError.setupFailed.message(options.strings), isError: true)
    }
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(colors: options.colors, loop: loop)
    } catch {
      loop.close()
      return Outcome(status: .usage, message: error.message(options.strings), isError: true)
    }

    let strings = options.strings
    cues?.attach(to: loop)
    let runtime = Runtime(
      program: program, backend: terminal, time: .system(loop.clock), sink: sink, cues: cues,
      executor: loop.executor, journalProblem: journalProblem)
    var watched: [Int32] = []
    // Weak: the runtime holds the terminal, and through its sink the journal, which must
    // close (and checkpoint) when the screen ends.
    terminal.onForeground = { [weak runtime] in runtime?.resumeFromStop() }
    terminal.onRedrawNeeded = { [weak runtime] in runtime?.send(.redraw) }

    // SIGINT, SIGTERM, SIGHUP and SIGWINCH: blocked, and read from a signalfd.
    let signals = Self.read.withUnsafeBufferPointer { splits_signalfd_open($0.baseAddress, Int32($0.count)) }
    if signals >= 0 {
      loop.watch(signals) { [weak runtime] in
        while let runtime {
          let signal = splits_signalfd_take(signals)
          guard signal != 0 else { return }
          switch signal {
          case SIGINT: runtime.send(.signal(.interrupt))
          case SIGTERM: runtime.send(.signal(.terminate))
          case SIGHUP: runtime.send(.signal(.hangup))
          default:
            terminal.syncSize()
            runtime.send(.redraw)
          }
        }
      }
      watched.append(signals)
    }

    // SIGTSTP and SIGCONT: C handlers that count each delivery at once (so that a stop
    // knows whether a continue already followed it: CursesTerminal.suspend), and a pipe
    // that brings each to the loop, in the order they came.
    let stops = splits_watch_stop_continue()
    if stops >= 0 {
      loop.watch(stops) {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(stops, &bytes, bytes.count)
        for byte in bytes.prefix(max(count, 0)) {
          if byte == UInt8(ascii: "T") { runtime.send(.signal(.suspend)) } else { runtime.resumeFromStop() }
        }
      }
      watched.append(stops)
    }

    var emptyReads = 0
    loop.watch(STDIN_FILENO) {
      guard let keys = terminal.readKeys() else {
        // Bytes waiting mean the input is alive, even when curses makes no key of them
        // (invalid UTF-8): only a readable input with nothing in it has ended. Asked only
        // when curses read nothing: `FIONREAD` on a terminal takes the tty's lock for
        // writing, behind the kernel's worker still taking the key in (docs/decisions.md,
        // 2026-11-29).
        let waiting = splits_bytes_waiting(STDIN_FILENO)
        if waiting > 0 {
          emptyReads = 0
          runtime.send(.key(.other))
          return
        }
        // Readable with nothing to read: the input has ended (it would fire forever).
        emptyReads += 1
        if emptyReads >= 8 { runtime.send(.inputClosed) }
        return
      }
      emptyReads = 0
      runtime.send(keys.map(Input.key))
      // KEY_RESIZE: curses resized its windows and cleared the screen.
      if terminal.takeResized() || keys.isEmpty { runtime.send(.redraw) }
    }
    watched.append(STDIN_FILENO)

    // Remote commands (`splits lap` from another shell), served from the loop, so after the
    // first frame. Without the socket the screen still works; the commands then say that it
    // does not answer.
    let stopListening = listen?(loop, { [weak runtime] request in runtime?.command(request) })
    // Sensors' notifications, an input like a key; the D-Bus socket is one more descriptor.
    let linked = sensors?(loop, { [weak runtime] input in runtime?.send(.sensor(input)) })
    runtime.trainers = linked
    let stopSensors = linked.map { linked in { linked.stop() } }
    // A file deleted or moved in the data directory (someone removing the journal's
    // write-ahead log): the journal saves what it held at once. Only removals are watched,
    // so the screen's own writes wake nothing.
    let removals = dataDirectory.flatMap { removalsWatch($0, loop: loop, runtime: runtime, sink: sink) }
    // Quitting stops listening at once: a command meanwhile finds no screen and, once the
    // lock is free, applies itself.
    runtime.onExit = { _ in
      stopListening?()
      stopSensors?()
    }
    runtime.start()
    // The first frame is out: the first keys are rehearsed before the loop waits for them.
    runtime.rehearse()
    loop.run { runtime.exitStatus != nil }
    let status = runtime.exitStatus ?? .failure

    stopListening?()
    stopSensors?()
    for fd in watched { loop.unwatch(fd) }
    if let removals {
      // Before the descriptor closes: its number can be another file's next.
      sink?.watchRemovals(nil)
      loop.unwatch(removals)
      Glibc.close(removals)
    }
    if signals >= 0 { Self.read.withUnsafeBufferPointer { splits_signalfd_close(signals, $0.baseAddress, Int32($0.count)) } }
    splits_unwatch_stop_continue()
    loop.close()
    terminal.close()
    for signal in background { Glibc.signal(signal, SIG_DFL) }
    let unwritten = runtime.pending.count
    return Outcome(
      status: status, message: runtime.program.summary(unwrittenEvents: unwritten), isError: false,
      error: unwritten == 0 ? nil : strings.fill(strings.unwrittenOnExitFormat, String(unwritten), journalPath))
  }
}
