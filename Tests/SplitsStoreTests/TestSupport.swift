import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The permission bits of `path`.
func mode(of path: String) -> mode_t? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return info.st_mode & 0o7777
}

/// The path of a fixture file copied into the test bundle.
func fixture(_ name: String) -> String? {
  Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)?.path
    ?? Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")?.path
}
