import SplitsXML

/// Reads Zwift workout files (`.zwo`): XML with a `<workout_file>` root, metadata such as
/// `<name>`, and a `<workout>` holding blocks. Tag and attribute names match ignoring case.
///
/// | block | steps |
/// |---|---|
/// | `Warmup` | one `warmup` step "Warm-up", a ramp going up whichever way PowerLow and PowerHigh are written |
/// | `Cooldown` | one `cooldown` step "Cool-down", a ramp going down whichever way they are written |
/// | `Ramp` | one `active` step "Ramp", from PowerLow to PowerHigh as written |
/// | `SteadyState` | one `active` step "Steady" at Power (or PowerLow…PowerHigh) |
/// | `IntervalsT` | Repeat × an `active` step "On" and a `rest` step "Off" |
/// | `FreeRide` | one `free` step "Free ride", no target |
/// | `MaxEffort` | one `max` step "Max effort", no target |
///
/// Powers are fractions of FTP (0.88 is 88 %), kept to a tenth of a percent; durations and cue
/// offsets are seconds, rounded to the nearest whole second. A ramp whose ends are equal is a
/// steady target. `<textevent>` children become cues; those outside their block, placed by
/// distance or without a message are skipped with a warning, as are blocks Splits does not
/// know. `<ftpOverride>` becomes the workout's FTP; other metadata is ignored.
public enum ZwiftWorkout {
  /// The workout in `bytes`, or where and why it cannot be read.
  public static func parse(_ bytes: [UInt8]) throws(WorkoutError) -> ParsedWorkout {
    let root: XMLReader.Element
    do {
      root = try XMLReader.parse(bytes, maxBytes: Workout.Limits.bytes)
    } catch {
      throw WorkoutError(error)
    }
    var reader = ZwiftReader()
    return try reader.read(root)
  }
}

extension WorkoutError {
  /// An error of the XML beneath a `.zwo`, placed and worded as a workout's.
  init(_ error: XMLError) {
    let place: Place =
      switch error.place {
      case .element(let name, let line): .element(name, line: line)
      case .position(let line, let column): .text(line: line, column: column)
      case .document: .whole
      }
    switch error.reason {
    case .tooLarge(let bytes, let limit):
      self.init(place, "the file has \(bytes) bytes; a workout file is at most \(limit) bytes (1 MiB)")
    case .refused(let message):
      self.init(place, message)
    }
  }
}

/// The way a ramp block goes, whatever the order of PowerLow and PowerHigh.
private enum RampDirection {
  case up, down, asWritten
}

/// A cue read from a block: its offset within the whole block.
private struct BlockCue {
  var offset: Int
  var text: String
}

private struct ZwiftReader {
  var steps: [WorkoutStep] = []
  var warnings: [String] = []

  mutating func warn(_ line: Int, _ message: String) {
    warnings.append("line \(line): \(message)")
  }

  mutating func read(_ root: XMLReader.Element) throws(WorkoutError) -> ParsedWorkout {
    guard root.name.lowercased() == "workout_file" else {
      throw WorkoutError(
        .element(root.name, line: root.line), "expected <workout_file>, the root of a Zwift workout file")
    }
    var name: String?
    var nameSeen = false
    var ftp: Int?
    var workout: XMLReader.Element?
    for child in root.elements {
      switch child.name.lowercased() {
      case "name" where !nameSeen:
        nameSeen = true
        name = text(child.text, line: child.line, what: "the name")
      case "ftpoverride":
        ftp = try ftpOverride(child)
      case "sporttype":
        let sport = oneLine(child.text)
        if !sport.isEmpty && sport.lowercased() != "bike" {
          warn(child.line, "sportType is \(shown(sport)); its targets are read as percent of FTP all the same")
        }
      case "workout":
        if let first = workout {
          throw WorkoutError(
            .element(child.name, line: child.line),
            "a second <workout> (the first is on line \(first.line)): a file holds one workout")
        }
        workout = child
        for block in child.elements { try read(block: block) }
      default:
        break
      }
    }
    guard let workout else {
      throw WorkoutError(.element(root.name, line: root.line), "no <workout> element: the file holds no steps")
    }
    guard !steps.isEmpty else {
      throw WorkoutError(.element(workout.name, line: workout.line), "no steps: no block Splits knows in <\(workout.name)>")
    }
    return ParsedWorkout(workout: Workout(name: name, ftp: ftp, steps: steps), warnings: warnings)
  }

