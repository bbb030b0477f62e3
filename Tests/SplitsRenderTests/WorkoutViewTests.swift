import SplitsTestSupport
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsRender

/// Warm-up 10 min ramp 50→75 %, 3 × (10 min 88–92 % at 90 rpm with a cue at 8 min, 5 min
/// 55 %), cool-down 8 min ramp 60→40 %, FTP 250. With `lap`, the last recovery ends on `l`.
func sweetSpot(lap: Bool = false) -> Workout {
  var steps = [WorkoutStep(name: "Warm-up", kind: .warmup, length: .seconds(600), target: .ramp(from: 50, to: 75))]
  for n in 1...3 {
    steps.append(WorkoutStep(
      name: "Sweet spot \(n)", kind: .active, length: .seconds(600), target: .steady(low: 88, high: 92), cadence: 90,
      cues: [WorkoutStep.Cue(offset: 480, text: "Two minutes: stay seated")]))
    steps.append(WorkoutStep(
      name: "Recovery", kind: .rest, length: lap && n == 3 ? .untilLap : .seconds(300),
      target: .steady(low: 55, high: 55)))
  }
  steps.append(WorkoutStep(name: "Cool-down", kind: .cooldown, length: .seconds(480), target: .ramp(from: 60, to: 40)))
  return Workout(name: "Sweet spot 3×10", ftp: 250, steps: steps)
}

/// Ride 7 following `plan`: READY when `ms` is nil, else started at 0, then `keys` (key, ms),
/// then a tick at `ms`, all through the reducer.
func workoutRide(_ plan: Workout = sweetSpot(), keys: [(Character, Int64)] = [], at ms: Int64?) -> RideScreenState {
  var s = RideScreenState(ride: Ride(number: 7), precision: .cs, now: t(0))
  s.following.run = WorkoutRun(plan: plan, source: WorkoutSource(text: "sweet spot"))
  guard let ms else { return s }
  _ = RideReducer.reduce(&s, .key(.character(" "), at: t(0)))
  for (key, at) in keys { _ = RideReducer.reduce(&s, .key(.character(key), at: t(at))) }
  _ = RideReducer.reduce(&s, .tick(at: t(ms)))
  return s
}

/// Sweet spot 1 skipped at 11:40, the recoveries and efforts on time, 6:40 into the last
/// recovery, which ends on `l`.
func lapStepRide() -> RideScreenState { workoutRide(sweetSpot(lap: true), keys: [("l", 700_000)], at: 2_900_000) }

/// The same ride with the last recovery ended by `l` at 49:10 and the cool-down run out at
/// 57:10: the workout is complete and the ride paused there.
func completedRide() -> RideScreenState {
  workoutRide(sweetSpot(lap: true), keys: [("l", 700_000), ("l", 2_950_000)], at: 3_500_000)
}

func render(
  _ state: RideScreenState, _ columns: Int, _ rows: Int, plain: Bool = false, colors: Bool = true,
  language: Language = .en
) -> [String] {
  RideView.render(state, size: Size(columns: columns, rows: rows), options: ViewOptions(plain: plain, colors: colors, language: language)).lines
}

