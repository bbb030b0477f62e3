import SplitsTestRandom
import Testing

@testable import SplitsCore
import SplitsTestSupport

/// Milliseconds as an instant of the boot clock.

private let bootA = "a1a1a1a1-0000-4000-8000-00000000000a"
private let bootB = "b2b2b2b2-0000-4000-8000-00000000000b"
/// 2026-11-22T03:00:00Z
private let wall0: Int64 = 1_795_316_400_000

/// A stored event written at boot-clock `at` (ms) on `boot`, when the wall clock read
/// `wall0 + at + wallShift`.
private func stored(
  _ kind: RideEvent.Kind, _ at: Int64, boot: String = bootA, wallShift: Int64 = 0, steps: Int = 0
) -> StoredEvent {
  StoredEvent(
    kind, wallMilliseconds: wall0 + at + wallShift, bootID: boot, boottimeNanoseconds: at * 1_000_000,
    countdownSteps: steps)
}

@Suite("Restore: a ride rebuilt from the journal, on the same boot and across a reboot")
struct RestoreTests {
  // A ride: start at 10 s, lap at 70 s, pause at 100 s, resume at 160 s, lap at 200 s.
  let ride: [StoredEvent] = [
    stored(.start, 10_000), stored(.lap, 70_000), stored(.pause, 100_000), stored(.resume, 160_000),
    stored(.lap, 200_000),
  ]

  @Test func sameBootRestoresExactly() {
    let now = Now(monotonic: ms(250_000), wallMilliseconds: wall0 + 250_000)
    let restored = Restore.ride(number: 3, events: ride, bootID: bootA, now: now)
    #expect(restored.phase == .running)
    #expect(restored.ride.number == 3)
    #expect(restored.moving == .seconds(180))
    #expect(restored.elapsed == .seconds(240))
    #expect(restored.paused == .seconds(60))
    #expect(restored.ride.splits == [.seconds(60), .seconds(130)])
    #expect(restored.lapElapsed == [.seconds(60), .seconds(190)])
    #expect(restored.startedAtWallMilliseconds == wall0 + 10_000)
    #expect(!restored.crossedBoot)
    #expect(!restored.wallClockWentBackwards)
    #expect(!restored.isFinished)
    // Exactly what folding the same events in memory gives.
    let direct = Ride.fold(restored.events, number: 3, now: now.monotonic)
    #expect(restored.ride == direct)
  }

  @Test(arguments: [Int64(3_600_000), -3_600_000])
  func sameBootIgnoresAWallClockMovedByAnHour(shift: Int64) {
    // The program quit after the second lap; the wall clock was then moved by an hour; the
    // program opens again 50 s later. The boot clock says what really passed.
    let moved = ride.map { event -> StoredEvent in
      var event = event
      if event.kind == .lap && event.boottimeNanoseconds == 200_000 * 1_000_000 { event.wallMilliseconds += shift }
      return event
    }
    let now = Now(monotonic: ms(250_000), wallMilliseconds: wall0 + 250_000 + shift)
    let restored = Restore.ride(number: 1, events: moved, bootID: bootA, now: now)
    #expect(restored.moving == .seconds(180))
    #expect(restored.elapsed == .seconds(240))
    #expect(restored.paused == .seconds(60))
    #expect(!restored.wallClockWentBackwards)
  }

  @Test func anotherBootCountsTheGapFromTheWallClock() {
    // The machine rebooted; 5 minutes after the last event (by the wall clock) the new boot's
    // clock reads 40 s.
    let now = Now(monotonic: ms(40_000), wallMilliseconds: wall0 + 200_000 + 300_000)
    let restored = Restore.ride(number: 1, events: ride, bootID: bootB, now: now)
    #expect(restored.crossedBoot)
    #expect(!restored.wallClockWentBackwards)
    #expect(restored.phase == .running)
    // 130 s moving at the last lap, then 300 s more.
    #expect(restored.moving == .seconds(430))
    #expect(restored.elapsed == .seconds(490))
    #expect(restored.paused == .seconds(60))
    #expect(restored.ride.splits == [.seconds(60), .seconds(130)])
  }

