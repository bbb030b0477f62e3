import CNcurses
import CSignals
import CWatch
import Dispatch
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
  /// nor ncurses' own handlers run; dispatch sources then read them, except SIGTSTP and
  /// SIGCONT, which C handlers count (CSignals).
  static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]
  /// Ignored while the screen is up: continued in the background (`kill -CONT` without
  /// `fg`), the screen keeps running and leaves the terminal alone, rather than stop again.
  static let background: [Int32] = [SIGTTOU, SIGTTIN]

  /// Starts taking remote commands from other processes (`splits lap` from another shell),
  /// handing each to `apply`; returns how to stop, or nil when it cannot listen. The screen
  /// knows nothing of how they come: the command line passes the control socket's
  /// (`ControlServer.listening(in:)`, in SplitsRemote).
  public typealias Listen = @MainActor (_ apply: @escaping Apply) -> (@MainActor () -> Void)?
  /// A remote command applied by the runtime (`Runtime.command`): its answer, or nil when the
  /// screen is closing and did not take it.
  public typealias Apply = @MainActor (RemoteRequest) -> RemoteAnswer?

  /// A read source on an inotify watch of `directory`'s removals that hands each burst to the
  /// runtime; nil when the directory cannot be watched (the screen works without it).
  static func removalsWatch<P: Program>(_ directory: String, runtime: Runtime<P, RunLoopClock>) -> (any DispatchSourceRead)? {
    let fd = splits_watch_open()
    guard fd >= 0 else { return nil }
    guard splits_watch_removals(fd, directory) >= 0 else {
      Glibc.close(fd)
      return nil
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak runtime] in
      MainActor.assumeIsolated {
        // Drained whole: the events themselves do not matter, only that something went.
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Glibc.read(fd, &buffer, buffer.count) > 0 {}
        runtime?.journalFilesRemoved()
      }
    }
    source.setCancelHandler { Glibc.close(fd) }
    source.resume()
    return source
  }

  public static func run<P: Program>(
    _ program: P, options: ViewOptions, sink: (any EventSink)? = nil, cues: (any CueRunner)? = nil,
    dataDirectory: String? = nil, listen: Listen? = nil, journalPath: String = "the journal", journalProblem: @escaping @Sendable (any Error) -> String = { "\($0)" }
  ) -> Outcome {
    for signal in watched + background { Glibc.signal(signal, SIG_IGN) }
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(colors: options.colors)
    } catch {
      return Outcome(status: .usage, message: error.message(options.strings), isError: true)
    }

    let strings = options.strings
    // One thread: the main thread waits in the run loop; the ticker sleeps on run-loop timers
    // (RunLoopClock) and its task runs on the main queue (MainQueueExecutor); keys and signals
    // are dispatch sources on the main queue, which the run loop serves.
    let runtime = Runtime(
      program: program, backend: terminal, time: .system(), sink: sink, cues: cues,
      executor: MainQueueExecutor.shared,
      journalProblem: journalProblem)
    var sources: [any DispatchSourceProtocol] = []
    // Weak: the runtime holds the terminal, and through its sink the journal, which must
    // close (and checkpoint) when the screen ends.
    terminal.onForeground = { [weak runtime] in runtime?.resumeFromStop() }
    terminal.onRedrawNeeded = { [weak runtime] in runtime?.send(.redraw) }

    for signal in watched where signal != SIGTSTP && signal != SIGCONT {
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated {
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
      source.resume()
      sources.append(source)
    }

    // SIGTSTP and SIGCONT: C handlers that count each delivery at once (so that a stop
    // knows whether a continue already followed it: CursesTerminal.suspend), and a pipe
    // that brings each to the main queue, in the order they came.
    let stops = splits_watch_stop_continue()
    if stops >= 0 {
      let source = DispatchSource.makeReadSource(fileDescriptor: stops, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated {
          var bytes = [UInt8](repeating: 0, count: 64)
          let count = read(stops, &bytes, bytes.count)
          for byte in bytes.prefix(max(count, 0)) {
            if byte == UInt8(ascii: "T") { runtime.send(.signal(.suspend)) } else { runtime.resumeFromStop() }
          }
        }
      }
      source.resume()
      sources.append(source)
    }

    var emptyReads = 0
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler {
      MainActor.assumeIsolated {
        // Bytes waiting mean the input is alive, even when curses makes no key of them
        // (invalid UTF-8): only a readable input with nothing in it has ended.
        let waiting = splits_bytes_waiting(STDIN_FILENO)
        guard let keys = terminal.readKeys() else {
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
    }
    input.resume()
    sources.append(input)

    // Remote commands (`splits lap` from another shell), served from the main loop, so after
    // the first frame. Without the socket the screen still works; the commands then say that
    // it does not answer.
    let stopListening = listen?({ [weak runtime] request in runtime?.command(request) })
    // A file deleted or moved in the data directory (someone removing the journal's
    // write-ahead log): the journal saves what it held at once. Only removals are watched,
    // so the screen's own writes wake nothing.
    if let dataDirectory, let watch = removalsWatch(dataDirectory, runtime: runtime) {
      sources.append(watch)
    }
    // Quitting stops listening at once: a command meanwhile finds no screen and, once the
    // lock is free, applies itself.
    runtime.onExit = { _ in
      stopListening?()
      MainLoop.wake()
    }
    runtime.start()
    MainLoop.run { runtime.exitStatus != nil }
    let status = runtime.exitStatus ?? .failure

    stopListening?()
    for source in sources { source.cancel() }
    splits_unwatch_stop_continue()
    terminal.close()
    for signal in background { Glibc.signal(signal, SIG_DFL) }
    let unwritten = runtime.pending.count
    return Outcome(
      status: status, message: runtime.program.summary(unwrittenEvents: unwritten), isError: false,
      error: unwritten == 0 ? nil : strings.fill(strings.unwrittenOnExitFormat, String(unwritten), journalPath))
  }
}
