import SplitsTestRandom
import Testing

@testable import SplitsWorkout

// MARK: Fixtures: small files shaped as real `.zwo` files are (tools' and Zwift's own).

/// Warm-up, steady blocks with cues, and a cool-down written the "reversed" way.
private let sweetSpot = """
  <?xml version="1.0" encoding="UTF-8"?>
  <workout_file>
      <author>Coach</author>
      <name>Sweet spot 2x10</name>
      <description>Two blocks of ten minutes at sweet spot.</description>
      <sportType>bike</sportType>
      <tags>
          <tag name="INTERVALS"/>
      </tags>
      <workout>
          <Warmup Duration="600" PowerLow="0.25" PowerHigh="0.75" Cadence="85"/>
          <SteadyState Duration="600" Power="0.88" Cadence="90">
              <textevent timeoffset="0" message="Settle in at sweet spot"/>
              <textevent timeoffset="540" message="One minute to go"/>
          </SteadyState>
          <SteadyState Duration="300" Power="0.55"/>
          <SteadyState Duration="600" Power="0.88" Cadence="90"/>
          <Cooldown Duration="300" PowerLow="0.25" PowerHigh="0.75"/>
      </workout>
  </workout_file>
  """

/// IntervalsT with text events over the whole block (3 × 90 s), one past its end.
private let thirtyThirty = """
  <workout_file>
    <name>VO2 60/30</name>
    <workout>
      <IntervalsT Repeat="3" OnDuration="60" OffDuration="30" OnPower="1.20" OffPower="0.50" Cadence="100" CadenceResting="85">
        <textevent timeoffset="0" message="First on: go!"/>
        <textevent timeoffset="60" message="Rest"/>
        <textevent timeoffset="75" message="Get ready"/>
        <textevent timeoffset="90" message="Second on"/>
        <textevent timeoffset="269" message="Last second"/>
        <textevent timeoffset="270" message="After the block"/>
        <textevent timeoffset="30" message="Halfway"/>
      </IntervalsT>
    </workout>
  </workout_file>
  """

/// FreeRide (both spellings) and MaxEffort, durations written as decimals.
private let sprints = """
  <workout_file>
      <author>Zwift</author>
      <name>Sprint check</name>
      <sportType>bike</sportType>
      <workout>
          <Warmup Duration="300.0" PowerLow="0.40" PowerHigh="0.70"/>
          <FreeRide Duration="600" FlatRoad="1" Cadence="90">
              <textevent timeoffset="10" message="Ride how you like"/>
          </FreeRide>
          <MaxEffort Duration="20"/>
          <Freeride Duration="120.4" FlatRoad="0"/>
      </workout>
  </workout_file>
  """

/// Things skipped with a warning: an unknown block, a cue outside any block, cues placed by
/// distance, without a message or at the block's end, an unknown child; and the children only
/// Zwift's game uses, skipped silently.
private let oddsAndEnds = """
  <workout_file>
      <name>Odds and ends</name>
      <category>Mine</category>
      <workout>
          <textevent timeoffset="0" message="Not in a block"/>
          <SteadyState Duration="120" Power="0.6">
              <textevent distoffset="100" message="By distance"/>
              <textevent timeoffset="20"/>
              <textevent timeoffset="120" message="At the very end"/>
              <TextNotification text="Cool off!" timeOffset="10"/>
              <Sparkle/>
          </SteadyState>
          <RestDay/>
          <Cooldown Duration="60" PowerLow="0.6" PowerHigh="0.4">
              <gameplayevent timeoffset="0" type="GPE_CELEBRATION"/>
          </Cooldown>
      </workout>
  </workout_file>
  """

/// Names in any case, ranges of power for IntervalsT, a Ramp going down, equal ramp ends.
private let overUnders = """
  <?xml version='1.0'?>
  <WORKOUT_FILE>
    <NAME>  Over &amp; unders  </NAME>
    <Workout>
      <warmup duration="600.0" powerlow=".5" powerhigh=".3"/>
      <ramp Duration="300" PowerLow="0.9" PowerHigh="0.6"/>
      <RAMP DURATION="60" POWERLOW="0.7" POWERHIGH="0.70"/>
      <intervalst repeat="2" onduration="120" offduration="60" poweronlow="1.05" poweronhigh="0.95"
          powerofflow="0.55" poweroffhigh="0.65" cadencelow="85" cadencehigh="95">
        <TextEvent TimeOffset="150" message="Under"/>
      </intervalst>
      <steadystate duration="300" powerlow="0.75449997" powerhigh="0.85"/>
    </Workout>
  </WORKOUT_FILE>
  """

/// As Zwift's own files are: powers like 0.75449997, attributes Splits does not use, a
/// cadence of 0 for none, and an FTP override.
private let zoneTwo = """
  <workout_file>
      <author>Zwift</author>
      <name>Zone 2</name>
      <description>An hour of endurance.</description>
      <sportType>bike</sportType>
      <ftpOverride>250</ftpOverride>
      <tags/>
      <workout>
          <Warmup Duration="600" PowerLow="0.25449997" PowerHigh="0.75449997" pace="0" Quantize="20"/>
          <SteadyState Duration="2400" Power="0.65449995" pace="0" Zone="2" show_avg="1" Cadence="0"/>
          <Cooldown Duration="600" PowerLow="0.75449997" PowerHigh="0.25449997" pace="0"/>
      </workout>
  </workout_file>
  """

private let fixtures = [sweetSpot, thirtyThirty, sprints, oddsAndEnds, overUnders, zoneTwo]

// MARK: Helpers

