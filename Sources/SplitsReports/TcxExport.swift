import SplitsCore

/// Garmin Training Center (TCX) v2, the file `Export.tcx` writes. Pure.
///
/// One `Activity` per ride, its `Sport` the ride's (`sportName`), its `Id` the ride's start
/// time; one `Lap` per lap (the stretch after the last `l` included), with its moving time
/// and its `DistanceMeters`: the lap distance for a ride that has one (0 for the final
/// stretch; `RideFigures+Distance`), else 0; no calories (a ride without sensors). A ride
/// with a lap distance also gives each track point the distance covered so far, as FIT's
/// records do (`FitExport.distance`), so a reader's activity distance is its whole laps'. A lap is `Active` and ended
/// by hand (`TriggerMethod` Manual), except that a workout's rest step is `Resting` and a
/// step whose time ran out was ended by `Time`.
///
/// Every lap has a track of points that carry only their time: services take a file without
/// points for an empty activity. The lap's moving range is cut at every pause
/// (`RideFigures.pieces`), and each piece is one `Track`: its first and last instant and
/// every whole second of moving time between (`RideFigures.trackpoints`). So a pause ends a
/// track and the lap goes on in the next; the lap's `StartTime` is its first point. A ride
/// its sensors measured gives the points and the laps their figures (`TcxExport+Sensors`).
enum TcxExport {
  static let namespace = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"

  static func file(_ rides: [RideFigures]) -> String {
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <TrainingCenterDatabase xmlns="\(namespace)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
      xsi:schemaLocation="\(namespace) http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd"\
      \(extensionDeclaration(rides))>

      """
    var usedIds = Set<Int64>()
    out += "  <Activities>\n"
    for ride in rides {
      guard let start = ride.startedAtWallMilliseconds else { continue }
      // Activity ids must be unique in a file; two rides started in the same millisecond
      // (only possible after a clock change) get ids a millisecond apart. After `Int64.max`
      // (a damaged row) the next id wraps to `Int64.min`, still unique: saturating would
      // repeat the id, and loop for ever.
      var id = start
      while usedIds.contains(id) { id &+= 1 }
      usedIds.insert(id)
      // Saturating: a start near the end of `Int64` (a damaged row) must not trap.
      func time(_ elapsed: Int64) -> String { WallTime.iso8601(start.addingSaturating(elapsed), milliseconds: true) }
      out += "    <Activity Sport=\"\(sportName(ride.sport))\">\n"
      out += "      <Id>\(WallTime.iso8601(id, milliseconds: true))</Id>\n"
      for (index, lap) in ride.segments.enumerated() {
        let pieces = ride.pieces(fromMoving: lap.splitMilliseconds - lap.lapMilliseconds, toMoving: lap.splitMilliseconds)
        out += "      <Lap StartTime=\"\(time(pieces.first?.fromElapsed ?? lap.startElapsedMilliseconds))\">\n"
        out += "        <TotalTimeSeconds>\(seconds(lap.lapMilliseconds))</TotalTimeSeconds>\n"
        out += "        <DistanceMeters>\(metres(ride.distanceMillimetres(of: lap) ?? 0))</DistanceMeters>\n"
        let figures = ride.sensorFigures(of: lap)
        out += "        <Calories>0</Calories>\n"
        out += heartRates(figures)
        out += "        <Intensity>\(lap.step?.kind == .rest ? "Resting" : "Active")</Intensity>\n"
        out += cadence(figures)
        out += "        <TriggerMethod>\(lap.step?.ended == .time ? "Time" : "Manual")</TriggerMethod>\n"
        let samples = ride.hasSensorFigures ? FitExport.samplesBySecond(ride) : [:]
        for piece in pieces {
          out += "        <Track>\n"
          let points = ride.trackpoints(piece)
          for (number, point) in points.enumerated() {
            let moving = piece.fromMoving + (point - piece.fromElapsed)
            let covered = FitExport.distance(
              ride, index: index, lap: lap, lapStart: lap.splitMilliseconds - lap.lapMilliseconds, moving: moving)
            let distance = covered.map { "<DistanceMeters>\(metres($0))</DistanceMeters>" } ?? ""
            let sample = FitExport.sample(bySecond: samples, moving: moving, isEnd: number > 0 && number == points.count - 1)
            out += "          <Trackpoint><Time>\(time(point))</Time>\(distance)\(sensors(sample))</Trackpoint>\n"
          }
          out += "        </Track>\n"
        }
        // A finished ride's track reaches its finish: the pause before `r` is the gap before
        // a last track of one point, so a reader's span from the first point to the last is
        // the ride's elapsed time, as `show` and FIT's session say.
        if index == ride.segments.count - 1, ride.state == .finished,
          let last = pieces.last.map({ ride.trackpoints($0).last ?? $0.fromElapsed }), ride.elapsedMilliseconds > last
        {
          out += "        <Track>\n"
          let distance = ride.distanceMillimetres.map { "<DistanceMeters>\(metres($0))</DistanceMeters>" } ?? ""
          out += "          <Trackpoint><Time>\(time(ride.elapsedMilliseconds))</Time>\(distance)</Trackpoint>\n"
          out += "        </Track>\n"
        }
        out += lapExtensions(figures)
        out += "      </Lap>\n"
      }
      out += "      <Notes>\(xmlEscape(notes(ride)))</Notes>\n"
      out += "    </Activity>\n"
    }
    out += "  </Activities>\n</TrainingCenterDatabase>\n"
    return out
  }

  /// The activity's `Sport`: the schema knows no other three.
  static func sportName(_ sport: Sport) -> String {
    switch sport {
    case .biking: "Biking"
    case .running: "Running"
    case .other: "Other"
    }
  }

  /// `1234.567` from 1234567 ms: the figure, already truncated to the millisecond, written
  /// exactly (integer arithmetic, never through a `Double`).
  static func seconds(_ milliseconds: Int64) -> String {
    let ms = max(0, milliseconds)
    let fraction = ms % 1000
    return fraction == 0 ? String(ms / 1000) : String(ms / 1000) + "." + TimeFormat.pad(fraction, 3)
  }

  /// `400`, `1609.344` from millimetres: exact, as `seconds` writes milliseconds.
  static func metres(_ millimetres: Int64) -> String { seconds(millimetres) }

  /// The activity's notes: `Splits ride N`, then the ride's name and note when it has them.
  static func notes(_ ride: RideFigures) -> String {
    (["Splits ride \(ride.number)"] + [ride.name, ride.note].compactMap { $0 }).joined(separator: " · ")
  }

  static func xmlEscape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
