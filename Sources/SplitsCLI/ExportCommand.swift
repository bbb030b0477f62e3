import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsReports
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

extension ExportFormat: ExpressibleByArgument {}

/// `splits export`: finished rides as CSV, JSON or TCX, to a file or standard output.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "A ride, the last ride or all rides as CSV, JSON or TCX.",
    discussion: """
      Exports finished rides. Without RIDE, --last or --all, the last finished ride. The \
      format comes from --format, else from the extension of -o. An existing file is never \
      replaced without --force. CSV (RFC 4180) has one row per lap, the stretch after the last \
      lap included; TCX (Garmin Training Center v2) has one Activity per ride and one Lap per \
      lap, for Strava, Garmin Connect or intervals.icu.
      """)

  @OptionGroup var data: DataOptions

  @Argument(help: ArgumentHelp("The ride number to export (see splits history).", valueName: "ride"))
  var ride: Int?

  @Flag(help: "Export the last finished ride.")
  var last = false

  @Flag(help: "Export every finished ride, oldest first.")
  var all = false

  @Option(help: "csv, json or tcx (default: from the extension of -o).")
  var format: ExportFormat?

  @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output (- for standard output).", valueName: "file"))
  var output: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @Option(help: "Language of messages: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).")
  var lang: Language?

  var resolvedFormat: ExportFormat? {
    format ?? output.flatMap { $0 == "-" ? nil : ExportFormat.from(fileName: $0) }
  }

  func validate() throws {
    if [ride != nil, last, all].filter({ $0 }).count > 1 {
      throw ValidationError("Give one of RIDE, --last or --all.")
    }
    if let ride, ride < 1 { throw ValidationError("RIDE is a ride number: 1, 2, …") }
    if resolvedFormat == nil {
      throw ValidationError("Say which format: --format csv, json or tcx (or an -o file ending in .csv, .json or .tcx).")
    }
  }

  func run() throws {
    let directory = data.directory()
    let strings = HistoryStrings.of(lang ?? Language.from(environment: ProcessInfo.processInfo.environment))
    guard let format = resolvedFormat else { throw ExitCode(2) }
    let rides: [RestoredRide] = try withJournalErrors {
      guard let reader = try JournalReader.open(dataDirectory: directory) else { return [] }
      let now = SystemClocks.now()
      if let ride {
        guard let found = try reader.ride(number: ride, now: now) else { return [] }
        return [found]
      }
      let finished = try reader.rides(now: now).filter(\.isFinished)
      return all ? finished.reversed() : Array(finished.prefix(1))
    }
    if let ride {
      guard let found = rides.first else {
        printError(strings.fill(strings.noSuchRideFormat, String(ride)))
        throw ExitCode(2)
      }
      guard found.isFinished else {
        printError(strings.fill(strings.notFinishedFormat, String(ride)))
        throw ExitCode(2)
      }
    } else if rides.isEmpty && !all {
      printError(strings.noFinishedRide)
      throw ExitCode(2)
    }
    let text = format.render(rides.map(RideFigures.init))
    guard let output, output != "-" else {
      print(text, terminator: "")
      return
    }
    do {
      try ExportFile.save(text, to: output, replacing: force)
    } catch ExportFile.Failure.exists {
      printError(strings.fill(strings.fileExistsFormat, output))
      throw ExitCode(2)
    } catch ExportFile.Failure.io(let message) {
      printError("splits: cannot write \(output): \(message)")
      throw ExitCode(1)
    }
  }
}

/// Writing an export file: never over an existing file unless asked, and when asked,
/// through a temporary file renamed over it, so a failed write leaves the old file whole.
enum ExportFile {
  enum Failure: Error {
    case exists
    case io(String)
  }

  static func save(_ text: String, to path: String, replacing: Bool) throws(Failure) {
    let bytes = Array(text.utf8)
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
