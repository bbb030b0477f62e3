import SplitsRuntime
import Testing

@testable import SplitsCLI

/// `splits --version --verbose`: what a report of a problem should carry.
@Suite("splits --version --verbose")
struct VersionReportTests {
  @Test("the version, the build with its commit, and io_uring as the loop, waiting until its deadlines")
  func ioUring() {
    let text = VersionReport.text(
      version: "0.1.0", build: .init(swift: "6.3.1", configuration: "release", commit: "46d010a"),
      loop: .ioUring(.inTheWait))
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false) == [
        "splits 0.1.0",
        "build: Swift 6.3.1, release, commit 46d010a",
        "loop: io_uring (the frame's write and the wait until the next deadline in one system call)",
      ])
  }

  @Test("io_uring on a kernel that cannot time its waits: the deadlines on a timerfd, said so")
  func ioUringWithTimerfd() {
    let text = VersionReport.text(
      version: "0.1.0", build: .init(swift: "6.3.1", configuration: "release", commit: "46d010a"),
      loop: .ioUring(.timerfd))
    #expect(
      text.split(separator: "\n").last
        == "loop: io_uring (the frame's write and the wait in one system call; deadlines on a timerfd)")
  }

  @Test("a build not told its commit says so; epoll says why not io_uring")
  func epoll() {
    let text = VersionReport.text(
      version: "0.1.0", build: .init(swift: "6.3.1", configuration: "debug", commit: nil),
      loop: .epoll(reason: "io_uring unavailable: setup refused, EPERM"))
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false) == [
        "splits 0.1.0",
        "build: Swift 6.3.1, debug, commit unknown",
        "loop: epoll (io_uring unavailable: setup refused, EPERM)",
      ])
  }

  @Test("--version --verbose in either order, and nothing else, asks for the report")
  func request() {
    #expect(VersionReport.isRequest(["--version", "--verbose"]))
    #expect(VersionReport.isRequest(["--verbose", "--version"]))
    #expect(!VersionReport.isRequest(["--version"]))
    #expect(!VersionReport.isRequest(["--verbose"]))
    #expect(!VersionReport.isRequest(["--version", "--version"]))
    #expect(!VersionReport.isRequest(["--version", "--verbose", "--plain"]))
  }

  @Test("this build: a debug build of Swift 6.3 or later")
  func current() {
    let build = VersionReport.Build.current
    #expect(build.configuration == "debug")
    #expect(build.swift.hasPrefix("6."))
    #expect(build.commit?.isEmpty != true)
  }
}
