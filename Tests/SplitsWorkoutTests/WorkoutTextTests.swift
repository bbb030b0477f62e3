import Foundation
import SplitsTestRandom
import Testing

@testable import SplitsWorkout

/// The workout read from `text`.
private func readWorkout(_ text: String) throws -> Workout {
  try WorkoutText.parse(text).workout
}

/// The only step of `text`.
private func step(_ text: String) throws -> WorkoutStep? {
  let steps = try readWorkout(text).steps
  #expect(steps.count == 1)
  return steps.first
}

/// The error reading `text`, or nil when it reads.
private func failure(_ text: String) -> WorkoutError? {
  do {
    _ = try WorkoutText.parse(text)
    return nil
  } catch {
    return error
  }
}

private func at(_ line: Int, _ column: Int, _ message: String) -> WorkoutError {
  WorkoutError(.text(line: line, column: column), message)
}

private typealias Step = WorkoutStep

@Suite("Workout text format: examples")
struct WorkoutTextExampleTests {
  @Test("The sweet spot example, unrolled step by step")
  func sweetSpot() throws {
    let text = """
      # Sweet spot 3x10
      ftp 250
      - Warm up 10m ramp 50-75% 90rpm warmup
      Main set 3x
      - Sweet spot 10m 88-92% 90rpm
        @8m Stay seated
      - Easy 5m 55% rest

      - 8m ramp 60-40% cooldown
      """
    let parsed = try WorkoutText.parse(text)
    #expect(parsed.warnings.isEmpty)
    let workout = parsed.workout
    #expect(workout.name == "Sweet spot 3x10")
    #expect(workout.ftp == 250)
    let warmUp = Step(
      name: "Warm up", kind: .warmup, length: .seconds(600), target: .ramp(from: 50, to: 75), cadence: 90)
    let sweetSpot = Step(
      name: "Sweet spot", kind: .active, length: .seconds(600), target: .steady(low: 88, high: 92), cadence: 90,
      cues: [.init(offset: 480, text: "Stay seated")])
    let easy = Step(name: "Easy", kind: .rest, length: .seconds(300), target: .steady(low: 55, high: 55))
    let coolDown = Step(name: "Cool-down", kind: .cooldown, length: .seconds(480), target: .ramp(from: 60, to: 40))
    #expect(workout.steps.count == 8)
    #expect(workout.steps == [warmUp, sweetSpot, easy, sweetSpot, easy, sweetSpot, easy, coolDown])
    #expect(workout.steps.filter { $0.name == "Sweet spot" }.map(\.cues) == Array(repeating: sweetSpot.cues, count: 3))
    #expect(workout.totalSeconds == 10 * 60 + 3 * (15 * 60) + 8 * 60)
  }

  @Test("A runner's 6x: run 1m30 in Z5, walk 90s")
  func runner() throws {
    let text = """
      # Track 6x90s
      - Jog 10m Z2 warmup
      Track 6x
      - Run 1m30 Z5
      - Walk 90s rest
        @1:00 Get ready

      - Jog 5m Z1 cooldown ; easy home
      """
    let workout = try readWorkout(text)
    #expect(workout.name == "Track 6x90s")
    #expect(workout.ftp == nil)
    let run = Step(name: "Run", kind: .active, length: .seconds(90), target: .steady(low: 106, high: 120))
    let walk = Step(name: "Walk", kind: .rest, length: .seconds(90), cues: [.init(offset: 60, text: "Get ready")])
    var expected = [Step(name: "Jog", kind: .warmup, length: .seconds(600), target: .steady(low: 56, high: 75))]
    for _ in 1...6 { expected += [run, walk] }
    expected.append(Step(name: "Jog", kind: .cooldown, length: .seconds(300), target: .steady(low: 0, high: 55)))
    #expect(workout.steps.count == 14)
    for (index, (got, want)) in zip(workout.steps, expected).enumerated() {
      #expect(got == want, "step \(index + 1)")
    }
    #expect(workout.totalSeconds == 600 + 6 * 180 + 300)
  }

  @Test("A Tabata 8x: 20 s max, 10 s rest")
  func tabata() throws {
    let text = """
      # Tabata
      - 10m 60% warmup
      Tabata 8x
      - 20s max
      - 10s rest

      - 5m free
      """
    let workout = try readWorkout(text)
    #expect(workout.name == "Tabata")
    let max = Step(name: "Max effort", kind: .max, length: .seconds(20))
    let rest = Step(name: "Rest", kind: .rest, length: .seconds(10))
    var expected = [Step(name: "Warm-up", kind: .warmup, length: .seconds(600), target: .steady(low: 60, high: 60))]
    for _ in 1...8 { expected += [max, rest] }
    expected.append(Step(name: "Free ride", kind: .free, length: .seconds(300)))
    #expect(workout.steps.count == 18)
    for (index, (got, want)) in zip(workout.steps, expected).enumerated() {
      #expect(got == want, "step \(index + 1)")
    }
    #expect(workout.totalSeconds == 600 + 8 * 30 + 300)
  }

  @Test("An intervals.icu workout with section titles reads as written")
  func intervalsSections() throws {
    let text = """
      Warmup
      - 10m ramp 50-75%

      Main Set 2x
      - 5m 100%
      - 3m 50%

      Cooldown
      - 10m 50%
      """
    let workout = try readWorkout(text)
    #expect(workout.name == nil)
    #expect(
      workout.steps.map(\.length) == [600, 300, 180, 300, 180, 600].map { WorkoutStep.Length.seconds($0) })
    #expect(workout.steps.map(\.kind) == Array(repeating: .active, count: 6))
  }
}

