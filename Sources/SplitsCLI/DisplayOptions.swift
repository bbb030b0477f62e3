import ArgumentParser
import Foundation
import SplitsCore
import SplitsOutput
import SplitsRender
import SplitsTerminal

extension Precision: ExpressibleByArgument {}
extension Sport: ExpressibleByArgument {}
extension Language: ExpressibleByArgument {
  /// `--lang`'s value. Its error names the languages plainly (argument-parser's own reads
  /// "Please provide one of 'en' and 'ko'").
  static func argument(_ text: String) throws -> Language {
    guard let language = Language(rawValue: text) else { throw UnknownLanguage() }
    return language
  }

  struct UnknownLanguage: Error, CustomStringConvertible {
    var description: String { "the languages are en (English) and ko (Korean)." }
  }
}

/// How every screen is drawn: shared by the ride and countdown screens.
struct DisplayOptions: ParsableArguments {
  @Flag(help: "Show the time as plain text instead of big digits.")
  var plain = false

  @Flag(name: .customLong("no-color"), help: "No colours (also when NO_COLOR is set).")
  var noColor = false

  @Option(
    help: "Language of labels and messages: en or ko (default: from LC_ALL, LC_MESSAGES, LANG).",
    transform: Language.argument)
  var lang: Language?

  /// The options, with the environment consulted for what the command line leaves open.
  func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) -> ViewOptions {
    Self.resolve(plain: plain, noColor: noColor, lang: lang, environment: environment)
  }

  static func resolve(plain: Bool, noColor: Bool, lang: Language?, environment: [String: String]) -> ViewOptions {
    let noColorEnv = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return ViewOptions(
      plain: plain, colors: !(noColor || noColorEnv),
      language: lang ?? Language.from(environment: environment))
  }
}

/// Prints how a full-screen program ended (the summary on standard output, or the error on
/// standard error) and turns its status into the process's exit status. A summary that
/// cannot be written leaves a failed program's status as it is.
func conclude(_ outcome: FullScreen.Outcome) throws {
  var unwritten: Int32?
  if outcome.isError {
    printError(outcome.message)
  } else {
    unwritten = StandardOutput.write(outcome.message + "\n")
  }
  if let error = outcome.error { printError(error) }
  if outcome.status != .success { throw ExitCode(outcome.status.rawValue) }
  if let unwritten { throw ExitCode(StandardOutput.status(after: unwritten)) }
}
