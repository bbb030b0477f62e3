// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours: Swift 6 language mode (complete concurrency checking) and no warnings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
/// The pure modules the property and generated tests run hundreds of thousands of times (the
/// reducer, the renderer, the XML, workout and `.lss` readers, a route's analysis): optimised
/// in the debug build too, as they are in the release build.
let hot: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]
/// Where libdbus's headers are (Debian's libdbus-1-dev: pkg-config's `dbus-1` cflags), for the
/// targets that import CDBus. Not pkg-config itself: it would also link libdbus, which Splits
/// opens only when a sensor needs it (Sources/CDBus/shim.h).
#if arch(arm64)
  let multiarch = "aarch64-linux-gnu"
#else
  let multiarch = "x86_64-linux-gnu"
#endif
let dbusHeaders: [SwiftSetting] = [
  .unsafeFlags(["-Xcc", "-I/usr/include/dbus-1.0", "-Xcc", "-I/usr/lib/\(multiarch)/dbus-1.0/include"])
]

let package = Package(
  name: "splits",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "splits", targets: ["splits"]),
    .executable(name: "splits-render-bench", targets: ["RenderBench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // The only door to ncurses: a module map linking ncursesw and a shim header for what
    // Swift cannot import (macros, C globals, variadic ioctl).
    .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
    // Pure: the strict XML reader under `.zwo` workouts and LiveSplit's `.lss`. No dependencies.
    .target(name: "SplitsXML", swiftSettings: hot),
    // Pure: workouts, the model and its readers (the text format, Zwift's `.zwo` on SplitsXML).
    .target(name: "SplitsWorkout", dependencies: ["SplitsXML"], swiftSettings: hot),
    // Pure: state, actions, reducer, time maths, formats, parsers, strings. Foundation only.
    .target(name: "SplitsCore", dependencies: ["SplitsWorkout", "SplitsRoutes", "SplitsSensors"], swiftSettings: hot),
    // Pure: routes (named segments, attempts, LiveSplit's records and comparisons) and
    // LiveSplit's `.lss` files.
    .target(name: "SplitsRoutes", dependencies: ["SplitsXML"], swiftSettings: hot),
    // Pure: the measurements of Bluetooth LE sensors (heart rate, cycling power, speed and
    // cadence, an indoor bike) from their bytes, and rates from cumulative counters. No dependencies.
    .target(name: "SplitsSensors", swiftSettings: strict),
    // The only door to libdbus: libdbus's headers (libdbus-1-dev) and a shim header that opens
    // the library when a D-Bus call is first made, and wraps what Swift cannot call (DBusError,
    // the variadic calls, macros). Nothing links it: see `dbusHeaders`.
    .systemLibrary(name: "CDBus", path: "Sources/CDBus"),
    // Bluetooth LE sensors through BlueZ on the system bus: the D-Bus values, the pure state
    // machines of a scan and of the sensor link, and their thin shell on the screen's EventLoop.
    .target(
      name: "SplitsBluetooth", dependencies: ["SplitsCore", "SplitsSensors", "SplitsRuntime", "CDBus"],
      swiftSettings: strict + dbusHeaders),
    // The one reader of the system's clocks (boot clock, wall clock, boot id).
    .target(name: "SplitsClock", dependencies: ["SplitsCore"], swiftSettings: strict),
    // Pure: state and size -> cell grid.
    .target(name: "SplitsRender", dependencies: ["SplitsWorkout", "SplitsCore", "SplitsRoutes"], swiftSettings: hot),
    // Pure: the status line, history tables and export files, from restored rides.
    .target(name: "SplitsReports", dependencies: ["SplitsWorkout", "SplitsCore", "SplitsRoutes"], swiftSettings: strict),
    // The SQLite journal: the screen's writer, the read-only reader, the screen lock.
    .target(
      name: "SplitsStore",
      dependencies: [
        "SplitsWorkout", "SplitsCore", "SplitsClock", "SplitsRoutes", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strict),
    // The main-actor loop: run loop, ticker clock, effect runner, backend protocol and
    // in-memory backend.
    .target(
      name: "SplitsRuntime", dependencies: ["SplitsCore", "SplitsRender", "SplitsClock", "SplitsSensors", "CLoop"], swiftSettings: strict),
    .target(name: "CLoop", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    // SIGTSTP and SIGCONT handlers that count each delivery as it happens.
    .target(name: "CSignals", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    // pidfd_open(2), to learn without waiting when a `--cue-cmd` child ends.
    .target(name: "CProcess", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    // The ride screen's control socket: Unix socket addresses and peer credentials.
    .target(name: "CSocket", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    // inotify(7) on the data directory and epoll(7) on standard output, for `status --follow`.
    .target(name: "CWatch", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    // The C library's buffer for standard output, flushed and checked before the process exits.
    .target(name: "COutput", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
    // ncurses, keys and signals; the `--cue-cmd` child processes; the data directory's removals.
    .target(
      name: "SplitsTerminal", dependencies: ["SplitsRuntime", "CNcurses", "CSignals", "CProcess", "CWatch"],
      swiftSettings: strict),
    // Standard output and error written with write(2): a reader gone, a full disk, the flush at exit.
    .target(name: "SplitsOutput", dependencies: ["COutput"], swiftSettings: strict),
    // The control socket, whole: its messages, the screen's end, and the remote commands' end
    // (to the open screen, or headless under the screen lock).
    .target(
      name: "SplitsRemote",
      dependencies: [
        "SplitsWorkout", "SplitsCore", "SplitsClock", "SplitsStore", "SplitsOutput", "SplitsRoutes", "SplitsRuntime",
        "CSocket",
      ],
      swiftSettings: strict),
    // `status --follow`'s loop: the journal's directory watched, the line printed at each change.
    .target(
      name: "SplitsFollow",
      dependencies: ["SplitsWorkout", 
        "SplitsCore", "SplitsClock", "SplitsReports", "SplitsStore", "SplitsRuntime", "SplitsOutput", "CWatch", "CLoop",
      ],
      swiftSettings: strict),
    // The command line: parsing, validation, exit statuses.
    .target(
      name: "SplitsCLI",
      dependencies: ["SplitsWorkout", 
        "SplitsCore", "SplitsClock", "SplitsRender", "SplitsReports", "SplitsStore", "SplitsRuntime", "SplitsTerminal",
        "SplitsOutput", "SplitsRemote", "SplitsFollow", "SplitsRoutes", "SplitsBluetooth",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    .executableTarget(
      name: "splits",
      dependencies: ["SplitsCLI", "SplitsOutput", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: strict),
    // `bench/render.sh`: microseconds to render a frame and diff it against the previous one.
    .executableTarget(
      name: "RenderBench", dependencies: ["SplitsCore", "SplitsRender", "SplitsRuntime"], swiftSettings: strict),

    // For the tests only: the seeded generator of generated cases, and temporary directories
    // and child processes (both needing nothing, so the end-to-end tests share them); the
    // `Action` shorthands and `ms()`.
    .target(name: "SplitsTestRandom", path: "Tests/SplitsTestRandom", swiftSettings: strict),
    .target(name: "SplitsTestSystem", path: "Tests/SplitsTestSystem", swiftSettings: strict),
    .target(
      name: "SplitsTestSupport", dependencies: ["SplitsCore"], path: "Tests/SplitsTestSupport", swiftSettings: strict),

    .testTarget(name: "SplitsXMLTests", dependencies: ["SplitsXML"], swiftSettings: strict),
    .testTarget(name: "SplitsSensorsTests", dependencies: ["SplitsSensors", "SplitsTestRandom"], swiftSettings: strict),
    // The fake BlueZ (Tests/tools/fake_bluez.py) through SplitsTestSystem's `FakeBlueZ`.
    .testTarget(
      name: "SplitsBluetoothTests",
      dependencies: ["SplitsBluetooth", "SplitsCore", "SplitsSensors", "SplitsRuntime", "SplitsTestSystem", "CDBus"],
      swiftSettings: strict + dbusHeaders),
    .testTarget(
      name: "SplitsWorkoutTests", dependencies: ["SplitsWorkout", "SplitsTestRandom"], swiftSettings: strict),
    .testTarget(
      name: "SplitsCoreTests", dependencies: ["SplitsWorkout", "SplitsCore", "SplitsRoutes", "SplitsSensors", "SplitsTestSupport", "SplitsTestRandom"],
      swiftSettings: strict),
    .testTarget(
      name: "SplitsRenderTests", dependencies: ["SplitsWorkout", "SplitsCore", "SplitsRender", "SplitsRoutes", "SplitsTestSupport", "SplitsTestRandom"],
      swiftSettings: strict),
    .testTarget(
      name: "SplitsRuntimeTests",
      dependencies: [
        "SplitsWorkout", "SplitsCore", "SplitsRender", "SplitsRuntime", "SplitsRoutes", "SplitsSensors", "SplitsTestRandom", "SplitsTestSystem", "CLoop",
      ],
      swiftSettings: strict),
    // Fixtures: the FIT export's golden file, read through `#filePath`.
    .testTarget(
      name: "SplitsReportsTests",
      dependencies: ["SplitsWorkout", "SplitsCore", "SplitsReports", "SplitsRender", "SplitsTestSupport", "SplitsTestSystem"],
      // The golden files, read beside the sources (`#filePath`).
      exclude: ["Fixtures"], swiftSettings: strict),
    .testTarget(
      name: "SplitsStoreTests",
      dependencies: ["SplitsWorkout", 
        "SplitsCore", "SplitsSensors", "SplitsClock", "SplitsReports", "SplitsStore", "SplitsRoutes", "SplitsTestSupport", "SplitsTestSystem",
        "CWatch", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      resources: [.copy("Fixtures")], swiftSettings: strict),
    .testTarget(
      name: "SplitsFollowTests",
      dependencies: ["SplitsFollow", "SplitsCore", "SplitsStore", "SplitsTestSupport", "SplitsTestSystem"],
      swiftSettings: strict),
    // Fixtures: livesplit-core's `.lss` files in Tests/Fixtures/lss, read through `#filePath`;
    // the outside reader of `.lss` in Tests/tools.
    .testTarget(
      name: "SplitsRoutesTests", dependencies: ["SplitsRoutes", "SplitsTestRandom", "SplitsTestSystem"],
      swiftSettings: strict),
    .testTarget(
      name: "SplitsRemoteTests", dependencies: ["SplitsCore", "SplitsRemote", "SplitsRuntime"], swiftSettings: strict),
    .testTarget(
      name: "SplitsTerminalTests", dependencies: ["SplitsTerminal", "SplitsRender", "SplitsCore", "SplitsTestSystem", "SplitsTestRandom"], swiftSettings: strict),
    .testTarget(
      name: "SplitsCLITests", dependencies: ["SplitsWorkout", "SplitsCLI", "SplitsCore", "SplitsStore", "SplitsRuntime", "SplitsTestSystem"], swiftSettings: strict),
    .testTarget(
      name: "SplitsEndToEndTests", dependencies: ["splits", "SplitsTestRandom", "SplitsTestSystem"], swiftSettings: strict),
  ],
  swiftLanguageModes: [.v6]
)
