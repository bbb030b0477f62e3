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
    help: ArgumentHelp(
      "How long each lap of a new ride is: 400m, 0.4km, 1mi (each lap then shows its pace and speed).",
      valueName: "distance"),
    transform: LapDistance.argument)
  var lapDistance: LapDistance?

  @Option(help: "Units of pace, speed and distance: metric (min/km, km/h; unless given) or imperial (min/mi, mph).")
  var units: DistanceUnits = .metric
}

extension RideCommand {
  /// `--lap-distance` given while ride `open` is open: a ride without one takes it (in the
  /// journal, at once); a ride with another keeps its own, and the one given is the next
  /// ride's. Returns what the screen's banner says of it (nil when nothing is to be said).
  static func applyLapDistance(
    _ distance: LapDistance?, to open: inout RestoredRide, journal: Journal, strings: DistanceStrings
  ) throws -> String? {
    guard let distance, open.phase != .ready else { return nil }
    let number = String(open.ride.number)
    if let own = open.lapDistance {
      return own == distance ? nil : strings.fill(strings.openRideKeepsFormat, number, own.text, distance.text)
    }
    _ = try withJournalErrors { try journal.edit(ride: open.ride.number, Journal.Changes(lapDistance: distance)) }
    open.lapDistance = distance
    return strings.fill(strings.openRideTakesFormat, number, distance.text)
  }
}
