import Foundation
import SplitsTestRandom
import Testing

@testable import SplitsCore

/// 2026-11-22T10:00:00Z: 19:00 in Seoul, 05:00 in New York.
let countdownTestNow: Int64 = 1_795_341_600_000
let seoul = TimeZone(identifier: "Asia/Seoul")!
let newYork = TimeZone(identifier: "America/New_York")!
let utc = TimeZone(identifier: "UTC")!

func parseTarget(_ text: String, now: Int64 = countdownTestNow, zone: TimeZone = seoul) throws(CountdownTargetError)
  -> CountdownTarget
{
  try CountdownTarget.parse(text, nowWallMilliseconds: now, timeZone: zone)
}

func date(_ ms: Int64) -> CountdownTarget { .date(wallMilliseconds: ms) }

@Suite("Countdown TARGET parser")
struct CountdownTargetTests {
  @Test(
    "ISO 8601 with an offset or Z",
    arguments: [
      ("2026-12-31T23:59:59+09:00", 1_798_729_199_000),
      ("2026-12-31T14:59:59Z", 1_798_729_199_000),
      ("2026-12-31t14:59:59z", 1_798_729_199_000),
      ("2026-12-31 14:59:59Z", 1_798_729_199_000),
      ("2026-12-31T23:59:59+0900", 1_798_729_199_000),
      ("2026-12-31T23:59:59+09", 1_798_729_199_000),
      ("2026-12-31T09:59:59-05:00", 1_798_729_199_000),
      ("2026-12-31T14:59Z", 1_798_729_140_000),
      ("2026-12-31T14:59:59.5Z", 1_798_729_199_500),
      ("2026-12-31T14:59:59,25Z", 1_798_729_199_250),
      ("2026-12-31T14:59:59.123456789Z", 1_798_729_199_123),
      ("  2026-12-31T14:59:59Z\n", 1_798_729_199_000),
      ("0001-01-01T00:00:00Z", -62_135_596_800_000),
      ("9999-12-31T23:59:59Z", 253_402_300_799_000),
      ("2028-02-29T00:00:00Z", 1_835_395_200_000),
    ] as [(String, Int64)])
  func isoWithOffset(text: String, expected: Int64) throws {
    // The time zone must not matter when an offset is given.
    #expect(try parseTarget(text, zone: seoul) == date(expected))
    #expect(try parseTarget(text, zone: newYork) == date(expected))
  }

  @Test("A local date-time is read in the given time zone")
  func localDateTime() throws {
    #expect(try parseTarget("2026-12-31 18:00", zone: seoul) == date(1_798_707_600_000))
    #expect(try parseTarget("2026-12-31T18:00", zone: seoul) == date(1_798_707_600_000))
    #expect(try parseTarget("2026-12-31 18:00:30", zone: seoul) == date(1_798_707_630_000))
    #expect(try parseTarget("2026-12-31T18:00:30", zone: seoul) == date(1_798_707_630_000))
    #expect(try parseTarget("2026-12-31 09:00", zone: utc) == date(1_798_707_600_000))
    // New York is UTC−5 in December.
    #expect(try parseTarget("2026-12-31 04:00", zone: newYork) == date(1_798_707_600_000))
    // A date alone is the start of that day.
    #expect(try parseTarget("2026-12-31", zone: seoul) == date(1_798_642_800_000))
  }

  @Test("A local time the clock skips means the same time after the jump; a repeated one the first")
  func localDateTimeAcrossDST() throws {
    // 2026-03-08 02:30 does not exist in New York: 03:30 EDT, 07:30Z.
    #expect(try parseTarget("2026-03-08 02:30", zone: newYork) == date(1_772_955_000_000))
    // 2026-11-01 01:30 happens twice: the first, 01:30 EDT, 05:30Z.
    #expect(try parseTarget("2026-11-01 01:30", zone: newYork) == date(1_793_511_000_000))
  }

  @Test("A time of day is the next one to come, today or tomorrow")
  func timeOfDay() throws {
    // Now is 19:00 in Seoul.
    #expect(try parseTarget("20:15") == date(1_795_346_100_000))  // today, 11:15Z
    #expect(try parseTarget("14:30") == date(1_795_411_800_000))  // tomorrow, 05:30Z
    #expect(try parseTarget("14:30:15") == date(1_795_411_815_000))
    #expect(try parseTarget("09:05") == date(1_795_411_800_000 - 5 * 3_600_000 - 25 * 60_000))
    #expect(try parseTarget("00:00") == date(1_795_359_600_000))  // midnight, 15:00Z
    // Exactly now is not to come: tomorrow.
    #expect(try parseTarget("19:00") == date(countdownTestNow + 86_400_000))
    // One millisecond before it, it is still to come.
    #expect(try parseTarget("19:00", now: countdownTestNow - 1) == date(countdownTestNow))
  }