  /// Text made one line and shortened to the limit (with a warning); nil when empty.
  mutating func text(_ raw: String, line: Int, what: String) -> String? {
    let text = oneLine(raw)
    guard !text.isEmpty else { return nil }
    if let short = shortened(text) {
      warn(line, "\(what) is longer than \(Workout.Limits.textCharacters) characters; shortened")
      return short
    }
    return text
  }

  func ftpOverride(_ element: XMLReader.Element) throws(WorkoutError) -> Int {
    let text = element.text
    guard let value = number(text), let ftp = whole(value, in: 1...Workout.Limits.ftp), Double(ftp) == value else {
      throw WorkoutError(
        .element(element.name, line: element.line),
        "expected whole watts from 1 to \(Workout.Limits.ftp), found \(shown(text))")
    }
    return ftp
  }

  mutating func read(block element: XMLReader.Element) throws(WorkoutError) {
    let block = Block(element: element)
    switch element.name.lowercased() {
    case "warmup":
      try ramp(block, kind: .warmup, name: "Warm-up", direction: .up)
    case "cooldown":
      try ramp(block, kind: .cooldown, name: "Cool-down", direction: .down)
    case "ramp":
      try ramp(block, kind: .active, name: "Ramp", direction: .asWritten)
    case "steadystate":
      let seconds = try block.seconds("Duration")
      guard let target = try block.steady("Power", low: "PowerLow", high: "PowerHigh") else {
        throw block.error("Power is missing (a fraction of FTP, 0.75 for 75 %)")
      }
      try single(block, name: "Steady", kind: .active, seconds: seconds, target: target)
    case "intervalst":
      try intervals(block)
    case "freeride":
      try single(block, name: "Free ride", kind: .free, seconds: try block.seconds("Duration"), target: nil)
    case "maxeffort":
      try single(block, name: "Max effort", kind: .max, seconds: try block.seconds("Duration"), target: nil)
    case "textevent":
      warn(element.line, "skipped a <\(element.name)> outside any block")
    default:
      warn(element.line, "skipped <\(element.name)>, not a block Splits knows")
    }
  }

  mutating func ramp(
    _ block: Block, kind: WorkoutStep.Kind, name: String, direction: RampDirection
  ) throws(WorkoutError) {
    let seconds = try block.seconds("Duration")
    let target: WorkoutStep.Target
    switch (try block.percent("PowerLow"), try block.percent("PowerHigh")) {
    case (let low?, let high?):
      let (from, to) =
        switch direction {
        case .up: (min(low, high), max(low, high))
        case .down: (max(low, high), min(low, high))
        case .asWritten: (low, high)
        }
      target = from == to ? .steady(low: from, high: to) : .ramp(from: from, to: to)
    case (nil, nil):
      guard let power = try block.percent("Power") else {
        throw block.error("PowerLow and PowerHigh are missing (fractions of FTP, 0.75 for 75 %)")
      }
      target = .steady(low: power, high: power)
    case (nil, _):
      throw block.error("PowerLow is missing: a ramp needs PowerLow and PowerHigh")
    case (_, nil):
      throw block.error("PowerHigh is missing: a ramp needs PowerLow and PowerHigh")
    }
    try single(block, name: name, kind: kind, seconds: seconds, target: target)
  }

  /// One step from a block, with its cues.
  mutating func single(
    _ block: Block, name: String, kind: WorkoutStep.Kind, seconds: Int, target: WorkoutStep.Target?
  ) throws(WorkoutError) {
    let cadence = try block.cadence()
    try reserve(1, for: block)
    let cues = try self.cues(of: block, length: seconds).map { WorkoutStep.Cue(offset: $0.offset, text: $0.text) }
    try check(cues, in: block)
    steps.append(
      WorkoutStep(name: name, kind: kind, length: .seconds(seconds), target: target, cadence: cadence, cues: cues))
  }