@Suite("Workout text format: each form")
struct WorkoutTextFormTests {
  @Test(
    "Lengths",
    arguments: [
      ("1h", 3600), ("10m", 600), ("30s", 30), ("1m30", 90), ("1:30", 90), ("1h30m", 5400), ("1m30s", 90),
      ("1:00:00", 3600), ("1h30", 5400), ("1h30m15s", 5415), ("1h30m15", 5415), ("1h15s", 3615), ("0:45", 45),
      ("90:00", 5400), ("0h10m", 600), ("24h", 86_400), ("86400s", 86_400), ("23:59:60", -1), ("10M", 600),
      ("1H30M", 5400), ("00:00:01", 1),
    ] as [(String, Int)])
  func lengths(text: String, seconds: Int) throws {
    if seconds < 0 {
      #expect(failure("- \(text)") != nil)
    } else {
      #expect(try step("- \(text)")?.length == .seconds(seconds))
    }
  }

  @Test("lap ends the step on a lap, in any case; the total is then unknown")
  func lap() throws {
    #expect(try step("- lap")?.length == .untilLap)
    #expect(try step("- Climb LAP 80%")?.length == .untilLap)
    #expect(try readWorkout("- 10m\n- lap").totalSeconds == nil)
  }

  @Test(
    "Targets in percent and zones",
    arguments: [
      ("75%", .steady(low: 75, high: 75)), ("88-92%", .steady(low: 88, high: 92)),
      ("92-88%", .steady(low: 88, high: 92)), ("87.5%", .steady(low: 87.5, high: 87.5)),
      ("0%", .steady(low: 0, high: 0)), ("1000%", .steady(low: 1000, high: 1000)),
      ("0-1000%", .steady(low: 0, high: 1000)), ("ramp 50-75%", .ramp(from: 50, to: 75)),
      ("ramp 60-40%", .ramp(from: 60, to: 40)), ("RAMP 50-50%", .ramp(from: 50, to: 50)),
      ("Z1", .steady(low: 0, high: 55)), ("Z2", .steady(low: 56, high: 75)), ("z3", .steady(low: 76, high: 90)),
      ("Z4", .steady(low: 91, high: 105)), ("Z5", .steady(low: 106, high: 120)),
      ("Z6", .steady(low: 121, high: 150)), ("Z7", .steady(low: 151, high: 200)),
    ] as [(String, WorkoutStep.Target)])
  func targets(text: String, target: WorkoutStep.Target) throws {
    let step = try step("- 10m \(text)")
    #expect(step?.target == target)
    #expect(step?.kind == .active)
  }

  @Test("Watts are percent of the FTP given above")
  func watts() throws {
    #expect(try step("ftp 250\n- 10m 220w")?.target == .steady(low: 88, high: 88))
    #expect(try step("FTP 250W\n- 10m 220-250W")?.target == .steady(low: 88, high: 100))
    #expect(try step("ftp 200\n- 10m ramp 300-100w")?.target == .ramp(from: 150, to: 50))
    #expect(try step("ftp 250\n- 10m 2500w")?.target == .steady(low: 1000, high: 1000))
    #expect(try step("ftp 300\n- 10m 0w")?.target == .steady(low: 0, high: 0))
  }

  @Test("free is a kind without a target; a step without a target has none")
  func free() throws {
    #expect(try step("- 10m free") == Step(name: "Free ride", kind: .free, length: .seconds(600)))
    #expect(try step("- 10m") == Step(name: "Active", kind: .active, length: .seconds(600)))
  }

  @Test("Cadence")
  func cadence() throws {
    #expect(try step("- 10m 90rpm")?.cadence == 90)
    #expect(try step("- 10m 75% 100RPM")?.cadence == 100)
    #expect(try step("- 10m 1rpm")?.cadence == 1)
    #expect(try step("- 10m 250rpm")?.cadence == 250)
    #expect(try step("- 10m")?.cadence == nil)
  }

  @Test(
    "Kind words in any case, and the name each kind gives a step without a label",
    arguments: [
      ("warmup", WorkoutStep.Kind.warmup, "Warm-up"), ("Active", .active, "Active"), ("REST", .rest, "Rest"),
      ("CoolDown", .cooldown, "Cool-down"), ("free", .free, "Free ride"), ("max", .max, "Max effort"),
    ])
  func kinds(word: String, kind: WorkoutStep.Kind, name: String) throws {
    let step = try step("- 1m \(word)")
    #expect(step?.kind == kind)
    #expect(step?.name == name)
    #expect(WorkoutText.defaultName(kind) == name)
  }

  @Test("Target, cadence and kind come in any order")
  func anyOrder() throws {
    let expected = Step(
      name: "Easy", kind: .rest, length: .seconds(300), target: .steady(low: 55, high: 55), cadence: 85)
    #expect(try step("- Easy 5m 55% 85rpm rest") == expected)
    #expect(try step("- Easy 5m rest 85rpm 55%") == expected)
    #expect(try step("- Easy 5m 85rpm rest 55%") == expected)
  }

