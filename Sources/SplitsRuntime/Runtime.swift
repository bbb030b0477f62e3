import SplitsCore
import SplitsRender

/// Runs one `Program` on the main actor: every input goes through the program's reducer, the
/// effects run in order (journal first), then the frame is drawn and the ticker set.
///
/// The ticker is one task that sleeps until the instant the display next changes and sends
/// `.tick`; the clocks are read when it wakes, so a late wake-up shows the right value and a
/// missed one is skipped, never replayed. While nothing on screen moves there is no task at all.
@MainActor
public final class Runtime<P: Program, C: Clock> where C.Duration == Duration {
  public private(set) var program: P
  let backend: any TerminalBackend
  let time: TimeSource<C>
  let sink: (any EventSink)?
  /// Runs `--cue-cmd` for a workout's cues, if one was given.
  let cues: (any CueRunner)?
  let journalProblem: @Sendable (any Error) -> String
  /// Where the ticker's and the retry's tasks run: an executor whose jobs run on the main
  /// thread, so their clock's sleep never reaches libdispatch's global queues and their
  /// main-actor work needs no hop. The event loop's (`EventLoop.executor`) in production; the
  /// tests drain a serial executor of their own on the main actor.
  let executor: any TaskExecutor

  /// The sensors' link, which writes to a trainer held to the plan (ERG); nil without one.
  public weak var trainers: (any TrainerWriter)?

  public private(set) var exitStatus: ExitStatus?
  /// Called once, when the program quits.
  public var onExit: ((ExitStatus) -> Void)?

  private var previous: Screen?
  private var ticker: Task<Void, Never>?
  private var tickerDeadline: Instant?
  /// The frame the ticker's deadline brings, found while looking for the deadline.
  private var upcoming: Upcoming?
  /// What the journal has not taken yet (`UnwrittenWrites`).
  private var unwritten = UnwrittenWrites()
  /// Events the journal could not take yet, oldest first, each with the receipt of the remote
  /// command it completes, if any.
  public var pending: [(event: RideEvent, ride: Int, wall: Int64, receipt: RemoteReceipt?)] { unwritten.events }
  /// Sensor samples the journal could not take yet, oldest first.
  public var pendingSamples: [(sample: SensorSample, ride: Int)] { unwritten.samples }
  private var retry: Task<Void, Never>?
  /// Effects run so far (wrapping): a tick that ran none changed nothing but the clocks.
  private var effectsRun = 0
  /// The answer to the remote command being applied (`command(_:)`).
  private var reply: RemoteAnswer?
  /// The remote command being applied, whose last event carries its receipt.
  private var request: RemoteRequest?

  public init(
    program: P, backend: any TerminalBackend, time: TimeSource<C>, sink: (any EventSink)? = nil,
    cues: (any CueRunner)? = nil, executor: any TaskExecutor,
    journalProblem: @escaping @Sendable (any Error) -> String = { "\($0)" }
  ) {
    self.program = program
    self.backend = backend
    self.time = time
    self.sink = sink
    self.cues = cues
    self.executor = executor
    self.journalProblem = journalProblem
  }

  /// Whether a ticker task exists (for tests and benchmarks).
  public var isTicking: Bool { ticker != nil }

  /// Draws the first frame and starts the ticker if something moves.
  public func start() {
    process([.redraw], full: true)
  }

  /// Runs the program's `rehearsal` once, after the first frame, on a stage: a second runtime
  /// with the rehearsal's copy of the program (memos of its own), the frame shown, an
  /// in-memory terminal that bridges as this one's does and, where this one has a journal, a
  /// sink that keeps nothing. Each action goes the way a real key goes (the reducer, every
  /// effect, the sink's append, the frame and its changes), the ticker aside, so that the
  /// first real key finds Swift's type metadata made (on first use, a hundred microseconds
  /// and more for a start or a first lap) and the code warm. The stage has no cue runner, no
  /// trainer, no ticker and no retry (its sink never fails): nothing of it reaches this
  /// runtime, its program, its terminal, its journal or its loop (docs/decisions.md,
  /// 2026-11-29, "The first keys are rehearsed"). Returns the events the stage's sink took.
  @discardableResult
  public func rehearse() -> Int {
    guard exitStatus == nil, let shown = previous, let rehearsal = program.rehearsal(from: time.now()) else { return 0 }
    let kept = sink == nil ? nil : RehearsalSink()
    let stage = Runtime(
      program: rehearsal.stage, backend: MemoryBackend(size: shown.size, bridging: backend.bridging), time: time,
      sink: kept, executor: executor, journalProblem: journalProblem)
    stage.previous = shown
    for action in rehearsal.actions {
      guard stage.apply(action.input, at: action.now) != nil else { break }
      stage.draw(full: false)
    }
    return kept?.taken ?? 0
  }

