import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

extension ExportFormat: ExpressibleByArgument {}

/// `splits export`: rides as CSV, JSON, TCX or FIT, to a file or standard output. A ride
/// still open is exported as it is now (read as its screen would record it).
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "A ride, the last ride or all rides as CSV, JSON, TCX or FIT.",
    discussion: """
      Without RIDE, --last or --all, the last ride (`last`, as in every command: the most \
      recent ride started, finished or still open); RIDE `last` is the same as --last. A ride \
      still open is exported as it is now, and said so; --all includes it. The format comes from --format, else from the extension \
      of -o (.csv, .json, .tcx, .fit), else CSV. A file written is confirmed on standard \
      error. An existing file is never replaced without --force. CSV (RFC 4180) has one row \
      per lap, the stretch after the last lap included; TCX (Garmin Training Center v2) has \
      one Activity per ride and one Lap per lap, each with a track; FIT (Garmin's activity \
      file) holds one ride, so --all with fit writes ride-N.fit files into the directory -o \
      names. A ride its sensors measured carries its heart rate, power, cadence and speed \
      each second in TCX and FIT, and its averages in JSON; --samples adds the seconds to \
      JSON, and makes CSV their table. For Strava, Garmin Connect or intervals.icu.
      """)

  @OptionGroup var data: DataOptions

  @Argument(help: ArgumentHelp("A ride number (see splits history), or `last`.", valueName: "ride"))
  var ride: String?

  @Flag(help: "Export the last ride (the most recent one started, finished or still open).")
  var last = false

  @Flag(help: "Export every ride, oldest first (one still open as it is now).")
  var all = false

  @Option(help: "csv, json, tcx or fit (default: from the extension of -o, else csv).")
  var format: ExportFormat?

  @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output (- for standard output).", valueName: "file"))
  var output: String?

  @Flag(help: "Add the sensors' per-second samples: in JSON each ride's samples; in CSV their table instead of the laps'.")
  var samples = false

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @Option(help: "Language of messages: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).", transform: Language.argument)
  var lang: Language?

  /// The file to write, nil for standard output.
  var outputFile: String? { output == "-" ? nil : output }

  /// The ride number RIDE names, nil for `last` or none.
  var rideNumber: Int? { ride.flatMap { Int($0) } }

  /// --format, else the extension of -o, else CSV; nil when -o names a file whose extension
  /// is none of the formats' (then the user must say).
  var resolvedFormat: ExportFormat? {
    if let format { return format }
    guard let outputFile else { return .csv }
    return ExportFormat.from(fileName: outputFile)
  }

  func validate() throws {
    if let ride { try RideArgument.validate(ride) }
    if [ride != nil, last, all].filter({ $0 }).count > 1 {
      throw ValidationError("Give one of RIDE, --last or --all.")
    }
    if let outputFile, resolvedFormat == nil, !Self.isDirectory(outputFile), !(all && format == .fit) {
      throw ValidationError(
        "Say which format: --format csv, json, tcx or fit (\(outputFile) ends in none of .csv, .json, .tcx or .fit).")
    }
    if samples, let format = resolvedFormat, format == .tcx || format == .fit {
      throw ValidationError("--samples is for csv and json: \(format.rawValue) always carries the samples.")
    }
    if all, resolvedFormat == .fit, outputFile == nil {
      throw ValidationError("FIT holds one ride a file: give --all --format fit a directory with -o DIR.")
    }
  }

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let language = lang ?? Language.from(environment: ProcessInfo.processInfo.environment)
    let strings = HistoryStrings.of(language)
    let messages = CLIStrings.of(language)
    let fitFiles = all && resolvedFormat == .fit
    if let outputFile, Self.isDirectory(outputFile), !fitFiles {
      let name = "\(rideNumber.map { "ride-\($0)" } ?? "ride").\((format ?? .csv).rawValue)"
      let suggestion = outputFile.hasSuffix("/") ? outputFile + name : outputFile + "/" + name
      printError(messages.outputIsDirectory(outputFile, suggestion))
      throw ExitCode(2)
    }
    guard let format = resolvedFormat else { throw ExitCode(2) }
    let rideNumber = self.rideNumber
    // The rides, and the FTP setting for their IF and TSS, from one reading of the journal.
    var ftp: Int?
    let rides: [RestoredRide] = try withJournalErrors {
      guard let reader = try openReader(dataDirectory: directory) else { return [] }
      ftp = WorkoutPlans.ftpSetting(reader)
      let now = SystemClocks.now()
      if let rideNumber {
        guard let found = try reader.ride(number: rideNumber, now: now) else { return [] }
        return [found]
      }
      let started = try reader.rides(now: now)
      return all ? started.reversed() : Array(started.prefix(1))
    }
    if let rideNumber {
      guard let found = rides.first else {
        printError(strings.fill(strings.noSuchRideFormat, String(rideNumber)))
        throw ExitCode(2)
      }
      // A ride open but not started (READY after a cancelled countdown) has nothing yet.
      guard found.isFinished || found.ride.firstStart != nil else {
        printError(strings.fill(strings.notStartedFormat, String(rideNumber)))
        throw ExitCode(2)
      }
    } else if rides.isEmpty && !all {
      printError(strings.noRides)
      throw ExitCode(2)
    }
    if !all, let open = rides.first, !open.isFinished { printError(messages.openRideExported(open.ride.number)) }
    let figures = rides.map { WorkoutPlans.figures($0, ftp: ftp) }
    if fitFiles, let outputFile {
      try Self.writeFitFiles(figures, into: outputFile, replacing: force, strings: strings, messages: messages)
      return
    }
    let bytes = format.render(
      figures, utcOffsetSeconds: Self.utcOffset(figures.first), serial: Self.serial(figures.first), samples: samples)
    guard let outputFile else {
      if !format.holdsManyRides, isatty(STDOUT_FILENO) == 1 {
        printError("splits: FIT is binary: write it to a file, for example -o ride.fit")
        throw ExitCode(2)
      }
      try StandardOutput.print(bytes: bytes)
      return
    }
    if let named = ExportFormat.from(fileName: outputFile), named != format {
      printError(messages.extensionDisagrees(outputFile, named.rawValue, format.rawValue))
    }
    do {
      try ExportFile.save(bytes, to: outputFile, replacing: force)
    } catch ExportFile.Failure.exists {
      printError(strings.fill(strings.fileExistsFormat, outputFile))
      throw ExitCode(2)
    } catch ExportFile.Failure.notRegular(let kind) {
      printError(messages.outputNotRegular(outputFile, kind))
      throw ExitCode(2)
    } catch ExportFile.Failure.io(let message) {
      printError("splits: cannot write \(outputFile): \(message)")
      throw ExitCode(1)
    }
    if all {
      printError(messages.wroteRides(figures.count, outputFile))
    } else if let ride = figures.first {
      printError(messages.wroteRide(ride.number, ride.laps.count, outputFile))
    }
  }

  /// `--all --format fit -o DIR`: `ride-N.fit` for each ride in DIR (created when missing),
  /// none replaced without `--force`.
  static func writeFitFiles(
    _ rides: [RideFigures], into directory: String, replacing: Bool, strings: HistoryStrings, messages: CLIStrings
  ) throws {
    if !isDirectory(directory), mkdir(directory, 0o755) != 0 {
      printError("splits: cannot write \(directory): \(String(cString: strerror(errno)))")
      throw ExitCode(1)
    }
    for ride in rides {
      let file = (directory.hasSuffix("/") ? directory : directory + "/") + "ride-\(ride.number).fit"
      let bytes = ExportFormat.fit.render([ride], utcOffsetSeconds: utcOffset(ride), serial: serial(ride))
      do {
        try ExportFile.save(bytes, to: file, replacing: replacing)
      } catch ExportFile.Failure.exists {
        printError(strings.fill(strings.fileExistsFormat, file))
        throw ExitCode(2)
      } catch ExportFile.Failure.notRegular(let kind) {
        printError(messages.outputNotRegular(file, kind))
        throw ExitCode(2)
      } catch ExportFile.Failure.io(let message) {
        printError("splits: cannot write \(file): \(message)")
        throw ExitCode(1)
      }
    }
    printError(messages.wroteRides(rides.count, directory))
  }

  /// The local time's offset from UTC at the ride's start (FIT records it).
  static func utcOffset(_ ride: RideFigures?) -> Int32 {
    let start = ride?.startedAtWallMilliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) } ?? Date()
    return Int32(clamping: TimeZone.current.secondsFromGMT(for: start))
  }

  /// FIT's serial number for a ride's file: its start in seconds, so two rides' files differ.
  static func serial(_ ride: RideFigures?) -> UInt32 {
    UInt32(truncatingIfNeeded: (ride?.startedAtWallMilliseconds ?? 0) / 1000)
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}

