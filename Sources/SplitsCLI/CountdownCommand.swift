import ArgumentParser
import Foundation
import SplitsClock
import SplitsCore
import SplitsOutput
import SplitsRender
import SplitsRuntime
import SplitsTerminal

/// `splits countdown TARGET`: a full-screen countdown to a date, a time of day or a duration.
struct CountdownCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "countdown",
    abstract: "Count down to a date, a time of day or for a duration.",
    discussion: """
      TARGET is one of:
        2026-12-31T23:59:59+09:00   a date and time with an offset (or Z)
        2026-12-31 18:00            a local date and time (also T, seconds)
        2026-12-31                  the start of a local date
        14:30, 09:05, 14:30:15      the next time of day to come
        90, 90s, 25m, 1h30m, 1d2h   a duration (a bare number is seconds)
        1:30, 1:30:00               a duration as M:SS or H:MM:SS
      Two digits before the first colon are the hours of a time of day
      (09:05, 14:30:15); one digit, or three or more, start a duration, as
      in a workout: 1:30 is 90 seconds, 5:00 five minutes, 1:30:00 an hour
      and a half.

      A date follows the wall clock; a duration follows the monotonic clock
      and can be paused with space. Keys: space pause or resume (durations),
      ? help, q quit.
      """)

  @Argument(help: "What to count down to (see below).")
  var target: String

  @OptionGroup var display: DisplayOptions

  @Flag(name: .customLong("no-bell"), help: "Do not ring the bell at zero.")
  var noBell = false

  @Flag(name: .customLong("exit"), help: "Quit at zero with status 0; quitting before zero exits 1.")
  var exitAtZero = false

  func run() throws {
    let options = display.resolved()
    let now = SystemClocks.now()
    let parsed: CountdownTarget
    do {
      parsed = try CountdownTarget.parse(target, nowWallMilliseconds: now.wallMilliseconds, timeZone: .current)
    } catch {
      printError(error.message(.of(options.language)))
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    // A bad target is said first. Without a terminal the full screen would say "try `splits
    // status`", which is the ride screen's advice: a countdown has no form without a screen.
    guard isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 else {
      printError(CLIStrings.of(options.language).countdownNeedsTerminal)
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    let state = CountdownState(target: parsed, ringsBell: !noBell, exitsAtZero: exitAtZero, start: now)
    let outcome = MainActor.assumeIsolated { Self.present(state: state, options: options) }
    try conclude(outcome)
  }

  @MainActor
  static func present(state: CountdownState, options: ViewOptions) -> FullScreen.Outcome {
    FullScreen.run(CountdownProgram(state: state, options: options), options: options)
  }
}
