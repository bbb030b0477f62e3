import CLoop
import CWatch
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsRuntime
import SplitsStore
import SplitsWorkout

#if canImport(Glibc)
  import Glibc
#endif

/// `splits status --follow`: the status line at once, then again at every change, until
/// standard output closes (exit 0: its reader is done with it), a signal stops it (SIGHUP,
/// SIGINT, SIGTERM: 129, 130, 143, as for every command) or the journal cannot be read or
/// is damaged (its message, exit 1). A journal deleted under it reads as no ride, as for
/// `status`, and it follows on.
///
/// One thread and no polling: the main thread waits in the screens' own loop (`EventLoop`:
/// one `epoll_wait`), on
/// - an inotify watch of the data directory: the journal is read again when `splits.sqlite`
///   or its `-wal` file is created, written, deleted or moved (every event the screen
///   records is a commit to the `-wal`; closing the screen checkpoints into the main file and
///   deletes the `-wal`). While the data directory does not exist, the nearest folder above
///   it is watched until it appears;
/// - the loop's timer at the instant the line next changes by time alone
///   (`StatusFollow.nextChange`), and none while nothing moves (paused, ready);
/// - an epoll instance on standard output with no events asked: it becomes readable when
///   the reader of a pipe goes away or a terminal hangs up, so the follower ends then even
///   while it has nothing to print;
/// - SIGINT, SIGTERM and SIGHUP, blocked and read from a signalfd.
/// Nothing goes through the main dispatch queue, a dispatch source or a run loop.
///
/// Each line is written with write(2) at once (a pipe would otherwise hold it in a block
/// buffer), and only when it differs from the line before (`StatusFollow.keyFormat`).
@MainActor
public final class StatusFollower {
  let directory: String
  let json: Bool
  let format: String?
  let precision: Precision
  let strings: HistoryStrings
  /// A workout's plan from the text the journal keeps; nil when it cannot be read.
  let plans: (WorkoutSource) -> Workout?
  let figures: StatusFollow.Figures
  let keyFormat: String?
  /// `--insecure-data-dir`: each journal opened is checked as at the start (`DataPrivacy`),
  /// for a data directory that appears while the follower runs.
  let insecure: Bool

  private var exitStatus: Int32?
  private var lastKey: String?
  private var loop: EventLoop?
  private var timer: LoopTimer?
  private var watchFD: Int32 = -1
  private var watch: Int32 = -1
  /// Whether the watch is on the data directory itself (else on a folder above it).
  private var watchingData = false
  private var watchedPath: String?
  /// Why the last watch could not be added (errno).
  private var watchError: Int32 = 0
  /// The descriptors this follower opened for the loop (closed at the end).
  private var owned: [Int32] = []
  /// The signalfd of `stops` (closed, and the signals unblocked, at the end).
  private var signalFD: Int32 = -1
  /// The reader kept open (`journal()`) and the files it reads through.
  var reader: JournalReader?
  var readerIdentity: FileIdentity?
  /// When to read the journal again after a change to its files, earliest first.
  var rereads: [Instant] = []
  /// The journal's files as they are now (`identity`); a test makes the journal appear
  /// between this look and the open.
  var fileIdentity: (String) -> FileIdentity? = StatusFollower.identity

  /// The screen's commit writes the `-wal` file (the change inotify reports), waits for the
  /// disk (`synchronous = FULL`), and only then makes the event visible to readers, in
  /// shared memory, which inotify does not see. A read right at the change may see the
  /// journal as it was: it is read again after these delays (a line already printed is not
  /// printed twice). While running, every tick reads it too.
  static let rereadDelays: [Duration] = [.milliseconds(30), .milliseconds(300), .seconds(1), .seconds(3)]
  /// How long the journal's files are left to settle after its `-wal` and `-shm` were
  /// deleted under a screen (`settle()`).
  static let settling: Duration = .seconds(2)
  /// Until when they settle (nil: they never had to).
  var settlingUntil: Instant?

