import Foundation
import Testing

@testable import SplitsCore
@testable import SplitsReports
@testable import SplitsRender
import SplitsTestSupport

@Suite("Every duration truncates")
struct TruncationTests {
  /// Laps of 503 ms and 497 ms: the second lap's splits truncate to 0.50 s and 1.00 s, and
  /// their difference (0.50 s) is 3 ms ahead of the lap that passed.
  @Test func aLapOf497MillisecondsReadsTheSameInShowAndHistory() throws {
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    let ride = RideFigures(
      Restore.ride(
        number: 1,
        events: [
          SampleRides.stored(.start, 0), SampleRides.stored(.lap, 503), SampleRides.stored(.lap, 1_000),
          SampleRides.stored(.pause, 1_200), SampleRides.stored(.finish, 1_300),
        ], bootID: SampleRides.boot, now: SampleRides.now))
    #expect(ride.laps.map(\.lapMilliseconds) == [503, 497])
    let history = HistoryReport.table([ride], strings: .english, timeZone: utc)
    #expect(history.split(separator: "\n")[1].hasSuffix("00:00:00.49"), "\(history)")
    let show = HistoryReport.show(ride, strings: .english, timeZone: utc)
    let lap2 = try #require(show.split(separator: "\n").first { $0.split(separator: " ").first == "2" })
    #expect(lap2.contains("00:00:00.49 "), "\(show)")
    #expect(!lap2.contains("00:00:00.50 "), "\(show)")
  }
}

/// One ride at awkward instants, as the journal holds it and as the screen saw it: laps of
/// 497 ms, 1,999 ms (around a pause of 7.000300001 s), 59,999 ms and an hour minus 1 ms
/// (around a pause of 29.272000009 s), then 12.345678901 s to a pause and the finish
/// 4.999999999 s later. The true values are summed here in nanoseconds, apart from the code
/// under test.
enum AwkwardRide {
  enum Step {
    case run(Int64)
    case pause(Int64)
    case lap
  }

  static let number = 3
  /// The ride's clock starts 1,000 s and 777 ns after the boot.
  static let start: Int64 = 1_000_000_000_777
  static let steps: [Step] = [
    .run(497_000_000), .lap,
    .run(1_000_000_300), .pause(7_000_300_001), .run(998_999_700), .lap,
    .run(59_999_000_000), .lap,
    .run(1_800_000_000_001), .pause(29_272_000_009), .run(1_799_998_999_999), .lap,
    .run(12_345_678_901),
  ]
  static let finalPause: Int64 = 4_999_999_999

  struct Truth {
    var laps: [Int64] = []
    var splits: [Int64] = []
    var finalStretch: Int64 = 0
    var moving: Int64 = 0
    var elapsed: Int64 = 0
    var paused: Int64 { elapsed - moving }
  }

  /// The events (kind, boot-clock nanoseconds), oldest first, and the true figures.
  static var timeline: (events: [(RideEvent.Kind, Int64)], truth: Truth) {
    var events: [(RideEvent.Kind, Int64)] = [(.start, start)]
    var truth = Truth()
    var at = start
    var lapStart: Int64 = 0
    for step in steps {
      switch step {
      case .run(let ns):
        at += ns
        truth.moving += ns
      case .pause(let ns):
        events.append((.pause, at))
        at += ns
        events.append((.resume, at))
      case .lap:
        events.append((.lap, at))
        truth.laps.append(truth.moving - lapStart)
        truth.splits.append(truth.moving)
        lapStart = truth.moving
      }
    }
    truth.finalStretch = truth.moving - lapStart
    events.append((.pause, at))
    at += finalPause
    events.append((.finish, at))
    truth.elapsed = at - start
    return (events, truth)
  }

  static var truth: Truth { timeline.truth }

  static var restored: RestoredRide {
    let stored = timeline.events.map { kind, ns in
      StoredEvent(
        kind, wallMilliseconds: SampleRides.wall0 + ns / 1_000_000, bootID: SampleRides.boot, boottimeNanoseconds: ns)
    }
    return Restore.ride(number: number, events: stored, bootID: SampleRides.boot, now: SampleRides.now)
  }

  static var figures: RideFigures { RideFigures(restored) }