  @Test("A time of day is DST-correct")
  func timeOfDayAcrossDST() throws {
    // Midnight EST on the day clocks spring forward: 02:30 does not exist, so 03:00 EDT.
    #expect(try parseTarget("02:30", now: 1_772_946_000_000, zone: newYork) == date(1_772_953_200_000))
    // Noon EST the day before: 11:00 tomorrow is 11:00 EDT, 22 hours away, not 23.
    let noon: Int64 = 1_772_902_800_000
    #expect(try parseTarget("11:00", now: noon, zone: newYork) == date(1_772_982_000_000))
    #expect(1_772_982_000_000 - noon == 22 * 3_600_000)
    // Midnight EDT on the day clocks fall back: 01:30 happens twice; the first comes first.
    #expect(try parseTarget("01:30", now: 1_793_505_600_000, zone: newYork) == date(1_793_511_000_000))
  }

  @Test(
    "Durations",
    arguments: [
      ("90", 90), ("0", 0), ("90s", 90), ("25m", 1500), ("1h30m", 5400), ("1d2h", 93_600),
      ("1h30m15s", 5415), ("2d", 172_800), ("1d1h1m1s", 90_061), ("1H30M", 5400), ("1h 30m", 5400),
      ("1d  2h 3m 4s", 93_784), ("90m", 5400), ("3600s", 3600), ("1:30:00", 5400), ("0:25:00", 1500),
      ("100:00:00", 360_000), ("0:00:03", 3), ("9999d", 863_913_600), ("239976h", 863_913_600),
      (" 3s ", 3), ("000120", 120),
    ] as [(String, Int64)])
  func durations(text: String, seconds: Int64) throws {
    #expect(try parseTarget(text) == .duration(.seconds(seconds)))
  }

  /// The rule of the colon forms (decided 2026-11-25): two digits before the first colon are
  /// the hours of a time of day; one digit, or three or more, start a duration, M:SS or
  /// H:MM:SS, as in a workout.
  @Test(
    "splits countdown 1:30 is 90 seconds: two-digit hours are a time of day, other colon forms a duration",
    arguments: [
      ("1:30", "90 s"), ("5:00", "300 s"), ("9:05", "545 s"), ("0:45", "45 s"), ("123:00", "7380 s"),
      ("1:30:00", "5400 s"), ("0:25:00", "1500 s"), ("010:00:00", "36000 s"), ("100:00:00", "360000 s"),
      ("01:30", "time of day"), ("05:00", "time of day"), ("09:05", "time of day"), ("14:30", "time of day"),
      ("10:00:00", "time of day"), ("23:59:59", "time of day"), ("00:00", "time of day"),
    ])
  func colonRule(text: String, meaning: String) throws {
    switch try parseTarget(text) {
    case .duration(let duration): #expect("\(duration.components.seconds) s" == meaning, "\(text)")
    case .date: #expect(meaning == "time of day", "\(text)")
    }
  }

  @Test(
    "Invalid targets are rejected with a message listing the accepted forms",
    arguments: [
      "", "   ", "abc", "25:00", "24:00", "12:60", "12:5", "1:3:00", "1:30:0", "1:60:00", "1:00:60",
      "24:00:00", "2026-02-30", "2027-02-29", "2026-13-01", "2026-00-10", "2026-12-00", "0000-01-01",
      "2026-12-31T24:00", "2026-12-31T23:60", "2026-12-31T23:59:60", "2026-12-31T18", "2026-12-31T18:00:00.",
      "2026-12-31T18:00+24:00", "2026-12-31T18:00+09:60", "2026-12-31T18:00+9", "2026-12-31T18:00 +09:00",
      "2026-12-31X18:00", "2026-1-31", "26-12-31", "2026-123", "1h1h", "30m1h", "1.5h", "-5", "+5m", "5x",
      "10000d", "239977h", "1000000000000", "90 s", "1h\t30m", "h", "1hh", "1s2", "Ｔ", "١٢", "1d2h3m4s5",
      "2026-12-31 18:00 KST", "tomorrow", "1:00:00:00", "12:00pm", "5 minutes",
    ])
  func invalid(text: String) {
    do {
      _ = try parseTarget(text)
      Issue.record("\(text) was read")
    } catch {
      #expect(error.input == text)
      #expect(error.message(.english).hasPrefix("\"\(CountdownTargetError.printable(text))\" is not a countdown target"))
    }
    let message = CountdownTargetError(input: text).message(.english)
    #expect(message.contains("Accepted forms"))
    #expect(message.contains("1h30m"))
    #expect(message.contains("2026-12-31T23:59:59+09:00"))
  }