  public init(
    directory: String, json: Bool, format: String?, precision: Precision, strings: HistoryStrings,
    insecure: Bool = false, plans: @escaping (WorkoutSource) -> Workout?
  ) {
    self.insecure = insecure
    self.directory = directory
    self.json = json
    self.format = format
    self.precision = precision
    self.strings = strings
    self.plans = plans
    figures = json ? .standard : StatusFollow.figures(format: format)
    keyFormat = StatusFollow.keyFormat(format: format, json: json)
  }

  /// The signals that end the follower, read from a signalfd.
  static let stops: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Follows until the end and returns the exit status.
  public func run() -> Int32 {
    // A closed pipe is an EPIPE from write(2), not a signal that kills the process.
    signal(SIGPIPE, SIG_IGN)
    guard let loop = EventLoop() else {
      printError("splits: status --follow: cannot wait for changes: \(String(cString: strerror(errno)))")
      return 1
    }
    self.loop = loop
    defer { end(loop) }
    watchSignals(loop)
    watchHangup(loop)
    watchFD = splits_watch_open()
    guard watchFD >= 0 else {
      printError("splits: status --follow: cannot watch \(directory): \(String(cString: strerror(errno)))")
      return 1
    }
    owned.append(watchFD)
    rewatch()
    guard watch >= 0 else {
      // No watch anywhere on the way (the user's inotify watches used up, no permission):
      // the follower could not see a change, so it says so rather than fall silent.
      printError("splits: status --follow: cannot watch \(directory): \(String(cString: strerror(watchError)))")
      return 1
    }
    loop.watch(watchFD) { [unowned self] in self.directoryChanged() }
    refresh()
    loop.run { self.exitStatus != nil }
    return exitStatus ?? 0
  }

  /// Stops the timer, closes the loop and the descriptors opened for it, and unblocks the
  /// signals.
  private func end(_ loop: EventLoop) {
    if let timer { loop.cancel(timer) }
    timer = nil
    loop.close()
    for fd in owned { close(fd) }
    owned = []
    if signalFD >= 0 { Self.stops.withUnsafeBufferPointer { splits_signalfd_close(signalFD, $0.baseAddress, Int32($0.count)) } }
    signalFD = -1
    self.loop = nil
  }

  private func finish(_ status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
  }

  /// SIGINT, SIGTERM and SIGHUP end the follower as every command: 128 + the signal (130,
  /// 143, 129). Ignored first, so that one arriving before the signalfd reads it (or where
  /// none can be made) does not kill the process mid-line.
  private func watchSignals(_ loop: EventLoop) {
    for stop in Self.stops { signal(stop, SIG_IGN) }
    let signals = Self.stops.withUnsafeBufferPointer { splits_signalfd_open($0.baseAddress, Int32($0.count)) }
    guard signals >= 0 else { return }
    loop.watch(signals) { [unowned self] in
      while true {
        let stop = splits_signalfd_take(signals)
        guard stop != 0 else { return }
        self.finish(128 + stop)
      }
    }
    signalFD = signals
  }

  /// Standard output's reader going away (a pipe) or hanging up (a terminal) ends the
  /// follower; a file or /dev/null cannot go away and is not watched.
  private func watchHangup(_ loop: EventLoop) {
    let epoll = splits_hangup_watch(STDOUT_FILENO)
    guard epoll >= 0 else { return }
    loop.watch(epoll) { [unowned self] in self.finish(0) }
    owned.append(epoll)
  }

  /// Watches the data directory, or while it does not exist the nearest folder above it.
  /// A folder already watched is kept (removing a watch queues an event of its own).
  private func rewatch() {
    var path = directory
    while true {
      if path == watchedPath, watch >= 0 { return }
      let added = splits_watch_directory(watchFD, path)
      if added < 0 { watchError = errno }
      if added >= 0 {
        if watch >= 0, added != watch { _ = splits_watch_remove(watchFD, watch) }
        watch = added
        watchedPath = path
        watchingData = path == directory
        return
      }
      // A relative path ends in the current directory.
      var parent = (path as NSString).deletingLastPathComponent
      if parent.isEmpty { parent = "." }
      if parent == path { return }
      path = parent
    }
  }

