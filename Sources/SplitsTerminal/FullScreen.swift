import CNcurses
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
  /// nor ncurses' own handlers run; dispatch sources then read them.
  static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

  public static func run<P: Program>(
    _ program: P, options: ViewOptions, sink: (any EventSink)? = nil, journalPath: String = "the journal",
    journalProblem: @escaping @Sendable (any Error) -> String = { "\($0)" }
  ) async -> Outcome {
    for signal in watched { Glibc.signal(signal, SIG_IGN) }
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(colors: options.colors)
    } catch {
      return Outcome(status: .usage, message: error.message(options.strings), isError: true)
    }

    let strings = options.strings
    let runtime = Runtime(
      program: program, backend: terminal, time: .system(), sink: sink, journalProblem: journalProblem,
      unsavedOnQuit: { strings.fill(strings.unsavedOnQuitFormat, String($0)) })
    var sources: [any DispatchSourceProtocol] = []

    for signal in watched {
      let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated {
          switch signal {
          case SIGINT: runtime.send(.signal(.interrupt))
          case SIGTERM: runtime.send(.signal(.terminate))
          case SIGHUP: runtime.send(.signal(.hangup))
          case SIGTSTP: runtime.send(.signal(.suspend))
          case SIGCONT: runtime.resumeFromStop()
          default:
            terminal.syncSize()
            runtime.send(.redraw)
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
        guard let keys = terminal.readKeys() else {
          // Readable with nothing to read: the input has ended (it would fire forever).
          emptyReads += 1
          if emptyReads >= 8 { runtime.send(.inputClosed) }
          return
        }
        emptyReads = 0
        if keys.isEmpty { runtime.send(.redraw) }  // KEY_RESIZE
        for key in keys { runtime.send(.key(key)) }
      }
    }
    input.resume()
    sources.append(input)

    let status = await withCheckedContinuation { (continuation: CheckedContinuation<ExitStatus, Never>) in
      runtime.onExit = { continuation.resume(returning: $0) }
      runtime.start()
    }

    for source in sources { source.cancel() }
    terminal.close()
    let unwritten = runtime.pending.count
    return Outcome(
      status: status, message: runtime.program.summary(unwrittenEvents: unwritten), isError: false,
      error: unwritten == 0 ? nil : strings.fill(strings.unwrittenOnExitFormat, journalPath, String(unwritten)))
  }
}