  @Test(
    "A target of an accepted form with a part out of range says which part, in each language",
    arguments: [
      ("2026-02-30", "there is no 30 February 2026", "2026년 2월 30일은 없습니다"),
      ("2027-02-29", "there is no 29 February 2027: 2027 is not a leap year", "2027년 2월 29일은 없습니다: 2027년은 윤년이 아닙니다"),
      ("2026-04-31 18:00", "there is no 31 April 2026", "2026년 4월 31일은 없습니다"),
      ("2026-12-00", "there is no day 00 in a month", "0일은 없습니다"),
      ("2026-13-01", "there is no month 13: months go from 01 to 12", "13월은 없습니다: 월은 01부터 12까지입니다"),
      ("0000-01-01", "years go from 0001 to 9999", "연도는 0001부터 9999까지입니다"),
      ("25:00", "an hour of 25: a time of day goes from 00:00 to 23:59 (a duration is 90s, 25m, 1h30m or 1:30:00)",
        "25시는 없습니다: 시각은 00:00부터 23:59까지입니다 (시간 길이는 90s, 25m, 1h30m 또는 1:30:00)"),
      ("99:00:00", "an hour of 99: a time of day goes from 00:00 to 23:59 (a duration is 90s, 25m, 1h30m or 1:30:00)",
        "99시는 없습니다: 시각은 00:00부터 23:59까지입니다 (시간 길이는 90s, 25m, 1h30m 또는 1:30:00)"),
      ("2026-12-31T24:00", "an hour of 24: a time of day goes from 00:00 to 23:59 (a duration is 90s, 25m, 1h30m or 1:30:00)",
        "24시는 없습니다: 시각은 00:00부터 23:59까지입니다 (시간 길이는 90s, 25m, 1h30m 또는 1:30:00)"),
      ("1:60:00", "minutes go up to 59, not 60", "분은 59까지입니다 (60 아님)"),
      ("12:60", "minutes go up to 59, not 60", "분은 59까지입니다 (60 아님)"),
      ("1:00:60", "seconds go up to 59, not 60", "초는 59까지입니다 (60 아님)"),
      ("1:75", "seconds go up to 59, not 75", "초는 59까지입니다 (75 아님)"),
      ("10000d", "a countdown lasts at most 9999 days (9999d)", "카운트다운은 9999일(9999d)까지입니다"),
      ("239977h", "a countdown lasts at most 9999 days (9999d)", "카운트다운은 9999일(9999d)까지입니다"),
      ("864000000", "a countdown lasts at most 9999 days (9999d)", "카운트다운은 9999일(9999d)까지입니다"),
      ("2026-12-31T18:00+24:00", "an offset from UTC goes up to ±23:59", "UTC 오프셋은 ±23:59까지입니다"),
    ])
  func refusedWithReason(text: String, english: String, korean: String) {
    do {
      _ = try parseTarget(text)
      Issue.record("\(text) was read")
    } catch {
      #expect(error.message(.english) == "\"\(text)\" is not a countdown target: \(english).")
      #expect(error.message(.korean) == "\"\(text)\" 은(는) 카운트다운 대상이 아닙니다: \(korean).")
    }
  }

  @Test("The message quotes the input, made printable and short, in each language")
  func message() {
    let english = CountdownTargetError(input: "soon").message(.english)
    #expect(english.hasPrefix("\"soon\" is not a countdown target. Accepted forms:\n"))
    let korean = CountdownTargetError(input: "soon").message(.korean)
    #expect(korean.hasPrefix("\"soon\" 은(는) 카운트다운 대상이 아닙니다. 받는 형식:\n"))
    #expect(CountdownTargetError.printable("a\u{1B}[2Jb\tc") == "a?[2Jb?c")
    #expect(CountdownTargetError.printable(String(repeating: "x", count: 100)) == String(repeating: "x", count: 40) + "…")
    #expect(CountdownTargetError.printable("한글") == "한글")
  }
}

// MARK: - Generated malformed input

/// What an independent reading of the grammar (regular expressions over the trimmed text)
/// says a TARGET is.
enum Oracle: Equatable {
  case duration(Int64)
  case absolute(Int64)
  case local
  case timeOfDay
  case invalid

