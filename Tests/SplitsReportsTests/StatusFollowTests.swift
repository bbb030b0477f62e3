import Foundation
import SplitsWorkout
import Testing

@testable import SplitsCore
@testable import SplitsReports
import SplitsTestSupport

/// `status --follow`: the instant the line next changes by time alone, from instants only.
@Suite("status --follow: when the line next changes")
struct StatusFollowTests {
  typealias W = WorkoutRides
  static let english = HistoryStrings.english

  static func stored(_ kind: RideEvent.Kind, _ at: Int64, steps: Int = 0) -> StoredEvent {
    StatusTests.stored(kind, at, steps: steps)
  }

  /// A plain ride of `events` read at `at` (milliseconds of the boot clock).
  static func ride(_ events: [StoredEvent], at: Int64) -> RestoredRide {
    ride(events, at: Instant(nanoseconds: at * 1_000_000))
  }

  static func ride(_ events: [StoredEvent], at: Instant) -> RestoredRide {
    Restore.ride(
      number: 7, events: events, bootID: "s",
      now: Now(monotonic: at, wallMilliseconds: StatusTests.wall0 + at.nanoseconds / 1_000_000))
  }

  /// A workout ride (`WorkoutRides.plan`) read at `at`, settled as `status` reads it.
  static func workout(_ events: [StoredEvent], at: Instant) -> RestoredRide {
    var restored = Restore.ride(
      number: 21, events: events, bootID: W.boot,
      now: Now(monotonic: at, wallMilliseconds: W.wall0 + at.nanoseconds / 1_000_000))
    restored.workout = W.source
    return restored.settled(by: W.plan)
  }

  static func next(
    _ ride: RestoredRide?, _ precision: Precision = .s, plan: Workout? = nil,
    figures: StatusFollow.Figures = .standard
  ) -> Instant? {
    StatusFollow.nextChange(ride, plan: plan, precision: precision, figures: figures)
  }

  @Test("running: the next turn of the moving time at each precision")
  func runningAtEachPrecision() {
    // Started at 1 s; read at 5.25 s: 4.25 s moving.
    let ride = Self.ride([Self.stored(.start, 1_000)], at: 5_250)
    #expect(Self.next(ride, .s) == ms(6_000))
    #expect(Self.next(ride, .ds) == ms(5_300))
    #expect(Self.next(ride, .cs) == ms(5_260))
    // Exactly on a turn: the next one, never the instant itself.
    let onTheSecond = Self.ride([Self.stored(.start, 1_000)], at: 6_000)
    #expect(Self.next(onTheSecond, .s) == ms(7_000))
    #expect(Self.next(onTheSecond, .cs) == ms(6_010))
  }

  @Test("after a pause the seconds turn on the moving time, not the wall clock's seconds")
  func afterAPause() {
    // 1.5 s moving, paused, resumed at 10 s: moving 1.7 s at 10.2 s, 2 s at 10.5 s.
    let events = [Self.stored(.start, 0), Self.stored(.pause, 1_500), Self.stored(.resume, 10_000)]
    #expect(Self.next(Self.ride(events, at: 10_200)) == ms(10_500))
    #expect(Self.next(Self.ride(events, at: 10_200), .ds) == ms(10_300))
  }

  @Test("paused, ready, no ride and a line without times: nothing moves, no instant")
  func nothingMoves() {
    let paused = Self.ride([Self.stored(.start, 0), Self.stored(.pause, 65_000)], at: 99_000)
    #expect(Self.next(paused) == nil)
    #expect(Self.next(paused, .cs) == nil)
    let ready = Self.ride([], at: 5_000)
    #expect(Self.next(ready) == nil)
    let finished = Self.ride([Self.stored(.start, 0), Self.stored(.pause, 5_000), Self.stored(.finish, 6_000)], at: 9_000)
    #expect(finished.isFinished)
    #expect(Self.next(finished) == nil)
    #expect(Self.next(nil) == nil)
    let running = Self.ride([Self.stored(.start, 1_000)], at: 5_250)
    #expect(Self.next(running, figures: StatusFollow.figures(format: "{state} {laps}")) == nil)
  }