  @Test("The label is every word before the length, blanks made single spaces")
  func labels() throws {
    #expect(try step("- Sweet   spot\t10m")?.name == "Sweet spot")
    #expect(try step("- 4th set of 3 10m 75%")?.name == "4th set of 3")
    #expect(try step("- Rest and spin 5m")?.kind == .active)
    #expect(try step("- Crème brûlée 🚴‍♂️ 1m")?.name == "Crème brûlée 🚴‍♂️")
    #expect(try step("-10m 75%") == Step(name: "Active", kind: .active, length: .seconds(600), target: .steady(low: 75, high: 75)))
    #expect(try step("-Spin 10m")?.name == "Spin")
    let longest = String(repeating: "a", count: Workout.Limits.textCharacters)
    #expect(try step("- \(longest) 1m")?.name == longest)
  }

  @Test("# names the workout; ftp sets the watts")
  func nameAndFTP() throws {
    let workout = try readWorkout("#   Hill   repeats  \nftp 2000\n- 10m")
    #expect(workout.name == "Hill repeats")
    #expect(workout.ftp == 2000)
    #expect(try readWorkout("## Markdown style\n- 10m").name == "Markdown style")
    #expect(try readWorkout("#Tight\n- 10m").name == "Tight")
    #expect(try readWorkout("- 10m\n  # Late and indented").name == "Late and indented")
    #expect(try readWorkout("ftp 1\n- 10m").ftp == 1)
    #expect(try readWorkout("- 10m").name == nil)
    // `ftp` not followed by a number is a title.
    #expect(try readWorkout("FTP test\n- 20m 100%").steps.count == 1)
  }

  @Test("Cues: any offset inside the step, sorted by offset, equal offsets as written")
  func cues() throws {
    let text = """
      - 10m
        @9m59s Last second
        @0s Go
        @1:30 Settle
        @1m30 Again
      @5m Not indented
      """
    #expect(
      try step(text)?.cues == [
        .init(offset: 0, text: "Go"), .init(offset: 90, text: "Settle"), .init(offset: 90, text: "Again"),
        .init(offset: 300, text: "Not indented"), .init(offset: 599, text: "Last second"),
      ])
    // A lap step takes offsets up to 24 hours.
    #expect(try step("- lap\n  @24h Still going")?.cues == [.init(offset: 86_400, text: "Still going")])
    // The text keeps its words, blanks made single spaces; a comment ends it.
    #expect(try step("- 1m\n  @0s Spin  up\tnow ; not this")?.cues == [.init(offset: 0, text: "Spin up now")])
    // Comment lines may come between a step and its cues.
    #expect(try step("- 1m\n; note\n  @30s Half")?.cues.count == 1)
    let most = (0..<Workout.Limits.cues).map { "  @\($0)s c\($0)" }.joined(separator: "\n")
    #expect(try step("- 1h\n" + most)?.cues.count == Workout.Limits.cues)
  }

  @Test("Repeat blocks end at a blank line, a title or a # line")
  func blocks() throws {
    #expect(try readWorkout("3x\n- 1m\n- 2m").steps.count == 6)
    // With no blank line, a step below a block belongs to it.
    #expect(try readWorkout("2x\n- 1m\n- 2m\n- 3m").steps.count == 6)
    #expect(try readWorkout("2x\n- 1m\n\n- 3m").steps.map(\.length.seconds) == [60, 60, 180])
    #expect(try readWorkout("2x\n- 1m\n3x\n- 2m").steps.map(\.length.seconds) == [60, 60, 120, 120, 120])
    #expect(try readWorkout("2x\n- 1m\n# Name\n- 2m").steps.map(\.length.seconds) == [60, 60, 120])
    #expect(try readWorkout("2x\n- 1m\nCooldown\n- 2m").steps.map(\.length.seconds) == [60, 60, 120])
    #expect(try readWorkout("2X\n- 1m").steps.count == 2)
    #expect(try readWorkout("Once 1x\n- 1m").steps.count == 1)
    // A comment line does not end a block; an ftp line neither.
    #expect(try readWorkout("2x\n- 1m\n; between\n- 2m").steps.count == 4)
    #expect(try readWorkout("2x\n- 1m\nftp 250\n- 2m 220w").steps.count == 4)
    // Names are kept as written in every repetition.
    #expect(try readWorkout("Main set 3x\n- Sweet spot 1m").steps.map(\.name) == ["Sweet spot", "Sweet spot", "Sweet spot"])
    // The most repetitions, and exactly the most steps.
    let hundred = "100x\n" + String(repeating: "- 1s\n", count: 10)
    #expect(try readWorkout(hundred).steps.count == Workout.Limits.steps)
  }

  @Test("CR LF, a byte order mark, tabs, Unicode spaces, comments and blank lines")
  func lines() throws {
    let text = "\u{FEFF}# Name\r\nftp 250\r\n\r\n; a comment\r\n\t- Spin\u{00A0}10m\t75% ; easy\r\n\t\t@1m Go\r\n"
    let workout = try readWorkout(text)
    #expect(workout.name == "Name")
    #expect(
      workout.steps == [
        Step(
          name: "Spin", kind: .active, length: .seconds(600), target: .steady(low: 75, high: 75),
          cues: [.init(offset: 60, text: "Go")])
      ])
  }

  @Test("Text exactly at the size limit is read")
  func sizeLimit() throws {
    let head = "- 10m\n"
    let text = head + String(repeating: ";", count: Workout.Limits.bytes - head.utf8.count)
    #expect(text.utf8.count == Workout.Limits.bytes)
    #expect(try readWorkout(text).steps.count == 1)
  }
}