  /// The oracle's expressions, compiled once for many inputs: a regex literal in `classify`
  /// would be parsed and compiled again at every call, which was most of the generated tests'
  /// time. (`Regex` is not `Sendable`, so a test makes its own.)
  struct Patterns {
    let date = #/(?i)(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(z|[+-]\d{2}(?::?\d{2})?)?)?/#
    let clockTime = #/(\d{2}):(\d{2})/#
    let minutesSeconds = #/(\d|\d{3,12}):(\d{2})/#
    let clockTimeWithSeconds = #/(\d{2}):(\d{2}):(\d{2})/#
    let hoursMinutesSeconds = #/(\d|\d{3,12}):(\d{2}):(\d{2})/#
    let seconds = #/\d{1,12}/#
    let units = #/(?i)(?:(\d{1,12})d)? *(?:(\d{1,12})h)? *(?:(\d{1,12})m)? *(?:(\d{1,12})s)?/#
  }

  static func classify(_ raw: String) -> Oracle { classify(raw, with: Patterns()) }

  static func classify(_ raw: String, with patterns: Patterns) -> Oracle {
    var scalars = Substring(raw).unicodeScalars
    let space: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r"]
    while let f = scalars.first, space.contains(f) { scalars.removeFirst() }
    while let l = scalars.last, space.contains(l) { scalars.removeLast() }
    let text = String(scalars)
    guard !text.isEmpty, text.utf8.count <= 64, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
    else { return .invalid }
    let cap: Int64 = 9999 * 86_400

    if let m = text.wholeMatch(of: patterns.date) {
      let y = Int(m.1)!, mo = Int(m.2)!, d = Int(m.3)!
      var components = DateComponents(year: y, month: mo, day: d)
      guard (1...9999).contains(y), (1...12).contains(mo), d >= 1 else { return .invalid }
      var gregorian = Calendar(identifier: .gregorian)
      gregorian.timeZone = TimeZone(identifier: "UTC")!
      let first = gregorian.date(from: DateComponents(year: y, month: mo, day: 1))!
      guard d <= gregorian.range(of: .day, in: .month, for: first)!.count else { return .invalid }
      guard let hh = m.4 else { return .local }
      let h = Int(hh)!, mi = Int(m.5!)!, s = m.6.map { Int($0)! } ?? 0
      guard h <= 23, mi <= 59, s <= 59 else { return .invalid }
      guard let offsetText = m.8 else { return .local }
      var offset = 0
      if offsetText.lowercased() != "z" {
        let digits = offsetText.dropFirst().filter(\.isNumber)
        let oh = Int(digits.prefix(2))!, om = digits.count > 2 ? Int(digits.dropFirst(2))! : 0
        guard oh <= 23, om <= 59 else { return .invalid }
        offset = (oh * 3600 + om * 60) * (offsetText.hasPrefix("-") ? -1 : 1)
      }
      var zoned = Calendar(identifier: .gregorian)
      zoned.timeZone = TimeZone(secondsFromGMT: 0)!
      components.hour = h
      components.minute = mi
      components.second = s
      let instant = zoned.date(from: components)!.timeIntervalSince1970 - Double(offset)
      let fraction = m.7.map { Int64(($0 + "00").prefix(3))! } ?? 0
      return .absolute(Int64(instant) * 1000 + fraction)
    }
    if let m = text.wholeMatch(of: patterns.clockTime) {
      return Int(m.1)! <= 23 && Int(m.2)! <= 59 ? .timeOfDay : .invalid
    }
    if let m = text.wholeMatch(of: patterns.minutesSeconds) {
      let mi = Int64(m.1)!, s = Int64(m.2)!
      guard s <= 59 else { return .invalid }
      let total = mi * 60 + s
      return total <= cap ? .duration(total) : .invalid
    }
    if let m = text.wholeMatch(of: patterns.clockTimeWithSeconds) {
      return Int(m.1)! <= 23 && Int(m.2)! <= 59 && Int(m.3)! <= 59 ? .timeOfDay : .invalid
    }
    if let m = text.wholeMatch(of: patterns.hoursMinutesSeconds) {
      let h = Int64(m.1)!, mi = Int64(m.2)!, s = Int64(m.3)!
      guard mi <= 59, s <= 59 else { return .invalid }
      let total = h * 3600 + mi * 60 + s
      return total <= cap ? .duration(total) : .invalid
    }
    if let m = text.wholeMatch(of: patterns.seconds) {
      let total = Int64(m.0)!
      return total <= cap ? .duration(total) : .invalid
    }
    if let m = text.wholeMatch(of: patterns.units) {
      guard m.1 != nil || m.2 != nil || m.3 != nil || m.4 != nil else { return .invalid }
      var total: Int64 = 0
      for (part, unit) in [(m.1, 86_400), (m.2, 3600), (m.3, 60), (m.4, 1)] as [(Substring?, Int64)] {
        guard let part else { continue }
        total += Int64(part)! * unit
        if total > cap { return .invalid }
      }
      return .duration(total)
    }
    return .invalid
  }
}