  /// One input from the terminal layer.
  public func send(_ input: Input) {
    guard exitStatus == nil else { return }
    process([input], full: input == .redraw)
  }

  /// The inputs of one read (the keys of a paste or a burst), applied in order, each effect
  /// run (the journal first), then one frame for all of them.
  public func send(_ inputs: [Input]) {
    guard exitStatus == nil, !inputs.isEmpty else { return }
    process(inputs, full: inputs.contains(.redraw))
  }

  /// The process came back from a stop, or the size changed: take the terminal back and
  /// redraw everything, recomputed from the clock.
  public func resumeFromStop() {
    guard exitStatus == nil else { return }
    backend.resume()
    process([.redraw], full: true)
  }

  /// Something in the journal's directory was deleted or moved (the data directory's watch):
  /// the sink saves what a deleted write-ahead log held at once, so that nothing shown waits
  /// for the next event to be safe. A failure is left to the next write, which retries and
  /// says why.
  public func journalFilesRemoved() {
    guard exitStatus == nil, let sink else { return }
    try? sink.noticeRemovedFiles()
  }

  /// A remote command (`splits lap` from another shell), applied as its key would be: journal
  /// first, then the frame. Returns what it did, and why the journal does not have it yet if
  /// it does not; nil when the program does not take remote commands or has ended.
  ///
  /// A request whose receipt the journal (or the events still unwritten) already holds was
  /// applied before, by this screen or another: it is answered as it was, and nothing changes.
  public func command(_ request: RemoteRequest) -> RemoteAnswer? {
    guard exitStatus == nil else { return nil }
    if let earlier = pending.first(where: { $0.receipt?.id == request.id })?.receipt {
      return RemoteAnswer(outcome: earlier.outcome, unwritten: unwritten.failure ?? "")
    }
    // A journal that cannot be read now cannot be written either: the command's events are
    // then kept unwritten with their receipt, and the answer says so.
    if let earlier = (try? sink?.receipt(id: request.id)) ?? nil { return RemoteAnswer(outcome: earlier.outcome) }
    reply = nil
    unwritten.refusedForGood = nil
    self.request = request
    process([.remote(request.command, request.details)], full: false)
    defer {
      reply = nil
      unwritten.refusedForGood = nil
      self.request = nil
    }
    return reply
  }

  private func handle(_ input: Input, at now: Now? = nil) -> [Effect] {
    program.handle(Action(input, at: now ?? time.now()))
  }

  private func process(_ inputs: [Input], full: Bool) {
    var redrawAll = full
    for input in inputs {
      guard let needsFull = apply(input) else { return }
      redrawAll = redrawAll || needsFull
    }
    draw(full: redrawAll)
    // The input's frame goes out now; the ticks' frames go with the loop's next wait.
    backend.flush()
    updateTicker()
  }

