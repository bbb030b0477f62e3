import SplitsCore

/// Garmin's FIT activity file, the binary format bike computers and watches record, for one
/// ride: the timer's starts and stops, a record for every second of moving time (with the
/// sensors' sample of that second, `FitExport+Sensors.swift`), one lap per lap (the stretch after the last `l` included), the session and
/// the activity; for a workout ride, the workout and its steps (`FitWorkout.swift`), each
/// lap naming its step. Pure: the bytes from the figures.
///
/// The layout (FIT protocol 1.0, or 2.0 when it has a developer field; little-endian, no
/// compressed timestamps): a 14-byte
/// header, then definition and data messages, then a CRC of everything before it. The ride's
/// name is the `sport` message's `name` and the session's `sport_profile_name` (the profile's
/// place for the name of what was done); its note, for which the profile has no field, is a
/// developer field `note` of the session, described by a `field_description`. Field numbers, base types and enumeration values are those of Garmin's FIT
/// profile, version 21.218 (the version the header names).
///
/// Times are FIT timestamps, whole seconds since 1989-12-31T00:00:00Z (truncated); the
/// durations are whole milliseconds (the profile's scale 1,000 on seconds), exact.
public enum FitExport {
  /// `product` of `file_id`: the product number of a manufacturer `development` file is ours
  /// to choose.
  public static let product: UInt16 = 1

  /// One ride as a FIT activity file. `serial` is the creator's serial number (a FIT
  /// `uint32z`: 0 means none). `utcOffsetSeconds` is the local time's offset from UTC at the
  /// ride's end, for the activity's `local_timestamp`. A ride that never started has no
  /// activity: its file holds the `file_id` alone.
  public static func activity(_ ride: RideFigures, serial: UInt32 = 1, utcOffsetSeconds: Int32 = 0) -> [UInt8] {
    var writer = Writer()
    guard let start = ride.startedAtWallMilliseconds else {
      writer.write(Messages.fileID(serial: serial, created: nil))
      return writer.file()
    }
    // The wall time of an instant `e` ms of elapsed time after the start (saturating: a
    // damaged row must not trap).
    func at(_ elapsed: Int64) -> UInt32 { timestamp(wallMilliseconds: start.addingSaturating(elapsed)) }
    let end = at(ride.elapsedMilliseconds)
    let segments = ride.segments

    writer.write(Messages.fileID(serial: serial, created: at(0)))
    // A workout ride: the workout and its steps, which its laps name by index.
    if let plan = ride.plan {
      writer.write(Messages.workout(plan, name: plan.name ?? ride.name, sport: ride.sport))
      for (index, step) in plan.steps.enumerated() { writer.write(Messages.workoutStep(step, index: index)) }
    }

    // Everything on the elapsed line, in time order; at one instant, a start before the
    // record it opens, and a stop and a lap's end after the record they close.
    var timeline: [(elapsed: Int64, rank: Int, message: Message)] = []
    func add(_ elapsed: Int64, _ rank: Int, _ message: Message) { timeline.append((elapsed, rank, message)) }

    // The timer: started at each running stretch's start, stopped at its end.
    for stretch in ride.stretches {
      add(stretch.startElapsed, 0, Messages.timer(at: at(stretch.startElapsed), type: .start))
      add(stretch.endElapsed, 2, Messages.timer(at: at(stretch.endElapsed), type: .stopAll))
    }

    // Records: the track points of every lap's pieces, one per FIT second (a lap's last
    // point is the next one's first; a piece's end can share a second with the whole second
    // before it).
    // A record at the instant a second of moving time began carries that second's sample
    // (`FitExport+Sensors`): given to the record already in its FIT second when it has none.
    var lastRecord: (time: UInt32, entry: Int, sampled: Bool)?
    let samples = samplesBySecond(ride)
    var lapStartMoving: Int64 = 0
    for (index, lap) in segments.enumerated() {
      for piece in ride.pieces(fromMoving: lapStartMoving, toMoving: lap.splitMilliseconds) {
        let points = ride.trackpoints(piece)
        for (number, point) in points.enumerated() {
          let time = at(point)
          let moving = piece.fromMoving + (point - piece.fromElapsed)
          let sample = sample(bySecond: samples, moving: moving, isEnd: number > 0 && number == points.count - 1)
          if let last = lastRecord, time <= last.time {
            if let sample, !last.sampled {
              timeline[last.entry].message = timeline[last.entry].message.adding(sample: sample)
              lastRecord?.sampled = true
            }
            continue
          }
          lastRecord = (time, timeline.count, sample != nil)
          let covered = distance(ride, index: index, lap: lap, lapStart: lapStartMoving, moving: moving)
          add(point, 1, Messages.record(at: time).adding(distance: covered, field: recordDistanceField).adding(sample: sample))
        }
      }
      lapStartMoving = max(lapStartMoving, lap.splitMilliseconds)
    }

    // Laps: each from its start to the next one's (the last to the ride's end), so their
    // elapsed times add up to the session's.
    for (index, lap) in segments.enumerated() {
      // A workout ride's laps name their step (its first laps are its steps, in order).
      let step: Int?? = ride.plan == nil ? .none : .some(lap.step == nil ? nil : lap.number - 1)
      let lapEnd =
        index + 1 < segments.count ? segments[index + 1].startElapsedMilliseconds : ride.elapsedMilliseconds
      let lapStart = min(lap.startElapsedMilliseconds, lapEnd)
      add(
        lapEnd, 3,
        Messages.lap(
          index: index, start: at(lapStart), end: at(lapEnd), elapsed: lapEnd - lapStart,
          timer: lap.lapMilliseconds, step: step,
          intensity: intensity(lap.step?.kind), byTime: lap.step?.ended == .time
        ).adding(distance: ride.distanceMillimetres(of: lap)).adding(figures: ride.sensorFigures(of: lap), .lap))
    }

    for entry in timeline.enumerated().sorted(by: {
      ($0.element.elapsed, $0.element.rank, $0.offset) < ($1.element.elapsed, $1.element.rank, $1.offset)
    }) {
      writer.write(entry.element.message)
    }
    let name = ride.name.flatMap(fitText)
    let note = ride.note.flatMap(fitText)
    if let name { writer.write(Messages.sport(ride.sport, name: name)) }
    if note != nil {
      writer.write(Messages.developerDataID)
      writer.write(Messages.noteDescription)
    }
    writer.write(
      Messages.session(
        start: at(0), end: end, sport: ride.sport, subSport: subSport(ride.sport, workout: onTrainer(ride)),
        elapsed: ride.elapsedMilliseconds, timer: ride.movingMilliseconds, laps: segments.count, name: name, note: note
      ).adding(distance: ride.distanceMillimetres).adding(figures: ride.sensorFigures, .session))
    writer.write(
      Messages.activity(
        end: end, timer: ride.movingMilliseconds, local: clamp(Int64(end) + Int64(utcOffsetSeconds))))
    return writer.file()
  }