  /// `IntervalsT`: Repeat × (on, off), the block's cues placed in the step they fall in.
  mutating func intervals(_ block: Block) throws(WorkoutError) {
    guard let repeatText = try block.value("Repeat") else { throw block.error("Repeat is missing (a count)") }
    guard let value = number(repeatText), let repeats = whole(value, in: 1...Workout.Limits.repeats),
      Double(repeats) == value
    else {
      throw block.error("Repeat must be a whole number from 1 to \(Workout.Limits.repeats), found \(shown(repeatText))")
    }
    let on = try block.seconds("OnDuration")
    let off = try block.seconds("OffDuration")
    guard let onTarget = try block.steady("OnPower", low: "PowerOnLow", high: "PowerOnHigh") else {
      throw block.error("OnPower is missing (a fraction of FTP, 0.75 for 75 %)")
    }
    guard let offTarget = try block.steady("OffPower", low: "PowerOffLow", high: "PowerOffHigh") else {
      throw block.error("OffPower is missing (a fraction of FTP, 0.75 for 75 %)")
    }
    let onCadence = try block.cadence()
    let offCadence = try block.cadence("CadenceResting")
    try reserve(2 * repeats, for: block)
    var onCues = [[WorkoutStep.Cue]](repeating: [], count: repeats)
    var offCues = [[WorkoutStep.Cue]](repeating: [], count: repeats)
    for cue in try cues(of: block, length: repeats * (on + off)) {
      let round = cue.offset / (on + off)
      let within = cue.offset % (on + off)
      if within < on {
        onCues[round].append(WorkoutStep.Cue(offset: within, text: cue.text))
      } else {
        offCues[round].append(WorkoutStep.Cue(offset: within - on, text: cue.text))
      }
    }
    for round in 0..<repeats {
      try check(onCues[round], in: block)
      try check(offCues[round], in: block)
      steps.append(
        WorkoutStep(
          name: "On", kind: .active, length: .seconds(on), target: onTarget, cadence: onCadence, cues: onCues[round]))
      steps.append(
        WorkoutStep(
          name: "Off", kind: .rest, length: .seconds(off), target: offTarget, cadence: offCadence,
          cues: offCues[round]))
    }
  }

  /// Room for `count` more steps within the limit.
  func reserve(_ count: Int, for block: Block) throws(WorkoutError) {
    guard steps.count + count <= Workout.Limits.steps else {
      throw block.error("more than \(Workout.Limits.steps) steps once repeats are unrolled")
    }
  }

  func check(_ cues: [WorkoutStep.Cue], in block: Block) throws(WorkoutError) {
    guard cues.count <= Workout.Limits.cues else {
      throw block.error("more than \(Workout.Limits.cues) cues in one step")
    }
  }

  /// The cues of a block `length` seconds long, by offset (file order for equal offsets).
  mutating func cues(of block: Block, length: Int) throws(WorkoutError) -> [BlockCue] {
    var cues: [BlockCue] = []
    for child in block.element.elements {
      switch child.name.lowercased() {
      case "textevent":
        if let cue = try cue(Block(element: child), length: length) { cues.append(cue) }
      case "gameplayevent", "textnotification":
        // Camera moves and notices only Zwift's game shows.
        break
      default:
        warn(child.line, "skipped <\(child.name)> in <\(block.name)>, not a cue Splits knows")
      }
      // A hostile block could hold far more cues than its steps may; stop reading early.
      guard cues.count <= Workout.Limits.cues * Workout.Limits.repeats * 2 else {
        throw block.error("more than \(Workout.Limits.cues) cues in one step")
      }
    }
    return cues.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
      .map(\.element)
  }

  /// A `<textevent>`: nil (with a warning) when it cannot be shown.
  mutating func cue(_ event: Block, length: Int) throws(WorkoutError) -> BlockCue? {
    guard let offsetText = try event.value("timeoffset") else {
      if try event.value("distoffset") != nil {
        warn(event.line, "skipped a cue placed by distance (distoffset), which Splits cannot follow")
      } else {
        warn(event.line, "skipped a cue without a timeoffset")
      }
      return nil
    }
    guard let offset = number(offsetText) else {
      throw event.error("timeoffset must be a number of seconds, found \(shown(offsetText))")
    }
    guard let seconds = whole(offset, in: 0...(length - 1)) else {
      warn(event.line, "skipped a cue at timeoffset \(shown(offsetText)), outside its \(length)-second block")
      return nil
    }
    guard let message = try event.value("message"), let text = text(message, line: event.line, what: "a cue")
    else {
      warn(event.line, "skipped a cue without a message")
      return nil
    }
    return BlockCue(offset: seconds, text: text)
  }
}
