import CNcurses
import Foundation
import SplitsCore
import SplitsRender
import SplitsRuntime

/// Writes the frames to the terminal itself, not through curses: `CursesTerminal.draw` gets
/// exactly the cells that changed, so curses' own comparison with its copy of the screen
/// would be repeated work, and ncurses writes each cursor movement as its own write(2).
///
/// Each frame is one byte buffer (cursor moves, attributes and colours from `Sequences`, then
/// the text of each run), written in one `writeAll` to a non-blocking descriptor of the
/// terminal. A frame that could not go out whole holds the following ones back until the
/// terminal takes output again; then `onRedrawNeeded` asks for everything. Before curses
/// writes to the terminal again, `settle` puts the attributes and the cursor back where
/// curses believes they are.
@MainActor
final class FrameWriter {
  /// A non-blocking descriptor of the terminal of our own, or standard output.
  private var output: Int32 = STDOUT_FILENO
  private var ownsOutput = false
  private let sequences: Sequences
  private var buffer: [UInt8] = []
  /// The attributes the terminal has now, as the frames left them (nil: not known).
  private var attributes: Style? = .plain
  /// Whether the cursor is somewhere other than where curses last put it (the top-left
  /// corner, after its clear): it goes back there before curses writes again.
  private var cursorMoved = false
  /// A frame could not be written whole: frames wait until the terminal takes output again,
  /// then everything is redrawn.
  private var damaged = false
  /// While a frame is held back: the next look at whether the terminal takes output again.
  private var repair: LoopTimer?
  private let loop: EventLoop
  private var closed = false
  /// Called when the terminal takes output again after a frame that could not be written
  /// whole: redraw everything.
  var onRedrawNeeded: (@MainActor () -> Void)?

  /// Opens a descriptor of its own for the terminal on standard output (`ttyname`), so the
  /// shell's descriptor keeps its flags; standard output itself if that fails.
  init(sequences: Sequences, loop: EventLoop) {
    self.sequences = sequences
    self.loop = loop
    let own = splits_open_output(STDOUT_FILENO)
    if own >= 0 {
      output = own
      ownsOutput = true
    }
  }

  /// Writes the runs of a frame in one buffer. Nothing while an earlier frame is held back.
  func write(_ runs: [Screen.Run]) {
    guard !closed, !damaged else { return }
    buffer.removeAll(keepingCapacity: true)
    var row = -1
    var column = -1
    var lastASCII = false
    for run in runs {
      if run.row != row || run.column != column {
        // A move relative to where the last run ended only after text whose width no
        // terminal can disagree with.
        sequences.appendMove(
          fromRow: lastASCII ? row : -1, fromColumn: column, toRow: run.row, toColumn: run.column, to: &buffer)
      }
      if attributes != run.style, !Self.looksTheSame(run, in: attributes) {
        sequences.appendChange(from: attributes, to: run.style, to: &buffer)
        attributes = run.style
      }
      row = run.row
      lastASCII = TextWidth.isPrintableASCII(run.text)
      if lastASCII {
        buffer.append(contentsOf: run.text.utf8)
        column = run.column + run.text.utf8.count
      } else {
        column = appendPlaced(run)
      }
    }
    if !buffer.isEmpty { cursorMoved = true }
    switch write(buffer) {
    case .written: break
    case .stalled: damage()
    case .failed: break  // the terminal is gone: the hang-up or the end of input follows
    }
  }

  /// Writes a run holding other characters than printable ASCII, and returns the column after
  /// it. After each such character the cursor is put where the screen has the next one: a
  /// terminal that gives an emoji another width than `TextWidth` then shifts nothing after
  /// it on the row (a state `RUNNING` over `READY` would leave `RUNNINGY`).
  private func appendPlaced(_ run: Screen.Run) -> Int {
    var column = run.column
    var pending = false
    for character in run.text {
      if pending { sequences.appendMove(fromRow: -1, fromColumn: -1, toRow: run.row, toColumn: column, to: &buffer) }
      buffer.append(contentsOf: character.utf8)
      let width = TextWidth.columns(character)
      column += width
      pending = !Self.hasCertainWidth(character, width)
    }
    return column
  }