  /// The ride screen as it stood at the finish: the same events as keys, paused.
  static func screen(_ precision: Precision) -> RideScreenState {
    var state = RideScreenState(ride: Ride(number: number), precision: precision, now: Instant(nanoseconds: 0))
    var finish: Int64 = 0
    for (kind, ns) in timeline.events {
      let key: Character
      switch kind {
      case .start, .pause, .resume: key = " "
      case .lap: key = "l"
      case .finish:
        finish = ns
        continue
      default: continue
      }
      let now = Now(monotonic: Instant(nanoseconds: ns), wallMilliseconds: SampleRides.wall0 + ns / 1_000_000)
      _ = RideReducer.reduce(&state, Action(.key(.character(key)), at: now))
    }
    let now = Now(monotonic: Instant(nanoseconds: finish), wallMilliseconds: SampleRides.wall0 + finish / 1_000_000)
    _ = RideReducer.reduce(&state, Action(.tick, at: now))
    return state
  }
}

/// `HH:MM:SS`, `HH:MM:SS.d` or `HH:MM:SS.cc` of `ns` truncated, written here without
/// `TimeFormat`.
func truncatedClock(_ ns: Int64, digits: Int) -> String {
  func pad(_ v: Int64, _ width: Int) -> String {
    let text = String(v)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
  let seconds = ns / 1_000_000_000
  var text = pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
  if digits > 0 {
    var unit: Int64 = 1_000_000_000
    for _ in 0..<digits { unit /= 10 }
    text += "." + pad(ns % 1_000_000_000 / unit, digits)
  }
  return text
}

func digits(_ precision: Precision) -> Int {
  switch precision {
  case .s: 0
  case .ds: 1
  case .cs: 2
  }
}

/// The lap table of a plain-text screen: for each lap number, its lap time, split and
/// difference (the running lap included).
func screenLaps(_ lines: [String]) throws -> [Int: (lap: String, split: String, difference: String)] {
  let header = try #require(lines.firstIndex { $0.contains("Lap time") }, "\(lines)")
  var rows: [Int: (String, String, String)] = [:]
  for line in lines[(header + 1)...] {
    var words = line.split(separator: " ").map(String.init)
    // The marks: before the number on the screen, after the difference in `show`.
    words.removeAll { ["›", "▲", "▼"].contains($0) }
    guard words.count >= 3, let number = Int(words[0]) else { break }
    rows[number] = (words[1], words[2], words.count > 3 ? words[3] : "")
  }
  return rows
}

extension TruncationTests {
  /// The same ride through every output: each lap and total equals its true value truncated
  /// to that output's precision, and outputs at the same precision agree exactly.
  @Test func everyOutputTruncatesTheSameRide() throws {
    let truth = AwkwardRide.truth
    let restored = AwkwardRide.restored
    let figures = AwkwardRide.figures
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    let ms = { (ns: Int64) in ns / 1_000_000 }
    let cs = { (ns: Int64) in truncatedClock(ns, digits: 2) }
    #expect(truth.laps == [497_000_000, 1_999_000_000, 59_999_000_000, 3_599_999_000_000])
    #expect(figures.state == .finished)

    // The ride screen, at each precision (elapsed and paused to the second).
    var screenAtHundredths: [Int: (lap: String, split: String, difference: String)] = [:]
    for precision in Precision.allCases {
      let state = AwkwardRide.screen(precision)
      #expect(state.phase == .paused)
      let clock = { (ns: Int64) in truncatedClock(ns, digits: digits(precision)) }
      let lines = RideView.render(state, size: Size(columns: 100, rows: 30), options: ViewOptions(plain: true)).lines
      #expect(lines.contains { $0.hasPrefix(" " + clock(truth.moving) + " ") }, "\(precision): \(lines)")
      let totals = "Elapsed \(truncatedClock(truth.elapsed, digits: 0))   Paused \(truncatedClock(truth.paused, digits: 0))"
      #expect(lines.contains { $0.contains(totals) }, "\(precision): \(lines)")
      let rows = try screenLaps(lines)
      #expect(rows.count == 5, "\(precision): \(lines)")
      for (index, lap) in truth.laps.enumerated() {
        #expect(rows[index + 1]?.lap == clock(lap), "\(precision) lap \(index + 1)")
        #expect(rows[index + 1]?.split == clock(truth.splits[index]), "\(precision) split \(index + 1)")
      }
      #expect(rows[5]?.lap == clock(truth.finalStretch), "\(precision) running lap")
      #expect(rows[5]?.split == clock(truth.moving), "\(precision) running split")
      if precision == .cs { screenAtHundredths = rows }
    }

    // show, to the hundredth: the same laps, splits and differences as the screen's.
    let show = HistoryReport.show(figures, strings: .english, timeZone: utc).split(separator: "\n").map(String.init)
    #expect(show.contains("Moving \(cs(truth.moving)) · Elapsed \(cs(truth.elapsed)) · Paused \(cs(truth.paused))"), "\(show)")
    let showRows = try screenLaps(show)
    #expect(showRows.count == 4, "\(show)")
    for (index, lap) in truth.laps.enumerated() {
      let number = index + 1
      #expect(showRows[number]?.lap == cs(lap), "show lap \(number)")
      #expect(showRows[number]?.split == cs(truth.splits[index]), "show split \(number)")
      #expect(showRows[number]?.lap == screenAtHundredths[number]?.lap, "show and screen, lap \(number)")
      #expect(showRows[number]?.split == screenAtHundredths[number]?.split, "show and screen, split \(number)")
      #expect(showRows[number]?.difference == screenAtHundredths[number]?.difference, "show and screen, diff \(number)")
    }
    let finishRow = try #require(show.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("to finish") }, "\(show)")
    #expect(finishRow.split(separator: " ").map(String.init) == ["to", "finish", cs(truth.finalStretch), cs(truth.moving)])
    #expect(cs(truth.finalStretch) == screenAtHundredths[5]?.lap)

    // history, to the hundredth, and its JSON in milliseconds.
    let history = HistoryReport.table([figures], strings: .english, timeZone: utc).split(separator: "\n")
    let historyRow = history[1].split(separator: " ").map(String.init)
    let best = try #require(truth.laps.min())
    #expect(Array(historyRow.suffix(4)) == [cs(truth.moving), cs(truth.elapsed), "4", cs(best)], "\(history)")
    #expect(historyRow.last == showRows[1]?.lap, "history's best lap and show's lap 1")
    let historyJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(HistoryReport.json([figures]).utf8)) as? [[String: Any]])
    #expect(historyJSON.first?["moving_ms"] as? Int64 == ms(truth.moving))
    #expect(historyJSON.first?["elapsed_ms"] as? Int64 == ms(truth.elapsed))
    #expect(historyJSON.first?["paused_ms"] as? Int64 == ms(truth.paused))
    #expect(historyJSON.first?["best_lap_ms"] as? Int64 == ms(best))

    // status, at each precision, and --json in milliseconds.
    let format = "{moving}|{elapsed}|{paused}|{last_lap}|{moving_ms}|{elapsed_ms}|{paused_ms}"
    for precision in Precision.allCases {
      let clock = { (ns: Int64) in truncatedClock(ns, digits: digits(precision)) }
      let line = try StatusReport.line(restored, format: format, precision: precision, strings: .english)
      let expected = [
        clock(truth.moving), clock(truth.elapsed), clock(truth.paused), clock(truth.laps[3]),
        String(ms(truth.moving)), String(ms(truth.elapsed)), String(ms(truth.paused)),
      ]
      #expect(line == expected.joined(separator: "|"), "\(precision)")
    }
    let status = try JSONDecoder().decode(ExportedFile.Ride.self, from: Data(StatusReport.json(restored).utf8))
    let exported = try JSONDecoder().decode(ExportedFile.self, from: Data(Export.json([figures]).utf8))
    let json = try #require(exported.rides.first)
    for ride in [status, json] {
      #expect(ride.moving_ms == ms(truth.moving))
      #expect(ride.elapsed_ms == ms(truth.elapsed))
      #expect(ride.paused_ms == ms(truth.paused))
      #expect(ride.laps.map(\.lap_ms) == truth.laps.map(ms))
      #expect(ride.laps.map(\.split_ms) == truth.splits.map(ms))
    }
    #expect(json.final_stretch?.lap_ms == ms(truth.finalStretch))
    #expect(json.final_stretch?.split_ms == ms(truth.moving))

    // CSV, in milliseconds: the laps and the stretch to the finish.
    let csv = try parseCSV(Export.csv([figures]))
    let header = try #require(csv.first)
    #expect(header == Export.csvHeader)
    let index = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
    let values = { (name: String) in csv.dropFirst().map { $0[index[name] ?? 0] } }
    #expect(csv.count == 6)
    #expect(values("lap_ms") == (truth.laps + [truth.finalStretch]).map { String(ms($0)) })
    #expect(values("split_ms") == (truth.splits + [truth.moving]).map { String(ms($0)) })
    #expect(Set(values("moving_ms")) == [String(ms(truth.moving))])
    #expect(Set(values("elapsed_ms")) == [String(ms(truth.elapsed))])
    #expect(Set(values("paused_ms")) == [String(ms(truth.paused))])

    // TCX: each lap's seconds, to the millisecond.
    let tcx = Export.tcx([figures])
    let seconds = tcx.components(separatedBy: "<TotalTimeSeconds>").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    #expect(seconds == ["0.497", "1.999", "59.999", "3599.999", "12.345"])
  }
}