private func parse(_ text: String) throws(WorkoutError) -> ParsedWorkout {
  try ZwiftWorkout.parse(Array(text.utf8))
}

/// The error reading `bytes` gives, or nil when it reads.
private func failure(_ bytes: [UInt8]) -> WorkoutError? {
  do {
    _ = try ZwiftWorkout.parse(bytes)
    return nil
  } catch {
    return error
  }
}

private func failure(_ text: String) -> WorkoutError? { failure(Array(text.utf8)) }

/// A file whose `<workout>` holds `blocks`, the first of them on line 3.
private func file(_ blocks: String) -> String {
  "<workout_file>\n<workout>\n\(blocks)\n</workout>\n</workout_file>\n"
}

/// The error for `blocks` in a file, its first block on line 3.
private func failure(blocks: String) -> WorkoutError? { failure(file(blocks)) }

/// The steps read from `blocks`.
private func steps(_ blocks: String) throws(WorkoutError) -> [WorkoutStep] {
  try parse(file(blocks)).workout.steps
}

private func step(
  _ name: String, _ kind: WorkoutStep.Kind, _ seconds: Int, _ target: WorkoutStep.Target?, cadence: Int? = nil,
  cues: [(Int, String)] = []
) -> WorkoutStep {
  WorkoutStep(
    name: name, kind: kind, length: .seconds(seconds), target: target, cadence: cadence,
    cues: cues.map { WorkoutStep.Cue(offset: $0.0, text: $0.1) })
}

private func steady(_ percent: Double) -> WorkoutStep.Target { .steady(low: percent, high: percent) }