@Suite("Countdown TARGET parser on generated input")
struct CountdownTargetFuzzTests {
  static let valid = [
    "2026-12-31T23:59:59+09:00", "2026-12-31T14:59:59Z", "2026-12-31 18:00", "2026-12-31 18:00:30",
    "2026-12-31T18:00", "2026-12-31", "14:30", "14:30:15", "09:05", "9:05", "90", "90s", "25m", "1h30m", "1d2h",
    "1:30:00", "100:00:00", "1h 30m 15s", "2026-12-31T23:59:59.250-05:30",
  ]

  /// Checks one input against the oracle: accepted exactly when the oracle accepts it, with the
  /// same value where the oracle knows it, and otherwise rejected with the message.
  @discardableResult
  static func check(_ text: String, with patterns: Oracle.Patterns = Oracle.Patterns()) -> Oracle {
    let expected = Oracle.classify(text, with: patterns)
    do {
      let target = try parseTarget(text)
      switch (expected, target) {
      case (.duration(let s), .duration(let d)):
        #expect(d == .seconds(s), "\(text.debugDescription)")
      case (.absolute(let ms), .date(let got)):
        // Foundation's Gregorian calendar turns Julian before 1582; ISO 8601 does not.
        if ms > -12_219_292_800_000 { #expect(got == ms, "\(text.debugDescription)") }
      case (.local, .date):
        break
      case (.timeOfDay, .date(let got)):
        #expect(got > countdownTestNow && got <= countdownTestNow + 86_400_000, "\(text.debugDescription)")
      default:
        Issue.record("\(text.debugDescription): parsed as \(target), oracle says \(expected)")
      }
    } catch {
      #expect(expected == .invalid, "\(text.debugDescription) rejected, oracle says \(expected)")
      #expect(error.input == text)
      let message = error.message(.english)
      #expect(message.contains("is not a countdown target"))
      #expect(error.message(.korean).contains("카운트다운 대상이 아닙니다"))
    }
    return expected
  }

  @Test("Thousands of random byte strings: none traps, each is judged as the oracle judges it")
  func randomBytes() {
    var rng = SplitMix64(state: 0x5EED_0001)
    let patterns = Oracle.Patterns()
    for _ in 0..<3000 {
      let count = Int.random(in: 0...24, using: &rng)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
      Self.check(String(decoding: bytes, as: UTF8.self), with: patterns)
    }
  }

  @Test("Thousands of strings over the grammar's own alphabet")
  func grammarAlphabet() {
    var rng = SplitMix64(state: 0x5EED_0002)
    let alphabet = Array("0123456789012345678901234567890123456789::--+ TtZzdhmsDHMS.,x")
    let patterns = Oracle.Patterns()
    for _ in 0..<4000 {
      let count = Int.random(in: 1...26, using: &rng)
      Self.check(String((0..<count).map { _ in alphabet.randomElement(using: &rng)! }), with: patterns)
    }
  }

  @Test("Thousands of mutations of valid targets")
  func mutations() {
    var rng = SplitMix64(state: 0x5EED_0003)
    let pool = Array("0123456789:-+ TZdhms.,aé한\u{0}\u{7F}")
    var rejected = 0
    let patterns = Oracle.Patterns()
    for _ in 0..<5000 {
      var chars = Array(Self.valid.randomElement(using: &rng)!)
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let i = Int.random(in: 0...max(0, chars.count - 1), using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0 where !chars.isEmpty: chars.remove(at: i)
        case 1: chars.insert(pool.randomElement(using: &rng)!, at: min(i, chars.count))
        case 2 where !chars.isEmpty: chars[i] = pool.randomElement(using: &rng)!
        case 3 where chars.count > 1: chars.swapAt(i, Int.random(in: 0..<chars.count, using: &rng))
        default: chars += chars.prefix(i)
        }
      }
      let text = String(chars)
      if Self.check(text, with: patterns) == .invalid { rejected += 1 }
    }
    // The mutations must reach the error path often, or this test proves little.
    #expect(rejected > 2500)
  }

  @Test("Every valid sample agrees with the oracle")
  func validSamples() {
    for text in Self.valid {
      #expect(Oracle.classify(text) != .invalid, "\(text)")
      Self.check(text)
    }
  }
}