  /// Drains the inotify events; reads the journal again when one concerns it.
  private func directoryChanged() {
    let journal = DataLocation.journalFileName
    let walName = journal + "-wal"
    let names: Set<String> = [journal, walName]
    let header = Int(splits_watch_event_size())
    var relevant = false
    var gone = false
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(watchFD, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      var offset = 0
      while offset + header <= count {
        let (wd, mask, length) = buffer.withUnsafeBytes { bytes in
          (
            bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
            bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
            Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          )
        }
        let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        offset += header + length
        if splits_watch_overflowed(mask) != 0 {
          relevant = true
        } else if wd == watch, splits_watch_is_gone(mask) != 0 {
          gone = true
          watch = -1
          watchedPath = nil
        } else if wd == watch {
          // Above the data directory anything created may be the way to it. Inside it, only
          // the journal's files matter, and not the `-wal` file being created: a reader
          // (this one included) creates it empty when it is missing, and the screen's
          // first write to it comes as a change.
          if !watchingData {
            relevant = true
          } else if names.contains(name), !(name == walName && splits_watch_is_creation(mask) != 0) {
            relevant = true
          }
        }
      }
    }
    if gone || !watchingData { rewatch() }
    if watch < 0 {
      printError("splits: status --follow: cannot watch \(directory): \(String(cString: strerror(watchError)))")
      return finish(1)
    }
    if gone || relevant {
      let now = SystemClocks.boot()
      rereads = Self.rereadDelays.map { now + $0 }
      refresh()
    }
  }

  /// Reads the journal, prints the line when it changed, and sets the timer for the next
  /// instant it changes by time alone.
  private func refresh() {
    if let timer { loop?.cancel(timer) }
    timer = nil
    guard exitStatus == nil else { return }
    // The journal's files settling after its log was deleted: read when they have.
    if isSettling { return wakeAgain(at: nil) }
    let read: (line: String, key: String, next: Instant?)
    do {
      read = try current()
    } catch is Settling {
      // `journal()` found the log deleted under it (its readers closed): read again when the
      // files have settled.
      return wakeAgain(at: nil)
    } catch let error as JournalError {
      printError("splits: " + error.description)
      return finish(1)
    } catch let refusal as DataPrivacy.Refusal {
      printError("splits: " + refusal.description)
      return finish(2)
    } catch {
      printError("splits: \(error)")
      return finish(1)
    }
    if read.key != lastKey {
      lastKey = read.key
      if let error = StandardOutput.write(read.line + "\n") {
        // The reader went away (0, the follower's normal end), or the output failed (1).
        return finish(StandardOutput.status(after: error))
      }
    }
    wakeAgain(at: read.next)
  }

  /// Sets the timer for `next` (the instant the line changes by time alone) or the next
  /// reread, whichever comes first; none when neither.
  private func wakeAgain(at next: Instant?) {
    let now = SystemClocks.boot()
    rereads.removeAll { $0 <= now }
    guard let next = [next, rereads.first].compactMap({ $0 }).min() else { return }
    timer = loop?.after(max(.zero, next - now)) { [unowned self] in self.refresh() }
  }

  /// The line, its key and the instant it next changes, read from the journal now.
  private func current() throws -> (line: String, key: String, next: Instant?) {
    let reader = try journal()
    let read = try reader?.currentRide(now: SystemClocks.now())
    let plan = read?.workout.flatMap(plans)
    let ride = plan.flatMap { plan in read.map { $0.settled(by: plan) } } ?? read
    let line =
      json
      ? StatusReport.json(ride, plan: plan)
      : try StatusReport.line(ride, format: format, precision: precision, strings: strings, plan: plan)
    let key =
      try keyFormat.map { try StatusReport.line(ride, format: $0, precision: precision, strings: strings, plan: plan) }
      ?? line
    return (line, key, StatusFollow.nextChange(ride, plan: plan, precision: precision, figures: figures))
  }
}