/// Writing an export file: never over an existing file unless asked, and when asked,
/// through a temporary file renamed over it, so a failed write leaves the old file whole.
/// Only a regular file is ever written or replaced: a device, a pipe or a symbolic link at
/// the path is refused, never opened (a pipe would wait for a reader) nor renamed over.
enum ExportFile {
  enum Failure: Error {
    case exists
    case notRegular(Kind)
    case io(String)
  }

  /// What a path that is not a regular file is.
  enum Kind: Sendable {
    case directory, characterDevice, blockDevice, fifo, socket, symbolicLink
  }

  /// The kind of what is at `path` when it is not a regular file (the path itself, a link
  /// not followed); nil for a regular file or nothing.
  static func irregular(_ path: String) -> Kind? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return .directory
    case S_IFCHR: return .characterDevice
    case S_IFBLK: return .blockDevice
    case S_IFIFO: return .fifo
    case S_IFSOCK: return .socket
    default: return .symbolicLink
    }
  }

  static func save(_ bytes: [UInt8], to path: String, replacing: Bool) throws(Failure) {
    if let kind = irregular(path) { throw .notRegular(kind) }
    if !replacing {
      let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      guard fd >= 0 else {
        let code = errno
        throw code == EEXIST ? .exists : .io(String(cString: strerror(code)))
      }
      try writeAll(fd, bytes)
      return
    }
    let temporary = path + ".splits-\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .io(String(cString: strerror(errno))) }
    do {
      try writeAll(fd, bytes)
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let message = String(cString: strerror(errno))
      unlink(temporary)
      throw .io(message)
    }
  }

  /// Writes everything, syncs and closes `fd`.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        let message = String(cString: strerror(errno))
        close(fd)
        throw .io(message)
      }
      offset += n
    }
    if fsync(fd) != 0 || close(fd) != 0 { throw .io(String(cString: strerror(errno))) }
  }
}