  @Test("a template with the elapsed or the paused time moves while paused too")
  func elapsedAndPausedWhilePaused() {
    // Started at 0, paused at 65.4 s, read at 99.25 s: elapsed 99.25 s, paused 33.85 s.
    let paused = Self.ride([Self.stored(.start, 0), Self.stored(.pause, 65_400)], at: 99_250)
    #expect(Self.next(paused, figures: StatusFollow.figures(format: "{elapsed}")) == ms(100_000))
    #expect(Self.next(paused, figures: StatusFollow.figures(format: "{paused}")) == ms(99_400))
    #expect(Self.next(paused, figures: StatusFollow.figures(format: "{paused_ms} {elapsed_ms}")) == ms(99_400))
    // While running, the elapsed time turns on the first start's lattice.
    // Started at 0.1 s, 0.9 s moving, resumed at 2.25 s, read at 4.5 s: elapsed 4.4 s,
    // moving 3.15 s.
    let running = Self.ride([Self.stored(.start, 100), Self.stored(.pause, 1_000), Self.stored(.resume, 2_250)], at: 4_500)
    #expect(Self.next(running, figures: [.elapsed]) == ms(5_100))
    #expect(Self.next(running, figures: [.moving]) == ms(5_350))
    #expect(Self.next(running, figures: [.moving, .elapsed]) == ms(5_100))
  }

  @Test("a countdown: its next number, or only its end when the line does not show it")
  func countdown() {
    let counting = Self.ride([Self.stored(.countdownStart, 0, steps: 3)], at: 1_200)
    #expect(counting.phase == .countdown)
    #expect(Self.next(counting) == ms(2_000))
    #expect(Self.next(counting, figures: StatusFollow.figures(format: "{state}")) == ms(3_000))
  }

  @Test("a workout: each step's end, and its time left at the precision from the step's own start")
  func workoutSteps() throws {
    // The warm-up ran out at 300 s moving; the sweet spot skipped at 500.5 s: "Easy" (120 s)
    // runs from there. Read at 600.2 s moving.
    let events = [W.stored(.start, 1_000), W.stored(.lap, 301_000, .time), W.stored(.lap, 501_500, .skip)]
    let ride = Self.workout(events, at: ms(601_200))
    #expect(Self.next(ride, .s, plan: W.plan, figures: [.moving]) == ms(602_000))
    #expect(Self.next(ride, .s, plan: W.plan, figures: [.stepLeft]) == ms(601_500))
    #expect(Self.next(ride, .s, plan: W.plan) == ms(601_500))
    // A line that shows neither: the step's end (moving 620.5 s), where the step changes.
    #expect(Self.next(ride, .s, plan: W.plan, figures: []) == ms(621_500))
    // A step that ends on a lap has no end by time.
    let holding = Self.workout(events, at: ms(700_000))
    #expect(try StatusReport.line(holding, format: "{step}", precision: .s, strings: Self.english, plan: W.plan) == "4")
    #expect(Self.next(holding, .s, plan: W.plan, figures: []) == nil)
  }

  @Test("a workout whose last step ran out is paused there: no instant")
  func workoutComplete() {
    let events = [
      W.stored(.start, 1_000), W.stored(.lap, 301_000, .time), W.stored(.lap, 501_000, .skip),
      W.stored(.lap, 621_000, .time), W.stored(.lap, 801_000, .lap),
    ]
    // The cool-down (300 s) ran out at 1,100 s moving, with no screen open.
    let done = Self.workout(events, at: ms(1_200_000))
    #expect(done.phase == .paused)
    #expect(Self.next(done, .s, plan: W.plan) == nil)
    // Just before it: its end is the next instant at the latest.
    let last = Self.workout(events, at: ms(1_100_999))
    #expect(last.phase == .running)
    #expect(Self.next(last, .s, plan: W.plan, figures: []) == ms(1_101_000))
  }