  /// Hands one input to the program and runs its effects in order. Returns whether the whole
  /// screen must be redrawn, or nil when the program quit.
  private func apply(_ input: Input, at now: Now? = nil) -> Bool? {
    // Events still unwritten are tried again before a key (or a remote command), so that the key meets the
    // journal as it is now (a `q` after the disk was freed quits at once).
    var redrawAll = false
    if input.isKeyLike, !pending.isEmpty, let report = flushPending() {
      guard let full = apply(.journal(report)) else { return nil }
      redrawAll = full
    }
    let handled = handle(input, at: now)
    // The remote command's receipt rides on one of its own effects (the ones appended below
    // come after them).
    var carrier: (index: Int, receipt: RemoteReceipt)?
    if case .remote = input, let request { carrier = RemoteReceipt.carrier(of: request, in: handled) }
    var effects = handled[...]
    while let effect = effects.popFirst() {
      effectsRun &+= 1
      switch effect {
      case .record(let event, let ride, let wall):
        let receipt = carrier.flatMap { $0.index == effects.startIndex - 1 ? $0.receipt : nil }
        unwritten.events.append((event, ride, wall, receipt))
        if let report = flushPending() { effects.append(contentsOf: handle(.journal(report))) }
      case .recordSample(let sample, let ride):
        unwritten.samples.append((sample, ride))
        if let report = flushPending() { effects.append(contentsOf: handle(.journal(report))) }
      case .reply(let outcome, let sport):
        // Events before it are written, or kept and retried: the answer says which.
        reply = RemoteAnswer(
          outcome: outcome, unwritten: pending.isEmpty ? nil : (unwritten.failure ?? ""), dropped: unwritten.refusedForGood, sport: sport)
      case .rememberComparison(let kind, let name):
        // A choice the journal did not keep is said in the banner; nothing else is lost.
        do {
          try sink?.rememberComparison(kind, name: name)
        } catch {
          effects.append(contentsOf: handle(.journal(.choiceNotSaved(message: "\(error)"))))
        }
      case .rememberRouteComparison(let comparison, let route):
        do {
          try sink?.rememberRouteComparison(comparison, name: route)
        } catch {
          effects.append(contentsOf: handle(.journal(.choiceNotSaved(message: "\(error)"))))
        }
      case .trainer(let request, let address):
        trainers?.write(request, to: address)
      case .bell:
        backend.bell()
      case .cue(let cue):
        // Started, never waited for: a failure comes back later as an input.
        cues?.run(cue) { [weak self] message in self?.send(.cueFailed(message)) }
      case .suspend:
        stopTicker()
        backend.suspend()
        backend.resume()
        // Back from the stop: what happened meanwhile (a countdown that ended) takes effect.
        effects.append(contentsOf: handle(.redraw))
        redrawAll = true
      case .quit(let status):
        finish(status)
        return nil
      }
    }
    return redrawAll
  }

  /// Draws the program's frame (`known`, when it is the frame and fits the terminal);
  /// returns whether `known` was it, and the frame it replaced (moved out, not copied).
  @discardableResult
  private func draw(full: Bool, known: consuming Screen? = nil) -> (shownKnown: Bool, replaced: Screen?) {
    let size = backend.size()
    var shownKnown = false
    let frame: Screen
    if let fits = known.take(), fits.size == size {
      frame = fits
      shownKnown = true
    } else {
      frame = program.render(size: size)
    }
    let runs = frame.changes(since: full ? nil : previous, bridging: backend.bridging)
    if full || !runs.isEmpty { backend.draw(runs, full: full) }
    let replaced = previous.take()
    previous = frame
    return (shownKnown, replaced)
  }

  // MARK: The journal

  /// Writes what the journal has not taken yet (`UnwrittenWrites.flush`): while it fails, a
  /// retry every two seconds; once everything is written, none.
  private func flushPending() -> JournalReport? {
    let (report, failing) = unwritten.flush(into: sink, problem: journalProblem)
    if failing {
      scheduleRetry()
    } else {
      retry?.cancel()
      retry = nil
    }
    return report
  }

  /// While the journal refuses writes, try again every two seconds.
  private func scheduleRetry() {
    guard retry == nil else { return }
    let clock = time.clock
    retry = Task(executorPreference: executor) { [weak self] in
      while !Task.isCancelled {
        do { try await clock.sleep(until: clock.now.advanced(by: .seconds(2)), tolerance: nil) } catch { return }
        // The executor's jobs run on the main thread: this is the main actor's.
        guard let self, onMainThread({ self.retryJournal() }) else { return }
      }
    }
  }

  /// One retry; false when there is nothing left to retry.
  private func retryJournal() -> Bool {
    guard !unwritten.isEmpty, exitStatus == nil else { return false }
    if let report = flushPending() { send(.journal(report)) }
    return !unwritten.isEmpty
  }

