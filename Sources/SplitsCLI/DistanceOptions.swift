import ArgumentParser
import SplitsCore
import SplitsStore

extension DistanceUnits: ExpressibleByArgument {}

extension LapDistance {
  /// `--lap-distance`'s value: its error says what a lap distance is (`LapDistanceError`).
  static func argument(_ text: String) throws -> LapDistance {
    switch parse(text) {
    case .success(let distance): return distance
    case .failure(let error): throw ValidationError(error.description)
    }
  }
}

/// `--lap-distance` and `--units`, for the screen and the commands that show a ride.
struct DistanceOptions: ParsableArguments {
  @Option(
    name: .customLong("lap-distance"),
    help: "How long each lap of a new ride is: 400m, 0.4km, 1mi (each lap then shows its pace and speed).",
    transform: LapDistance.argument)
  var lapDistance: LapDistance?

  @Option(help: "Units of pace, speed and distance: metric (min/km, km/h; unless given) or imperial (min/mi, mph).")
  var units: DistanceUnits = .metric
}

extension RideCommand {
  /// `--lap-distance` given while ride `open`, which has none, is open: the open ride takes
  /// it (in the journal, at once). An open ride with a lap distance keeps its own; the one
  /// given is the next ride's.
  static func applyLapDistance(_ distance: LapDistance?, to open: inout RestoredRide, journal: Journal) throws {
    guard let distance, open.phase != .ready, open.lapDistance == nil else { return }
    _ = try withJournalErrors { try journal.edit(ride: open.ride.number, Journal.Changes(lapDistance: distance)) }
    open.lapDistance = distance
  }
}
