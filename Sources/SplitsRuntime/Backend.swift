import SplitsCore
import SplitsRender

/// The few things the runtime needs from a terminal. The ncurses backend implements it; tests
/// use `MemoryBackend`.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The current size (re-read from the kernel by the real terminal).
  func size() -> Size
  /// Writes the runs and shows them. `full` means the terminal's content is unknown (after a
  /// resize or a stop) and every cell is being sent.
  func draw(_ runs: [Screen.Run], full: Bool)
  /// Sends now what `draw` left for the loop's next wait (where the frame's write and the
  /// wait are one system call): a frame that answers an input goes out before the runtime
  /// works out when the screen next changes.
  func flush()
  /// How many bytes of unchanged cells a run may take along to the next changed cell
  /// (`Screen.changes(since:bridging:)`); 0 for exactly the changed cells.
  var bridging: Int { get }
  func bell()
  /// Restores the terminal and stops the process; returns once it is continued.
  func suspend()
  /// Takes the terminal back after a stop (idempotent: also called on every SIGCONT).
  func resume()
}

extension TerminalBackend {
  /// Exactly the changed cells (the in-memory terminal keeps the frame cell for cell).
  public var bridging: Int { 0 }
  /// A backend that writes in `draw` has nothing left to send.
  public func flush() {}
}

/// An in-memory terminal: keeps the frame the runtime drew, for tests.
@MainActor
public final class MemoryBackend: TerminalBackend {
  public var currentSize: Size
  public private(set) var frame: Screen
  public private(set) var bells = 0
  public private(set) var suspends = 0
  public private(set) var resumes = 0
  public private(set) var draws = 0
  public private(set) var fullDraws = 0
  public private(set) var cellsWritten = 0
  /// `draws` when `flush` was last called (nil: never).
  public private(set) var flushedAtDraw: Int?

  /// How many unchanged cells the runs it is given bridge (`TerminalBackend.bridging`): 0 for
  /// exactly the changed cells, as the tests draw; a stage's, the real terminal's.
  public let bridging: Int

  public init(size: Size, bridging: Int = 0) {
    currentSize = size
    frame = Screen(size: size)
    self.bridging = bridging
  }

  public func size() -> Size { currentSize }

  public func draw(_ runs: [Screen.Run], full: Bool) {
    draws += 1
    if full || frame.size != currentSize {
      fullDraws += 1
      frame = Screen(size: currentSize)
    }
    for run in runs {
      cellsWritten += run.text.count
      frame.put(run.text, row: run.row, column: run.column, style: run.style)
    }
  }

  public func flush() { flushedAtDraw = draws }
  public func bell() { bells += 1 }
  public func suspend() { suspends += 1 }
  public func resume() { resumes += 1 }
}

/// Runs the `--cue-cmd` command for a workout's step changes and cues.
@MainActor
public protocol CueRunner: AnyObject {
  /// Starts the command for `cue` and returns at once. If the command fails, `failed` is
  /// called later, on the main actor, with what the screen should say.
  func run(_ cue: WorkoutCue, failed: @escaping @MainActor (String) -> Void)
  /// The loop the screen runs on, where the commands' ends are watched (given before the
  /// first `run`).
  func attach(to loop: EventLoop)
}

extension CueRunner {
  public func attach(to loop: EventLoop) {}
}
