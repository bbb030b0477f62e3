import ArgumentParser
import SplitsCore

/// LiveSplit Server's text commands as `splits` commands (`splits split`, `splits getdelta` …):
/// the same remote commands as `splits lap`, to the open screen or headless (`RemoteRun`).
/// A query prints its answer as LiveSplit Server words it.
enum LiveSplitCommands {
  static let all: [any ParsableCommand.Type] = [
    SplitCommand.self, StartOrSplitCommand.self, SkipSplitCommand.self, UnsplitCommand.self, ResetCommand.self,
    GetCurrentTimeCommand.self, GetDeltaCommand.self, GetSplitIndexCommand.self, GetCurrentSplitNameCommand.self,
    GetCurrentTimerPhaseCommand.self, GetBestPossibleTimeCommand.self, GetPossibleTimeSaveCommand.self,
    PingCommand.self,
  ]

  /// The line of `splits --help` for a LiveSplit Server command.
  static func abstract(_ remote: RemoteCommand) -> String {
    switch remote {
    case .split: "Split: end the route's segment under way (a lap on a plain ride), as l does."
    case .startorsplit: "Start the ride when none is under way, else split."
    case .skipsplit: "Skip the route's segment under way (never the last), as s does."
    case .unsplit: "Take back the last split (or skip), as u does."
    case .reset: "End the ride (pausing it first): a route's attempt with segments left ends unfinished."
    case .getcurrenttime: "Print the moving time (LiveSplit's format)."
    case .getdelta: "Print the delta at the last split against the comparison shown (- for none)."
    case .getsplitindex: "Print the index of the segment under way (-1 before the start)."
    case .getcurrentsplitname: "Print the name of the route's segment under way (- for none)."
    case .getcurrenttimerphase: "Print NotRunning, Running, Paused or Ended."
    case .getbestpossibletime: "Print the route's best possible time (- without a route)."
    case .getpossibletimesave: "Print the possible time save of the route's segments left (- without a route)."
    case .ping: "Print pong."
    default: ""
    }
  }

  static func usageCommand(_ remote: RemoteCommand) -> (any ParsableCommand.Type)? {
    all.first { ($0 as? any RemoteCommandLine.Type)?.remote == remote }
  }
}

struct SplitCommand: RemoteCommandLine {
  static let remote = RemoteCommand.split
  @OptionGroup var options: RemoteOptions
}

struct StartOrSplitCommand: RemoteCommandLine {
  static let remote = RemoteCommand.startorsplit
  @OptionGroup var options: RemoteOptions
}

struct SkipSplitCommand: RemoteCommandLine {
  static let remote = RemoteCommand.skipsplit
  @OptionGroup var options: RemoteOptions
}

struct UnsplitCommand: RemoteCommandLine {
  static let remote = RemoteCommand.unsplit
  @OptionGroup var options: RemoteOptions
}

struct ResetCommand: RemoteCommandLine {
  static let remote = RemoteCommand.reset
  @OptionGroup var options: RemoteOptions
}

struct GetCurrentTimeCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getcurrenttime
  @OptionGroup var options: RemoteOptions
}

struct GetDeltaCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getdelta
  @OptionGroup var options: RemoteOptions
}

struct GetSplitIndexCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getsplitindex
  @OptionGroup var options: RemoteOptions
}

struct GetCurrentSplitNameCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getcurrentsplitname
  @OptionGroup var options: RemoteOptions
}

struct GetCurrentTimerPhaseCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getcurrenttimerphase
  @OptionGroup var options: RemoteOptions
}

struct GetBestPossibleTimeCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getbestpossibletime
  @OptionGroup var options: RemoteOptions
}

struct GetPossibleTimeSaveCommand: RemoteCommandLine {
  static let remote = RemoteCommand.getpossibletimesave
  @OptionGroup var options: RemoteOptions
}

struct PingCommand: RemoteCommandLine {
  static let remote = RemoteCommand.ping
  @OptionGroup var options: RemoteOptions
}
