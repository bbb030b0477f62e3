/// How finely the moving time is shown.
public enum Precision: String, CaseIterable, Sendable {
  /// Whole seconds: `HH:MM:SS`.
  case s
  /// Tenths: `HH:MM:SS.d`.
  case ds
  /// Hundredths: `HH:MM:SS.cc`.
  case cs

  /// The smallest step the display shows, in nanoseconds.
  public var unitNanoseconds: Int64 {
    switch self {
    case .s: 1_000_000_000
    case .ds: 100_000_000
    case .cs: 10_000_000
    }
  }

  public var fractionDigits: Int {
    switch self {
    case .s: 0
    case .ds: 1
    case .cs: 2
    }
  }
}