  @Test func anotherBootKeepsTheBootClockWithinTheOldBoot() {
    // During the old boot the wall clock was moved back an hour between the pause and the
    // resume: the old boot's own clock still says the pause lasted 60 s.
    let moved = ride.enumerated().map { index, event -> StoredEvent in
      var event = event
      if index >= 3 { event.wallMilliseconds -= 3_600_000 }
      return event
    }
    let now = Now(monotonic: ms(5_000), wallMilliseconds: wall0 + 200_000 - 3_600_000 + 10_000)
    let restored = Restore.ride(number: 1, events: moved, bootID: bootB, now: now)
    #expect(restored.paused == .seconds(60))
    #expect(restored.moving == .seconds(140))
    #expect(!restored.wallClockWentBackwards)
  }

  @Test func anotherBootWithTheWallClockBehindNeverCountsBackwards() {
    // After the reboot the wall clock reads an hour earlier than the last event.
    let now = Now(monotonic: ms(40_000), wallMilliseconds: wall0 + 200_000 - 3_600_000)
    let restored = Restore.ride(number: 1, events: ride, bootID: bootB, now: now)
    #expect(restored.wallClockWentBackwards)
    #expect(restored.moving == .seconds(130))
    #expect(restored.elapsed == .seconds(190))
    #expect(restored.paused == .seconds(60))
  }

  @Test func aRidePausedBeforeARebootStaysPausedAtTheSameTime() {
    let events = Array(ride.prefix(3))
    for now in [
      Now(monotonic: ms(1_000), wallMilliseconds: wall0 + 86_400_000),
      Now(monotonic: ms(1_000), wallMilliseconds: wall0 - 86_400_000),
    ] {
      let restored = Restore.ride(number: 1, events: events, bootID: bootB, now: now)
      #expect(restored.phase == .paused)
      #expect(restored.moving == .seconds(90))
      #expect(restored.ride.splits == [.seconds(60)])
    }
  }

  @Test func aRideResumedOnTheNewBootIsExactThereAndBridgedByTheWallClock() {
    // Paused on boot A at 100 s; rebooted; resumed on boot B at boot-clock 20 s, which the
    // wall clock says was 10 minutes after the pause; a lap 30 s later; now 10 s after that.
    let events = Array(ride.prefix(3)) + [
      StoredEvent(.resume, wallMilliseconds: wall0 + 100_000 + 600_000, bootID: bootB, boottimeNanoseconds: 20_000 * 1_000_000),
      StoredEvent(.lap, wallMilliseconds: wall0 + 100_000 + 630_000, bootID: bootB, boottimeNanoseconds: 50_000 * 1_000_000),
    ]
    let now = Now(monotonic: ms(60_000), wallMilliseconds: wall0 + 100_000 + 640_000)
    let restored = Restore.ride(number: 1, events: events, bootID: bootB, now: now)
    #expect(restored.crossedBoot)
    #expect(restored.events[3].at == ms(20_000))
    #expect(restored.events[4].at == ms(50_000))
    #expect(restored.moving == .seconds(90 + 40))
    #expect(restored.paused == .seconds(600))
    #expect(restored.ride.splits == [.seconds(60), .seconds(120)])
  }

  @Test func aCountdownThatEndedWhileClosedStartedTheClockAtItsEnd() {
    let events = [stored(.countdownStart, 1_000, steps: 3)]
    let during = Restore.ride(number: 1, events: events, bootID: bootA, now: Now(monotonic: ms(2_500), wallMilliseconds: wall0 + 2_500))
    #expect(during.phase == .countdown)
    #expect(during.ride.countdown?.step(at: during.at) == 2)
    #expect(during.startedAtWallMilliseconds == nil)

    let after = Restore.ride(number: 1, events: events, bootID: bootA, now: Now(monotonic: ms(10_000), wallMilliseconds: wall0 + 10_000))
    #expect(after.phase == .running)
    #expect(after.ride.firstStart == ms(4_000))
    #expect(after.moving == .seconds(6))
    #expect(after.startedAtWallMilliseconds == wall0 + 4_000)

    // The same countdown, paused later: the start is still the countdown's end.
    let paused = Restore.ride(
      number: 1, events: events + [stored(.pause, 9_000)], bootID: bootA,
      now: Now(monotonic: ms(20_000), wallMilliseconds: wall0 + 20_000))
    #expect(paused.phase == .paused)
    #expect(paused.moving == .seconds(5))
    #expect(paused.startedAtWallMilliseconds == wall0 + 4_000)
  }

