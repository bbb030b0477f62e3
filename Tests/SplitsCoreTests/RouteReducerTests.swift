import SplitsRoutes
import SplitsTestSupport
import Testing

@testable import SplitsCore

/// Riding a route on the screen: splits, the complete attempt, skips, undo and the reset
/// asked twice, with the route's records taking each attempt as the journal's do.
@Suite("Riding a route: the reducer")
struct RouteReducerTests {
  static func state(_ route: Route = Route(name: "Run", segmentNames: ["A", "B", "C"])) -> RideScreenState {
    var s = RideScreenState(ride: Ride(number: 1), precision: .cs, now: t(0))
    s.clock.name = route.name
    s.comparison.rideName = route.name
    s.route = RouteFeature(route: route)
    return s
  }

  @discardableResult
  static func press(_ s: inout RideScreenState, _ key: Character, at ms: Int64) -> [Effect] {
    RideReducer.reduce(&s, .key(.character(key), at: t(ms)))
  }

  static func kinds(_ effects: [Effect]) -> [RideEvent.Kind] {
    effects.compactMap { if case .record(let event, _, _) = $0 { event.kind } else { nil } }
  }

  @Test func theLastSplitCompletesTheAttemptAndStopsTheClockAtThatInstant() {
    var s = Self.state()
    Self.press(&s, " ", at: 0)
    Self.press(&s, "l", at: 1000)
    Self.press(&s, "l", at: 2500)
    let last = Self.press(&s, "l", at: 4000)
    #expect(Self.kinds(last) == [.lap, .pause])
    #expect(s.phase == .paused && s.moving == .milliseconds(4000))
    #expect(s.route.isComplete(s.clock.ride))
    // Space rides on outside the route: a lap then is the ride's own.
    Self.press(&s, " ", at: 5000)
    #expect(Self.kinds(Self.press(&s, "l", at: 6000)) == [.lap])
    #expect(s.phase == .running)
  }

  @Test func sSkipsASegmentButNeverTheLastAndSaysSoWithoutARoute() {
    var s = Self.state()
    Self.press(&s, " ", at: 0)
    #expect(Self.kinds(Self.press(&s, "s", at: 500)) == [.skip])
    #expect(Self.kinds(Self.press(&s, "l", at: 2000)) == [.lap])
    #expect(Self.press(&s, "s", at: 2500).isEmpty)
    #expect(s.chrome.hints.hint == .skipLast)
    // u takes back the split, then the skip.
    #expect(Self.kinds(Self.press(&s, "u", at: 3000)) == [.undoLap])
    #expect(Self.kinds(Self.press(&s, "u", at: 3100)) == [.undoLap])
    #expect(s.clock.ride.marks.isEmpty)

    var plain = RideScreenState(ride: Ride(number: 1), precision: .cs, now: t(0))
    Self.press(&plain, " ", at: 0)
    #expect(Self.press(&plain, "s", at: 500).isEmpty)
    #expect(plain.chrome.hints.hint == .skipNoRoute)
  }

  @Test func rOnAnAttemptWithSegmentsLeftAsksOnceThenEndsItUnfinishedNeverThePersonalBest() {
    var s = Self.state(RouteTimer.apply([.real([.seconds(1), .seconds(2), .seconds(3)], complete: true)], to: Route(name: "Run", segmentNames: ["A", "B", "C"])))
    Self.press(&s, " ", at: 0)
    Self.press(&s, "l", at: 500)
    Self.press(&s, " ", at: 600)
    #expect(Self.press(&s, "r", at: 700).isEmpty)
    #expect(s.chrome.hints.hint == .resetAsk && s.clock.ride.number == 1)
    // Another key between the two r's: the question goes.
    Self.press(&s, "?", at: 750)
    Self.press(&s, "?", at: 760)
    #expect(Self.press(&s, "r", at: 800).isEmpty)
    #expect(Self.kinds(Self.press(&s, "r", at: 900)) == [.finish])
    #expect(s.chrome.lastFinished?.route == .reset)
    let route = s.route.route
    #expect(route?.attemptCount == 2)
    #expect(route?.segments.last?.personalBestSplit.real == .seconds(3))
    #expect(route?.segments.first?.bestSegment.real == .milliseconds(500))
  }

  @Test func aCompleteAttemptFasterThanThePersonalBestIsSaidSoAndTakesItsPlace() {
    var s = Self.state(RouteTimer.apply([.real([.seconds(1), .seconds(2), .seconds(3)], complete: true)], to: Route(name: "Run", segmentNames: ["A", "B", "C"])))
    Self.press(&s, " ", at: 0)
    for at in [900, 1800, 2700] as [Int64] { Self.press(&s, "l", at: at) }
    #expect(Self.kinds(Self.press(&s, "r", at: 3000)) == [.finish])
    #expect(s.chrome.lastFinished?.route == .complete(personalBest: true))
    #expect(s.route.route?.segments.last?.personalBestSplit.real == .milliseconds(2700))
    // The next ride of the name rides the route with its new records.
    #expect(s.clock.ride.number == 2 && s.route.route?.attemptCount == 2)
  }

  @Test func aRemoteFinishEndsAnAttemptWithSegmentsLeftWithoutAsking() {
    var s = Self.state()
    Self.press(&s, " ", at: 0)
    Self.press(&s, "l", at: 500)
    Self.press(&s, " ", at: 600)
    let effects = RideReducer.reduce(&s, Action(.remote(.finish), at: Now(monotonic: t(700), wallMilliseconds: 0)))
    #expect(Self.kinds(effects) == [.finish])
    #expect(s.chrome.lastFinished?.route == .reset)
  }

  @Test func cCyclesTheRoutesComparisons() {
    var s = Self.state()
    #expect(s.route.comparisonName == "Personal Best")
    Self.press(&s, "c", at: 0)
    #expect(s.route.comparisonName != "Personal Best")
    #expect(s.route.timer?.comparisons.names.contains(s.route.comparisonName) == true)
  }

  @Test func cOnARouteIsKeptForTheRouteAndTheNextScreenOpensOnIt() {
    var s = Self.state()
    let effects = Self.press(&s, "c", at: 0)
    let chosen = s.route.comparisonName
    #expect(effects == [.rememberRouteComparison(chosen, route: "Run")])
    #expect(s.comparison.comparisons.routeChoices == ["Run": chosen])

    // The next screen of the route opens on the comparison kept.
    let route = Route(name: "Run", segmentNames: ["A", "B", "C"])
    let kept = RideOpening(
      restored: nil, precision: .cs, name: "Run", comparisons: RideComparisons(routeChoices: ["Run": chosen]),
      route: route)
    #expect(kept.state(at: t(0)).route.comparisonName == chosen)
    // A comparison the route no longer has (a file imported again without it): its personal best.
    let gone = RideOpening(
      restored: nil, precision: .cs, name: "Run", comparisons: RideComparisons(routeChoices: ["Run": "Gone"]),
      route: route)
    #expect(gone.state(at: t(0)).route.comparisonName == "Personal Best")
  }

  @Test func theKeyLineOffersSOnlyWhileASegmentOtherThanTheLastIsUnderWay() {
    var s = Self.state()
    #expect(!s.route.canSkip(s.clock.ride))
    Self.press(&s, " ", at: 0)
    #expect(s.route.canSkip(s.clock.ride))
    Self.press(&s, "l", at: 500)
    Self.press(&s, "l", at: 1000)
    #expect(!s.route.canSkip(s.clock.ride))
  }
}