@Suite("Workout screen")
struct WorkoutViewTests {
  /// Running mid-step with a cue shown.
  @Test func midStepWithACue() {
    let state = workoutRide(at: 1_083_500)
    #expect(render(state, 80, 24) == [
      " Splits · Ride 7 · Sweet spot 3×10                                      RUNNING ",
      "                                                                                ",
      " 2/8 · Sweet spot 1 · active                                                    ",
      " 88–92% · 220–230 W · 90 rpm                                                    ",
      "                                                                                ",
      "                           █████   █     █████ █████                            ",
      "                           █   █  ██   █ █         █                            ",
      "                           █   █   █     █████    █                             ",
      "                           █   █   █   █     █   █                              ",
      "                           █████  ███    █████   █                              ",
      "                                  left in step                                  ",
      "                                                                                ",
      " » Two minutes: stay seated                                                     ",
      " Next: Recovery · 05:00 · 55% · 138 W                                           ",
      " ▄▅▅▅▅▅▅▆▆▆▆▆█████████████▅▅▅▅▅▅████████████▅▅▅▅▅▅▅████████████▅▅▅▅▅▅▅▅▅▅▄▄▄▄▄▄ ",
      "                       ▲                                                        ",
      " 18:03 / 44:57 left                                                             ",
      "                                                                                ",
      " Step        Planned  Actual  Ended                                             ",
      " 1  Warm-up    10:00   10:00  time                                              ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space pause  l skip step  ? help  q quit                                       ",
    ])
    #expect(render(state, 80, 24, plain: true, language: .ko) == [
      " Splits · 라이드 7 · Sweet spot 3×10                                    주행 중 ",
      "                                                                                ",
      " 2/8 · Sweet spot 1 · 운동                                                      ",
      " 88–92% · 220–230 W · 90 rpm                                                    ",
      "                                                                                ",
      " 01:57  단계 남은 시간                                                          ",
      "                                                                                ",
      " » Two minutes: stay seated                                                     ",
      " 다음: Recovery · 05:00 · 55% · 138 W                                           ",
      " ▄▅▅▅▅▅▅▆▆▆▆▆█████████████▅▅▅▅▅▅████████████▅▅▅▅▅▅▅████████████▅▅▅▅▅▅▅▅▅▅▄▄▄▄▄▄ ",
      "                       ▲                                                        ",
      " 18:03 / 남은 시간 44:57                                                        ",
      "                                                                                ",
      " 단계         계획   실제  종료                                                 ",
      " 1  Warm-up  10:00  10:00  시간                                                 ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space 일시정지  l 단계 건너뛰기  ? 도움말  q 종료                              ",
    ])
    #expect(render(state, 20, 5) == [
      " 2/8 · Sweet spot 1 ",
      " 88–92% · 220–230 W ",
      " 01:57  left in step",
      " » Two minutes: stay",
      " space pause  q quit",
    ])
    #expect(render(state, 20, 5, plain: true, language: .ko) == [
      " 2/8 · Sweet spot 1 ",
      " 88–92% · 220–230 W ",
      " 01:57  단계 남은 시",
      " » Two minutes: stay",
      " q 종료             ",
    ])
  }

  /// In a lap step, the time counting up.
  @Test func inALapStep() {
    let state = lapStepRide()
    #expect(render(state, 80, 24) == [
      " Splits · Ride 7 · Sweet spot 3×10                                      RUNNING ",
      "                                                                                ",
      " 7/8 · Recovery · rest                                                          ",
      " 55% · 138 W                                                                    ",
      "                                                                                ",
      "                           █████ █████   █   █ █████                            ",
      "                           █   █ █     █ █   █ █   █                            ",
      "                           █   █ █████   █████ █   █                            ",
      "                           █   █ █   █ █     █ █   █                            ",
      "                           █████ █████       █ █████                            ",
      "                           into the step · l ends it                            ",
      "                                                                                ",
      "                                                                                ",
      " Next: Cool-down · 08:00 · ramp 60→40% · 150→100 W                              ",
      " ▄▅▅▅▅▅▅▆▆▆▆▆█████████████▅▅▅▅▅▅████████████▅▅▅▅▅▅▅████████████▅▅▅▅▅▅▅▅▅▅▄▄▄▄▄▄ ",
      "                                                                     ▲          ",
      " 48:20 / time left unknown: a lap step is to come                               ",
      "                                                                                ",
      " Step             Planned  Actual  Ended                                        ",
      " 6  Sweet spot 3    10:00   10:00  time                                         ",
      " 5  Recovery        05:00   05:00  time                                         ",
      " 4  Sweet spot 2    10:00   10:00  time                                         ",
      "    … 3 earlier steps                                                           ",
      " space pause  l end step  ? help  q quit                                        ",
    ])
    #expect(render(state, 80, 24, plain: true, language: .ko) == [
      " Splits · 라이드 7 · Sweet spot 3×10                                    주행 중 ",
      "                                                                                ",
      " 7/8 · Recovery · 휴식                                                          ",
      " 55% · 138 W                                                                    ",
      "                                                                                ",
      " 06:40  단계 경과 · l 로 끝내기                                                 ",
      "                                                                                ",
      "                                                                                ",
      " 다음: Cool-down · 08:00 · 램프 60→40% · 150→100 W                              ",
      " ▄▅▅▅▅▅▅▆▆▆▆▆█████████████▅▅▅▅▅▅████████████▅▅▅▅▅▅▅████████████▅▅▅▅▅▅▅▅▅▅▄▄▄▄▄▄ ",
      "                                                                     ▲          ",
      " 48:20 / 랩 단계가 남아 남은 시간 모름                                          ",
      "                                                                                ",
      " 단계              계획   실제  종료                                            ",
      " 6  Sweet spot 3  10:00  10:00  시간                                            ",
      " 5  Recovery      05:00  05:00  시간                                            ",
      " 4  Sweet spot 2  10:00  10:00  시간                                            ",
      " 3  Recovery      05:00  05:00  시간                                            ",
      " 2  Sweet spot 1  10:00  01:40  건너뜀                                          ",
      " 1  Warm-up       10:00  10:00  시간                                            ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space 일시정지  l 단계 끝내기  ? 도움말  q 종료                                ",
    ])
    #expect(render(state, 20, 5) == [
      " 7/8 · Recovery     ",
      " 55% · 138 W        ",
      " 06:40  into the ste",
      " Next: Cool-down    ",
      " space pause  q quit",
    ])
    #expect(render(state, 20, 5, plain: true, language: .ko) == [
      " 7/8 · Recovery     ",
      " 55% · 138 W        ",
      " 06:40  단계 경과 · ",
      " 다음: Cool-down    ",
      " q 종료             ",
    ])
  }

  /// The summary when the last step ends.
  @Test func theSummary() {
    let state = completedRide()
    #expect(render(state, 80, 24) == [
      " Splits · Ride 7 · Sweet spot 3×10                                       PAUSED ",
      "                                                                                ",
      " Workout complete                                                               ",
      " Ridden 57:10 · planned 58:00 and lap steps                                     ",
      " On time 6 · on l 1 · skipped 1                                                 ",
      "                                                                                ",
      " Step             Planned  Actual  Ended                                        ",
      " 1  Warm-up         10:00   10:00  time                                         ",
      " 2  Sweet spot 1    10:00   01:40  skipped                                      ",
      " 3  Recovery        05:00   05:00  time                                         ",
      " 4  Sweet spot 2    10:00   10:00  time                                         ",
      " 5  Recovery        05:00   05:00  time                                         ",
      " 6  Sweet spot 3    10:00   10:00  time                                         ",
      " 7  Recovery          lap   07:30  lap                                          ",
      " 8  Cool-down       08:00   08:00  time                                         ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space ride on  r finish  ? help  q quit                                        ",
    ])
    #expect(render(state, 80, 24, plain: true, language: .ko) == [
      " Splits · 라이드 7 · Sweet spot 3×10                                   일시정지 ",
      "                                                                                ",
      " 워크아웃 완료                                                                  ",
      " 주행 57:10 · 계획 58:00 + 랩 단계                                              ",
      " 시간 종료 6 · l 종료 1 · 건너뜀 1                                              ",
      "                                                                                ",
      " 단계              계획   실제  종료                                            ",
      " 1  Warm-up       10:00  10:00  시간                                            ",
      " 2  Sweet spot 1  10:00  01:40  건너뜀                                          ",
      " 3  Recovery      05:00  05:00  시간                                            ",
      " 4  Sweet spot 2  10:00  10:00  시간                                            ",
      " 5  Recovery      05:00  05:00  시간                                            ",
      " 6  Sweet spot 3  10:00  10:00  시간                                            ",
      " 7  Recovery         랩  07:30  랩                                              ",
      " 8  Cool-down     08:00  08:00  시간                                            ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space 계속 주행  r 완료  ? 도움말  q 종료                                      ",
    ])
    #expect(render(state, 20, 5) == [
      " Splits · Ride 7    ",
      " Workout complete   ",
      " Ridden 57:10       ",
      " On time 6 · on l 1 ",
      " q quit             ",
    ])
    #expect(render(state, 20, 5, plain: true, language: .ko) == [
      " Splits · 라이드 7  ",
      " 워크아웃 완료      ",
      " 주행 57:10         ",
      " 시간 종료 6        ",
      " q 종료             ",
    ])
  }

  /// Ready, before the start: step 1 with all its time.
  @Test func readyBeforeTheStart() {
    let state = workoutRide(at: nil)
    #expect(render(state, 80, 24) == [
      " Splits · Ride 7 · Sweet spot 3×10                                        READY ",
      "                                                                                ",
      " 1/8 · Warm-up                                                                  ",
      " ramp 50→75% · 125→188 W                                                        ",
      "                                                                                ",
      "                             █   █████   █████ █████                            ",
      "                            ██   █   █ █ █   █ █   █                            ",
      "                             █   █   █   █   █ █   █                            ",
      "                             █   █   █ █ █   █ █   █                            ",
      "                            ███  █████   █████ █████                            ",
      "                                  left in step                                  ",
      "                                                                                ",
      "                                                                                ",
      " Next: Sweet spot 1 · 10:00 · 88–92% · 220–230 W · 90 rpm                       ",
      " ▄▅▅▅▅▅▅▆▆▆▆▆█████████████▅▅▅▅▅▅████████████▅▅▅▅▅▅▅████████████▅▅▅▅▅▅▅▅▅▅▄▄▄▄▄▄ ",
      " ▲                                                                              ",
      " 00:00 / 1:03:00 left                                                           ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space start  ? help  q quit                                                    ",
    ])
    #expect(render(state, 80, 24, plain: true, language: .ko) == [
      " Splits · 라이드 7 · Sweet spot 3×10                                       준비 ",
      "                                                                                ",
      " 1/8 · Warm-up · 워밍업                                                         ",
      " 램프 50→75% · 125→188 W                                                        ",
      "                                                                                ",
      " 10:00  단계 남은 시간                                                          ",
      "                                                                                ",
      "                                                                                ",
      " 다음: Sweet spot 1 · 10:00 · 88–92% · 220–230 W · 90 rpm                       ",
      " ▄▅▅▅▅▅▅▆▆▆▆▆█████████████▅▅▅▅▅▅████████████▅▅▅▅▅▅▅████████████▅▅▅▅▅▅▅▅▅▅▄▄▄▄▄▄ ",
      " ▲                                                                              ",
      " 00:00 / 남은 시간 1:03:00                                                      ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      "                                                                                ",
      " space 시작  ? 도움말  q 종료                                                   ",
    ])
    #expect(render(state, 20, 5) == [
      " 1/8 · Warm-up      ",
      " ramp 50→75%        ",
      " 10:00  left in step",
      " Next: Sweet spot 1 ",
      " space start  q quit",
    ])
    #expect(render(state, 20, 5, plain: true, language: .ko) == [
      " 1/8 · Warm-up      ",
      " 램프 50→75%        ",
      " 10:00  단계 남은 시",
      " 다음: Sweet spot 1 ",
      " space 시작  q 종료 ",
    ])
  }

  @Test("the title named a workout but never the ride: the ride's name, then the workout's when another")
  func theTitleNamesTheRideThenTheWorkout() {
    var s = workoutRide(at: nil)
    s.comparison.rideName = "Sweet spot 3×10"
    // Named after its workout: the name once.
    #expect(RideView.title(s, options: ViewOptions(), width: 80).text == " Splits · Ride 7 · Sweet spot 3×10")
    s.comparison.rideName = "Tuesday"
    #expect(RideView.title(s, options: ViewOptions(), width: 80).text == " Splits · Ride 7 · Tuesday · Sweet spot 3×10")
    // Short of room, the workout's name is cut first, then the ride's.
    #expect(RideView.title(s, options: ViewOptions(), width: 40).text == " Splits · Ride 7 · Tuesday · Swe")
    #expect(RideView.title(s, options: ViewOptions(), width: 30).text == " Splits · Ride 7 · Tue")
  }

  /// Every kind of frame of the workout screen: a step with its cue, one just begun, a lap
  /// step, the summary, READY, the pre-start countdown, the help overlay.
  static func states() -> [RideScreenState] {
    var help = workoutRide(at: 1_083_500)
    help.chrome.showingHelp = true
    var countdown = workoutRide(at: nil)
    countdown.clock.countdownSteps = 3
    _ = RideReducer.reduce(&countdown, .key(.character(" "), at: t(0)))
    _ = RideReducer.reduce(&countdown, .tick(at: t(1_500)))
    var hinted = workoutRide(at: 1_083_500)
    _ = RideReducer.reduce(&hinted, .key(.character("u"), at: t(1_083_500)))
    return [
      workoutRide(at: 1_083_500), workoutRide(at: 600_500), lapStepRide(), completedRide(), workoutRide(at: nil), help,
      countdown, hinted,
    ]
  }

  @Test func everySizeFrom1x1To100x40StaysInsideTheGridAndKeepsWideCharactersWhole() {
    // Every size, each with two of the states in turn (every state meets every few sizes of
    // each width and height), in English with big digits and in Korean plain.
    let states = Self.states()
    for columns in 1...100 {
      for rows in 1...40 {
        for turn in 0..<2 {
          let state = states[(columns * 3 + rows + turn * 4) % states.count]
          for options in [ViewOptions(), ViewOptions(plain: true, colors: false, language: .ko)] {
            let screen = RideView.render(state, size: Size(columns: columns, rows: rows), options: options)
            let lines = screen.lines
            guard lines.count == rows, lines.allSatisfy({ TextWidth.columns($0) == columns }) else {
              Issue.record("\(columns)×\(rows) \(options.language):\n\(lines.joined(separator: "\n"))")
              return
            }
            for row in 0..<rows {
              for column in 0..<columns {
                let cell = screen[row, column]
                let whole = cell.isContinuation
                  ? column > 0 && screen[row, column - 1].isWide
                  : !cell.isWide || (column + 1 < columns && screen[row, column + 1].isContinuation)
                if !whole {
                  Issue.record("a wide character split at \(row),\(column) at \(columns)×\(rows)")
                  return
                }
              }
            }
          }
        }
      }
    }
  }

  @Test func at1x1TheTimeLeftsMarkOrTheSummarysTick() {
    #expect(render(workoutRide(at: 1_083_500), 1, 1) == ["…"])
    #expect(render(completedRide(), 1, 1) == ["✓"])
    #expect(render(completedRide(), 1, 1, language: .ko) == ["✓"])
    // A little wider, the time left loses its seconds as a whole field, never half of one.
    #expect(render(workoutRide(at: 1_083_500), 4, 1) == ["01… "])
    #expect(render(workoutRide(at: 1_083_500), 6, 1) == [" 01:57"])
  }

  @Test func theProfileMarkerMovesWithTheMovingTimeAndOnlyAtWholeSeconds() {
    func marker(_ state: RideScreenState) -> Int? {
      render(state, 80, 24)[15].firstIndex(of: "▲").map { render(state, 80, 24)[15].distance(from: "".startIndex, to: $0) }
    }
    #expect(marker(workoutRide(at: nil)) == 1)
    #expect(marker(workoutRide(at: 0)) == 1)
    #expect(marker(workoutRide(at: 1_083_500)) == 23)
    var last = 0
    var moves = 0
    for ms in stride(from: Int64(0), to: 3_780_000, by: 30_000) {
      guard let column = marker(workoutRide(at: ms)) else { continue }
      #expect(column >= last, "at \(ms) ms")
      if column > last { moves += 1 }
      last = column
    }
    #expect(moves > 50)
    #expect(last == 78)
    // Between whole seconds of the moving time and of the step's time nothing on the screen
    // changes (a skipped step puts the step's seconds a quarter of a second off the ride's).
    let options = ViewOptions()
    let size = Size(columns: 80, rows: 24)
    let cases: [(keys: [(Character, Int64)], from: Int64, to: Int64)] = [
      ([], 1_083_001, 1_083_999), ([("l", 700_250)], 1_083_250, 1_083_999), ([("l", 700_250)], 1_084_000, 1_084_249),
    ]
    for (keys, from, to) in cases {
      let a = RideView.render(workoutRide(keys: keys, at: from), size: size, options: options)
      let b = RideView.render(workoutRide(keys: keys, at: to), size: size, options: options)
      #expect(Bool(a.cells == b.cells), "\(from)…\(to):\n\(a.lines.joined(separator: "\n"))\n\(b.lines.joined(separator: "\n"))")
    }
    let a = RideView.render(workoutRide(keys: [("l", 700_250)], at: 1_100_249), size: size, options: options)
    let b = RideView.render(workoutRide(keys: [("l", 700_250)], at: 1_100_250), size: size, options: options)
    #expect(a.lines != b.lines, "the time left turns at the step's own second")
  }

  @Test func theTimeLeftReadsThreeTwoOneInTheLastThreeSecondsAsTheBellsRing() {
    var s = workoutRide(at: 596_000)
    for (ms, shown, bell) in [
      (596_999, "00:04", false), (597_000, "00:03", true), (597_999, "00:03", false), (598_000, "00:02", true),
      (598_500, "00:02", false), (599_000, "00:01", true), (599_999, "00:01", false), (600_000, "10:00", false),
    ] as [(Int64, String, Bool)] {
      let effects = RideReducer.reduce(&s, .tick(at: t(ms)))
      let line = RideView.render(s, size: Size(columns: 80, rows: 24), options: ViewOptions(plain: true)).lines[5]
      #expect(line.hasPrefix(" " + shown + "  left in step"), "at \(ms) ms: \(line)")
      #expect(effects.contains(.bell) == bell, "at \(ms) ms: \(effects)")
    }
    // In big digits too: the last second reads 00:01.
    var digits = Screen(size: Size(columns: 80, rows: 5))
    let face = BigDigits.Face(font: .large, scale: 1)
    BigDigits.draw("00:01", face: face, into: &digits, row: 0, column: (80 - BigDigits.width("00:01", face: face)) / 2)
    #expect(Array(render(workoutRide(at: 599_500), 80, 24)[5...9]) == digits.lines)
  }

  @Test func withoutColourNoCellCarriesAColourAndTheTextIsTheSame() {
    for state in Self.states() {
      for size in [Size(columns: 80, rows: 24), Size(columns: 20, rows: 5), Size(columns: 40, rows: 12)] {
        let plain = RideView.render(state, size: size, options: ViewOptions(colors: false))
        let colour = RideView.render(state, size: size, options: ViewOptions(colors: true))
        #expect(plain.colorLines.allSatisfy { $0.allSatisfy { $0 == "." } })
        #expect(plain.lines == colour.lines)
      }
    }
    // With colour: the cue in yellow across the row, the target in its zone's colour, the
    // profile in each step's.
    let colour = RideView.render(workoutRide(at: 1_083_500), size: Size(columns: 80, rows: 24), options: ViewOptions())
    #expect(colour.colorLines[12] == String(repeating: "y", count: 80))
    #expect(colour.colorLines[3].hasPrefix(String(repeating: "y", count: 28) + "."))
    #expect(colour.colorLines[14].hasPrefix(".cccccccccccc" + String(repeating: "y", count: 13) + "cccccc"))
  }

  @Test func aNewStepIsFlashedForItsFirstTwoSeconds() {
    let size = Size(columns: 80, rows: 24)
    for (ms, flashed) in [(599_999, false), (600_000, true), (601_999, true), (602_000, false)] as [(Int64, Bool)] {
      let screen = RideView.render(workoutRide(at: ms), size: size, options: ViewOptions())
      #expect(screen[2, 40].style.reverse == flashed, "at \(ms) ms")
    }
  }

  @Test func theFiguresShownAreRecordedWithTheirOriginsAndHiddenUnderTheHelp() {
    // The elapsed time from 0; the time left in step 2 (600 s from 600 s) reads zero in
    // every place at 1,201 s; the workout's 3,180 s left at that step's start at 3,781 s;
    // the marker moves with the step's own seconds (from 600 s).
    let screen = RideView.render(workoutRide(at: 1_083_500), size: Size(columns: 80, rows: 24), options: ViewOptions())
    let lattices = screen.clocks.lattices(.moving)
    #expect(Set(lattices.map(\.origin)) == [.zero, .seconds(600), .seconds(1_201), .seconds(3_781)])
    #expect(lattices.allSatisfy { $0.place == .seconds(1) })
    // A lap step counts up from its start.
    let lap = RideView.render(lapStepRide(), size: Size(columns: 80, rows: 24), options: ViewOptions())
    #expect(Set(lap.clocks.lattices(.moving).map(\.origin)) == [.zero, .seconds(2_500)])
    // Under the help's message at 20×5 the time left is hidden.
    var help = workoutRide(at: 1_083_500)
    help.chrome.showingHelp = true
    #expect(RideView.render(help, size: Size(columns: 20, rows: 5), options: ViewOptions()).clocks[.moving] == nil)
    #expect(RideView.render(workoutRide(at: 1_083_500), size: Size(columns: 20, rows: 5), options: ViewOptions()).clocks[.moving] == .seconds(1))
  }

  @Test func theHelpOverlayDescribesTheWorkoutsKeys() {
    var help = workoutRide(at: 1_083_500)
    help.chrome.showingHelp = true
    for language in [Language.en, .ko] {
      let strings = WorkoutStrings.of(language)
      let rideStrings = Strings.of(language)
      let text = render(help, 80, 24, language: language).joined(separator: "\n")
      for binding in KeyTable.bindings where binding.command != .skip {  // `s` is a route's
        #expect(text.contains(binding.fullLabel + " "))
        #expect(text.contains(strings.describe(binding.command, ride: rideStrings)), "\(binding.command)")
      }
    }
    // It still fits at 40×12.
    #expect(render(help, 40, 12).contains { $0.contains("┌─ Keys") })
  }

  @Test func afterTheWorkoutTheRideScreenKeepsItsNameAndRFinishesTheRide() {
    var s = completedRide()
    _ = RideReducer.reduce(&s, .key(.character(" "), at: t(3_500_000)))
    _ = RideReducer.reduce(&s, .tick(at: t(3_600_000)))
    let riding = render(s, 80, 24)
    #expect(riding[0] == " Splits · Ride 7 · Sweet spot 3×10                                      RUNNING ")
    #expect(riding[23].hasPrefix(" space pause  l lap  ? help  q quit  "))
    // A long name is cut to leave the state its room.
    var long = completedRide()
    long.following.run?.plan.name = String(repeating: "Over-unders ", count: 8)
    long.following.run?.showingCompletion = false
    #expect(render(long, 60, 24)[0] == " Splits · Ride 7 · Over-unders Over-unders Over-und  PAUSED ")
    // `r` on the summary finishes the ride: the ride's own summary follows.
    var finished = completedRide()
    _ = RideReducer.reduce(&finished, .key(.character("r"), at: t(3_500_000)))
    let summary = render(finished, 80, 24)
    #expect(summary[2].hasPrefix(" Ride 7 finished"))
    #expect(summary[3].hasPrefix(" Moving 00:57:10.00"))
  }

  @Test func theFinishedStepsAreTruncatedToTheSecondAndSayHowTheyEnded() {
    let rows = WorkoutTable.rows(
      plan: sweetSpot(), splits: [.milliseconds(600_000), .milliseconds(700_999), .milliseconds(1_000_999)],
      stepEnds: [.time, .skip])
    #expect(rows.map(\.actual) == [.seconds(600), .seconds(100)])
    #expect(rows.map(\.ended) == [.time, .skip])
    #expect(rows.map(\.number) == [1, 2])
    #expect(TimeFormat.clock(.seconds(59), precision: .s, minimumHourDigits: 0) == "00:59")
    #expect(TimeFormat.clock(.seconds(3_599), precision: .s, minimumHourDigits: 0) == "59:59")
    #expect(TimeFormat.clock(.seconds(3_600), precision: .s, minimumHourDigits: 0) == "1:00:00")
    #expect(WorkoutTable.leftSeconds(.milliseconds(2_001)) == 3)
    #expect(WorkoutTable.leftSeconds(.milliseconds(2_000)) == 2)
  }

  @Test func targetsInPercentWattsAndCadence() {
    let s = WorkoutStrings.english
    let ramp = WorkoutStep(name: "Up", kind: .warmup, length: .seconds(600), target: .ramp(from: 50, to: 75))
    #expect(WorkoutView.targetParts(ramp, ftp: 250, s) == ["ramp 50→75%", "125→188 W"])
    let steady = WorkoutStep(name: "SS", kind: .active, length: .seconds(600), target: .steady(low: 88, high: 92), cadence: 90)
    #expect(WorkoutView.targetParts(steady, ftp: 250, s) == ["88–92%", "220–230 W", "90 rpm"])
    #expect(WorkoutView.targetParts(steady, ftp: nil, s) == ["88–92%", "90 rpm"])
    let half = WorkoutStep(name: "Z2", kind: .active, length: .seconds(60), target: .steady(low: 62.5, high: 62.5))
    #expect(WorkoutView.targetParts(half, ftp: 200, s) == ["62.5%", "125 W"])
    #expect(WorkoutView.targetParts(WorkoutStep(name: "Go", kind: .max, length: .seconds(20)), ftp: 250, s) == ["all out"])
    #expect(WorkoutView.targetParts(WorkoutStep(name: "Spin", kind: .free, length: .untilLap), ftp: 250, s) == ["ride as you like"])
  }

  @Test func theProfileDrawsFreeRidesMaxEffortsAndLapSteps() {
    let plan = Workout(steps: [
      WorkoutStep(name: "Spin", kind: .free, length: .untilLap),
      WorkoutStep(name: "Go", kind: .max, length: .seconds(300)),
      WorkoutStep(name: "Easy", kind: .rest, length: .seconds(600), target: .steady(low: 50, high: 50)),
    ])
    // The lap step is as wide as 5 minutes: a quarter of 20 minutes.
    let bars = WorkoutProfile.bars(plan, columns: 8).map(\.bar)
    #expect(bars == [.free, .free, .max, .max, .level(8), .level(8), .level(8), .level(8)])
    #expect(WorkoutProfile.marker(plan, columns: 8, step: 0, intoSeconds: 10_000) == 1)
    #expect(WorkoutProfile.marker(plan, columns: 8, step: 2, intoSeconds: 0) == 4)
    #expect(WorkoutProfile.marker(plan, columns: 8, step: 3, intoSeconds: 0) == 7)
  }
}
