import SplitsCore
import SplitsWorkout
import Testing

@testable import SplitsReports

@Suite("splits workout check: the steps as a table and as JSON")
struct WorkoutListingTests {
  static let workout = Workout(
    name: "Sweet \"spot\"", ftp: 250,
    steps: [
      WorkoutStep(name: "Warm up", kind: .warmup, length: .seconds(600), target: .ramp(from: 50, to: 75), cadence: 90),
      WorkoutStep(
        name: "Sweet spot", kind: .active, length: .seconds(600), target: .steady(low: 88, high: 92.5),
        cues: [WorkoutStep.Cue(offset: 480, text: "Stay seated")]),
      WorkoutStep(name: "Until lap", kind: .free, length: .untilLap),
    ])

  @Test func theTable() {
    #expect(
      WorkoutListing.table(Self.workout).split(separator: "\n").map(String.init) == [
        "Sweet \"spot\" · FTP 250 W",
        "#  Step        Kind      Seconds  Target       Cadence  Cues",
        "1  Warm up     warmup        600  ramp 50→75%  90 rpm",
        "2  Sweet spot  active        600  88–92.5%              @480 Stay seated",
        "3  Until lap   free    until lap",
        "Total: open (a step ends on a lap), 3 steps",
      ])
  }

  @Test func theJSON() {
    #expect(
      WorkoutListing.json(Self.workout)
        == #"{"name": "Sweet \"spot\"", "total_seconds": null, "steps": [{"index": 1, "name": "Warm up", "kind": "warmup", "seconds": 600, "target_low": 50, "target_high": 75, "cadence": 90, "cues": []}, {"index": 2, "name": "Sweet spot", "kind": "active", "seconds": 600, "target_low": 88, "target_high": 92.5, "cadence": null, "cues": [{"offset": 480, "text": "Stay seated"}]}, {"index": 3, "name": "Until lap", "kind": "free", "seconds": null, "target_low": null, "target_high": null, "cadence": null, "cues": []}]}"#
    )
    let timed = Workout(steps: [WorkoutStep(name: "A", kind: .active, length: .seconds(90))])
    #expect(WorkoutListing.json(timed).hasPrefix(#"{"name": null, "total_seconds": 90, "#))
    #expect(WorkoutListing.table(timed).hasSuffix("Total: 90 s (00:01:30), 1 step"))
  }

  @Test func numbersAreWrittenAsGivenToATenth() {
    #expect(WorkoutListing.number(75) == "75")
    #expect(WorkoutListing.number(75.44) == "75.4")
    #expect(WorkoutListing.number(0.05) == "0.1")
    #expect(WorkoutListing.number(-3.5) == "-3.5")
    #expect(WorkoutListing.number(.infinity) == "0")
    #expect(WorkoutListing.number(.nan) == "0")
  }
}