  // MARK: The messages

  /// The profile version the header names: 21.218, as major × 1,000 + minor.
  static let profileVersion: UInt32 = 21_218

  /// Seconds from 1970-01-01 to the FIT epoch, 1989-12-31T00:00:00Z.
  static let epochOffsetSeconds: Int64 = 631_065_600

  /// The FIT timestamp of a wall time (ms since 1970 UTC): whole seconds since the FIT
  /// epoch, truncated, kept to the valid values of a `uint32`.
  static func timestamp(wallMilliseconds: Int64) -> UInt32 {
    let seconds = wallMilliseconds / 1000 - (wallMilliseconds % 1000 < 0 ? 1 : 0)
    return clamp(seconds - epochOffsetSeconds)
  }

  /// A value kept to 0…0xFFFFFFFE (0xFFFFFFFF is a `uint32`'s "no value").
  static func clamp(_ value: Int64) -> UInt32 { UInt32(min(max(value, 0), 0xFFFF_FFFE)) }

  /// A FIT string: UTF-8 ended by a zero byte, at most 255 bytes in all (a field's size is one
  /// byte), cut at a character's end; its control characters made spaces. Nil when empty.
  static func fitText(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    for character in Printable.text(text) {
      let utf8 = Array(String(character).utf8)
      guard bytes.count + utf8.count <= 254 else { break }
      bytes += utf8
    }
    return bytes.isEmpty ? nil : bytes + [0]
  }

  /// The profile's enumeration values this file uses.
  enum Event: UInt32 { case timer = 0, session = 8, lap = 9, activity = 26 }
  enum EventType: UInt32 { case start = 0, stop = 1, stopAll = 4 }

  /// Every message of the file, each with its fields in the order they are written:
  /// (field number, base type, value), the profile's name beside each.
  enum Messages {
    static func fileID(serial: UInt32, created: UInt32?) -> Message {
      Message(
        number: 0,  // file_id
        fields: [
          Field(0, .enumeration, 4),  // type: activity
          Field(1, .uint16, 255),  // manufacturer: development
          Field(2, .uint16, UInt32(product)),  // product
          Field(3, .uint32z, serial),  // serial_number
        ] + (created.map { [Field(4, .uint32, $0)] } ?? []))  // time_created
    }

    static func timer(at time: UInt32, type: EventType) -> Message {
      Message(
        number: 21,  // event
        fields: [
          Field(253, .uint32, time),  // timestamp
          Field(0, .enumeration, Event.timer.rawValue),  // event
          Field(1, .enumeration, type.rawValue),  // event_type
        ])
    }

