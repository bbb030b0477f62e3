import CSocket
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsStore
import SplitsWorkout

/// Runs one remote command: to the open screen, or headless.
@MainActor
public enum RemoteRun {
  /// How long a command keeps trying while the lock is held and no socket answers (a screen
  /// opening or closing, another command applying itself).
  static let patience: Duration = .seconds(3)
  /// How long the open screen has to answer.
  static let answerTimeoutMilliseconds: Int32 = 3_000

  /// Applies `command` and prints the outcome; returns the exit status.
  ///
  /// The request's id goes with every try, so that a command whose screen died after taking it
  /// but before answering is found applied (by the next screen, or headless) and not applied
  /// again. `plans` reads the workout an open ride follows from the text the journal keeps
  /// (nil when it cannot be read: the ride is then run as a plain one).
  public static func run(
    _ command: RemoteCommand, details: RemoteRideDetails = RemoteRideDetails(), directory: String,
    precision: Precision, strings: RemoteStrings, plans: (WorkoutSource) -> Workout?, lapDistance: LapDistance? = nil,
    distanceStrings: DistanceStrings = .english
  ) -> Int32 {
    var random = SystemRandomNumberGenerator()
    guard let request = RemoteRequest(command, id: RemoteRequest.makeID(using: &random), details: details) else {
      return 1
    }
    let deadline = ContinuousClock.now + patience
    while true {
      let fd = splits_control_connect(directory, DataLocation.controlSocketName)
      if fd >= 0 {
        // Only a screen of this user's gets the command: another user's process listening in
        // its place (a data directory opened to others) would take it and answer anything.
        let peer = splits_peer_uid(fd)
        guard peer == Int64(geteuid()) else {
          close(fd)
          printError("splits: " + foreignListener(directory, peer: peer))
          return 1
        }
        let asked = ask(fd, request, precision: precision, strings: strings)
        close(fd)
        let message: String
        switch asked {
        case .answered(let status):
          if lapDistance != nil { printError("splits: " + distanceStrings.onScreen) }
          return status
        case .closing: message = strings.screenSilent
        case .ended: message = strings.outcomeUnknown
        }
        // The screen is quitting and did not take the command, or ended before answering
        // (it may have applied it): try again with the same id, then the lock and headless.
        guard ContinuousClock.now < deadline else {
          printError("splits: " + message)
          return 1
        }
        usleep(2_000)
        continue
      }
      let code = errno
      if code == EAGAIN {
        // A screen listens but takes nothing (stopped with Ctrl-Z, or stalled): its backlog
        // is full. Try again for a while, then say so.
        guard ContinuousClock.now < deadline else {
          printError("splits: " + strings.screenSilent)
          return 1
        }
        usleep(2_000)
        continue
      }
      guard code == ENOENT || code == ECONNREFUSED else {
        printError(
          "splits: cannot reach the screen's control socket ("
            + DataLocation.join(directory, DataLocation.controlSocketName) + "): " + String(cString: strerror(code)))
        return 1
      }
      // No screen listens: apply it here, under the screen lock.
      do {
        let lock = try ScreenLock.acquire(dataDirectory: directory)
        defer { lock.release() }
        return headless(
          request, directory: directory, precision: precision, strings: strings, plans: plans, lapDistance: lapDistance)
      } catch let held as ScreenLock.Held {
        // A screen opening (not listening yet) or closing, or another command at work.
        guard ContinuousClock.now < deadline else {
          printError("splits: " + held.description + " (its control socket does not answer)")
          return 1
        }
        usleep(2_000)
      } catch {
        // A JournalError says which file and why.
        printError("splits: \(error)")
        return 1
      }
    }
  }

  /// Why nothing was sent to a listener that is not this user's.
  static func foreignListener(_ directory: String, peer: Int64) -> String {
    let who = peer < 0 ? "a process whose user the system does not say" : "a process of another user (uid \(peer))"
    return "the control socket " + DataLocation.join(directory, DataLocation.controlSocketName) + " is held by "
      + who + ", not by a splits screen of yours: the command was not sent"
  }

  /// What became of a request to the open screen.
  enum Asked {
    /// Answered (or given up on, said): the exit status.
    case answered(Int32)
    /// The screen is quitting and said it did not take the command.
    case closing
    /// The connection ended with nothing said: the screen may have applied the command and
    /// died before answering.
    case ended
  }