  /// Whether every terminal gives `character` the `width` columns the screen counts: one
  /// printable ASCII or Latin character, a Hangul syllable, a kana or a CJK ideograph. Not an
  /// emoji, a symbol, a sequence of several scalars or a character of no width.
  nonisolated static func hasCertainWidth(_ character: Character, _ width: Int) -> Bool {
    let scalars = character.unicodeScalars
    guard width > 0, let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
      return false
    }
    let v = scalar.value
    return v < 0x300 || (0xAC00...0xD7A3).contains(v) || (0x3041...0x30FF).contains(v) || (0x4E00...0x9FFF).contains(v)
  }

  /// Whether `run` shows the same written in `current` attributes as in its own: blanks look
  /// alike in any colour, bold or dim (colours are foreground only), but not in reverse. Big
  /// digits alternate coloured bars and blanks; this spares an attribute change per blank.
  nonisolated static func looksTheSame(_ run: Screen.Run, in current: Style?) -> Bool {
    guard let current, Style.blanksLookAlike(current, run.style) else { return false }
    return run.text.utf8.allSatisfy { $0 == 0x20 }
  }

  /// Puts the attributes and the cursor back where curses believes they are, before curses
  /// writes to the terminal.
  func settle() {
    buffer.removeAll(keepingCapacity: true)
    if attributes != .plain { sequences.appendChange(from: attributes, to: .plain, to: &buffer) }
    if cursorMoved { sequences.appendHome(to: &buffer) }
    attributes = .plain
    cursorMoved = false
    if !buffer.isEmpty { _ = write(buffer) }
  }

  /// Curses cleared the screen (after `settle`): plain attributes, the cursor in the top-left
  /// corner, and a full frame follows, so no frame is held back any longer.
  func cleared() {
    attributes = .plain
    cursorMoved = false
    damaged = false
    if let repair { loop.cancel(repair) }
    repair = nil
  }

  /// No frames any more: stops waiting for the terminal and closes the descriptor of our own.
  func close() {
    closed = true
    if let repair { loop.cancel(repair) }
    repair = nil
    if ownsOutput { Glibc.close(output) }
    ownsOutput = false
    output = STDOUT_FILENO
  }

  enum WriteResult: Equatable { case written, stalled, failed }

  /// Writes all of `bytes` to the terminal, going on after a signal or a partial write and
  /// waiting while the terminal's buffer is full, but never longer than a second.
  private func write(_ bytes: [UInt8]) -> WriteResult {
    Self.writeAll(bytes, to: output, patience: .seconds(1))
  }

  /// Writes all of `bytes` to the non-blocking `fd`: on after a signal or a partial write,
  /// waiting (poll) while it takes nothing, for at most `patience` in all. `.stalled` when
  /// the time ran out, `.failed` on any other error (the terminal is gone).
  nonisolated static func writeAll(_ bytes: [UInt8], to fd: Int32, patience: Duration) -> WriteResult {
    var offset = 0
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
      }
      if count > 0 {
        offset += count
        continue
      }
      let error = count < 0 ? errno : EIO
      if error == EINTR { continue }
      guard error == EAGAIN || error == EWOULDBLOCK else { return .failed }
      let left = deadline - clock.now
      guard left > .zero else { return .stalled }
      var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      let milliseconds = max(1, Int32(min(left, .seconds(60)) / .milliseconds(1)))
      let waited = poll(&ready, 1, milliseconds)
      if waited < 0, errno != EINTR { return .failed }
    }
    return .written
  }

  /// A frame went out in part: wait for the terminal to take output again, then redraw.
  private func damage() {
    damaged = true
    guard repair == nil else { return }
    lookForOutput()
  }

  /// Every 250 ms while a frame is held back: once the terminal takes output again, ask for
  /// everything.
  private func lookForOutput() {
    repair = loop.after(.milliseconds(250)) { [weak self] in
      guard let self else { return }
      self.repair = nil
      guard self.damaged, !self.closed else { return }
      var ready = pollfd(fd: self.output, events: Int16(POLLOUT), revents: 0)
      guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLOUT) != 0,
        ready.revents & Int16(POLLERR | POLLHUP) == 0
      else {
        self.lookForOutput()
        return
      }
      self.onRedrawNeeded?()
    }
  }
}
