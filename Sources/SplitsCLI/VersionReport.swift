import CLoop
import SplitsRuntime

/// `splits --version --verbose`: the version, how this binary was built, and how the screen's
/// loop waits on this machine (io_uring, or epoll and why not io_uring). What a report of a
/// problem should carry; English only, as argument-parser's `--version` is.
public enum VersionReport {
  /// The version `splits --version` prints.
  public static var version: String { SplitsCommand.configuration.version }

  /// Whether `arguments` (without the program name) are `--version --verbose`, in either order.
  public static func isRequest(_ arguments: [String]) -> Bool {
    arguments.count == 2 && Set(arguments) == ["--version", "--verbose"]
  }

  /// The report for this binary on this machine (the loop's backend is probed: an io_uring is
  /// made and closed).
  public static func message() -> String {
    text(version: version, build: .current, loop: EventLoop.probe())
  }

  /// How a binary was built.
  public struct Build: Equatable, Sendable {
    /// The compiler's version, as `#if compiler` tells it.
    public var swift: String
    /// `debug` or `release`.
    public var configuration: String
    /// The commit built, when the build was given it (`make release`); nil otherwise.
    public var commit: String?

    public static var current: Build {
      let commit = splits_build_commit().map { String(cString: $0) }
      let known = commit?.isEmpty == false ? commit : nil
      return Build(swift: compilerVersion, configuration: configuration, commit: known)
    }

    static var configuration: String {
      #if DEBUG
        "debug"
      #else
        "release"
      #endif
    }

    static var compilerVersion: String {
      #if compiler(>=6.5)
        "6.5 or later"
      #elseif compiler(>=6.4)
        "6.4"
      #elseif compiler(>=6.3.2)
        "6.3.2"
      #elseif compiler(>=6.3.1)
        "6.3.1"
      #elseif compiler(>=6.3)
        "6.3"
      #elseif compiler(>=6.2)
        "6.2"
      #else
        "older than 6.2"
      #endif
    }
  }

  /// The report's lines: the version, the build, the loop.
  static func text(version: String, build: Build, loop: EventLoop.Backend) -> String {
    let commit = build.commit.map { "commit \($0)" } ?? "commit unknown"
    return """
      splits \(version)
      build: Swift \(build.swift), \(build.configuration), \(commit)
      loop: \(loop.description)
      """
  }
}