  /// Sends the request to the open screen and prints its answer.
  static func ask(_ fd: Int32, _ request: RemoteRequest, precision: Precision, strings: RemoteStrings) -> Asked {
    let request = RemoteWire.request(request)
    // Sent whole or not at all (a few bytes into an empty socket). If not, the screen may
    // still have answered why (a malformed request): read it.
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    var ended = false
    while received.count < 65_536, splits_wait_readable(fd, answerTimeoutMilliseconds) == 1 {
      let count = read(fd, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        ended = true
        break
      }
      received += buffer.prefix(count)
      if received.last == UInt8(ascii: "\n") { break }
    }
    // Closed with nothing said: the screen quit, or died, before answering.
    if received.isEmpty && ended { return .ended }
    guard let reply = RemoteWire.decode(received) else {
      printError("splits: " + strings.screenSilent)
      return .answered(1)
    }
    guard let answer = reply.answer else {
      if reply.error == RemoteWire.closing { return .closing }
      printError("splits: " + strings.fill(strings.screenRefusedFormat, Printable.text(reply.error ?? "")))
      return .answered(1)
    }
    return .answered(report(answer, precision: precision, strings: strings))
  }

  /// Prints what the command did: the line on standard output, a refusal or an unwritten
  /// event on standard error.
  static func report(_ answer: RemoteAnswer, precision: Precision, strings: RemoteStrings) -> Int32 {
    let line = strings.of(sport: answer.sport).describe(answer.outcome, precision: precision)
    if answer.outcome.isRefusal {
      printError("splits: " + line)
      return 1
    }
    if let error = StandardOutput.write(line + "\n") { return StandardOutput.status(after: error) }
    if let dropped = answer.dropped {
      printError("splits: " + strings.fill(strings.droppedFormat, Printable.text(dropped)))
      return 1
    }
    if let unwritten = answer.unwritten {
      printError("splits: " + strings.fill(strings.unwrittenFormat, Printable.text(unwritten)))
      return 1
    }
    return 0
  }

  /// No screen is open: the command restores the current ride, applies the reducer to it at
  /// the boot clock's now and writes the events it records, as the screen would have.
  /// A request the journal holds a receipt of was applied already (by a screen that died
  /// before answering): its answer is printed again and nothing is applied.
  static func headless(
    _ request: RemoteRequest, directory: String, precision: Precision, strings: RemoteStrings,
    plans: (WorkoutSource) -> Workout?, lapDistance: LapDistance? = nil
  ) -> Int32 {
    let journal: Journal
    do {
      journal = try Journal.open(dataDirectory: directory)
    } catch {
      printError("splits: \(error)")
      return 1
    }
    defer { try? journal.close() }
    var effects: [Effect]
    do {
      if let earlier = try journal.receipt(id: request.id) {
        return report(RemoteAnswer(outcome: earlier.outcome), precision: precision, strings: strings)
      }
      let now = SystemClocks.now()
      let restored = try journal.restoreCurrentRide(now: now)
      // A workout ride: its steps' ends come due and `lap` ends the step, as on the screen
      // (which reads the open ride's workout the same way: `RideCommand.workout`); a remote
      // command rings no bells.
      var workout: WorkoutRun?
      if restored.phase != .ready, let source = restored.workout, let plan = plans(source) {
        workout = WorkoutRun(plan: plan, source: source, bells: false)
      }
      // No split guard: it is the screen's (`--split-guard`), and a script's commands run one
      // after another with no screen open are meant, however close together.
      // The open ride's route, or the route of the name `start` gives: its last split
      // completes the attempt, as on the screen.
      let name = restored.phase != .ready ? restored.name : request.details.name
      let route = name.flatMap { try? journal.route(named: $0) }
      var state = RideOpening(
        restored: restored, precision: precision, name: restored.phase == .ready ? request.details.name : nil,
        workout: workout, splitGuard: .zero, route: route ?? nil, lapDistance: lapDistance
      ).state(at: now.monotonic)
      effects = RideReducer.reduce(
        &state,
        Action(
          .remote(request.command, request.details), at: Now(monotonic: state.now, wallMilliseconds: now.wallMilliseconds)))
      let carrier = RemoteReceipt.carrier(of: request, in: effects)
      for (index, effect) in effects.enumerated() {
        guard case .record(let event, let ride, let wall) = effect else { continue }
        try journal.append(event, ride: ride, wallMilliseconds: wall, receipt: carrier?.index == index ? carrier?.receipt : nil)
      }
    } catch {
      printError("splits: \(error)")
      return 1
    }
    for case .reply(let outcome, let sport) in effects {
      return report(RemoteAnswer(outcome: outcome, sport: sport), precision: precision, strings: strings)
    }
    return 1
  }
}
