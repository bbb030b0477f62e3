import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under the system's temp directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
  public let path: String

  /// `prefix` starts the directory's name (`splits-store-` makes `splits-store-Ab12Cd`).
  public init(prefix: String = "splits-test-") {
    var template = Array((NSTemporaryDirectory() + "/" + prefix + "XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = made.map { String(cString: $0) } ?? NSTemporaryDirectory() + "/" + prefix + UUID().uuidString
    if made == nil { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The bytes of the file at `path`, nil when it cannot be read.
public func bytes(of path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { Array($0) }
}

/// Creates or replaces the file at `path` with `bytes`.
public func write(_ bytes: [UInt8], to path: String) {
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}
