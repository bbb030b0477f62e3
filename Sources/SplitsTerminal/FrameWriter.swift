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
/// the text of each run), written to a non-blocking descriptor of the terminal without ever
/// waiting for it. What the terminal does not take at once (a short write, `EAGAIN`) waits
/// in the event loop: the loop watches the descriptor for output and writes the rest as the
/// terminal takes it, and the frames that come meanwhile are held back; once the frame is out
/// whole, `onRedrawNeeded` asks for everything if one was. Before curses writes to the
/// terminal again, `settle` sends what is waiting and puts the attributes and the cursor back
/// where curses believes they are.
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
  /// The rest of a frame the terminal has not taken yet: written from the loop as it takes
  /// output again (`drain`), while later frames are held back.
  private var outstanding: [UInt8] = []
  /// A frame was held back while `outstanding` waited: everything is redrawn after it.
  private var heldBack = false
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

  /// A writer of frames to `output` (non-blocking; the caller's, left open): the tests'.
  init(sequences: Sequences, loop: EventLoop, output: Int32) {
    self.sequences = sequences
    self.loop = loop
    self.output = output
  }

  /// Whether part of a frame still waits for the terminal to take it.
  var isWaiting: Bool { !outstanding.isEmpty || loop.hasQueuedWrite(for: output) }

  /// Writes the runs of a frame in one buffer, for a terminal `columns` wide. Nothing but a
  /// note while part of an earlier frame waits: everything is redrawn once it is out.
  ///
  /// The runs that look the same in the attributes the terminal has go first, then the
  /// others in their order: at hundredths a frame's runs are the last big digit's and the
  /// running lap's, in two styles, so a frame changes attributes once rather than twice.
  func write(_ runs: [Screen.Run], columns: Int) {
    guard !closed else { return }
    guard outstanding.isEmpty else {
      heldBack = true
      return
    }
    encode(runs, columns: columns)
    send(buffer)
  }

  /// The bytes of a frame of `runs` into `buffer` (`encoded`), from the attributes the
  /// terminal has, which they then change.
  func encode(_ runs: [Screen.Run], columns: Int) {
    buffer.removeAll(keepingCapacity: true)
    // Where the cursor is (-1: a terminal may have it elsewhere).
    var cursor = (row: -1, column: -1)
    let before = attributes
    for run in runs where Self.needsNoChange(run, from: before) { put(run, columns: columns, cursor: &cursor) }
    for run in runs where !Self.needsNoChange(run, from: before) { put(run, columns: columns, cursor: &cursor) }
    if !buffer.isEmpty { cursorMoved = true }
  }

  /// The bytes of the last frame `encode` made.
  var encoded: [UInt8] { buffer }

  /// Whether `run` is written in the attributes `current` as they are.
  private static func needsNoChange(_ run: Screen.Run, from current: Style?) -> Bool {
    current == run.style || looksTheSame(run, in: current)
  }

  /// `run` into the buffer: the cursor moved to it from `cursor` (where the last run left it),
  /// its attributes, its text; `cursor` is then where it left the cursor.
  private func put(_ run: Screen.Run, columns: Int, cursor: inout (row: Int, column: Int)) {
    if run.row != cursor.row || run.column != cursor.column {
      sequences.appendMove(
        fromRow: cursor.row, fromColumn: cursor.column, toRow: run.row, toColumn: run.column, to: &buffer)
    }
    if attributes != run.style, !Self.looksTheSame(run, in: attributes) {
      sequences.appendChange(from: attributes, to: run.style, to: &buffer)
      attributes = run.style
    }
    if TextWidth.isPrintableASCII(run.text) {
      buffer.append(contentsOf: run.text.utf8)
      cursor = (run.row, run.column + run.text.utf8.count)
    } else {
      let placed = Self.appendPlaced(run, columns: columns, sequences: sequences, to: &buffer)
      cursor = (placed.row, placed.column)
    }
  }

  /// Hands `bytes` to the loop's next wait where it has an io_uring (the write and the wait
  /// in one system call); else writes what the terminal takes now. The rest waits in the loop.
  private func send(_ bytes: [UInt8]) {
    if loop.queueWrite(output, bytes, onWritten) { return }
    switch Self.writeNow(bytes, to: output) {
    case .written(let count) where count == bytes.count: return
    case .written(let count): wait(for: Array(bytes[count...]))
    case .failed: return  // the terminal is gone: the hang-up or the end of input follows
    }
  }

  /// `completed`, made once: a frame handed to the loop allocates no closure.
  private lazy var onWritten: @MainActor (EventLoop.WriteOutcome) -> Void = { [weak self] outcome in
    self?.completed(outcome)
  }

  /// The loop wrote a frame handed to it: what the terminal did not take waits.
  private func completed(_ outcome: EventLoop.WriteOutcome) {
    switch outcome {
    case .written, .failed: return
    case .partial(let rest): wait(for: rest)
    }
  }

  /// The rest of a frame waits for the terminal to take output, written from the loop.
  private func wait(for rest: [UInt8]) {
    outstanding = rest
    guard loop.watchWritable(output, { [weak self] in self?.drain() }) else {
      // The loop cannot watch it: the rest goes out waiting for the terminal, at most a
      // second.
      _ = write(outstanding)
      outstanding = []
      return
    }
  }

  /// The terminal takes output again: more of the frame waiting; once it is out whole, the
  /// loop stops watching, and everything is redrawn if a frame was held back meanwhile.
  private func drain() {
    guard !closed, !outstanding.isEmpty else { return stopWaiting() }
    switch Self.writeNow(outstanding, to: output) {
    case .written(let count):
      outstanding.removeFirst(count)
      guard outstanding.isEmpty else { return }
      stopWaiting()
      if heldBack {
        heldBack = false
        onRedrawNeeded?()
      }
    case .failed:
      outstanding = []
      stopWaiting()
    }
  }

  private func stopWaiting() { loop.unwatch(output) }

  enum NowResult: Equatable {
    /// How many bytes the descriptor took (fewer than given: it takes no more now).
    case written(Int)
    /// Any error but "try again": the terminal is gone.
    case failed
  }

  /// Writes what of `bytes` the non-blocking `fd` takes without waiting: on after a signal or
  /// a partial write, until it takes nothing more (`EAGAIN`) or all is written.
  nonisolated static func writeNow(_ bytes: [UInt8], to fd: Int32) -> NowResult {
    EventLoop.writeNow(bytes, to: fd).map { .written($0) } ?? .failed
  }

  /// Where a run written by `appendPlaced` left the cursor: its row and column where no
  /// terminal can disagree, -1 where one can.
  struct Placed: Equatable {
    var row: Int
    var column: Int
  }

  /// Writes a run holding other characters than printable ASCII, for a terminal `columns`
  /// wide. After each character whose width a terminal may see otherwise, the cursor is put
  /// where the screen has the next one: a terminal that gives an emoji another width than
  /// `TextWidth` then shifts nothing after it on the row (a state `RUNNING` over `READY`
  /// would leave `RUNNINGY`). That move is to a column of the same row (`hpa`, shorter than a
  /// cursor address) while the character cannot have reached the right margin, whatever
  /// width a terminal gives it: at most two columns a scalar.
  ///
  /// Where every scalar of the run is a character of its own (`TextWidth.standsAlone`: big
  /// digits' `█`, `·`, `▲`, Hangul), the run is read scalar by scalar, the bytes those of
  /// reading it by characters (`appendPlacedByCharacters`, which `FrameOutputTests` holds it
  /// to): reading characters costs several times as much, and big digits are written every
  /// frame at hundredths.
  static func appendPlaced(_ run: Screen.Run, columns: Int, sequences: Sequences, to buffer: inout [UInt8]) -> Placed {
    let scalars = run.text.unicodeScalars
    guard scalars.allSatisfy(TextWidth.standsAlone) else {
      return appendPlacedByCharacters(run, columns: columns, sequences: sequences, to: &buffer)
    }
    return place(scalars, of: run, columns: columns, sequences: sequences, to: &buffer)
  }

  /// `appendPlaced` character by character: any text.
  static func appendPlacedByCharacters(
    _ run: Screen.Run, columns: Int, sequences: Sequences, to buffer: inout [UInt8]
  ) -> Placed {
    place(run.text, of: run, columns: columns, sequences: sequences, to: &buffer)
  }

  /// `run` written as `units` (its characters, or its scalars where each is one), the cursor
  /// placed again after each unit whose width a terminal may see otherwise.
  private static func place<Units: Sequence>(
    _ units: Units, of run: Screen.Run, columns: Int, sequences: Sequences, to buffer: inout [UInt8]
  ) -> Placed where Units.Element: PlacedUnit {
    var column = run.column
    // The last unit's width may be another on the terminal; the row it left the cursor on.
    var pending = false
    var row = run.row
    for unit in units {
      if pending { sequences.appendMove(fromRow: row, fromColumn: -1, toRow: run.row, toColumn: column, to: &buffer) }
      buffer.append(contentsOf: unit.utf8)
      let width = unit.columns
      pending = !unit.hasCertainWidth(width)
      // From a column the terminal agrees on: past the margin only at the widest it may take.
      row = !pending || column + 2 * unit.scalarCount <= columns ? run.row : -1
      column += width
    }
    return Placed(row: row, column: pending ? -1 : column)
  }

  /// Whether every terminal gives `character` the `width` columns the screen counts: one
  /// printable ASCII or Latin character, a Hangul syllable, a kana or a CJK ideograph. Not an
  /// emoji, a symbol, a sequence of several scalars or a character of no width.
  nonisolated static func hasCertainWidth(_ character: Character, _ width: Int) -> Bool {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
      return false
    }
    return hasCertainWidth(scalar, width)
  }

  /// `hasCertainWidth` of a character that is this one scalar.
  nonisolated static func hasCertainWidth(_ scalar: Unicode.Scalar, _ width: Int) -> Bool {
    let v = scalar.value
    return width > 0
      && (v < 0x300 || (0xAC00...0xD7A3).contains(v) || (0x3041...0x30FF).contains(v) || (0x4E00...0x9FFF).contains(v))
  }

  /// Whether `run` shows the same written in `current` attributes as in its own: blanks look
  /// alike in any colour, bold or dim (colours are foreground only), but not in reverse. Big
  /// digits alternate coloured bars and blanks; this spares an attribute change per blank.
  nonisolated static func looksTheSame(_ run: Screen.Run, in current: Style?) -> Bool {
    guard let current, Style.blanksLookAlike(current, run.style) else { return false }
    return run.text.utf8.allSatisfy { $0 == 0x20 }
  }

  /// Writes the frame handed to the loop's next wait now (what the terminal does not take
  /// waits in the loop, as ever).
  func flush() { loop.flushQueuedWrite() }

  /// Puts the attributes and the cursor back where curses believes they are, before curses
  /// writes to the terminal.
  func settle() {
    // A frame handed to the loop goes out before curses writes (what is left of it waits
    // below).
    loop.flushQueuedWrite()
    if !outstanding.isEmpty {
      // Curses writes next: the frame goes out first, or is given up after a second.
      _ = write(outstanding)
      outstanding = []
      stopWaiting()
    }
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
    heldBack = false
  }

  /// No frames any more: stops waiting for the terminal and closes the descriptor of our own.
  func close() {
    loop.flushQueuedWrite()
    closed = true
    if !outstanding.isEmpty {
      stopWaiting()
      outstanding = []
    }
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
}

/// What `FrameWriter.place` reads a run by: a character, or a scalar that is one.
protocol PlacedUnit {
  associatedtype UTF8Bytes: Collection<UInt8>
  var utf8: UTF8Bytes { get }
  /// Columns the screen counts for it (`TextWidth`).
  var columns: Int { get }
  /// `FrameWriter.hasCertainWidth` of it at `width`.
  func hasCertainWidth(_ width: Int) -> Bool
  /// How many scalars it holds: a terminal gives each at most two columns.
  var scalarCount: Int { get }
}

extension Character: PlacedUnit {
  var columns: Int { TextWidth.columns(self) }
  var scalarCount: Int { unicodeScalars.count }
  func hasCertainWidth(_ width: Int) -> Bool { FrameWriter.hasCertainWidth(self, width) }
}

extension Unicode.Scalar: PlacedUnit {
  var columns: Int { TextWidth.columns(self) }
  var scalarCount: Int { 1 }
  func hasCertainWidth(_ width: Int) -> Bool { FrameWriter.hasCertainWidth(self, width) }
}