    static func record(at time: UInt32) -> Message {
      Message(number: 20, fields: [Field(253, .uint32, time)])  // record: timestamp
    }

    /// A lap; `step` is the workout step it was (a workout ride's lap of its own: none, the
    /// field's invalid value; a plain ride's: no field).
    static func lap(
      index: Int, start: UInt32, end: UInt32, elapsed: Int64, timer: Int64, step: Int??, intensity: UInt32,
      byTime: Bool
    ) -> Message {
      let stepField = step.map { [Field(71, .uint16, $0.map { UInt32(min($0, 0xFFFE)) } ?? 0xFFFF)] } ?? []  // wkt_step_index
      return Message(
        number: 19,  // lap
        fields: stepField + [
          Field(254, .uint16, UInt32(min(index, 0xFFFE))),  // message_index
          Field(253, .uint32, end),  // timestamp: the lap's end
          Field(2, .uint32, start),  // start_time
          Field(7, .uint32, clamp(elapsed)),  // total_elapsed_time (ms): pauses included
          Field(8, .uint32, clamp(timer)),  // total_timer_time (ms): moving
          Field(0, .enumeration, Event.lap.rawValue),  // event
          Field(1, .enumeration, EventType.stop.rawValue),  // event_type
          Field(23, .enumeration, intensity),  // intensity
          Field(24, .enumeration, byTime ? 1 : 0),  // lap_trigger: time or manual
        ])
    }

    /// The sport message: what the ride was and its name.
    static func sport(_ sport: Sport, name: [UInt8]) -> Message {
      Message(
        number: 12,  // sport
        fields: [
          Field(0, .enumeration, sportValue(sport)),  // sport
          Field(1, .enumeration, 0),  // sub_sport: generic
          Field(3, text: name),  // name
        ])
    }

    /// Ours, as the application the developer field comes from (16 bytes: "splits" and zeros).
    static let developerDataID = Message(
      number: 207,  // developer_data_id
      fields: [
        Field(1, bytes: Array("splits".utf8) + [UInt8](repeating: 0, count: 10)),  // application_id
        Field(3, .uint8, 0),  // developer_data_index
      ])

    /// The session's developer field 0: `note`, a string.
    static let noteDescription = Message(
      number: 206,  // field_description
      fields: [
        Field(0, .uint8, 0),  // developer_data_index
        Field(1, .uint8, 0),  // field_definition_number
        Field(2, .uint8, 7),  // fit_base_type_id: string
        Field(3, text: Array("note".utf8) + [0]),  // field_name
        Field(14, .uint16, 18),  // native_mesg_num: session
      ])

    static func session(
      start: UInt32, end: UInt32, sport: Sport, subSport: UInt32, elapsed: Int64, timer: Int64, laps: Int,
      name: [UInt8]? = nil, note: [UInt8]? = nil
    ) -> Message {
      Message(
        number: 18,  // session
        fields: [
          Field(253, .uint32, end),  // timestamp
          Field(2, .uint32, start),  // start_time
          Field(5, .enumeration, sportValue(sport)),  // sport
          Field(6, .enumeration, subSport),  // sub_sport
          Field(7, .uint32, clamp(elapsed)),  // total_elapsed_time (ms)
          Field(8, .uint32, clamp(timer)),  // total_timer_time (ms)
          Field(25, .uint16, 0),  // first_lap_index
          Field(26, .uint16, UInt32(min(laps, 0xFFFE))),  // num_laps
          Field(0, .enumeration, Event.session.rawValue),  // event
          Field(1, .enumeration, EventType.stop.rawValue),  // event_type
        ] + (name.map { [Field(110, text: $0)] } ?? []),  // sport_profile_name
        developerFields: note.map { [Field(0, text: $0)] } ?? [])  // note
    }

    static func activity(end: UInt32, timer: Int64, local: UInt32) -> Message {
      Message(
        number: 34,  // activity
        fields: [
          Field(253, .uint32, end),  // timestamp
          Field(0, .uint32, clamp(timer)),  // total_timer_time (ms)
          Field(1, .uint16, 1),  // num_sessions
          Field(2, .enumeration, 0),  // type: manual
          Field(3, .enumeration, Event.activity.rawValue),  // event
          Field(4, .enumeration, EventType.stop.rawValue),  // event_type
          Field(5, .uint32, local),  // local_timestamp
        ])
    }

    /// The profile's `sport`: cycling, running or generic.
    static func sportValue(_ sport: Sport) -> UInt32 {
      switch sport {
      case .biking: 2
      case .running: 1
      case .other: 0
      }
    }
  }
}