  /// The line (or the key a template is compared by) at `at`.
  static func key(
    _ events: [StoredEvent], at: Instant, format: String?, precision: Precision, plan: Workout?
  ) throws -> String {
    let ride = plan == nil ? Self.ride(events, at: at) : Self.workout(events, at: at)
    return try StatusReport.line(
      ride, format: StatusFollow.keyFormat(format: format, json: false), precision: precision, strings: Self.english,
      plan: plan)
  }

  /// Generated rides and instants: the line is the same until the instant, and differs there.
  @Test("the line stands still until the instant and changes at it", arguments: [Precision.s, .ds, .cs])
  func lineChangesExactlyThere(precision: Precision) throws {
    var generator = SystemRandomNumberGenerator()
    let formats: [String?] = [nil, "{moving}", "{elapsed} {paused}", "{step_left}", "{moving_ms}"]
    for round in 0..<200 {
      let start = Int64.random(in: 0...5_000, using: &generator)
      let pauseAt = start + Int64.random(in: 1...9_000, using: &generator)
      let resumeAt = pauseAt + Int64.random(in: 1...9_000, using: &generator)
      let workout = round % 2 == 0
      var events = [Self.stored(.start, start), Self.stored(.pause, pauseAt), Self.stored(.resume, resumeAt)]
      if workout {
        events = [W.stored(.start, start), W.stored(.pause, pauseAt), W.stored(.resume, resumeAt)]
      }
      let paused = round % 5 == 0
      let now = Instant(
        nanoseconds: (paused ? pauseAt : resumeAt) * 1_000_000 + Int64.random(in: 0...4_000_000_000, using: &generator))
      let format = formats[round % formats.count]
      let plan = workout ? W.plan : nil
      let ride = workout ? Self.workout(events, at: now) : Self.ride(events, at: now)
      let shown = StatusFollow.figures(format: format)
      let key = try Self.key(events, at: now, format: format, precision: precision, plan: plan)
      guard let next = StatusFollow.nextChange(ride, plan: plan, precision: precision, figures: shown) else {
        // Nothing moves: the line a minute later is the same.
        let later = try Self.key(events, at: now + .seconds(60), format: format, precision: precision, plan: plan)
        #expect(later == key, "round \(round): \(format ?? "default") at \(now)")
        continue
      }
      #expect(next > now)
      let before = try Self.key(events, at: next - .nanoseconds(1), format: format, precision: precision, plan: plan)
      let at = try Self.key(events, at: next, format: format, precision: precision, plan: plan)
      #expect(before == key, "round \(round): \(format ?? "default") at \(now), next \(next)")
      #expect(at != key, "round \(round): \(format ?? "default") at \(now), next \(next)")
    }
  }

  @Test("the figures a template shows, and the key it is compared by")
  func figuresAndKeys() {
    #expect(StatusFollow.figures(format: nil) == .standard)
    #expect(StatusFollow.figures(format: "{icon} {moving} lap {lap}") == [.moving])
    #expect(StatusFollow.figures(format: "{{moving}} {laps}") == [])
    #expect(StatusFollow.figures(format: "{elapsed_ms}/{paused}") == [.elapsed, .paused])
    #expect(StatusFollow.figures(format: "{countdown} {step_left}") == [.countdown, .stepLeft])
    #expect(StatusFollow.keyFormat(format: nil, json: false) == nil)
    #expect(StatusFollow.keyFormat(format: "{moving_ms} {laps}", json: false) == "{moving} {laps}")
    let json = StatusFollow.keyFormat(format: nil, json: true) ?? ""
    #expect(!json.contains("_ms"))
    #expect(json.contains("{moving}") && json.contains("{state}") && json.contains("{laps}"))
  }

  @Test("JSON lines: one line each, whatever a step is called")
  func jsonIsOneLine() {
    let plan = Workout(
      name: "Two\nlines", steps: [WorkoutStep(name: "Hard\nand\tfast", kind: .active, length: .seconds(60))])
    var ride = Self.ride([Self.stored(.start, 0)], at: 5_000)
    ride.workout = WorkoutSource(text: "x", fileName: "a\nb.txt")
    #expect(!StatusReport.json(ride, plan: plan).contains("\n"))
  }
}
