import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsReports
import SplitsRoutes
import SplitsStore

#if canImport(Glibc)
  import Glibc
#endif

/// `splits route import FILE.lss`: a LiveSplit splits file made a route, kept in the journal.
struct RouteImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Make a route from a LiveSplit splits file (.lss, LiveSplit 1.0 to 1.8.1).",
    discussion: """
      Reads the segments, their personal best split times, best segments and history, the \
      attempt count and history, custom comparisons and game time; what Splits does not use \
      (icons, auto-splitter settings, metadata, layout path) is kept and given back by \
      splits route export. The route is named after the file's game and category ("Game - \
      Category") unless --name says otherwise; a name in use is refused. Prints the route as \
      splits route show does (--json too).
      """)

  @Argument(help: ArgumentHelp("A LiveSplit splits file.", valueName: "file.lss"))
  var file: String

  @Option(help: "The route's name (default: the file's \"Game - Category\").")
  var name: String?

  @Flag(help: "Print the route as splits route show --json does.")
  var json = false

  @OptionGroup var data: DataOptions

  func validate() throws {
    if let name { try RouteNames.check(route: name) }
  }

  func run() throws {
    let bytes: [UInt8]
    do {
      bytes = try RouteFile.read(file)
    } catch {
      printError("splits: \(error)")
      throw ExitCode(2)
    }
    var route: Route
    do {
      route = try LSSReader.read(bytes, name: name)
    } catch {
      printError("splits: \(Printable.text(file)): \(error)")
      throw ExitCode(2)
    }
    if name == nil { route.name = RouteFile.routeName(fromFile: route.name) }
    guard !route.segments.isEmpty else {
      printError("splits: \(Printable.text(file)) has no segments: a route needs at least one.")
      throw ExitCode(2)
    }
    guard route.segments.count <= RouteNewCommand.maxSegments else {
      printError(
        "splits: \(Printable.text(file)) has \(route.segments.count) segments; a route has at most \(RouteNewCommand.maxSegments).")
      throw ExitCode(2)
    }
    let directory = try data.checkedDirectory(creating: true)
    let added = try withJournalErrors {
      let journal = try Journal.open(dataDirectory: directory)
      defer { try? journal.close() }
      return try journal.addRoute(route)
    }
    guard added else {
      printError(
        "There is already a route named '\(Printable.text(route.name))': import this file under another name with --name NAME.")
      throw ExitCode(2)
    }
    printError("Imported route \(Printable.text(route.name)) from \(Printable.text(file))")
    try StandardOutput.print(json ? RouteReport.json(route) : RouteReport.text(route))
  }
}

/// `splits route export NAME`: a route as a LiveSplit splits file, version 1.8.1.
struct RouteExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a route as a LiveSplit splits file (.lss, version 1.8.1).",
    discussion: """
      Writes what was imported and every attempt ridden in Splits, with the best segments and \
      the personal best as they are now; icons and auto-splitter settings come back as they \
      were read. To standard output, or to the file -o names (confirmed on standard error); an \
      existing file is never replaced without --force, and then through a temporary file, so \
      a failed write leaves it whole.
      """)

  @Argument(help: "The route's name.")
  var name: String

  @Option(
    name: [.short, .long],
    help: ArgumentHelp("Write to this file instead of standard output (- for standard output).", valueName: "file"))
  var output: String?

  @Flag(help: "Replace the output file if it exists.")
  var force = false

  @OptionGroup var data: DataOptions

  /// The file to write, nil for standard output.
  var outputFile: String? { output == "-" ? nil : output }

  func run() throws {
    let directory = try data.checkedDirectory(creating: false)
    let messages = CLIStrings.of(.en)
    if let outputFile, ExportCommand.isDirectory(outputFile) {
      let file = RouteFile.fileName(for: name)
      printError(messages.outputIsDirectory(outputFile, RouteFile.shellWord(RouteFile.join(outputFile, file))))
      throw ExitCode(2)
    }
    let route = try withJournalErrors { try openReader(dataDirectory: directory)?.route(named: name) }
    guard let route else {
      printError("There is no route named '\(Printable.text(name))': splits route list lists them.")
      throw ExitCode(2)
    }
    let bytes = Array(LSSWriter.write(route).utf8)
    guard let outputFile else {
      try StandardOutput.print(bytes: bytes)
      return
    }
    do {
      try ExportFile.save(bytes, to: outputFile, replacing: force)
    } catch ExportFile.Failure.exists {
      printError(HistoryStrings.of(.en).fill(HistoryStrings.of(.en).fileExistsFormat, outputFile))
      throw ExitCode(2)
    } catch ExportFile.Failure.notRegular(let kind) {
      printError(messages.outputNotRegular(outputFile, kind))
      throw ExitCode(2)
    } catch ExportFile.Failure.io(let message) {
      printError("splits: cannot write \(outputFile): \(message)")
      throw ExitCode(1)
    }
    let segments = route.segments.count == 1 ? "1 segment" : "\(route.segments.count) segments"
    let attempts = route.attemptCount == 1 ? "1 attempt" : "\(route.attemptCount) attempts"
    printError("Wrote route \(Printable.text(route.name)), \(segments), \(attempts), to \(outputFile)")
  }
}

