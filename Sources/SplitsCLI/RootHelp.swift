import ArgumentParser

/// `splits --help`: the ride screen is the default command, so its options are what `splits`
/// takes. Argument-parser's root help lists only the subcommands; this puts the ride
/// screen's usage, options and keys in it, above them.
public enum RootHelp {
  /// Whether `arguments` (without the program name) ask for the root's help.
  public static func isRequest(_ arguments: [String]) -> Bool {
    arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"]
  }

  public static func message() -> String {
    withVerbose(combine(root: SplitsCommand.helpMessage(), ride: SplitsCommand.helpMessage(for: RideCommand.self)))
  }

  /// The help with `--verbose` under `--version` (`VersionReport`, outside argument-parser).
  static func withVerbose(_ help: String) -> String {
    let version = "  --version               Show the version.\n"
    guard let line = help.firstRange(of: version) else { return help }
    let verbose = "  --verbose               With --version: the build, and how the screens wait here\n"
      + "                          (io_uring, or epoll and why).\n"
    var help = help
    help.replaceSubrange(line, with: version + verbose)
    return help
  }

  /// The root's help with the ride screen's usage, options and keys; the root's help as it
  /// is when either text is not laid out as expected.
  static func combine(root: String, ride: String) -> String {
    guard let rootUsage = root.range(of: "USAGE: splits <subcommand>\n"),
      let rootSubcommands = root.range(of: "\nSUBCOMMANDS:\n"),
      let rideUsage = ride.range(of: "USAGE: splits ride"),
      let rideOptions = ride.range(of: "\nOPTIONS:\n"),
      let overviewEnd = ride.range(of: "\n\n")
    else { return root }
    let usageTail = ride[rideUsage.upperBound...].prefix { $0 != "\n" }
    let keys = ride[overviewEnd.upperBound..<rideUsage.lowerBound].trimmingNewlines
    let options = ride[rideOptions.upperBound...].trimmingNewlines
    return String(root[..<rootUsage.lowerBound])
      + "USAGE: splits\(usageTail)\n       splits <subcommand>\n\n"
      + "OPTIONS (the ride screen, the default command; also splits ride):\n\(options)\n\n"
      + (keys.isEmpty ? "" : "\(keys)\n")
      + root[rootSubcommands.lowerBound...]
  }
}

extension Substring {
  fileprivate var trimmingNewlines: Substring {
    var text = self
    while text.first == "\n" { text = text.dropFirst() }
    while text.last == "\n" { text = text.dropLast() }
    return text
  }
}
