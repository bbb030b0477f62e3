import SplitsCore
import SplitsWorkout
import Testing

private func step(_ target: WorkoutStep.Target?, _ length: WorkoutStep.Length = .seconds(60)) -> WorkoutStep {
  WorkoutStep(name: "step", kind: .active, length: length, target: target, cadence: nil, cues: [])
}

@Suite("A step's power in watts: a range's middle, a ramp second by second")
struct StepPowerTests {
  @Test("a steady step asks for its percent of FTP; a range for its middle")
  func steady() {
    #expect(step(.steady(low: 75, high: 75)).targetWatts(into: .seconds(10), ftp: 250) == 188)
    #expect(step(.steady(low: 90, high: 100)).targetWatts(into: .zero, ftp: 200) == 190)
  }

  @Test("a ramp moves once a whole second, from its start to its end over the planned length")
  func ramp() {
    let ramp = step(.ramp(from: 50, to: 100), .seconds(100))
    #expect(ramp.targetWatts(into: .zero, ftp: 200) == 100)
    #expect(ramp.targetWatts(into: .milliseconds(999), ftp: 200) == 100)
    #expect(ramp.targetWatts(into: .seconds(1), ftp: 200) == 101)
    #expect(ramp.targetWatts(into: .seconds(50), ftp: 200) == 150)
    #expect(ramp.targetWatts(into: .seconds(100), ftp: 200) == 200)
    #expect(ramp.targetWatts(into: .seconds(500), ftp: 200) == 200, "past its end it holds its end")
    let down = step(.ramp(from: 100, to: 50), .seconds(10))
    #expect(down.targetWatts(into: .seconds(5), ftp: 200) == 150)
  }

  @Test("no target, a ramp without a length, or no FTP")
  func none() {
    #expect(step(nil).targetWatts(into: .zero, ftp: 250) == nil)
    #expect(step(.ramp(from: 60, to: 80), .untilLap).targetWatts(into: .seconds(30), ftp: 250) == 150)
    #expect(step(.steady(low: 75, high: 75)).targetWatts(into: .zero, ftp: 0) == nil)
  }
}
