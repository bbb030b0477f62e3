import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The `splits` executable under test.
///
/// `SPLITS_BIN` (an absolute path) wins; otherwise the `splits` built next to the test
/// bundle (`swift test` builds it because this target depends on it), found from
/// `/proc/self/exe`.
enum SplitsBinary {
  static var path: String {
    get throws {
      if let override = ProcessInfo.processInfo.environment["SPLITS_BIN"], !override.isEmpty {
        guard access(override, X_OK) == 0 else {
          throw HarnessError("SPLITS_BIN=\(override) is not an executable file")
        }
        return override
      }
      let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      let candidate = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("splits").path
      guard access(candidate, X_OK) == 0 else {
        throw HarnessError("no splits executable at \(candidate); build it or set SPLITS_BIN")
      }
      return candidate
    }
  }
}

/// A harness failure with what the test needs to see (the screen, the output) in its text.
struct HarnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A fresh private directory under the temp directory (mode 0700), removed by `remove()`.
/// Set `SPLITS_E2E_KEEP=1` to keep every one for a look after the run.
struct TempDirectory: Sendable {
  let path: String

  init(_ label: String) throws {
    let base = FileManager.default.temporaryDirectory.path
    path = "\(base)/splits-e2e-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  func file(_ name: String) -> String { path + "/" + name }

  func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

  func remove() {
    guard ProcessInfo.processInfo.environment["SPLITS_E2E_KEEP"] == nil else { return }
    try? FileManager.default.removeItem(atPath: path)
  }
}