  @Test func aCancelledCountdownLeavesAReadyRide() {
    let events = [stored(.countdownStart, 1_000, steps: 5), stored(.countdownCancel, 2_000)]
    let restored = Restore.ride(number: 4, events: events, bootID: bootA, now: Now(monotonic: ms(60_000), wallMilliseconds: wall0 + 60_000))
    #expect(restored.phase == .ready)
    #expect(restored.moving == .zero)
    #expect(restored.startedAtWallMilliseconds == nil)
  }

  @Test func aFinishedRideIsReadAtItsFinish() {
    let events = ride + [stored(.pause, 230_000), stored(.finish, 240_000)]
    let restored = Restore.ride(number: 2, events: events, bootID: bootB, now: Now(monotonic: ms(1), wallMilliseconds: wall0 + 9_999_999))
    #expect(restored.isFinished)
    #expect(restored.phase == .paused)
    #expect(restored.ride.number == 2)
    #expect(restored.moving == .seconds(160))
    #expect(restored.elapsed == .seconds(230))
    #expect(restored.paused == .seconds(70))
    #expect(restored.finishedAtWallMilliseconds == wall0 + 240_000)
  }

  @Test func eventsThatMakeNoSenseAreSkippedAsInTheFold() {
    let events = [
      stored(.lap, 500), stored(.finish, 600), stored(.start, 1_000), stored(.resume, 1_500),
      stored(.finish, 2_000), stored(.pause, 3_000), stored(.pause, 4_000),
    ]
    let restored = Restore.ride(number: 1, events: events, bootID: bootA, now: Now(monotonic: ms(9_000), wallMilliseconds: wall0 + 9_000))
    #expect(!restored.isFinished)
    #expect(restored.phase == .paused)
    #expect(restored.moving == .seconds(2))
    #expect(restored.ride.splits.isEmpty)
  }

  @Test func foreignBootClockGoingBackwardsInsideTheBootIsClampedInOrder() {
    let events = [
      StoredEvent(.start, wallMilliseconds: wall0, bootID: bootA, boottimeNanoseconds: 50_000_000_000),
      StoredEvent(.lap, wallMilliseconds: wall0 + 1_000, bootID: bootA, boottimeNanoseconds: 40_000_000_000),
    ]
    let restored = Restore.ride(number: 1, events: events, bootID: bootB, now: Now(monotonic: ms(1_000), wallMilliseconds: wall0 + 2_000))
    #expect(restored.events[0].at <= restored.events[1].at)
    #expect(restored.moving >= .zero)
    #expect(restored.ride.splits.allSatisfy { $0 >= .zero })
  }

  @Test func anUnknownBootIDIsNeverTheCurrentBoot() {
    let events = [StoredEvent(.start, wallMilliseconds: wall0, bootID: "", boottimeNanoseconds: 999_000_000_000)]
    let restored = Restore.ride(number: 1, events: events, bootID: "", now: Now(monotonic: ms(10_000), wallMilliseconds: wall0 + 30_000))
    #expect(restored.crossedBoot)
    #expect(restored.moving == .seconds(30))
  }

  // MARK: Every sequence