/// Reading a LiveSplit file from the command line, and the names it gives.
enum RouteFile {
  /// Why a file could not be read: printed after `splits: `, exit 2.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The bytes of the regular file at `path` (`-` names a file; standard input is not read).
  /// Anything else (a directory, a pipe, a device)
  /// is refused before it is opened, so nothing waits on a writer or reads without end; a file
  /// larger than the reader takes is refused from its size, before a byte is read.
  static func read(_ path: String) throws(Failure) -> [UInt8] {
    let shown = Printable.text(path)
    let limit = LSSReader.maxBytes
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if path == "-" {
        throw Failure(description: "route import reads a file by its path, not standard input: save the file first")
      }
      throw Failure(description: "cannot read \(shown): \(String(cString: strerror(code)))")
    }
    if let kind = kind(info) {
      throw Failure(description: "\(shown) is \(kind), not a LiveSplit file: give the path of a .lss file")
    }
    guard Int(info.st_size) <= limit else { throw tooLarge(shown, Int(info.st_size)) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard fd >= 0 else {
      throw Failure(description: "cannot read \(shown): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    // The path may have changed between the look and the open: the file opened is checked.
    guard fstat(fd, &info) == 0, kind(info) == nil else {
      throw Failure(description: "\(shown) is not a regular file, not a LiveSplit file: give the path of a .lss file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "cannot read \(shown): \(String(cString: strerror(errno)))")
      }
      if n == 0 { break }
      bytes += chunk[..<n]
    }
    guard bytes.count <= limit else { throw tooLarge(shown, bytes.count) }
    return bytes
  }

  static func tooLarge(_ shown: String, _ size: Int) -> Failure {
    Failure(
      description:
        "\(shown): \(LSSError(.file, "the file has \(size) bytes; a LiveSplit file is at most \(LSSReader.maxBytes) bytes (\(LSSReader.maxBytes >> 20) MiB)"))"
    )
  }

  /// What a file that is not a regular file is, in words; nil for a regular file.
  static func kind(_ info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  /// The name a file gives its route ("Game - Category"), as one line a terminal shows as it
  /// is: line breaks and tabs become spaces, other control characters go.
  static func routeName(fromFile name: String) -> String {
    let printable = Printable.text(name).trimmingCharacters(in: .whitespaces)
    return printable.isEmpty ? "Untitled" : printable
  }

  /// A file name for route `name`: `/` and control characters left out, `.lss` added.
  static func fileName(for name: String) -> String {
    let base = Printable.text(name).replacingOccurrences(of: "/", with: "-").trimmingCharacters(in: .whitespaces)
    return (base.isEmpty || base.hasPrefix(".") ? "route" + base : base) + ".lss"
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `text` as one word of a shell command line: quoted when it holds anything but letters,
  /// digits and `-_./+,:@%`.
  static func shellWord(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_./+,:@%".unicodeScalars.contains($0)
    }
    return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
