import CNcurses
import CSignals
import Foundation
import SplitsCore
import SplitsRender
import SplitsRuntime

/// The ncurses backend. The only code that calls curses, always on the main actor.
@MainActor
public final class CursesTerminal: TerminalBackend {
  private var screen: OpaquePointer?
  private let colors: Bool
  private var closed = false
  private var decoder = KeyDecoder()
  /// Continued in the background: the shell took the terminal back while the process was
  /// stopped (`kill -TSTP`, then `kill -CONT` rather than `fg`). The screen then leaves the
  /// terminal alone (drawing or setting modes there would stop it with SIGTTOU, and fight
  /// the shell) and takes it back at the SIGCONT that `fg` sends.
  private var detached = false
  /// While detached: looks for the terminal coming back. `fg` on a job that is running in
  /// the background sends no SIGCONT; it only hands the terminal over.
  private var watch: LoopTimer?
  /// The terminal's size as last read from the kernel: read again on SIGWINCH (`syncSize`),
  /// on resuming and on every full redraw, not for every frame.
  private var knownSize: Size?
  /// This process's group, which never changes: the foreground check asks only for the
  /// terminal's.
  private let processGroup = getpgrp()
  private let loop: EventLoop
  /// Called when the terminal came back without a SIGCONT: redraw everything.
  public var onForeground: (@MainActor () -> Void)?
  /// Called when the screen on the terminal is no longer the one drawn (a frame that could
  /// not be written whole): redraw everything.
  public var onRedrawNeeded: (@MainActor () -> Void)? {
    get { writer.onRedrawNeeded }
    set { writer.onRedrawNeeded = newValue }
  }

  // Frames are written by `FrameWriter`, not by curses. Curses keeps the modes, the keys, the
  // alternate screen, the colours' set-up, the bell, stopping and continuing, and the
  // clearing before a full redraw. Its `stdscr` stays blank and untouched, so it never
  // repaints over a frame.
  private let writer: FrameWriter
  /// curses reported a new size (KEY_RESIZE) among keys.
  private var resized = false
  /// Whether the terminal has an alternate screen (`smcup`); without one, the last frame stays
  /// on the normal screen after the end, and what is printed then starts below it.
  private let hasAlternateScreen: Bool

