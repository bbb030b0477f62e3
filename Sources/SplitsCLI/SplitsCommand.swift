import ArgumentParser

/// `splits`: the ride screen by default, and the commands around it.
public struct SplitsCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "splits",
    abstract: "A full-screen terminal stopwatch and ride tracker that never loses a second.",
    version: "0.1.0",
    subcommands: [
      RideCommand.self, CountdownCommand.self, StatusCommand.self, HistoryCommand.self, ShowCommand.self,
      ExportCommand.self, WorkoutCommand.self, RouteCommand.self, SensorsCommand.self, ConfigCommand.self, EditCommand.self,
      DeleteCommand.self, StartCommand.self,
      PauseCommand.self, ResumeCommand.self, ToggleCommand.self, LapCommand.self, UndoCommand.self, FinishCommand.self,
    ],
    groupedSubcommands: [CommandGroup(name: "LiveSplit Server", subcommands: LiveSplitCommands.all)],
    defaultSubcommand: RideCommand.self
  )

  public init() {}
}
