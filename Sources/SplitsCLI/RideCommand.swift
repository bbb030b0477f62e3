import ArgumentParser
import Foundation
import SplitsClock
import SplitsBluetooth
import SplitsCore
import SplitsOutput
import SplitsRemote
import SplitsRender
import SplitsRuntime
import SplitsRoutes
import SplitsStore
import SplitsTerminal
import SplitsWorkout

/// The ride screen: `splits` with no subcommand.
struct RideCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ride",
    abstract: "The stopwatch and ride screen (the default command).",
    // Written out: with every option, argument-parser's own usage line collapses to
    // `<options>`.
    usage: "splits ride [--plain] [--precision <precision>] [--countdown <countdown>] [--name <name>] [--sport <sport>] [<options>]",
    discussion: "Keys: space start/pause/resume, l or Enter lap (a split on a route), s skip a route's segment, u undo the last lap, r finish (paused), c compare (named rides), ? help, q quit.")

  @OptionGroup var display: DisplayOptions

  @OptionGroup var data: DataOptions

  @Option(help: "Precision of the moving time: s, ds (tenths) or cs (hundredths).")
  var precision: Precision = .cs

  @Option(help: "Seconds of pre-start countdown (N…1) before the ride starts.")
  var countdown: Int = 0

  @Option(help: "What a new ride is: biking (unless given), running or other (it names the activity in the exports).")
  var sport: Sport?

  @Option(help: "The name a new ride gets (shown in history, show and the exports).")
  var name: String?

  @Option(
    name: .customLong("split-guard"),
    help: "Milliseconds after a lap (or the start) within which another lap is refused as a double press (0: off).")
  var splitGuard: Int = Self.defaultSplitGuard

  @Option(
    name: .customLong("livesplit-server"),
    help: ArgumentHelp(
      "Also take LiveSplit Server's commands on this TCP port of 127.0.0.1 (from your own user only).",
      valueName: "port"))
  var livesplitServer: Int?

  @OptionGroup var distance: DistanceOptions

  static let countdownRange = 0...99
  static let splitGuardRange = 0...60_000
  static let defaultSplitGuard = Int(RideOpening.defaultSplitGuard.milliseconds)

  func validate() throws {
    if countdown < 0 { throw ValidationError(NegativeNumbers.countdownMustBeZeroOrMore(String(countdown))) }
    guard Self.countdownRange.contains(countdown) else {
      throw ValidationError("--countdown takes a whole number of seconds from 0 to 99.")
    }
    try Self.validate(splitGuard: splitGuard)
    if let port = livesplitServer, !(1...65_535).contains(port) {
      throw ValidationError("--livesplit-server takes a TCP port from 1 to 65535 (or none: \(LiveSplitServer.defaultPort)).")
    }
  }

  static func validate(splitGuard: Int) throws {
    if splitGuard < 0 { throw ValidationError(NegativeNumbers.splitGuardMustBeZeroOrMore(String(splitGuard))) }
    guard splitGuardRange.contains(splitGuard) else {
      throw ValidationError("--split-guard takes a whole number of milliseconds from 0 (off) to 60000.")
    }
  }

  func run() throws {
    // The process's main thread runs the screen's loop (Entry.main is on the main actor).
    try MainActor.assumeIsolated {
      try Self.ride(
        display: display.resolved(), directory: { try data.checkedDirectory(creating: true) }, precision: precision,
        countdown: countdown, sport: sport, name: name, splitGuard: splitGuard, livesplitServer: livesplitServer,
        distance: distance)
    }
  }

  /// A workout to ride, as `splits workout` read it.
  struct WorkoutRequest {
    var source: WorkoutSource
    var plan: Workout
    var bells = true
    var cueCommand: String?
    /// What its reader skipped: said on the screen when it opens.
    var warnings: [String] = []
    /// Whether a trainer is held to its targets (`--erg`).
    var erg = false
  }

  /// Opens the screen; throws `ExitCode` for every status but success.
  @MainActor
  static func ride(
    display options: ViewOptions, directory: () throws -> String, precision: Precision, countdown: Int,
    sport given: Sport? = nil, name: String? = nil, splitGuard: Int = defaultSplitGuard,
    livesplitServer: Int? = nil, distance: DistanceOptions? = nil, workout requested: WorkoutRequest? = nil
  ) throws {
    let sport = given ?? .biking
    // The lock, the journal and the ride it restores, unless there is no terminal to ride
    // on, or one that cannot move the cursor (`TERM=dumb`): then the screen says so and
    // nothing is created. A screen open elsewhere on the
    // same data: exit 2 naming its pid. A bad journal: exit 1 naming the file.
    var session:
      (journal: Journal, lock: ScreenLock, restored: RestoredRide, previous: RestoredRide?, directory: String)?
    if CursesTerminal.canRunFullScreen() {
      let directory = try directory()
      session = try withJournalErrors {
        // A remote command applied with no screen holds the lock for a few milliseconds (more
        // on a slow disk): wait as long as such a command waits for a screen.
        let lock = try ScreenLock.acquire(dataDirectory: directory, waiting: .seconds(3))
        let journal = try Journal.open(dataDirectory: directory)
        let now = SystemClocks.now()
        return (
          journal, lock, try journal.restoreCurrentRide(now: now), try journal.lastFinishedRide(now: now), directory
        )
      }
    }
    let workout: (request: WorkoutRequest?, unreadable: String?, changed: String?)
    do {
      workout = try Self.workout(open: session?.restored, requested: requested, strings: CLIStrings.of(options.language))
    } catch {
      try? session?.journal.close()
      throw error
    }
    let newName = (name ?? workout.request.flatMap(Self.workoutName)).flatMap { $0.isEmpty ? nil : $0 }
    // Options meant for the ride, given while one is open: a name goes to an open ride without
    // one; what cannot apply is said on the screen, with how to change it.
    var openRideNote: String?
    do {
      if let open = session?.restored, open.phase != .ready, let journal = session?.journal {
        openRideNote = try Self.applyOptions(
          to: open, name: name, sport: given, journal: journal, strings: CLIStrings.of(options.language))
        if let name, !name.isEmpty, open.name == nil { session?.restored.name = name }
        if let given { session?.restored.sport = given }
        if var ride = session?.restored {
          let note = try applyLapDistance(
            distance?.lapDistance, to: &ride, journal: journal, strings: .of(options.language))
          session?.restored.lapDistance = ride.lapDistance
          if let note { openRideNote = openRideNote.map { $0 + " · " + note } ?? note }
        }
      }
    } catch {
      try? session?.journal.close()
      throw error
    }
    let comparisons: RideComparisons
    do {
      comparisons = try session.map { try Self.comparisons(in: $0.journal, open: $0.restored, newName: newName) }
        ?? RideComparisons()
    } catch {
      try? session?.journal.close()
      throw error
    }
    // A workout ride is compared with the last finished ride of the same workout.
    let workoutRideBefore = workout.request.flatMap { request in
      session.flatMap { try? $0.journal.lastFinishedRide(following: request.source, now: SystemClocks.now()) }
        .flatMap { before in
          before.workout.flatMap(WorkoutPlans.plan(for:)).map { WorkoutRideBefore(before, plan: $0) }
        }
    }
    var opening = RideOpening(
      restored: session?.restored, precision: precision, countdownSteps: countdown, sport: sport, name: newName,
      previousMoving: session?.previous?.moving,
      workout: workout.request.map { WorkoutRun(plan: $0.plan, source: $0.source, bells: $0.bells) },
      unreadableWorkout: workout.unreadable, comparisons: comparisons, language: options.language,
      splitGuard: .milliseconds(splitGuard), note: Self.joined(workout.changed, openRideNote), route: session.flatMap { Self.route(in: $0.journal, open: $0.restored, newName: newName) })
    opening.workoutWarnings = workout.request?.warnings ?? []
    opening.workoutRideBefore = workoutRideBefore
    opening.lapDistance = distance?.lapDistance
    opening.units = distance?.units ?? .metric
    opening.sensors = session.flatMap { try? $0.journal.rememberedSensors() } ?? []
    opening.ftp = session.flatMap { try? $0.journal.settings()[.ftp].flatMap { Int($0) } } ?? nil
    if let request = workout.request, request.erg, session != nil {
      // ERG's watts are percents of an FTP: the workout's, else the setting; and it needs a
      // trainer among the remembered sensors (read only with a terminal to ride on).
      let refusal =
        opening.sensors.isEmpty
        ? "splits: --erg needs a trainer: no sensor is remembered (splits sensors scan finds it, "
          + "splits sensors add ADDRESS remembers it)"
        : (request.plan.ftp ?? opening.ftp) == nil
          ? "splits: --erg needs an FTP: the workout names none; set yours with splits config ftp WATTS" : nil
      if let refusal {
        try? session?.journal.close()
        printError(refusal)
        throw ExitCode(2)
      }
      opening.erg = ErgFeature(enabled: true, ftp: request.plan.ftp ?? opening.ftp)
    }
    // LiveSplit Server's port, bound before the screen opens: a port in use is said at once.
    var livesplit: LiveSplitServer.Bound?
    if let port = livesplitServer, session != nil {
      do {
        livesplit = try LiveSplitServer.bind(port: port)
      } catch {
        try? session?.journal.close()
        printError("splits: \(error)")
        throw ExitCode(2)
      }
    }
    let outcome = present(
      opening, options: options, journal: session?.journal, cueCommand: workout.request?.cueCommand,
      control: session?.directory, livesplit: livesplit)
    // Closed here, not whenever the last reference goes: closing checkpoints the WAL and
    // removes the -wal and -shm files, so that the directory is readable even read-only.
    try? session?.journal.close()
    withExtendedLifetime(session?.lock) {}
    try conclude(outcome)
  }

  /// The earlier finished rides of the names the screen can show (the open ride's, the next
  /// ride's) and the comparison chosen for each, from the journal.
  @MainActor
  /// `--name` and `--sport` given while ride `open` is open: a name is given to the open ride
  /// when it has none, a sport given replaces its sport (in the journal, at once); a name other
  /// than the one it has applies to the next ride. Returns what the screen says of it.
  static func applyOptions(
    to open: RestoredRide, name: String?, sport: Sport?, journal: Journal, strings: CLIStrings
  ) throws -> String? {
    let number = open.ride.number
    let newName = name.flatMap { $0.isEmpty || open.name != nil ? nil : $0 }
    let newSport = sport.flatMap { $0 == open.sport ? nil : $0 }
    if newName != nil || newSport != nil {
      _ = try withJournalErrors { try journal.edit(ride: number, Journal.Changes(name: newName, sport: newSport)) }
    }
    var notes: [String] = []
    if newName != nil || newSport != nil {
      notes.append(
        strings.openRideChanged(
          number, newSport ?? open.sport, [newName.map(Printable.text), newSport?.rawValue].compactMap { $0 }))
    }
    if let name, !name.isEmpty, let kept = open.name, kept != name {
      notes.append(strings.openRideKeepsName(number, newSport ?? open.sport, kept, name))
    }
    return notes.isEmpty ? nil : notes.joined(separator: " · ")
  }

  /// The route of the ride on screen's name: the open ride's, else the next ride's. A route
  /// that does not read is left out (the ride goes on as a plain ride; `splits route show`
  /// names the damage).
  static func route(in journal: Journal, open: RestoredRide, newName: String?) -> Route? {
    let name = open.phase != .ready ? open.name : newName
    return name.flatMap { try? journal.route(named: $0) } ?? nil
  }

  static func comparisons(in journal: Journal, open: RestoredRide, newName: String?) throws -> RideComparisons {
    let names = Set([open.phase == .ready ? nil : open.name, newName].compactMap { $0 })
    return try withJournalErrors {
      var comparisons = RideComparisons()
      let now = SystemClocks.now()
      for name in names {
        comparisons.attempts[name] = try journal.finishedRides(named: name, now: now).map {
          Attempt(RideFigures($0))
        }
        if let kind = try journal.comparisonChoice(name: name) { comparisons.choices[name] = kind }
        if let chosen = try journal.routeComparisonChoice(name: name) { comparisons.routeChoices[name] = chosen }
      }
      return comparisons
    }
  }

  /// A workout ride's name when `--name` gives none: the workout's, else its file's name.
  static func workoutName(_ request: WorkoutRequest) -> String? {
    request.plan.name ?? request.source.fileName.map { String($0.split(separator: "/").last ?? Substring($0)) }
  }

  /// The workout the screen follows. An open ride that follows a workout goes on with it
  /// (`splits` alone reopens it too); asking for a workout while another ride or workout is
  /// open is refused (exit 1), since a ride follows one plan from its start. The same file
  /// changed since the ride began is no other workout: the ride goes on with the workout as
  /// the journal kept it, and `changed` says so on the screen.
  ///
  /// A workout kept with the open ride that this version cannot read (a journal edited by
  /// hand) must not lock the ride out of its screen: `splits` then opens it as a plain ride
  /// and the banner says why (`unreadable`).
  static func workout(
    open: RestoredRide?, requested: WorkoutRequest?, strings: CLIStrings = .english
  ) throws -> (request: WorkoutRequest?, unreadable: String?, changed: String?) {
    guard let open, open.phase != .ready else { return (requested, nil, nil) }
    let number = open.ride.number
    guard let stored = open.workout else {
      guard requested != nil else { return (nil, nil, nil) }
      printError("splits: ride \(number) is open: finish it on its screen (r, when paused) before starting a workout")
      throw ExitCode(1)
    }
    var changed: String?
    if let requested, requested.source.text != stored.text {
      guard let file = requested.source.fileName, file == stored.fileName else {
        printError(
          "splits: ride \(number) is open and follows another workout (\(stored.fileName ?? "given as text")): "
            + "finish it on its screen (r, when paused) before starting this one")
        throw ExitCode(1)
      }
      changed = strings.workoutFileChanged(file, number, open.sport)
    }
    do {
      let parsed = try WorkoutReader.parse(stored)
      let request = WorkoutRequest(
        source: stored, plan: parsed.workout, bells: requested?.bells ?? true, cueCommand: requested?.cueCommand,
        warnings: parsed.warnings, erg: requested?.erg ?? false)
      return (request, nil, changed)
    } catch {
      return (nil, "\(error)", nil)
    }
  }

  /// The notes the screen opens with, on one line.
  static func joined(_ notes: String?...) -> String? {
    let given = notes.compactMap { $0 }
    return given.isEmpty ? nil : given.joined(separator: " · ")
  }

  /// Runs the screen on `opening`'s state; with a journal, its events are written there and
  /// the control socket listens in `directory`.
  @MainActor
  static func present(
    _ opening: RideOpening, options: ViewOptions, journal: Journal?, cueCommand: String? = nil,
    control directory: String? = nil, livesplit: LiveSplitServer.Bound? = nil
  ) -> FullScreen.Outcome {
    let state = opening.state(at: SystemClocks.now().monotonic)
    let program = RideProgram(state: state, options: options, persistent: journal != nil)
    let cues = cueCommand.map { CueCommand(command: $0, strings: options.workoutStrings) }
    return FullScreen.run(
      program, options: options, sink: journal, cues: cues,
      dataDirectory: directory,
      listen: RemoteListeners.both(directory.map(ControlServer.listening(in:)), livesplit.map(LiveSplitServer.listening)),
      // The remembered sensors, through BlueZ on the system bus; none remembered: no bus at all.
      sensors: opening.sensors.isEmpty ? nil : SplitsBluetooth.SensorLink.linking(opening.sensors.map(\.address)),
      journalPath: journal?.path ?? "the journal",
      journalProblem: { error in
        guard let journal = error as? JournalError else { return "\(error)" }
        guard case .writeFailed(let why) = journal.reason else { return journal.description }
        return options.strings.fill(options.strings.journalBannerFormat, why, journal.path)
      })
  }
}
