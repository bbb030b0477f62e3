import SplitsCore
import SplitsRender

/// Runs one `Program` on the main actor: every input goes through the program's reducer, the
/// effects run in order (journal first), then the frame is drawn and the ticker set.
///
/// The ticker is one task that sleeps until the instant the display next changes and sends
/// `.tick`; it reads the clock when it wakes, so a late wake-up shows the right value and a
/// missed one is skipped, never replayed. While nothing moves there is no task at all.
@MainActor
public final class Runtime<P: Program, C: Clock> where C.Duration == Duration {
  public private(set) var program: P
  let backend: any TerminalBackend
  let time: TimeSource<C>
  let sink: (any EventSink)?
  let journalProblem: @Sendable (any Error) -> String
  let unsavedOnQuit: @Sendable (Int) -> String
  /// Set once the user was told that quitting now loses unwritten events.
  private var quitWithUnsavedConfirmed = false

  public private(set) var exitStatus: ExitStatus?
  /// Called once, when the program quits.
  public var onExit: ((ExitStatus) -> Void)?

  private var previous: Screen?
  private var ticker: Task<Void, Never>?
  private var tickerDeadline: Instant?
  /// Events the journal could not take yet, oldest first.
  public private(set) var pending: [(RideEvent, Int, Int64)] = []
  private var retry: Task<Void, Never>?

  public init(
    program: P, backend: any TerminalBackend, time: TimeSource<C>, sink: (any EventSink)? = nil,
    journalProblem: @escaping @Sendable (any Error) -> String = { "\($0)" },
    unsavedOnQuit: @escaping @Sendable (Int) -> String = { "Events not written yet: \($0). q again quits without them" }
  ) {
    self.program = program
    self.backend = backend
    self.time = time
    self.sink = sink
    self.journalProblem = journalProblem
    self.unsavedOnQuit = unsavedOnQuit
  }

  /// Whether a ticker task exists (for tests and benchmarks).
  public var isTicking: Bool { ticker != nil }

  /// Draws the first frame and starts the ticker if something moves.
  public func start() {
    process(.redraw, full: true)
  }

  /// One input from the terminal layer.
  public func send(_ input: Input) {
    guard exitStatus == nil else { return }
    process(input, full: input == .redraw)
  }

  /// The process came back from a stop, or the size changed: take the terminal back and
  /// redraw everything, recomputed from the clock.
  public func resumeFromStop() {
    guard exitStatus == nil else { return }
    backend.resume()
    process(.redraw, full: true)
  }

  private func process(_ input: Input, full: Bool) {
    var effects = program.handle(input, at: time.now())[...]
    var redrawAll = full
    while let effect = effects.popFirst() {
      switch effect {
      case .record(let event, let ride):
        record(event, ride: ride)
      case .bell:
        backend.bell()
      case .suspend:
        stopTicker()
        backend.suspend()
        backend.resume()
        // Back from the stop: what happened meanwhile (a countdown that ended) takes effect.
        effects.append(contentsOf: program.handle(.redraw, at: time.now()))
        redrawAll = true
      case .quit(let status):
        flushPending()
        if status == .success, !pending.isEmpty, !quitWithUnsavedConfirmed {
          // Nothing is lost silently: a plain quit with events the journal has not taken
          // yet asks to be repeated. Signals still quit at once.
          quitWithUnsavedConfirmed = true
          program.setJournalProblem(unsavedOnQuit(pending.count))
          continue
        }
        finish(status)
        return
      }
    }
    draw(full: redrawAll)
    if input != .tick { updateTicker() }
  }

  private func draw(full: Bool) {
    let frame = program.render(size: backend.size())
    let runs = frame.changes(since: full ? nil : previous, bridging: backend.bridging)
    if full || !runs.isEmpty { backend.draw(runs, full: full) }
    previous = frame
  }

  // MARK: The journal

  private func record(_ event: RideEvent, ride: Int) {
    let wall = time.now().wallMilliseconds
    pending.append((event, ride, wall))
    flushPending()
  }

  /// Writes the pending events in order; stops at the first failure and shows a banner.
  private func flushPending() {
    guard let sink else {
      pending.removeAll()
      return
    }
    while let (event, ride, wall) = pending.first {
      do {
        try sink.append(event, ride: ride, wallMilliseconds: wall)
        pending.removeFirst()
      } catch let failure as any EventSinkFailure where !failure.isTransient {
        // Refused for good: trying again cannot help. Say so once and go on.
        pending.removeFirst()
        program.setJournalProblem(journalProblem(failure))
        return
      } catch {
        program.setJournalProblem(journalProblem(error))
        scheduleRetry()
        return
      }
    }
    quitWithUnsavedConfirmed = false
    program.setJournalProblem(nil)
    retry?.cancel()
    retry = nil
  }

  /// While the journal refuses writes, try again every two seconds.
  private func scheduleRetry() {
    guard retry == nil else { return }
    let clock = time.clock
    retry = Task { [weak self] in
      while !Task.isCancelled {
        do { try await clock.sleep(for: .seconds(2)) } catch { return }
        guard let self, !self.pending.isEmpty, self.exitStatus == nil else { return }
        self.flushPending()
        self.draw(full: false)
        if self.pending.isEmpty { return }
      }
    }
  }

  // MARK: The ticker

  private func updateTicker() {
    guard let deadline = program.nextChange() else {
      stopTicker()
      return
    }
    if ticker != nil, tickerDeadline == deadline { return }
    stopTicker()
    let clock = time.clock
    let source = time
    tickerDeadline = deadline
    ticker = Task { [weak self] in
      var next = deadline
      while true {
        do {
          try await clock.sleep(until: source.clockInstant(next), tolerance: nil)
        } catch {
          return
        }
        guard let self, !Task.isCancelled else { return }
        self.process(.tick, full: false)
        guard self.exitStatus == nil, let following = self.program.nextChange() else {
          self.ticker = nil
          self.tickerDeadline = nil
          return
        }
        next = following
        self.tickerDeadline = following
      }
    }
  }

  private func stopTicker() {
    ticker?.cancel()
    ticker = nil
    tickerDeadline = nil
  }

  /// Ends the program. Events the journal never took make a plain quit a failure (status
  /// 1): the screen showed them, the journal does not have them, and the exit must say so.
  private func finish(_ requested: ExitStatus) {
    stopTicker()
    flushPending()
    retry?.cancel()
    retry = nil
    let status: ExitStatus = requested == .success && !pending.isEmpty ? .failure : requested
    exitStatus = status
    onExit?(status)
    onExit = nil
  }
}