  // MARK: The ticker

  private func updateTicker() {
    let next = previous.flatMap { program.upcoming(from: $0) }
    guard let deadline = next?.at else {
      stopTicker()
      return
    }
    upcoming = next
    // A deadline that did not move leaves the sleeping ticker alone.
    if ticker != nil, tickerDeadline == deadline { return }
    stopTicker()
    upcoming = next
    tickerDeadline = deadline
    let clock = time.clock
    let wakeAt = time.clockInstant(deadline)
    ticker = Task(executorPreference: executor) { [weak self] in
      var next = wakeAt
      while true {
        do { try await clock.sleep(until: next, tolerance: nil) } catch { return }
        // The executor's jobs run on the main thread, so the tick runs right here, on the
        // main actor, without a second hop (platform notes: one enqueue per tick).
        guard let self, let following = onMainThread({ self.tick() }) else { return }
        next = following
      }
    }
  }

  /// The ticker woke: show the current value. Returns the next deadline on the ticker's clock,
  /// or nil when the ticker ends.
  private func tick() -> C.Instant? {
    guard !Task.isCancelled, exitStatus == nil else { return nil }
    // Between the deadline and the candidate after it the frame is the one found with the
    // deadline: shown without rendering again.
    let now = time.now()
    // Taken out of the look-ahead's answer, not copied: frames are moved through a tick.
    let found = upcoming.take()?.taken(at: now.monotonic)
    let following = found?.following
    var known = found?.frame
    let effectsBefore = effectsRun
    guard let redrawAll = apply(.tick, at: now) else { return nil }
    if redrawAll { known = nil }
    let drawn = draw(full: redrawAll, known: known.take())
    let shownKnown = drawn.shownKnown
    var before = drawn.replaced
    // The frame found ahead is shown and the tick did nothing else: the program's first
    // candidate is the one found after that frame (`Program.upcoming(from:first:)`), and the
    // next frame is written into the cells of the frame before it (`Screen.shown(after:)`),
    // which nothing else holds any more.
    let first = shownKnown && effectsRun == effectsBefore ? following : nil
    let spare = shownKnown ? previous?.shown(after: before.take()) : nil
    before = nil
    // Handed over, not captured: a second owner would make the first write copy the spare.
    // Asked in place (`Program.lookAhead`): `program.upcoming` would copy the program first
    // (this class is generic), a few kilobytes every tick that most ticks do not need.
    if let frame = previous { upcoming = program.lookAhead(from: frame, first: first, spare: consume spare) }
    guard exitStatus == nil, let following = upcoming?.at else {
      ticker = nil
      tickerDeadline = nil
      return nil
    }
    tickerDeadline = following
    return time.clockInstant(following)
  }

  private func stopTicker() {
    ticker?.cancel()
    ticker = nil
    tickerDeadline = nil
    upcoming = nil
  }

  /// Ends the program after a last try at the journal. Events it never took make a plain
  /// quit a failure (status 1): the screen showed them, the journal does not have them.
  private func finish(_ requested: ExitStatus) {
    stopTicker()
    _ = flushPending()
    retry?.cancel()
    retry = nil
    let status: ExitStatus = requested == .success && !pending.isEmpty ? .failure : requested
    exitStatus = status
    onExit?(status)
    onExit = nil
  }
}

/// The rehearsal's journal (`Runtime.rehearse`): takes every event and keeps none.
final class RehearsalSink: EventSink {
  private(set) var taken = 0
  func append(_ event: RideEvent, ride: Int, wallMilliseconds: Int64) throws { taken &+= 1 }
}

extension Input {
  /// A key, or a remote command standing for one: the journal gets another try first.
  var isKeyLike: Bool {
    switch self {
    case .key, .remote: true
    default: false
    }
  }
}

/// Runs `body` on the main actor from a job of the runtime's executor: such a job runs on the
/// main thread (the event loop's), so it is already isolated to it, and an `await` would only
/// enqueue a second job for nothing. Checked at run time by `MainActor.assumeIsolated`.
private func onMainThread<T: Sendable>(_ body: @MainActor () -> T) -> T { MainActor.assumeIsolated(body) }
