import Foundation
import SplitsCore
import SplitsWorkout

/// Where a workout comes from on the command line: a file, a saved workout's name, or the
/// text itself. Decided in this order:
///
/// 1. an existing file at the path given;
/// 2. a name without `/`: `NAME`, `NAME.txt` or `NAME.zwo` in the saved workouts' directory
///    (`$XDG_CONFIG_HOME/splits/workouts`, else `~/.config/splits/workouts`);
/// 3. text, when it holds a line break, a space or a tab (`'- 20m 75%'`);
/// 4. else an error: no such file or saved workout.
enum WorkoutFiles {
  /// Why a workout could not be had: printed after `splits: `, exit 2.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The saved workouts' directory.
  static func directory(environment: [String: String]) -> String {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return join(xdg, "splits/workouts") }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? FileManager.default.homeDirectoryForCurrentUser.path
    return join(home, ".config/splits/workouts")
  }

  static let savedExtensions = ["", ".txt", ".zwo"]

  /// The workout named by `argument`, read and parsed: its source as the journal keeps it,
  /// the plan, and the reader's warnings.
  static func load(_ argument: String, environment: [String: String]) throws(Failure) -> (
    source: WorkoutSource, parsed: ParsedWorkout
  ) {
    let source = try WorkoutFiles.source(argument, environment: environment)
    do {
      return (source, try WorkoutReader.parse(source))
    } catch {
      throw Failure(description: "\(source.fileName ?? "the workout text"): \(error)")
    }
  }

  static func source(_ argument: String, environment: [String: String]) throws(Failure) -> WorkoutSource {
    if isFile(argument) { return try read(argument, name: argument) }
    if isDirectory(argument) {
      throw Failure(
        description: "'\(argument)' is a directory: name a workout file in it (\(join(argument, "NAME.txt"))), a saved workout or a workout's text")
    }
    if !argument.isEmpty, !argument.contains("/") {
      let directory = directory(environment: environment)
      for suffix in savedExtensions {
        let path = join(directory, argument + suffix)
        if isFile(path) { return try read(path, name: argument + suffix) }
      }
    }
    if argument.contains(where: { $0 == "\n" || $0 == " " || $0 == "\t" || $0 == "\r\n" }) {
      return WorkoutSource(text: argument)
    }
    throw Failure(
      description:
        "no workout file or saved workout named '\(argument)' (saved workouts are in \(directory(environment: environment)))"
    )
  }

  /// The saved workouts, by name, sorted.
  static func saved(environment: [String: String]) -> [(name: String, path: String)] {
    let directory = directory(environment: environment)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { ($0, join(directory, $0)) }.filter { isFile($0.path) }
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return !path.isEmpty && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// The file's bytes, refused past the size limit before more is read. Bytes that are not
  /// UTF-8 are refused with their line and column.
  static func read(_ path: String, name: String) throws(Failure) -> WorkoutSource {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Failure(description: "\(name): cannot be read: \(String(cString: strerror(errno)))")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: Workout.Limits.bytes + 1) ?? Data()
    } catch {
      throw Failure(description: "\(name): cannot be read: \(error.localizedDescription)")
    }
    guard data.count <= Workout.Limits.bytes else {
      throw Failure(description: "\(name): larger than \(Workout.Limits.bytes) bytes (1 MiB), the most a workout may be")
    }
    let bytes = [UInt8](data)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Failure(description: "\(name): \(WorkoutError(invalidUTF8: bytes))")
    }
    return WorkoutSource(text: text, fileName: name)
  }

  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
