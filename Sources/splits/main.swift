import SplitsCLI

await SplitsCommand.main()