  /// Whether a full screen can run here: both streams are a terminal whose type can move
  /// the cursor anywhere. Touches nothing: a command asks before it creates what the screen
  /// would use (the journal), so that `TERM=dumb splits` leaves nothing behind.
  public static func canRunFullScreen() -> Bool {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return false }
    guard let term = ProcessInfo.processInfo.environment["TERM"], !term.isEmpty else { return false }
    var status: Int32 = 0
    guard setupterm(term, STDOUT_FILENO, &status) == OK, status == 1 else { return false }
    let addressable = splits_tigetstr("cup") != nil
    splits_free_cur_term()
    return addressable
  }

  /// Checks the terminal before touching it, then enters curses mode.
  ///
  /// Nothing is written to the terminal unless every check passes, so a bad `TERM` or a
  /// redirected stream gets a message and no garbage.
  public init(colors: Bool, loop: EventLoop) throws(TerminalError) {
    self.loop = loop
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    guard let term = ProcessInfo.processInfo.environment["TERM"], !term.isEmpty else { throw .termUnset }
    var status: Int32 = 0
    guard setupterm(term, STDOUT_FILENO, &status) == OK, status == 1 else { throw .termUnusable(term) }
    // A full screen needs a cursor that can be moved anywhere (TERM=dumb cannot).
    let addressable = splits_tigetstr("cup") != nil
    // Without an alternate screen the last frame stays where it is after the end.
    hasAlternateScreen = splits_tigetstr("smcup") != nil
    splits_free_cur_term()
    guard addressable else { throw .termCannotAddress(term) }

    Self.chooseLocale()
    guard let screen = newterm(term, splits_stdout_file(), splits_stdin_file()) else { throw .setupFailed }
    self.screen = screen
    set_term(screen)
    self.colors = colors && has_colors()
    cbreak()  // not raw(): Ctrl-C and Ctrl-Z still raise signals
    noecho()
    keypad(splits_stdscr(), true)
    meta(splits_stdscr(), true)  // all eight bits of each byte: the key decoder reads UTF-8
    nodelay(splits_stdscr(), true)
    // No look at the keyboard inside every refresh (a poll(2) per frame): keys are read when
    // the input is readable, and a frame is a few cells.
    typeahead(-1)
    set_escdelay(25)
    curs_set(0)
    leaveok(splits_stdscr(), true)
    writer = FrameWriter(sequences: .terminfo(colors: self.colors), loop: loop)
    if self.colors {
      start_color()
      use_default_colors()
      // The pairs are what curses knows of the colours (frames set the same foregrounds
      // themselves: Sequences).
      for color in Color.allCases {
        init_pair(Int16(color.rawValue), Sequences.cursesColor(color), -1)
      }
    }
  }

  /// The user's locale for characters; when it is not a UTF-8 one that exists here (a Korean
  /// locale on a machine that has only C.UTF-8), a UTF-8 character locale rather than `C`,
  /// which would garble every Hangul byte.
  static func chooseLocale() {
    setlocale(LC_ALL, "")
    if let codeset = splits_codeset(), String(cString: codeset) == "UTF-8" { return }
    for candidate in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, candidate) != nil {
      return
    }
  }

  public func size() -> Size {
    if let knownSize { return knownSize }
    let measured = measure()
    knownSize = measured
    return measured
  }

  /// The size the kernel gives the terminal now (curses' own where it gives none).
  private func measure() -> Size {
    var rows: Int32 = 0
    var cols: Int32 = 0
    if splits_window_size(STDOUT_FILENO, &rows, &cols) == 0, rows > 0, cols > 0 {
      return Size(columns: Int(cols), rows: Int(rows))
    }
    return Size(columns: Int(splits_cols()), rows: Int(splits_lines()))
  }

  /// Makes curses agree with the kernel's idea of the size.
  public func syncSize() {
    let current = measure()
    knownSize = current
    if current.rows != Int(splits_lines()) || current.columns != Int(splits_cols()) {
      resizeterm(Int32(current.rows), Int32(current.columns))
    }
  }

  /// Whether this process's group owns the terminal.
  private func inForeground() -> Bool { tcgetpgrp(STDOUT_FILENO) == processGroup }

  private func detach() {
    detached = true
    guard watch == nil else { return }
    lookForForeground()
  }

  /// Every 250 ms while detached: once the terminal is this process's again, redraw.
  private func lookForForeground() {
    watch = loop.after(.milliseconds(250)) { [weak self] in
      guard let self else { return }
      self.watch = nil
      guard self.detached, !self.closed else { return }
      if self.inForeground() { self.onForeground?() }
      if self.detached, !self.closed, self.watch == nil { self.lookForForeground() }
    }
  }

  /// Unchanged cells worth rewriting rather than moving the cursor over: a cursor address
  /// takes at least 6 bytes.
  public var bridging: Int { 6 }

  public func draw(_ runs: [Screen.Run], full: Bool) {
    guard !closed, !detached else { return }
    // The shell may take the terminal back a moment after a stop it saw late.
    guard inForeground() else {
      detach()
      return
    }
    if full {
      syncSize()
      // Curses clears the screen (entering the alternate screen again after a stop) before
      // the frame is written, from a blank stdscr it then regards as shown.
      writer.settle()
      clearok(splits_curscr(), true)
      werase(splits_stdscr())
      wrefresh(splits_stdscr())
      writer.cleared()
    }
    writer.write(runs, columns: size().columns)
  }

  public func flush() {
    guard !closed else { return }
    writer.flush()
  }

  public func bell() {
    guard !closed, !detached else { return }
    beep()
  }

  public func suspend() {
    guard !closed else { return }
    if !detached {
      writer.settle()
      endwin()
      // endwin leaves the cursor on the frame's last row: the next line starts below it, so
      // the summary does not print over the key line (TERM=linux, vt100).
      if !hasAlternateScreen { _ = FrameWriter.writeAll(Array("\r\n".utf8), to: STDOUT_FILENO, patience: .seconds(1)) }
    }
    // A SIGCONT sent right after the SIGTSTP (kill -TSTP; kill -CONT) already asked for the
    // process to go on: stopping now would wait for a SIGCONT that has come and gone. The stop
    // is a SIGTSTP raised on this thread: it reaches this thread before it can draw again.
    splits_stop_unless_continued()
  }

  public func resume() {
    guard !closed else { return }
    guard inForeground() else {
      detach()
      return
    }
    detached = false
    if let watch { loop.cancel(watch) }
    watch = nil
    reset_prog_mode()
    syncSize()
    clearok(splits_curscr(), true)
  }

  /// Leaves curses mode: the terminal is as it was before.
  public func close() {
    guard !closed else { return }
    closed = true
    if let watch { loop.cancel(watch) }
    watch = nil
    // In the background the shell has already put its own modes back.
    if !detached {
      writer.settle()
      endwin()
      // endwin leaves the cursor on the frame's last row: the next line starts below it, so
      // the summary does not print over the key line (TERM=linux, vt100).
      if !hasAlternateScreen { _ = FrameWriter.writeAll(Array("\r\n".utf8), to: STDOUT_FILENO, patience: .seconds(1)) }
    }
    if let screen { delscreen(screen) }
    screen = nil
    writer.close()
  }

  /// Reads every key waiting on standard input. Returns nil when nothing could be read.
  public func readKeys() -> [Key]? {
    // In the background the keys are the shell's.
    guard !closed, !detached else { return [] }
    var units: [KeyDecoder.Unit] = []
    var reads = 0
    while true {
      // Bytes, not wide characters: the decoder assembles UTF-8 itself.
      let code = splits_getch()
      if code == ERR { break }
      reads += 1
      switch code {
      case 0...255: units.append(.byte(UInt8(code)))
      case KEY_ENTER: units.append(.enterKey)
      case KEY_RESIZE:
        // curses has resized its windows and will clear the screen: the runtime redraws.
        resized = true
        knownSize = nil
        continue
      default: units.append(.functionKey)
      }
    }
    if reads == 0 { return nil }
    return decoder.decode(units)
  }

  /// Whether curses reported a new size since the last call.
  public func takeResized() -> Bool {
    defer { resized = false }
    return resized
  }
}
