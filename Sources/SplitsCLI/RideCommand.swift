import ArgumentParser
import SplitsCore
import SplitsRender
import SplitsRuntime
import SplitsTerminal

/// The ride screen: `splits` with no subcommand.
struct RideCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ride",
    abstract: "The stopwatch and ride screen (the default command).",
    discussion: "Keys: space start/pause/resume, l or Enter lap, r finish (paused), ? help, q quit.")

  @OptionGroup var display: DisplayOptions

  @Option(help: "Precision of the moving time: s, ds (tenths) or cs (hundredths).")
  var precision: Precision = .cs

  @Option(help: "Seconds of pre-start countdown (N…1) before the ride starts.")
  var countdown: Int = 0

  func validate() throws {
    guard (0...99).contains(countdown) else {
      throw ValidationError("--countdown takes a whole number of seconds from 0 to 99.")
    }
  }

  func run() async throws {
    let options = display.resolved()
    let outcome = await Self.present(options: options, precision: precision, countdown: countdown)
    if outcome.isError {
      printError(outcome.message)
    } else {
      print(outcome.message)
    }
    if outcome.status != .success { throw ExitCode(outcome.status.rawValue) }
  }

  @MainActor
  static func present(options: ViewOptions, precision: Precision, countdown: Int) async -> FullScreen.Outcome {
    let now = SystemClocks.now()
    // JOURNAL: open the journal and the screen lock here, restore the current ride into
    // `state.ride` (a restore note goes to `state.banner`), pass the journal as `sink:` and
    // set `persistent: true`. Failures: exit 1 naming the file; lock held: exit 2.
    let state = RideScreenState(ride: Ride(number: 1), precision: precision, countdownSteps: countdown, now: now.monotonic)
    let program = RideProgram(state: state, options: options, persistent: false)
    return await FullScreen.run(program, options: options, sink: nil)
  }
}