@Suite("Workout text format: errors")
struct WorkoutTextErrorTests {
  @Test("A text too long or without a step is refused as a whole")
  func whole() {
    let long = String(repeating: "a", count: Workout.Limits.bytes + 1)
    #expect(failure(long) == WorkoutError(.whole, "expected at most 1048576 bytes of text, found 1048577"))
    let none = WorkoutError(.whole, "expected at least one step ('- 10m 75%'), found none")
    #expect(failure("") == none)
    #expect(failure("\n\n") == none)
    #expect(failure("# Name\nftp 250\n; nothing else") == none)
  }

  @Test(
    "Each error names its line, its column and what was expected",
    arguments: [
      // Lines none of the forms.
      ("- 10m\n  Stay seated", 2, 3, "expected '- ' for a step or '@' for a cue on an indented line, found 'Stay'"),
      ("  3x\n- 1m", 1, 3, "expected '- ' for a step or '@' for a cue on an indented line, found '3x'"),
      ("Easy 10m 55%", 1, 6, "expected '- ' at the start of a step, found a title with the length '10m'"),
      ("- 10m\r75%", 1, 6, "expected printable text, found the control character U+000D"),
      ("- 10m\n# Bell\u{7}", 2, 7, "expected printable text, found the control character U+0007"),
      ("- 10m ; \u{1B}[2J", 1, 9, "expected printable text, found the control character U+001B"),
      ("- 10m\u{2028}", 1, 6, "expected printable text, found the separator U+2028"),
      ("- Caf\u{E9} 10m\u{85}", 1, 11, "expected printable text, found the control character U+0085"),
      ("- 10m ; \u{2029}", 1, 9, "expected printable text, found the separator U+2029"),
      ("# A\u{9F}", 1, 4, "expected printable text, found the control character U+009F"),
      // The name.
      ("#\n- 10m", 1, 2, "expected a name after '#', found the end of the line"),
      ("  ## ; none\n- 10m", 1, 5, "expected a name after '#', found the end of the line"),
      ("# A\n- 10m\n# B", 3, 1, "expected one '#' name line, found a second (the first is on line 1)"),
      ("# " + String(repeating: "n", count: 201) + "\n- 1m", 1, 3, "expected a name of at most 200 characters, found 201"),
      // The FTP.
      ("ftp 0\n- 10m", 1, 5, "expected the FTP in watts from 1 to 2000 (ftp 250), found '0'"),
      ("ftp 2001", 1, 5, "expected the FTP in watts from 1 to 2000 (ftp 250), found '2001'"),
      ("ftp -250", 1, 5, "expected the FTP in watts from 1 to 2000 (ftp 250), found '-250'"),
      ("ftp 250.5", 1, 5, "expected the FTP in watts from 1 to 2000 (ftp 250), found '250.5'"),
      ("ftp 99999999999999999999", 1, 5, "expected the FTP in watts from 1 to 2000 (ftp 250), found '99999999999999999999'"),
      ("ftp 250 w", 1, 9, "expected the end of the line after the FTP, found 'w'"),
      ("ftp 250\n- 10m\nftp 260", 3, 1, "expected one 'ftp' line, found a second (the first is on line 1)"),
      // Repeat blocks and titles.
      ("0x\n- 1m", 1, 1, "expected a repeat count from 1 to 100 (3x), found '0x'"),
      ("Main set 101x\n- 1m", 1, 10, "expected a repeat count from 1 to 100 (3x), found '101x'"),
      ("1000x\n- 1m", 1, 1, "expected a repeat count from 1 to 100 (3x), found '1000x'"),
      ("99999999999999999999x\n- 1m", 1, 1, "expected a repeat count from 1 to 100 (3x), found '99999999999999999999x'"),
      ("3x\n\n- 10m", 1, 1, "expected a step in the block '3x', found none"),
      ("Main set 3x\n# Name\n- 10m", 1, 10, "expected a step in the block 'Main set 3x', found none"),
      ("- 10m\nMain set 2x", 2, 10, "expected a step in the block 'Main set 2x', found none"),
      ("2x\n3x\n- 1m", 1, 1, "expected a step in the block '2x', found none"),
      ("Warmup\n\n- 10m", 1, 1, "expected a step under 'Warmup', found none"),
      ("- 10m\nCooldown ; nothing follows", 2, 1, "expected a step under 'Cooldown', found none"),
      // Lengths.
      ("- Easy spin", 1, 12, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found the end of the line"),
      ("-", 1, 2, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found the end of the line"),
      ("- ; 10m", 1, 2, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found the end of the line"),
      ("- 1.5m", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '1.5m'"),
      ("- 1:5", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '1:5'"),
      ("- 1:60", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '1:60'"),
      ("- 30s15", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '30s15'"),
      ("- 1s1m", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '1s1m'"),
      ("- 1m1m", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '1m1m'"),
      ("- 10ms", 1, 3, "expected a length (1h, 10m, 30s, 1m30, 1:30 or lap), found '10ms'"),
      ("- Warm up 0m", 1, 11, "expected a length above zero, found '0m'"),
      ("- 0:00", 1, 3, "expected a length above zero, found '0:00'"),
      ("- -5m", 1, 3, "expected a length above zero, found '-5m'"),
      ("--5m", 1, 2, "expected a length above zero, found '-5m'"),
      ("- 25h", 1, 3, "expected a length of at most 24h, found '25h'"),
      ("- 86401s", 1, 3, "expected a length of at most 24h, found '86401s'"),
      ("- 24:00:01", 1, 3, "expected a length of at most 24h, found '24:00:01'"),
      ("- 99999999999999999999m", 1, 3, "expected a length of at most 24h, found '99999999999999999999m'"),
      ("- 10m 5m", 1, 7, "expected one length per step, found '5m' as well"),
      ("- Last lap 5m", 1, 12, "expected one length per step, found '5m' as well"),
      // The label.
      ("- 75% 10m", 1, 3, "expected the length first (- 10m 75% 90rpm), found '75%'"),
      ("- Endurance Z2 30m", 1, 13, "expected the length first (- 10m 75% 90rpm), found 'Z2'"),
      ("- 90rpm 10m", 1, 3, "expected the length first (- 10m 75% 90rpm), found '90rpm'"),
      ("- " + String(repeating: "l", count: 201) + " 1m", 1, 3, "expected a label of at most 200 characters, found a longer one"),
      ("- " + String(repeating: "l ", count: 101) + "1m", 1, 3, "expected a label of at most 200 characters, found a longer one"),
      // Words after the length.
      ("- 10m 75% hard", 1, 11, "expected a target, a cadence or a kind (75%, 90rpm, rest), found 'hard'"),
      ("- 10m .5%", 1, 7, "expected a target, a cadence or a kind (75%, 90rpm, rest), found '.5%'"),
      ("- 10m 90 rpm", 1, 7, "expected a target, a cadence or a kind (75%, 90rpm, rest), found '90'"),
      ("- 🚴‍♂️ 10m fast", 1, 9, "expected a target, a cadence or a kind (75%, 90rpm, rest), found 'fast'"),
      ("- Cafe\u{301} 10m\tfast", 1, 12, "expected a target, a cadence or a kind (75%, 90rpm, rest), found 'fast'"),
      // Targets.
      ("- 10m 5--6%", 1, 7, "expected a target (75%, 88-92%, 220w, 220-250w, ramp 50-75%, Z2 or free), found '5--6%'"),
      ("- 10m 5.%", 1, 7, "expected a target (75%, 88-92%, 220w, 220-250w, ramp 50-75%, Z2 or free), found '5.%'"),
      ("- 10m 1.2.3%", 1, 7, "expected a target (75%, 88-92%, 220w, 220-250w, ramp 50-75%, Z2 or free), found '1.2.3%'"),
      ("- 10m 50-%", 1, 7, "expected a target (75%, 88-92%, 220w, 220-250w, ramp 50-75%, Z2 or free), found '50-%'"),
      ("- 10m 1001%", 1, 7, "expected a percent of FTP from 0 to 1000, found '1001%'"),
      ("- 10m 50-1200%", 1, 7, "expected a percent of FTP from 0 to 1000, found '50-1200%'"),
      ("- 10m -5%", 1, 7, "expected a percent of FTP from 0 to 1000, found '-5%'"),
      ("- 10m 99999999999999999999%", 1, 7, "expected a percent of FTP from 0 to 1000, found '99999999999999999999%'"),
      ("- 10m 220w", 1, 7, "expected an 'ftp' line before a target in watts, found '220w'"),
      ("- 10m 220w\nftp 250", 1, 7, "expected an 'ftp' line before a target in watts, found '220w'"),
      ("ftp 250\n- 10m 2501w", 2, 7, "expected at most 2500w (1000% of ftp 250), found '2501w'"),
      ("ftp 250\n- 10m -5w", 2, 7, "expected watts of zero or more, found '-5w'"),
      ("- 10m ramp", 1, 11, "expected a range after 'ramp' (ramp 50-75%), found the end of the line"),
      ("- 10m ramp 75%", 1, 12, "expected a range after 'ramp' (ramp 50-75%), found '75%'"),
      ("- 10m ramp Z2", 1, 12, "expected a range after 'ramp' (ramp 50-75%), found 'Z2'"),
      ("- 10m ramp 50-1001%", 1, 12, "expected a percent of FTP from 0 to 1000, found '50-1001%'"),
      ("- 10m Z8", 1, 7, "expected a power zone from Z1 to Z7, found 'Z8'"),
      ("- 10m Z0", 1, 7, "expected a power zone from Z1 to Z7, found 'Z0'"),
      ("- 10m 75% Z2", 1, 11, "expected one target per step, found 'Z2' as well"),
      ("- 10m Z2 ramp 50-60%", 1, 10, "expected one target per step, found 'ramp' as well"),
      ("- 10m 75% free", 1, 7, "expected no target on a free step, found '75%'"),
      ("- 20s max 150%", 1, 11, "expected no target on a max step, found '150%'"),
      ("- 20s ramp 50-60% max", 1, 7, "expected no target on a max step, found 'ramp'"),
      // Cadence and kind.
      ("- 10m 0rpm", 1, 7, "expected a cadence from 1 to 250 (90rpm or 90-100rpm), found '0rpm'"),
      ("- 10m 251rpm", 1, 7, "expected a cadence from 1 to 250 (90rpm or 90-100rpm), found '251rpm'"),
      ("- 10m 90.5rpm", 1, 7, "expected a cadence from 1 to 250 (90rpm or 90-100rpm), found '90.5rpm'"),
      ("- 10m -90rpm", 1, 7, "expected a cadence from 1 to 250 (90rpm or 90-100rpm), found '-90rpm'"),
      ("- 10m 90-300rpm", 1, 7, "expected a cadence from 1 to 250 (90rpm or 90-100rpm), found '90-300rpm'"),
      ("- 10m 90--100rpm", 1, 7, "expected a cadence from 1 to 250 (90rpm or 90-100rpm), found '90--100rpm'"),
      ("- 10m 90rpm 95rpm", 1, 13, "expected one cadence per step, found '95rpm' as well"),
      ("- 10m rest warmup", 1, 12, "expected one kind per step, found 'warmup' as well"),
      ("- 10m free free", 1, 12, "expected one kind per step, found 'free' as well"),
      // Cues.
      ("@8m Go\n- 10m", 1, 1, "expected a cue right under a step, found '@8m'"),
      ("- 10m\n\n  @8m Go", 3, 3, "expected a cue right under a step, found '@8m'"),
      ("- 10m\nMain 2x\n@8m Go", 3, 1, "expected a cue right under a step, found '@8m'"),
      ("- 10m\nftp 250\n@8m Go", 3, 1, "expected a cue right under a step, found '@8m'"),
      ("- 10m\n  @abc Go", 2, 3, "expected an offset after '@' (@8m, @30s, @1:30), found '@abc'"),
      ("- 10m\n  @ Go", 2, 3, "expected an offset after '@' (@8m, @30s, @1:30), found '@'"),
      ("- 10m\n  @8 Go", 2, 3, "expected an offset after '@' (@8m, @30s, @1:30), found '@8'"),
      ("- 10m\n  @lap Go", 2, 3, "expected an offset after '@' (@8m, @30s, @1:30), found '@lap'"),
      ("- 10m\n  @-1m Go", 2, 3, "expected an offset of zero or more, found '@-1m'"),
      ("- 10m\n  @10m Go", 2, 3, "expected an offset under the step's length (10m), found '@10m'"),
      ("- 1:30\n@99999999999999999999s Go", 2, 1, "expected an offset under the step's length (1:30), found '@99999999999999999999s'"),
      ("- lap\n @24h1s Go", 2, 2, "expected an offset of at most 24h, found '@24h1s'"),
      ("- 10m\n  @8m", 2, 6, "expected the cue's text after '@8m', found the end of the line"),
      ("- 10m\n  @8m ; Go", 2, 6, "expected the cue's text after '@8m', found the end of the line"),
      ("- 10m\n  @8m " + String(repeating: "c", count: 201), 2, 7, "expected a cue of at most 200 characters, found 201"),
    ] as [(String, Int, Int, String)])
  func located(text: String, line: Int, column: Int, message: String) {
    #expect(failure(text) == at(line, column, message))
  }

  @Test("At most 1000 steps once repeats are unrolled, and 100 cues a step")
  func counts() {
    let top = String(repeating: "- 1s\n", count: Workout.Limits.steps + 1)
    #expect(failure(top) == at(1001, 1, "expected at most 1000 steps after repeats are unrolled, found 1001"))
    let block = "100x\n" + String(repeating: "- 1s\n", count: 11)
    #expect(failure(block) == at(12, 1, "expected at most 1000 steps after repeats are unrolled, found 1100"))
    let after = "- 1s\n100x\n" + String(repeating: "- 1s\n", count: 10)
    #expect(failure(after) == at(12, 1, "expected at most 1000 steps after repeats are unrolled, found 1001"))
    let cues = (0...Workout.Limits.cues).map { "  @\($0)s c" }.joined(separator: "\n")
    #expect(failure("- 1h\n" + cues) == at(102, 3, "expected at most 100 cues in one step, found 101"))
  }

  @Test("Messages start in lower case and end without a period")
  func messageStyle() {
    for text in ["", "- x", "# A\n# B", "- 10m 1001%", "3x\n\n- 1m"] {
      guard let message = failure(text)?.message else {
        Issue.record("\(text) was read")
        continue
      }
      #expect(message.first?.isLowercase == true)
      #expect(message.last != ".")
    }
  }
}

// MARK: - Generated inputs

@Suite("Workout text format: generated inputs")
struct WorkoutTextFuzzTests {
  static let seeds = [
    """
    # Sweet spot 3x10
    ftp 250
    - Warm up 10m ramp 50-75% 90rpm warmup
    Main set 3x
    - Sweet spot 10m 88-92% 90rpm
      @8m Stay seated
    - Easy 5m 55% rest

    - 8m ramp 60-40% cooldown
    """,
    "# Track\n- Jog 10m Z2 warmup\nTrack 6x\n- Run 1m30 Z5\n- Walk 90s rest\n  @1:00 Get ready\n\n- Jog 5m Z1 cooldown",
    "# Tabata\r\n- 10m 60% warmup\r\nTabata 8x\r\n- 20s max\r\n- 10s rest\r\n\r\n- 5m free ; spin\r\n",
    "ftp 300\n- 1h30m 200-250w\n- lap\n\t@1:00:00 One hour\n- 1:00:00 ramp 300-100w 85rpm",
  ]

  static let pieces = [
    "99999999999999999999m", "0m", "-5m", "0x", "1000x", "100x", "3x\n", "\n\n", "\n", "@", "@0s ", "@99h x",
    "; ", "#", "ftp ", "ftp 0\n", "lap", "ramp", "%", "w", "rpm", "Z9", "Z", "-", "- ", ":", "1:", "::", "1.",
    "\t", "\r", "\r\n", "\u{FEFF}", "\u{0}", "é", "\u{301}", "🚴‍♂️", "\u{2028}", "\u{A0}", "x", "99999999999999999999",
  ]

  static let alphabet = Array("0123456789 -@#;%:.xXwWhmsrpZ\n\t\rlapfreemax".utf8)
  static let numbers = ["0", "-1", "99999999999999999999", "100000", "86401"].map { Array($0.utf8) }

  /// A valid workout changed in a few random places, byte by byte (a cut through a character
  /// reads as U+FFFD).
  static func mutated(_ random: inout SplitMix64) -> String {
    var bytes = Array(seeds[Int(random.next() % UInt64(seeds.count))].utf8)
    for _ in 0..<(1 + random.next() % 5) {
      let place = Int(random.next() % UInt64(bytes.count + 1))
      switch random.next() % 6 {
      case 0 where place < bytes.count:
        bytes.remove(at: place)
      case 1:
        bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: place)
      case 2 where place < bytes.count:
        let end = min(bytes.count, place + 1 + Int(random.next() % 12))
        let run = bytes[place..<end]
        for _ in 0..<(1 + random.next() % 3) { bytes.insert(contentsOf: run, at: place) }
      case 3:
        bytes.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))].utf8, at: place)
      case 4 where place < bytes.count:
        // A digit replaced by a number: zero, negative or huge.
        if Shape.isDigit(bytes[place]) {
          bytes.replaceSubrange(place...place, with: numbers[Int(random.next() % UInt64(numbers.count))])
        }
      default:
        // The line around `place` repeated at the end, up to 40 times.
        var start = min(place, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        let line = bytes[start..<end]
        for _ in 0..<(1 + random.next() % 40) {
          bytes.append(0x0A)
          bytes += line
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let common = Array("- 10m75%@#;x\n\t:".utf8)

  /// Random bytes, read as UTF-8 (invalid sequences become U+FFFD).
  static func bytes(_ random: inout SplitMix64) -> String {
    let count = Int(random.next() % 200)
    var bytes: [UInt8] = []
    for _ in 0..<count {
      // Mostly the format's own characters, so some lines get far.
      let roll = random.next()
      if roll % 3 == 0 {
        bytes.append(UInt8(truncatingIfNeeded: roll >> 8))
      } else {
        bytes.append(common[Int((roll >> 8) % UInt64(common.count))])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What is wrong with a workout that was read, if anything: every limit must hold.
  static func violation(_ workout: Workout) -> String? {
    typealias Limits = Workout.Limits
    if workout.steps.isEmpty || workout.steps.count > Limits.steps { return "\(workout.steps.count) steps" }
    if let name = workout.name, name.isEmpty || name.count > Limits.textCharacters { return "name \(name)" }
    if let ftp = workout.ftp, !(1...Limits.ftp).contains(ftp) { return "ftp \(ftp)" }
    for step in workout.steps {
      if step.name.isEmpty || step.name.count > Limits.textCharacters { return "label \(step.name)" }
      if case .seconds(let seconds) = step.length, !(1...Limits.stepSeconds).contains(seconds) {
        return "length \(seconds)"
      }
      if let target = step.target {
        for value in [target.low, target.high] where !(value.isFinite && value >= 0 && value <= Limits.percent) {
          return "target \(target)"
        }
        if step.kind == .free || step.kind == .max { return "target on \(step.kind)" }
      }
      if let cadence = step.cadence, !(1...Limits.cadence).contains(cadence) { return "cadence \(cadence)" }
      if step.cues.count > Limits.cues { return "\(step.cues.count) cues" }
      let end = step.length.seconds ?? (Limits.stepSeconds + 1)
      for cue in step.cues where cue.offset < 0 || cue.offset >= end || cue.text.isEmpty || cue.text.count > Limits.textCharacters {
        return "cue \(cue)"
      }
      if step.cues.map(\.offset) != step.cues.map(\.offset).sorted() { return "cues out of order" }
    }
    return nil
  }

  /// Whether `text` was read, and what is wrong with the answer, if anything.
  static func check(_ text: String) -> (read: Bool, problem: String?) {
    let lines = text.unicodeScalars.count { $0 == "\n" } + 1
    do {
      return (true, try violation(WorkoutText.parse(text).workout))
    } catch {
      switch error.place {
      case .text(let line, let column):
        if line < 1 || line > lines || column < 1 { return (false, "place \(error)") }
      case .whole: break
      case .element: return (false, "place \(error)")
      }
      if error.message.isEmpty || error.message.first?.isUppercase == true || error.message.hasSuffix(".") {
        return (false, "message \(error.message)")
      }
      return (false, nil)
    }
  }

  @Test("5 000 malformed inputs are read within every limit or refused, never a crash")
  func generated() {
    var random = SplitMix64(state: 0x5EED_2026_1123)
    var problems: [String] = []
    var read = 0
    var refused = 0
    for index in 0..<5_000 {
      let text = index % 5 == 4 ? Self.bytes(&random) : Self.mutated(&random)
      let (wasRead, problem) = Self.check(text)
      if let problem { problems.append("\(problem) in \(text.debugDescription.prefix(300))") }
      if wasRead { read += 1 } else { refused += 1 }
    }
    #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(3))")
    // Both outcomes occur, so the generator reaches past the first error.
    #expect(read > 100)
    #expect(refused > 1_000)
  }

  @Test("Ten megabytes are refused at once; a megabyte of steps stops at the step limit")
  func large() {
    let huge = String(repeating: "- 10m 75%\n", count: 1_000_000)
    #expect(failure(huge) == WorkoutError(.whole, "expected at most 1048576 bytes of text, found 10000000"))
    let megabyte = String(repeating: "- 1s\n", count: Workout.Limits.bytes / 5)
    #expect(failure(megabyte) == at(1001, 1, "expected at most 1000 steps after repeats are unrolled, found 1001"))
    // One line of a megabyte: a label of 524 286 words.
    let words = Workout.Limits.bytes / 2 - 2
    let oneLine = "- " + String(repeating: "a ", count: words) + "1m"
    #expect(oneLine.utf8.count == Workout.Limits.bytes)
    #expect(failure(oneLine) == at(1, 3, "expected a label of at most 200 characters, found a longer one"))
  }
}

// MARK: - intervals.icu's text

@Suite("Workout text format: what intervals.icu writes")
struct WorkoutTextIntervalsTests {
  @Test(
    "A cadence range 100-110rpm is read as its middle, as a .zwo file's CadenceLow and CadenceHigh are",
    arguments: [("100-110rpm", 105), ("110-100rpm", 105), ("90-95rpm", 93), ("1-250rpm", 126), ("90-90rpm", 90)])
  func cadenceRange(text: String, cadence: Int) throws {
    #expect(try step("- 10m 75% \(text)")?.cadence == cadence)
  }

  @Test("ramp 50%-75% and 88%-92% are read as ramp 50-75% and 88-92%; 220w-250w as 220-250w")
  func unitOnBothEnds() throws {
    #expect(try step("- 10m ramp 50%-75%")?.target == .ramp(from: 50, to: 75))
    #expect(try step("- 10m 88%-92%")?.target == .steady(low: 88, high: 92))
    #expect(try step("ftp 250\n- 10m 220w-250w")?.target == .steady(low: 88, high: 100))
    #expect(try step("- 10m ramp 60%-40% cooldown")?.target == .ramp(from: 60, to: 40))
  }

  @Test(
    "intensity=active, rest, warmup and cooldown give the step's kind",
    arguments: [
      ("intensity=active", WorkoutStep.Kind.active), ("intensity=rest", .rest), ("intensity=warmup", .warmup),
      ("Intensity=CoolDown", .cooldown),
    ])
  func intensity(word: String, kind: WorkoutStep.Kind) throws {
    #expect(try step("- Easy 5m 55% \(word)")?.kind == kind)
  }

  @Test(
    "What Splits cannot ride is refused by name: heart rate, pace, distance, a length without its unit",
    arguments: [
      ("- 1km 75%", 1, 3, "expected a length in time (10m, 1:30) or lap, found the distance '1km': distance steps are not supported yet"),
      ("- 2km Z3 Pace", 1, 3, "expected a length in time (10m, 1:30) or lap, found the distance '2km': distance steps are not supported yet"),
      ("- Track 400mtr 90rpm", 1, 9, "expected a length in time (10m, 1:30) or lap, found the distance '400mtr': distance steps are not supported yet"),
      ("- 2.5mi", 1, 3, "expected a length in time (10m, 1:30) or lap, found the distance '2.5mi': distance steps are not supported yet"),
      ("- 10m 2km", 1, 7, "expected a target, a cadence or a kind, found the distance '2km': distance steps are not supported yet"),
      ("- 90 50%", 1, 3, "expected a length with its unit (90s or 90m), found '90'"),
      ("- Easy 45", 1, 8, "expected a length with its unit (45s or 45m), found '45'"),
      ("- 10m 70% HR", 1, 11, "expected a power target (75%, 220w or Z2), found 'HR': heart-rate targets are not supported yet"),
      ("- 10m Z2 HR", 1, 10, "expected a power target (75%, 220w or Z2), found 'HR': heart-rate targets are not supported yet"),
      ("- 10m 95% LTHR", 1, 11, "expected a power target (75%, 220w or Z2), found 'LTHR': heart-rate targets are not supported yet"),
      ("- 10m 75%HR", 1, 7, "expected a power target (75%, 220w or Z2), found '75%HR': heart-rate targets are not supported yet"),
      ("- 10m 140bpm", 1, 7, "expected a power target (75%, 220w or Z2), found '140bpm': heart-rate targets are not supported yet"),
      ("- 10m Z3 Pace", 1, 10, "expected a power target (75%, 220w or Z2), found 'Pace': pace targets are not supported yet"),
      ("- 10m 90% pace", 1, 11, "expected a power target (75%, 220w or Z2), found 'pace': pace targets are not supported yet"),
      ("- 10m 5:00/km", 1, 7, "expected a power target (75%, 220w or Z2), found '5:00/km': pace targets are not supported yet"),
      ("- 10m intensity=interval", 1, 7, "expected intensity=active, rest, warmup or cooldown, found 'intensity=interval'"),
      ("- 10m rest intensity=rest", 1, 12, "expected one kind per step, found 'intensity=rest' as well"),
    ] as [(String, Int, Int, String)])
  func refusedByName(text: String, line: Int, column: Int, message: String) {
    #expect(failure(text) == at(line, column, message))
  }

  @Test("A word holding a distance unit stays a label before a time length")
  func distanceInLabel() throws {
    #expect(try step("- Climb 2km 10m 80%")?.name == "Climb 2km")
    #expect(try step("- 4th set of 3 10m 75%")?.name == "4th set of 3")
  }
}