  /// Random event sequences (sensible and not), each replayed three ways.
  @Test func everySequenceFoldsTheSameAfterARestart() {
    var rng = SplitMix64(state: 0x5EED)
    let kinds = RideEvent.Kind.allCases
    for round in 0..<2_000 {
      var at: Int64 = Int64.random(in: 0...1_000_000, using: &rng)
      var events: [StoredEvent] = []
      // The wall clock is moved now and then during the ride (NTP, a user, DST bugs).
      var wallShift: Int64 = 0
      for _ in 0..<Int.random(in: 0...14, using: &rng) {
        at += Int64.random(in: 0...600_000, using: &rng)
        if Int.random(in: 0..<4, using: &rng) == 0 { wallShift += Int64.random(in: -3_600_000...3_600_000, using: &rng) }
        let kind = kinds.randomElement(using: &rng)!
        events.append(
          stored(kind, at, wallShift: wallShift, steps: kind == .countdownStart ? Int.random(in: 0...5, using: &rng) : 0))
      }
      let last = at + Int64.random(in: 0...600_000, using: &rng)
      // The wall clock at `last`, as it ran since the last event.
      let wallAtLast = wall0 + last + wallShift
      let nowMono = ms(last)
      let direct = Ride.fold(
        events.map { RideEvent($0.kind, at: Instant(nanoseconds: $0.boottimeNanoseconds), countdownSteps: $0.countdownSteps) },
        number: 1, now: nowMono)

      // 1. Same boot: exactly the fold.
      let same = Restore.ride(number: 1, events: events, bootID: bootA, now: Now(monotonic: nowMono, wallMilliseconds: wall0 + last))
      if events.contains(where: { $0.kind == .finish }) == false || !same.isFinished {
        #expect(same.ride == direct, "round \(round)")
      }
      #expect(same.elapsed == same.moving + same.paused, "round \(round)")
      #expect(same.moving >= .zero && same.paused >= .zero, "round \(round)")

      // 2. Same boot, the wall clock moved ±1 h for the restart: nothing changes.
      for shift in [Int64(3_600_000), -3_600_000] {
        let moved = Restore.ride(
          number: 1, events: events, bootID: bootA, now: Now(monotonic: nowMono, wallMilliseconds: wall0 + last + shift))
        #expect(moved.ride == same.ride, "round \(round) shift \(shift)")
        #expect(moved.moving == same.moving && moved.elapsed == same.elapsed, "round \(round) shift \(shift)")
      }

      // 3. Another boot: the whole ride moves by one offset (the old boot's own clock keeps
      //    every difference), so the times equal the fold read `last` ms after the start.
      let bootNow = Now(monotonic: ms(Int64.random(in: 0...100_000, using: &rng)), wallMilliseconds: wallAtLast)
      let other = Restore.ride(number: 1, events: events, bootID: bootB, now: bootNow)
      if let first = events.first {
        let offset = other.events[0].at - Instant(nanoseconds: first.boottimeNanoseconds)
        for (mapped, original) in zip(other.events, events) {
          #expect(mapped.at - Instant(nanoseconds: original.boottimeNanoseconds) == offset, "round \(round)")
        }
      }
      #expect(!other.wallClockWentBackwards, "round \(round)")
      #expect(other.moving == same.moving, "round \(round)")
      #expect(other.elapsed == same.elapsed, "round \(round)")
      #expect(other.paused == same.paused, "round \(round)")
      #expect(other.ride.splits == same.ride.splits, "round \(round)")
      #expect(other.phase == same.phase, "round \(round)")

      // 4. Another boot with the wall clock an hour behind: never negative, flagged when
      //    there were events, and never more time than with the right clock.
      let behind = Restore.ride(
        number: 1, events: events, bootID: bootB, now: Now(monotonic: bootNow.monotonic, wallMilliseconds: wallAtLast - 3_600_000))
      #expect(behind.moving >= .zero && behind.paused >= .zero, "round \(round)")
      #expect(behind.moving <= same.moving, "round \(round)")
      #expect(behind.wallClockWentBackwards == !events.isEmpty, "round \(round)")
      #expect(behind.ride.splits == same.ride.splits, "round \(round)")
    }
  }
}

/// Rows of a damaged or hand-edited journal: clock readings, countdowns and ride numbers at
/// the ends of their types. Restoring them, and everything done with what comes back (the
/// times, the figures, the screen's next change, the text), must never trap; every
/// restored instant lies within `Restore.maximumSpan` (a hundred years) of now.
@Suite("Restore: readings at the ends of Int64 saturate, never trap")
struct RestoreExtremeTests {
  static let extremes: [Int64] = [.min, .min + 1, -1, 0, 1, .max - 1, .max]
  let now = Now(monotonic: ms(250_000), wallMilliseconds: wall0 + 250_000)
  let span = Restore.maximumSpan

