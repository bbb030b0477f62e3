import ArgumentParser
import SplitsStore

/// RIDE as every command takes it: a ride number (1, 2, …) or `last`, the most recent ride
/// started, finished or still open (one meaning in `show`, `export`, `edit` and `delete`).
enum RideArgument {
  /// Throws argument-parser's validation error unless `ride` is a positive number or `last`.
  static func validate(_ ride: String) throws {
    guard ride == "last" || (Int(ride).map { $0 >= 1 } ?? false) else {
      throw ValidationError(
        Int(ride) == nil
          ? "RIDE is a ride number (1, 2, …) or `last`, not '\(ride)'." : NegativeNumbers.rideMustBePositive(ride))
    }
  }

  /// The number `ride` names in `journal`: its own, or the newest ride's for `last` (nil
  /// when the journal holds no ride).
  static func number(_ ride: String, in journal: Journal) throws -> Int? {
    if let number = Int(ride) { return number }
    return try journal.lastRideNumber()
  }
}