/// Seconds `body` takes on the continuous clock.
private func seconds(_ body: () -> Void) -> Double {
  let elapsed = ContinuousClock().measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

@Suite("ZwiftWorkout: .zwo files read into workouts")
struct ZwiftWorkoutTests {
  // MARK: Blocks

  @Test("warm-up, steady blocks with cues, and a reversed cool-down made to go down")
  func sweetSpotFile() throws {
    let parsed = try parse(sweetSpot)
    #expect(parsed.warnings == [])
    #expect(parsed.workout.name == "Sweet spot 2x10")
    #expect(parsed.workout.ftp == nil)
    #expect(
      parsed.workout.steps == [
        step("Warm-up", .warmup, 600, .ramp(from: 25, to: 75), cadence: 85),
        step(
          "Steady", .active, 600, steady(88), cadence: 90,
          cues: [(0, "Settle in at sweet spot"), (540, "One minute to go")]),
        step("Steady", .active, 300, steady(55)),
        step("Steady", .active, 600, steady(88), cadence: 90),
        step("Cool-down", .cooldown, 300, .ramp(from: 75, to: 25)),
      ])
    #expect(parsed.workout.totalSeconds == 2400)
  }

  @Test("IntervalsT unrolls to on and off steps; its cues land in the step they fall in")
  func intervalsFile() throws {
    let parsed = try parse(thirtyThirty)
    let on = WorkoutStep.Target.steady(low: 120, high: 120)
    let off = WorkoutStep.Target.steady(low: 50, high: 50)
    #expect(parsed.workout.name == "VO2 60/30")
    #expect(
      parsed.workout.steps == [
        step("On", .active, 60, on, cadence: 100, cues: [(0, "First on: go!"), (30, "Halfway")]),
        step("Off", .rest, 30, off, cadence: 85, cues: [(0, "Rest"), (15, "Get ready")]),
        step("On", .active, 60, on, cadence: 100, cues: [(0, "Second on")]),
        step("Off", .rest, 30, off, cadence: 85),
        step("On", .active, 60, on, cadence: 100),
        step("Off", .rest, 30, off, cadence: 85, cues: [(29, "Last second")]),
      ])
    #expect(parsed.warnings == ["line 10: skipped a cue at timeoffset '270', outside its 270-second block"])
  }

  @Test("FreeRide (either spelling) and MaxEffort have no target; decimal durations round")
  func freeRideAndMaxEffort() throws {
    let parsed = try parse(sprints)
    #expect(parsed.warnings == [])
    #expect(
      parsed.workout.steps == [
        step("Warm-up", .warmup, 300, .ramp(from: 40, to: 70)),
        step("Free ride", .free, 600, nil, cadence: 90, cues: [(10, "Ride how you like")]),
        step("Max effort", .max, 20, nil),
        step("Free ride", .free, 120, nil),
      ])
  }

  @Test("what cannot be followed is skipped with a warning naming its line, in file order")
  func warnings() throws {
    let parsed = try parse(oddsAndEnds)
    #expect(
      parsed.warnings == [
        "line 5: skipped a <textevent> outside any block",
        "line 7: skipped a cue placed by distance (distoffset), which Splits cannot follow",
        "line 8: skipped a cue without a message",
        "line 9: skipped a cue at timeoffset '120', outside its 120-second block",
        "line 11: skipped <Sparkle> in <SteadyState>, not a cue Splits knows",
        "line 13: skipped <RestDay>, not a block Splits knows",
      ])
    #expect(
      parsed.workout.steps == [
        step("Steady", .active, 120, steady(60)),
        step("Cool-down", .cooldown, 60, .ramp(from: 60, to: 40)),
      ])
  }

  @Test("names match ignoring case; power ranges; Ramp as written; equal ends are steady")
  func caseAndRanges() throws {
    let parsed = try parse(overUnders)
    #expect(parsed.warnings == [])
    #expect(parsed.workout.name == "Over & unders")
    let on = WorkoutStep.Target.steady(low: 95, high: 105)
    let off = WorkoutStep.Target.steady(low: 55, high: 65)
    #expect(
      parsed.workout.steps == [
        step("Warm-up", .warmup, 600, .ramp(from: 30, to: 50)),
        step("Ramp", .active, 300, .ramp(from: 90, to: 60)),
        step("Ramp", .active, 60, steady(70)),
        step("On", .active, 120, on, cadence: 90),
        step("Off", .rest, 60, off, cues: [(30, "Under")]),
        step("On", .active, 120, on, cadence: 90),
        step("Off", .rest, 60, off),
        step("Steady", .active, 300, .steady(low: 75.4, high: 85)),
      ])
  }

  @Test("Zwift's own files: powers to a tenth of a percent, cadence 0 is none, ftpOverride")
  func zwiftStyle() throws {
    let parsed = try parse(zoneTwo)
    #expect(parsed.warnings == [])
    #expect(parsed.workout.ftp == 250)
    #expect(
      parsed.workout.steps == [
        step("Warm-up", .warmup, 600, .ramp(from: 25.4, to: 75.4)),
        step("Steady", .active, 2400, steady(65.4)),
        step("Cool-down", .cooldown, 600, .ramp(from: 75.4, to: 25.4)),
      ])
  }

  @Test("Warmup always goes up, Cooldown always down, Ramp as written")
  func rampDirections() throws {
    let read = try steps(
      """
      <Warmup Duration="60" PowerLow="0.3" PowerHigh="0.6"/>
      <Warmup Duration="60" PowerLow="0.6" PowerHigh="0.3"/>
      <Cooldown Duration="60" PowerLow="0.6" PowerHigh="0.3"/>
      <Cooldown Duration="60" PowerLow="0.3" PowerHigh="0.6"/>
      <Ramp Duration="60" PowerLow="0.3" PowerHigh="0.6"/>
      <Ramp Duration="60" PowerLow="0.6" PowerHigh="0.3"/>
      """)
    #expect(
      read.map(\.target) == [
        .ramp(from: 30, to: 60), .ramp(from: 30, to: 60), .ramp(from: 60, to: 30), .ramp(from: 60, to: 30),
        .ramp(from: 30, to: 60), .ramp(from: 60, to: 30),
      ])
  }

  @Test("other attribute forms: Power on a ramp block, one end of a range, cadence forms")
  func attributeForms() throws {
    let read = try steps(
      """
      <Warmup Duration="60" Power="0.5"/>
      <SteadyState Duration="60" PowerHigh="0.7"/>
      <SteadyState Duration="60" Power="0.7" PowerLow="0.1" PowerHigh="0.2"/>
      <SteadyState Duration="60" Power="0.7" CadenceLow="80"/>
      <SteadyState Duration="60" Power="0.7" Cadence="85.6" CadenceLow="60" CadenceHigh="70"/>
      <SteadyState Duration="60" Power="0.7" CadenceLow="86" CadenceHigh="91"/>
      <SteadyState Duration="60" Power="0.7" Cadence="95" cadence="95"/>
      <SteadyState Duration=" 60 " Power="+0.7"/>
      <SteadyState Duration="6e1" Power="70e-2"/>
      <SteadyState Duration="86400.4" Power="10" Cadence="250"/>
      <SteadyState Duration="0.5" Power="0"/>
      <IntervalsT Repeat="1.0" OnDuration="30" OffDuration="30" OnPower="1" PowerOnLow="0.1"
          PowerOffHigh="0.4" CadenceResting="0"/>
      """)
    #expect(
      read.map(\.target) == [
        steady(50), steady(70), steady(70), steady(70), steady(70), steady(70), steady(70), steady(70), steady(70),
        steady(1000), steady(0), steady(100), steady(40),
      ])
    #expect(read.map(\.cadence) == [nil, nil, nil, 80, 86, 89, 95, nil, nil, 250, nil, nil, nil])
    #expect(read.map(\.length.seconds) == [60, 60, 60, 60, 60, 60, 60, 60, 60, 86400, 1, 30, 30])
  }

  // MARK: Cues

  @Test("IntervalsT cues: boundaries between on and off, and between repeats")
  func intervalCueBoundaries() throws {
    let read = try steps(
      """
      <IntervalsT Repeat="2" OnDuration="10" OffDuration="5" OnPower="1" OffPower="0.5">
        <textevent timeoffset="9.4" message="a"/>
        <textevent timeoffset="9.5" message="b"/>
        <textevent timeoffset="14" message="c"/>
        <textevent timeoffset="15" message="d"/>
        <textevent timeoffset="29.49" message="e"/>
        <textevent timeoffset="-0.4" message="f"/>
      </IntervalsT>
      """)
    #expect(read.map { $0.cues.map(\.offset) } == [[0, 9], [0, 4], [0], [4]])
    #expect(read.map { $0.cues.map(\.text) } == [["f", "a"], ["b", "c"], ["d"], ["e"]])
  }

  @Test("cues outside their block, by any amount, are skipped with a warning")
  func cuesOutside() throws {
    let parsed = try parse(
      file(
        """
        <SteadyState Duration="60" Power="0.5">
          <textevent timeoffset="-1" message="before"/>
          <textevent timeoffset="59.5" message="rounds to the end"/>
          <textevent timeoffset="1e308" message="far"/>
          <textevent timeoffset="99999999999999999999" message="farther"/>
          <textevent timeoffset="1e400" message="beyond a Double"/>
          <textevent timeoffset="59.49" message="kept"/>
        </SteadyState>
        """))
    #expect(parsed.workout.steps[0].cues == [WorkoutStep.Cue(offset: 59, text: "kept")])
    #expect(
      parsed.warnings == [
        "line 4: skipped a cue at timeoffset '-1', outside its 60-second block",
        "line 5: skipped a cue at timeoffset '59.5', outside its 60-second block",
        "line 6: skipped a cue at timeoffset '1e308', outside its 60-second block",
        "line 7: skipped a cue at timeoffset '99999999999999999999', outside its 60-second block",
        "line 8: skipped a cue at timeoffset '1e400', outside its 60-second block",
      ])
  }

  @Test("cue text is made one line, stripped of controls, shortened to 200 characters")
  func cueText() throws {
    let long = String(repeating: "é", count: 250)
    let parsed = try parse(
      file(
        """
        <SteadyState Duration="60" Power="0.5">
          <textevent timeoffset="1" message="  Spin&#10;&#9;up&#x9B;2J now  "/>
          <textevent timeoffset="2" message="\(long)"/>
          <textevent timeoffset="3" message="   "/>
          <textevent timeoffset="4" message="&#x85;&#x7F;"/>
          <textevent timeoffset="0" message="first by offset"/>
        </SteadyState>
        """))
    #expect(
      parsed.workout.steps[0].cues.map(\.text) == [
        "first by offset", "Spin up 2J now", String(repeating: "é", count: 199) + "…",
      ])
    #expect(parsed.workout.steps[0].cues.map(\.offset) == [0, 1, 2])
    #expect(
      parsed.warnings == [
        "line 5: a cue is longer than 200 characters; shortened",
        "line 6: skipped a cue without a message",
        "line 7: skipped a cue without a message",
      ])
  }

  @Test("the name: the first <name>, one line, shortened to 200 characters; none when empty")
  func names() throws {
    let long = String(repeating: "n", count: 300)
    let parsed = try parse("<workout_file>\n<name>\(long)</name><name>second</name>\n" + "<workout><MaxEffort Duration=\"5\"/></workout></workout_file>")
    #expect(parsed.workout.name == String(repeating: "n", count: 199) + "…")
    #expect(parsed.warnings == ["line 2: the name is longer than 200 characters; shortened"])
    let empty = try parse("<workout_file><name> \n </name><workout><MaxEffort Duration=\"5\"/></workout></workout_file>")
    #expect(empty.workout.name == nil)
    let none = try parse(file("<MaxEffort Duration=\"5\"/>"))
    #expect(none.workout.name == nil)
    let cdata = try parse(
      "<workout_file><name><![CDATA[A <b>&</b>]]> ride</name><workout><MaxEffort Duration=\"5\"/></workout></workout_file>")
    #expect(cdata.workout.name == "A <b>&</b> ride")
  }

  @Test("a sport other than bike is read all the same, with a warning")
  func sportType() throws {
    let parsed = try parse(
      "<workout_file>\n<sportType>run</sportType>\n<workout><MaxEffort Duration=\"5\"/></workout></workout_file>")
    #expect(parsed.warnings == ["line 2: sportType is 'run'; its targets are read as percent of FTP all the same"])
    #expect(parsed.workout.steps.count == 1)
  }

  // MARK: Errors in the workout

  @Test("durations: zero, negative, too small to round to a second, too long, not numbers")
  func durationErrors() {
    let cases: [(String, String)] = [
      ("0", "Duration must be at least 1 second, found '0'"),
      ("-30", "Duration must be at least 1 second, found '-30'"),
      ("-0", "Duration must be at least 1 second, found '-0'"),
      ("0.49", "Duration must be at least 1 second, found '0.49'"),
      ("-1e308", "Duration must be at least 1 second, found '-1e308'"),
      ("86400.5", "Duration must be at most 86400 seconds (24 hours), found '86400.5'"),
      ("1e308", "Duration must be at most 86400 seconds (24 hours), found '1e308'"),
      ("1e400", "Duration must be at most 86400 seconds (24 hours), found '1e400'"),
      ("99999999999999999999", "Duration must be at most 86400 seconds (24 hours), found '99999999999999999999'"),
      ("NaN", "Duration must be a number of seconds, found 'NaN'"),
      ("nan", "Duration must be a number of seconds, found 'nan'"),
      ("inf", "Duration must be a number of seconds, found 'inf'"),
      ("-Infinity", "Duration must be a number of seconds, found '-Infinity'"),
      ("", "Duration must be a number of seconds, found ''"),
      ("10m", "Duration must be a number of seconds, found '10m'"),
      ("0x10", "Duration must be a number of seconds, found '0x10'"),
      ("1,5", "Duration must be a number of seconds, found '1,5'"),
      ("1e", "Duration must be a number of seconds, found '1e'"),
      (".", "Duration must be a number of seconds, found '.'"),
      ("--1", "Duration must be a number of seconds, found '--1'"),
      ("123456789012345678901234567890", "Duration must be at most 86400 seconds (24 hours), found '12345678901234567890123…'"),
    ]
    for (value, message) in cases {
      #expect(
        failure(blocks: "<SteadyState Duration=\"\(value)\" Power=\"0.5\"/>")
          == WorkoutError(.element("SteadyState", line: 3), message), "\(value)")
    }
    #expect(
      failure(blocks: "<MaxEffort/>") == WorkoutError(.element("MaxEffort", line: 3), "Duration is missing (seconds)"))
    #expect(
      failure(blocks: "<MaxEffort Duration=\"5\"/>\n<freeride duration=\"0\"/>")
        == WorkoutError(.element("freeride", line: 4), "Duration must be at least 1 second, found '0'"))
    #expect(
      failure(blocks: "<IntervalsT Repeat=\"2\" OnDuration=\"30\" OffDuration=\"0\" OnPower=\"1\" OffPower=\"0.5\"/>")
        == WorkoutError(.element("IntervalsT", line: 3), "OffDuration must be at least 1 second, found '0'"))
    #expect(
      failure(blocks: "<IntervalsT Repeat=\"2\" OffDuration=\"30\" OnPower=\"1\" OffPower=\"0.5\"/>")
        == WorkoutError(.element("IntervalsT", line: 3), "OnDuration is missing (seconds)"))
  }

  @Test("powers: negative, beyond 1000 %, huge, not numbers, missing")
  func powerErrors() {
    let range = "must be a fraction of FTP from 0 to 10 (0.75 is 75 %)"
    for value in ["-0.1", "10.001", "1e308", "99999999999999999999", "NaN", "inf", "75%", ""] {
      #expect(
        failure(blocks: "<SteadyState Duration=\"60\" Power=\"\(value)\"/>")
          == WorkoutError(.element("SteadyState", line: 3), "Power \(range), found '\(value)'"), "\(value)")
    }
    #expect(
      failure(blocks: "<Warmup Duration=\"60\" PowerLow=\"0.5\" PowerHigh=\"1e308\"/>")
        == WorkoutError(.element("Warmup", line: 3), "PowerHigh \(range), found '1e308'"))
    #expect(
      failure(blocks: "<SteadyState Duration=\"60\"/>")
        == WorkoutError(.element("SteadyState", line: 3), "Power is missing (a fraction of FTP, 0.75 for 75 %)"))
    #expect(
      failure(blocks: "<Warmup Duration=\"60\"/>")
        == WorkoutError(
          .element("Warmup", line: 3), "PowerLow and PowerHigh are missing (fractions of FTP, 0.75 for 75 %)"))
    #expect(
      failure(blocks: "<Ramp Duration=\"60\" PowerLow=\"0.5\"/>")
        == WorkoutError(.element("Ramp", line: 3), "PowerHigh is missing: a ramp needs PowerLow and PowerHigh"))
    #expect(
      failure(blocks: "<Cooldown Duration=\"60\" PowerHigh=\"0.5\" Power=\"0.4\"/>")
        == WorkoutError(.element("Cooldown", line: 3), "PowerLow is missing: a ramp needs PowerLow and PowerHigh"))
    #expect(
      failure(blocks: "<IntervalsT Repeat=\"2\" OnDuration=\"30\" OffDuration=\"30\" OnPower=\"1\"/>")
        == WorkoutError(.element("IntervalsT", line: 3), "OffPower is missing (a fraction of FTP, 0.75 for 75 %)"))
    #expect(
      failure(blocks: "<IntervalsT Repeat=\"2\" OnDuration=\"30\" OffDuration=\"30\" OffPower=\"1\"/>")
        == WorkoutError(.element("IntervalsT", line: 3), "OnPower is missing (a fraction of FTP, 0.75 for 75 %)"))
    #expect(
      failure(blocks: "<SteadyState Duration=\"60\" Power=\"0.5\" POWER=\"0.6\"/>")
        == WorkoutError(.element("SteadyState", line: 3), "Power and POWER give two values for Power"))
  }

  @Test("repeats and cadences out of range or not whole")
  func repeatAndCadenceErrors() {
    let repeatRange = "Repeat must be a whole number from 1 to 100"
    for value in ["0", "-1", "101", "2.5", "1e308", "99999999999999999999", "NaN", "three"] {
      #expect(
        failure(
          blocks: "<IntervalsT Repeat=\"\(value)\" OnDuration=\"30\" OffDuration=\"30\" OnPower=\"1\" OffPower=\"0.5\"/>")
          == WorkoutError(.element("IntervalsT", line: 3), "\(repeatRange), found '\(value)'"), "\(value)")
    }
    #expect(
      failure(blocks: "<IntervalsT OnDuration=\"30\" OffDuration=\"30\" OnPower=\"1\" OffPower=\"0.5\"/>")
        == WorkoutError(.element("IntervalsT", line: 3), "Repeat is missing (a count)"))
    for value in ["-1", "250.5", "1e308", "NaN"] {
      #expect(
        failure(blocks: "<FreeRide Duration=\"60\" Cadence=\"\(value)\"/>")
          == WorkoutError(.element("FreeRide", line: 3), "Cadence must be from 0 to 250 rpm, found '\(value)'"))
    }
    #expect(
      failure(
        blocks: "<IntervalsT Repeat=\"2\" OnDuration=\"3\" OffDuration=\"3\" OnPower=\"1\" OffPower=\"1\" CadenceResting=\"300\"/>")
        == WorkoutError(
          .element("IntervalsT", line: 3), "CadenceResting must be from 0 to 250 rpm, found '300'"))
  }

  @Test("a cue offset that is not a number is an error at the text event")
  func cueOffsetErrors() {
    for value in ["abc", "NaN", "inf", ""] {
      #expect(
        failure(blocks: "<SteadyState Duration=\"60\" Power=\"0.5\">\n<TextEvent TimeOffset=\"\(value)\" message=\"x\"/></SteadyState>")
          == WorkoutError(.element("TextEvent", line: 4), "timeoffset must be a number of seconds, found '\(value)'"))
    }
  }

  @Test("limits: 1000 steps once unrolled, 100 cues in a step")
  func limits() throws {
    let interval = "<IntervalsT Repeat=\"100\" OnDuration=\"1\" OffDuration=\"1\" OnPower=\"1\" OffPower=\"0.5\"/>\n"
    #expect(try steps(String(repeating: interval, count: 5)).count == 1000)
    #expect(
      failure(blocks: String(repeating: interval, count: 6))
        == WorkoutError(.element("IntervalsT", line: 8), "more than 1000 steps once repeats are unrolled"))
    let single = "<MaxEffort Duration=\"1\"/>\n"
    #expect(try steps(String(repeating: single, count: 1000)).count == 1000)
    #expect(
      failure(blocks: String(repeating: single, count: 1001))
        == WorkoutError(.element("MaxEffort", line: 1003), "more than 1000 steps once repeats are unrolled"))
    // A hostile IntervalsT is refused before anything is unrolled.
    #expect(
      failure(blocks: String(repeating: single, count: 999) + interval)?.message
        == "more than 1000 steps once repeats are unrolled")

    func cues(_ count: Int) -> String {
      (0..<count).map { "<textevent timeoffset=\"\($0)\" message=\"c\($0)\"/>" }.joined(separator: "\n")
    }
    #expect(try steps("<SteadyState Duration=\"600\" Power=\"1\">\(cues(100))</SteadyState>")[0].cues.count == 100)
    #expect(
      failure(blocks: "<SteadyState Duration=\"600\" Power=\"1\">\(cues(101))</SteadyState>")
        == WorkoutError(.element("SteadyState", line: 3), "more than 100 cues in one step"))
    // In IntervalsT the limit is per unrolled step: 150 cues over 2 steps are fine.
    let spread = try steps(
      "<IntervalsT Repeat=\"1\" OnDuration=\"100\" OffDuration=\"100\" OnPower=\"1\" OffPower=\"1\">\(cues(150))</IntervalsT>")
    #expect(spread.map(\.cues.count) == [100, 50])
  }

  @Test("the file's shape: the root, one <workout>, at least one step")
  func shapeErrors() {
    #expect(
      failure("<html><workout/></html>")
        == WorkoutError(.element("html", line: 1), "expected <workout_file>, the root of a Zwift workout file"))
    #expect(
      failure("<workout_file>\n<name>x</name>\n</workout_file>")
        == WorkoutError(.element("workout_file", line: 1), "no <workout> element: the file holds no steps"))
    #expect(
      failure("<workout_file>\n<workout/>\n</workout_file>")
        == WorkoutError(.element("workout", line: 2), "no steps: no block Splits knows in <workout>"))
    #expect(
      failure(blocks: "<RestDay/>\n<Foo Duration=\"60\"/>")
        == WorkoutError(.element("workout", line: 2), "no steps: no block Splits knows in <workout>"))
    #expect(
      failure("<workout_file>\n<workout><MaxEffort Duration=\"5\"/></workout>\n<workout/>\n</workout_file>")
        == WorkoutError(
          .element("workout", line: 3), "a second <workout> (the first is on line 2): a file holds one workout"))
    for value in ["abc", "0", "2001", "250.5", "-250", "1e308"] {
      #expect(
        failure("<workout_file>\n<ftpOverride>\(value)</ftpOverride><workout><MaxEffort Duration=\"5\"/></workout></workout_file>")
          == WorkoutError(.element("ftpOverride", line: 2), "expected whole watts from 1 to 2000, found '\(value)'"))
    }
  }

  @Test("the largest files read quickly, however their text is spread")
  func largestFiles() {
    let limit = Workout.Limits.bytes
    let blocks = "<workout><MaxEffort Duration=\"5\"><textevent timeoffset=\"1\" message=\""
    let tail = "\"/></MaxEffort></workout></workout_file>"
    let head = "<workout_file><name>"
    let nameLength = (limit - head.utf8.count - "</name>".utf8.count - blocks.utf8.count - tail.utf8.count) / 2
    let huge =
      head + String(repeating: "\u{85}n", count: nameLength / 3) + "</name>" + blocks
      + String(repeating: "é ", count: nameLength / 3) + tail
    #expect(huge.utf8.count <= limit)
    var parsed: ParsedWorkout?
    let elapsed = seconds { parsed = try? parse(huge) }
    #expect(parsed?.workout.name?.count == 200)
    #expect(parsed?.workout.steps.first?.cues.first?.text.count == 200)
    #expect(elapsed < 5)
    // Elements up to their limit, each skipped with a warning.
    let manyBlocks = file(String(repeating: "<Foo/>", count: 99_990) + "<MaxEffort Duration=\"5\"/>")
    var warnings = 0
    let blocksElapsed = seconds { warnings = (try? parse(manyBlocks))?.warnings.count ?? 0 }
    #expect(warnings == 99_990)
    #expect(blocksElapsed < 5)
  }

  // MARK: Errors in the XML

  @Test("XML errors come through with their place: DTD, entities, tags, encoding, size, depth")
  func xmlErrors() {
    let dtd = "DTDs and entity declarations are not accepted"
    var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE workout_file [\n<!ENTITY a \"aaaaaaaaaa\">\n"
    for level in 1...9 {
      laughs += "<!ENTITY a\(level) \"" + String(repeating: level == 1 ? "&a;" : "&a\(level - 1);", count: 10) + "\">\n"
    }
    laughs += "]>\n<workout_file><name>&a9;</name><workout><MaxEffort Duration=\"5\"/></workout></workout_file>"
    var laughsError: WorkoutError?
    let elapsed = seconds { laughsError = failure(laughs) }
    #expect(laughsError == WorkoutError(.text(line: 2, column: 1), dtd))
    #expect(elapsed < 0.5)

    #expect(
      failure(
        "<!DOCTYPE workout_file [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<workout_file><name>&x;</name></workout_file>")
        == WorkoutError(.text(line: 1, column: 1), dtd))
    #expect(
      failure("<workout_file>\n<name>&x;</name></workout_file>")?.place == .element("name", line: 2))
    #expect(
      failure("<workout_file>\n<workout>\n<SteadyState Duration=\"60\" Power=\"0.5\">\n</workout>\n</workout_file>")
        == WorkoutError(.element("SteadyState", line: 4), "expected </SteadyState> (opened on line 3), found </workout>"))
    #expect(
      failure("<workout_file>\n<workout>\n<MaxEffort Duration=\"5\"/>\n")
        == WorkoutError(.element("workout", line: 2), "not closed: the file ends before </workout>"))
    #expect(
      failure(Array("<workout_file>\n<name>".utf8) + [0xC0, 0xAF] + Array("</name></workout_file>".utf8))
        == WorkoutError(.text(line: 2, column: 7), "the file is not valid UTF-8 (byte 0xC0)"))
    let big = Array(file("<MaxEffort Duration=\"5\"/>").utf8) + [UInt8](repeating: 0x20, count: 10 * 1_048_576)
    var bigError: WorkoutError?
    let bigElapsed = seconds { bigError = failure(big) }
    #expect(bigError?.place == .whole)
    #expect(bigElapsed < 0.5)
    let deep = String(repeating: "<Foo>", count: 63) + String(repeating: "</Foo>", count: 63)
    #expect(failure(blocks: deep) == WorkoutError(.element("Foo", line: 3), "elements are nested more than 64 deep"))
  }

  @Test("the XML reader's errors keep a workout's wording and places, byte for byte")
  func xmlErrorWording() {
    let tenMegabytes = [UInt8](repeating: UInt8(ascii: "<"), count: 10 * 1_048_576)
    #expect(
      failure(tenMegabytes)
        == WorkoutError(.whole, "the file has 10485760 bytes; a workout file is at most 1048576 bytes (1 MiB)"))
    #expect(
      failure(tenMegabytes)?.description
        == "the file has 10485760 bytes; a workout file is at most 1048576 bytes (1 MiB)")
    #expect(failure("") == WorkoutError(.whole, "the file holds no XML element"))
    #expect(failure("<r/>\n  x") == WorkoutError(.text(line: 2, column: 3), "text after the root element"))
    #expect(failure("x")?.description == "line 1, column 1: expected '<' to open the root element")
    #expect(
      failure("<r>\n  <a>\n  </b>\n</r>")
        == WorkoutError(.element("a", line: 3), "expected </a> (opened on line 2), found </b>"))
    #expect(
      failure("<r>\n<a>&x;</a></r>")?.description
        == "line 2, element <a>: unknown entity &x; (only &lt; &gt; &amp; &quot; &apos; and numeric references are accepted)")
  }

  // MARK: Generated files

  @Test("5000 damaged files and tag soups: each reads within every limit or fails with an error")
  func generated() {
    var random = SplitMix64(state: 0x5EED_2026_1123)
    let vocabulary: [String] = [
      "<", ">", "/>", "</", "&", "&amp;", "&#x0;", "&#38;", "&#x110000;", "&foo;", "\"", "'", "=", " ", "\n",
      "<!--", "-->", "<![CDATA[", "]]>", "<?xml version=\"1.0\"?>", "<!DOCTYPE x>", "<!ENTITY e \"e\">",
      "<workout_file>", "</workout_file>", "<workout>", "</workout>", "<name>", "</name>", "<ftpOverride>",
      "</ftpOverride>", "<SteadyState", "</SteadyState>", "<IntervalsT", "</IntervalsT>", "<Warmup", "<Cooldown",
      "<Ramp", "<FreeRide", "<MaxEffort", "<textevent", "</textevent>", "<Foo>", " Duration=\"", " Power=\"",
      " PowerLow=\"", " PowerHigh=\"", " Repeat=\"", " OnDuration=\"", " OffDuration=\"", " OnPower=\"",
      " OffPower=\"", " Cadence=\"", " CadenceResting=\"", " timeoffset=\"", " message=\"", "0", "1", "60", "0.5",
      "1.2", "-1", "1e308", "99999999999999999999", "NaN", "inf", "86400", "100", "250", "é", "🚲", "\u{9B}",
      "\u{85}", "\t",
    ]
    let numbers = ["0", "-0", "1", "0.5", "86400", "86401", "1e308", "-1e308", "99999999999999999999", "NaN", "100", "101", "250", "251", ".5", "5.", "1e-400"]
    var read = 0
    var refused = 0
    let start = ContinuousClock.now
    for round in 0..<5000 {
      var bytes: [UInt8]
      let seed = fixtures[Int(random.next() % UInt64(fixtures.count))]
      switch round % 10 {
      case 0:
        // Bytes changed at random places.
        bytes = Array(seed.utf8)
        for _ in 0...Int(random.next() % 8) {
          bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        }
      case 1:
        // Cut short.
        bytes = Array(Array(seed.utf8).prefix(Int(random.next() % UInt64(seed.utf8.count + 1))))
      case 2:
        // Pieces of XML and of workouts put in at random places.
        bytes = Array(seed.utf8)
        for _ in 0...Int(random.next() % 6) {
          let piece = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
          bytes.insert(contentsOf: Array(piece.utf8), at: Int(random.next() % UInt64(bytes.count + 1)))
        }
      case 3:
        // A stretch removed, or copied elsewhere many times over.
        bytes = Array(seed.utf8)
        let from = Int(random.next() % UInt64(bytes.count))
        let to = min(bytes.count, from + Int(random.next() % 200))
        let stretch = Array(bytes[from..<to])
        bytes.removeSubrange(from..<to)
        if random.next() % 2 == 0 {
          let copies = Int(random.next() % 40)
          bytes.insert(
            contentsOf: Array([[UInt8]](repeating: stretch, count: copies).joined()),
            at: Int(random.next() % UInt64(bytes.count + 1)))
        }
      case 4:
        // Some numbers of a fixture replaced by awkward ones.
        var text = ""
        var inNumber = false
        for character in seed {
          if character.isNumber {
            if !inNumber && random.next() % 6 == 0 {
              text += numbers[Int(random.next() % UInt64(numbers.count))]
            } else if !inNumber || text.last?.isNumber == true {
              text.append(character)
            }
            inNumber = true
          } else {
            inNumber = false
            text.append(character)
          }
        }
        bytes = Array(text.utf8)
      case 5, 6:
        bytes = Array(generatedWorkout(&random, awkward: numbers).utf8)
      case 7, 8:
        // Tag soup from the vocabulary.
        var text = ""
        for _ in 0..<Int(random.next() % 120) { text += vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
        bytes = Array(text.utf8)
      default:
        // Random bytes, sometimes behind a valid start.
        bytes = random.next() % 2 == 0 ? [] : Array("<workout_file><workout>".utf8)
        for _ in 0..<Int(random.next() % 300) { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
      }
      do {
        let parsed = try ZwiftWorkout.parse(bytes)
        checkWithinLimits(parsed, round: round)
        read += 1
      } catch {
        #expect(!error.message.isEmpty, "round \(round)")
        refused += 1
      }
    }
    #expect(ContinuousClock.now - start < .seconds(10))
    // Both ways are taken often enough to mean something.
    #expect(read > 250 && refused > 2500, "\(read) read, \(refused) refused")
  }
}

/// A workout of random blocks, attributes and cues: values mostly sensible, now and then one
/// of `awkward`, so that many read and many do not.
private func generatedWorkout(_ random: inout SplitMix64, awkward: [String]) -> String {
  func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
  func value(_ sensible: @autoclosure () -> String) -> String {
    random.next() % 12 == 0 ? pick(awkward) : sensible()
  }
  func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
  func seconds() -> String { value(String(int(1...1800)) + (random.next() % 4 == 0 ? ".\(int(0...9))" : "")) }
  func power() -> String { value("\(int(0...2)).\(int(0...99))") }
  let messages = ["Go", "  spin\tup  ", "&lt;hard&gt;", "&#x9B;2J", String(repeating: "long ", count: 60), "", "🚲 é"]
  var text = "<workout_file>\n<name>\(pick(messages))</name>\n<workout>\n"
  for _ in 0..<int(0...12) {
    let attributes: String
    let name: String
    switch int(0...7) {
    case 0: name = pick(["Warmup", "cooldown", "Ramp"]); attributes = "Duration=\"\(seconds())\" PowerLow=\"\(power())\" PowerHigh=\"\(power())\""
    case 1, 2: name = "SteadyState"; attributes = "Duration=\"\(seconds())\" Power=\"\(power())\" Cadence=\"\(value(String(int(0...130))))\""
    case 3, 4:
      name = "IntervalsT"
      attributes =
        "Repeat=\"\(value(String(int(1...12))))\" OnDuration=\"\(seconds())\" OffDuration=\"\(seconds())\" "
        + "OnPower=\"\(power())\" OffPower=\"\(power())\" CadenceResting=\"\(value(String(int(0...130))))\""
    case 5: name = "FreeRide"; attributes = "Duration=\"\(seconds())\" FlatRoad=\"1\""
    case 6: name = "MaxEffort"; attributes = "Duration=\"\(seconds())\""
    default: name = "Mystery"; attributes = "x=\"1\""
    }
    text += "<\(name) \(attributes)>\n"
    for _ in 0..<int(0...4) {
      text += "<textevent timeoffset=\"\(value(String(int(0...4000))))\" message=\"\(pick(messages))\"/>\n"
    }
    text += "</\(name)>\n"
  }
  return text + "</workout>\n</workout_file>\n"
}

/// Every limit a read workout keeps, whatever the file.
private func checkWithinLimits(_ parsed: ParsedWorkout, round: Int) {
  let workout = parsed.workout
  let limits = Workout.Limits.self
  func fits(_ text: String) -> Bool {
    !text.isEmpty && text.count <= limits.textCharacters
      && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
  #expect((1...limits.steps).contains(workout.steps.count), "round \(round)")
  #expect(workout.name.map(fits) ?? true, "round \(round)")
  #expect(workout.ftp.map { (1...limits.ftp).contains($0) } ?? true, "round \(round)")
  for step in workout.steps {
    guard case .seconds(let seconds) = step.length, (1...limits.stepSeconds).contains(seconds) else {
      Issue.record("round \(round): step length \(step.length)")
      continue
    }
    if let target = step.target {
      for percent in [target.low, target.high] {
        #expect(percent.isFinite && percent >= 0 && percent <= limits.percent, "round \(round)")
      }
    }
    #expect(step.cadence.map { (1...limits.cadence).contains($0) } ?? true, "round \(round)")
    #expect(step.cues.count <= limits.cues, "round \(round)")
    #expect(step.cues.map(\.offset) == step.cues.map(\.offset).sorted(), "round \(round)")
    for cue in step.cues {
      #expect((0..<seconds).contains(cue.offset) && fits(cue.text), "round \(round)")
    }
    #expect(fits(step.name), "round \(round)")
  }
}
