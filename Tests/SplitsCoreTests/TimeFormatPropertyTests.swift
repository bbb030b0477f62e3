import SplitsTestRandom
import Testing

@testable import SplitsCore

/// `TimeFormat.clock` writes its digits into a buffer of its own: for every duration, field
/// width and precision it gives the text the plain definition gives (each field's number
/// zero-padded, joined with colons, the fraction truncated).
@Suite("Time format: the clock text for all durations")
struct TimeFormatPropertyTests {
  static func plain(_ d: Duration, _ precision: Precision, hours: Int, days: Int?) -> String {
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    let (seconds, attoseconds) = d > .zero ? d.components : (0, 0)
    var out: String
    if let days {
      out = pad(seconds / 86_400, days) + ":" + pad((seconds / 3600) % 24, 2) + ":"
    } else {
      out = hours == 0 && seconds / 3600 == 0 ? "" : pad(seconds / 3600, hours) + ":"
    }
    out += pad((seconds / 60) % 60, 2) + ":" + pad(seconds % 60, 2)
    if precision.fractionDigits > 0 {
      out += "." + pad(attoseconds / 1_000_000_000 / precision.unitNanoseconds, precision.fractionDigits)
    }
    return out
  }

  @Test func everyDurationReadsAsItsFields() {
    var rng = SplitMix64(state: 0x5EED_0C10)
    let edges: [Duration] = [
      .zero, .nanoseconds(-1), .nanoseconds(1), .milliseconds(999), .seconds(59), .seconds(3_599), .seconds(359_999),
      .seconds(360_000), .seconds(86_399), .seconds(Int64.max / 2), .nanoseconds(Int64.max),
    ]
    let random = (0..<2_000).map { _ -> Duration in
      let magnitude = Int64.random(in: 0...62, using: &rng)
      return .nanoseconds(Int64.random(in: -1_000...(Int64.max >> magnitude), using: &rng))
    }
    for d in edges + random {
      for precision in Precision.allCases {
        for (hours, days) in [(2, nil), (0, nil), (1, nil), (2, 2), (2, 5)] as [(Int, Int?)] {
          let text = TimeFormat.clock(d, precision: precision, minimumHourDigits: hours, dayDigits: days)
          #expect(text == Self.plain(d, precision, hours: hours, days: days), "\(d) \(precision) \(hours) \(String(describing: days))")
        }
      }
    }
  }
}

/// `Duration.nanoseconds` (one division of the attoseconds) is the plain definition from the
/// duration's components, truncated towards zero, for every duration inside `Int64`
/// nanoseconds, sub-nanosecond parts and either sign; beyond, it saturates.
@Suite("Durations: whole nanoseconds for all durations")
struct DurationNanosecondsTests {
  @Test func everyDurationHasTheNanosecondsOfItsComponents() {
    var rng = SplitMix64(state: 0xA770_5EC)
    for index in 0..<20_000 {
      let seconds = Int64.random(in: -9_223_372_035...9_223_372_035, using: &rng) >> Int64.random(in: 0...33, using: &rng)
      let attoseconds = index % 2 == 0 ? Int64.random(in: 0..<1_000_000_000, using: &rng) * 1_000_000_000 : Int64.random(in: 0..<1_000_000_000_000_000_000, using: &rng)
      let d = Duration(secondsComponent: seconds, attosecondsComponent: seconds < 0 ? -attoseconds : attoseconds)
      let (s, atto) = d.components
      #expect(d.nanoseconds == s * 1_000_000_000 + atto / 1_000_000_000, "\(d)")
    }
    #expect(Duration.seconds(Int64.max / 1_000_000_000 + 1).nanoseconds == .max)
    #expect(Duration.seconds(Int64.min / 1_000_000_000 - 1).nanoseconds == .min)
    #expect(Duration.nanoseconds(Int64.max).nanoseconds == .max)
    #expect((Duration.nanoseconds(Int64.max) - .nanoseconds(1)).nanoseconds == Int64.max - 1)
  }
}