  /// What the screen, `status`, `history` and the exports compute from a restored ride.
  func readEverything(_ restored: RestoredRide, now: Now, _ comment: Comment? = nil) {
    for event in restored.events {
      #expect(event.at >= now.monotonic - span && event.at <= now.monotonic + span, comment)
    }
    #expect(restored.moving >= .zero && restored.paused >= .zero, comment)
    #expect(restored.elapsed == restored.moving + restored.paused, comment)
    let figures = RideFigures(restored)
    // Each figure is truncated on its own: the paused time and the laps can fall short of
    // the differences and sums of the others by under a millisecond each, never exceed them.
    let difference = figures.elapsedMilliseconds - figures.movingMilliseconds
    #expect(figures.pausedMilliseconds <= difference && figures.pausedMilliseconds >= difference - 1, comment)
    let lapSum = figures.segments.map(\.lapMilliseconds).reduce(0, +)
    #expect(lapSum <= figures.movingMilliseconds, comment)
    #expect(lapSum >= figures.movingMilliseconds - Int64(figures.segments.count), comment)
    _ = TimeFormat.clock(restored.moving, precision: .cs)
    _ = LapTable.rows(splits: restored.ride.splits, precision: .cs)
    _ = restored.ride.countdown?.step(at: restored.at)
    for precision in [Precision.s, .cs] {
      let screen = RideScreenState(ride: restored.ride, precision: precision, now: restored.at)
      if let next = screen.nextChange() { #expect(next >= screen.now, comment) }
    }
  }

  @Test func instantArithmeticSaturatesAndDifferencesAreExact() {
    #expect(Instant.max + .seconds(1) == .max)
    #expect(Instant.min - .seconds(1) == .min)
    #expect(Instant.min + .seconds(-1) == .min)
    #expect(Instant.max - .seconds(-1) == .max)
    let whole = Instant.max - Instant.min
    #expect(whole == .nanoseconds(Int64.max) + .nanoseconds(Int64.max) + .nanoseconds(1))
    #expect(Instant.min + whole == .max)
    #expect(Instant.max - whole == .min)
    #expect(whole.nanoseconds == .max)
    #expect((Instant.min - Instant.max).nanoseconds == .min)
    // Past Int64.max seconds, where `Duration.components` itself would trap.
    #expect((Duration.seconds(Int64.max) + .seconds(Int64.max)).nanoseconds == .max)
    #expect((Duration.zero - .seconds(Int64.max) - .seconds(Int64.max)).milliseconds == .min / 1_000_000)
    #expect(Duration.milliseconds(Int64.max).nanoseconds == .max)
    #expect(Duration.nanoseconds(-1_500).nanoseconds == -1_500)
    #expect(Int64.max.addingSaturating(1) == .max)
    #expect(Int64.min.addingSaturating(-1) == .min)
    #expect(Int64.min.subtractingSaturating(1) == .min)
    #expect(Int64.max.subtractingSaturating(-1) == .max)
    #expect(Int64(5).subtractingSaturating(7) == -2)
  }

  @Test func thisBootsReadingsAtTheEndsAreClampedToAHundredYearsFromNow() {
    // Start at Int64.min, a lap at 0, a pause at Int64.max, all on this boot.
    let events = [
      StoredEvent(.start, wallMilliseconds: wall0, bootID: bootA, boottimeNanoseconds: .min),
      StoredEvent(.lap, wallMilliseconds: wall0, bootID: bootA, boottimeNanoseconds: 0),
      StoredEvent(.pause, wallMilliseconds: wall0, bootID: bootA, boottimeNanoseconds: .max),
    ]
    let restored = Restore.ride(number: 1, events: events, bootID: bootA, now: now)
    #expect(restored.events.map(\.at) == [now.monotonic - span, ms(0), now.monotonic + span])
    #expect(restored.phase == .paused)
    #expect(restored.moving == span + span)
    #expect(restored.ride.splits == [span - .seconds(250)])
    // The wall time of a start before the clamp is the event's own.
    #expect(restored.startedAtWallMilliseconds == wall0)
    readEverything(restored, now: now)
  }

  @Test(arguments: RestoreExtremeTests.extremes)
  func anotherBootsWallTimesAtTheEnds(wall: Int64) {
    let events = [
      StoredEvent(.start, wallMilliseconds: wall, bootID: bootA, boottimeNanoseconds: .min),
      StoredEvent(.lap, wallMilliseconds: wall, bootID: bootA, boottimeNanoseconds: .max),
    ]
    for nowWall in RestoreExtremeTests.extremes {
      let at = Now(monotonic: now.monotonic, wallMilliseconds: nowWall)
      let restored = Restore.ride(number: 1, events: events, bootID: bootB, now: at)
      #expect(restored.crossedBoot)
      #expect(restored.wallClockWentBackwards == (nowWall < wall), "wall \(wall) now \(nowWall)")
      // The start is 2^64 ns before the lap on the old boot's clock: clamped.
      #expect(restored.events[0].at == now.monotonic - span)
      readEverything(restored, now: at, "wall \(wall) now \(nowWall)")
    }
  }

  @Test func aCountdownOfIntMaxStepsAtTheEndOfTheBootClock() {
    for at in [Int64.max, 0, .min] {
      let events = [
        StoredEvent(.countdownStart, wallMilliseconds: .max, bootID: bootA, boottimeNanoseconds: at, countdownSteps: .max)
      ]
      let restored = Restore.ride(number: 1, events: events, bootID: bootA, now: now)
      #expect(restored.phase == .countdown)
      #expect((restored.ride.countdown?.step(at: restored.at) ?? 0) > 0)
      readEverything(restored, now: now)
    }
  }

  @Test func aRideNumberedIntMaxFinishesWithoutTrapping() {
    var ride = Ride(number: .max)
    ride.apply(RideEvent(.start, at: ms(0)))
    ride.apply(RideEvent(.pause, at: ms(1_000)))
    let finished = ride.apply(RideEvent(.finish, at: ms(2_000)))
    #expect(finished)
    #expect(ride.number == .max)
    #expect(ride.phase == .ready)
  }

  @Test(arguments: RestoreExtremeTests.extremes)
  func nowAtTheEnds(monotonic: Int64) {
    let at = Now(monotonic: Instant(nanoseconds: monotonic), wallMilliseconds: monotonic / -2)
    let events = [
      StoredEvent(.countdownStart, wallMilliseconds: .min, bootID: bootB, boottimeNanoseconds: .max, countdownSteps: 3),
      StoredEvent(.lap, wallMilliseconds: .max, bootID: bootB, boottimeNanoseconds: .min),
      StoredEvent(.start, wallMilliseconds: .min, bootID: bootA, boottimeNanoseconds: .min),
      StoredEvent(.lap, wallMilliseconds: .max, bootID: bootA, boottimeNanoseconds: .max),
    ]
    for boot in [bootA, bootB, ""] {
      readEverything(Restore.ride(number: .max, events: events, bootID: boot, now: at), now: at, "boot \(boot)")
    }
  }

  /// Random rows drawn mostly from the ends of each type, on this boot, another or none.
  @Test func randomRowsAtTheEndsNeverTrap() {
    var rng = SplitMix64(state: 0xBAD_DA7A)
    func value() -> Int64 {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: Self.extremes.randomElement(using: &rng)!
      case 1: Int64.random(in: .min ... .max, using: &rng)
      default: Int64.random(in: 0...10_000_000_000_000, using: &rng)
      }
    }
    let kinds = RideEvent.Kind.allCases
    let steps = [Int.min, -1, 0, 1, 3, 99, Int.max]
    for round in 0..<3_000 {
      let events = (0..<Int.random(in: 0...8, using: &rng)).map { _ -> StoredEvent in
        let kind = kinds.randomElement(using: &rng)!
        return StoredEvent(
          kind, wallMilliseconds: value(), bootID: [bootA, bootB, ""].randomElement(using: &rng)!,
          boottimeNanoseconds: value(), countdownSteps: kind == .countdownStart ? steps.randomElement(using: &rng)! : 0)
      }
      let at = Now(monotonic: Instant(nanoseconds: value()), wallMilliseconds: value())
      let number = Int.random(in: 1...Int.max, using: &rng)
      let restored = Restore.ride(number: number, events: events, bootID: bootA, now: at)
      readEverything(restored, now: at, "round \(round)")
    }
  }
}
