/// A sensor the rider added (`splits sensors add`): what the ride screen connects to.
public struct RememberedSensor: Equatable, Sendable {
  /// `AA:BB:CC:DD:EE:FF`, upper case (`SensorAddress.normalized`).
  public var address: String
  public var name: String?
  /// Wall ms since 1970 UTC.
  public var addedAt: Int64

  public init(address: String, name: String?, addedAt: Int64) {
    self.address = address
    self.name = name
    self.addedAt = addedAt
  }
}

/// A Bluetooth address as the rider types it.
public enum SensorAddress {
  /// Six pairs of hex digits joined by colons, in either case, as the one upper-case form
  /// BlueZ shows (`aa:bb:cc:dd:ee:ff` → `AA:BB:CC:DD:EE:FF`); nil for anything else.
  public static func normalized(_ text: String) -> String? {
    let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
    guard pairs.count == 6,
      pairs.allSatisfy({ $0.utf8.count == 2 && $0.allSatisfy { $0.isASCII && $0.isHexDigit } })
    else { return nil }
    return pairs.joined(separator: ":").uppercased()
  }
}

/// The settings kept in the journal (`splits config`).
public enum Setting: String, CaseIterable, Sendable {
  /// Functional threshold power, watts: a workout's percentages when the workout names none.
  case ftp

  /// The values it takes, as text: a whole number of watts from 1 to 2000 for `ftp`; nil
  /// for anything else.
  public func normalized(_ text: String) -> String? {
    switch self {
    case .ftp:
      guard let watts = Int(text), Self.ftpRange.contains(watts) else { return nil }
      return String(watts)
    }
  }

  public static let ftpRange = 1...2000
}
