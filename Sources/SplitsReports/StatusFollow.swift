import Foundation
import SplitsCore
import SplitsWorkout

/// `splits status --follow`: when the printed line next changes by time alone, and what
/// counts as a change. Pure: every instant comes in as a parameter.
///
/// The line is printed again at each instant a figure it shows turns over (the moving time
/// at `--precision`, a pre-start countdown's number, a workout step's time left and its
/// end), and whenever the journal changes (a start, a lap, a pause, a finish). A ride that
/// is paused or ready, or a line that shows no moving figure, has no next instant: the
/// follower then sleeps until the journal changes.
public enum StatusFollow {
  /// The figures of a line that move with time, each on its own lattice of instants.
  public struct Figures: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The moving time (`{moving}`, `{moving_ms}`): while running.
    public static let moving = Figures(rawValue: 1 << 0)
    /// The elapsed time (`{elapsed}`, `{elapsed_ms}`): once started, paused or not.
    public static let elapsed = Figures(rawValue: 1 << 1)
    /// The paused time (`{paused}`, `{paused_ms}`): while paused.
    public static let paused = Figures(rawValue: 1 << 2)
    /// A pre-start countdown's number (`{countdown}`).
    public static let countdown = Figures(rawValue: 1 << 3)
    /// A workout step's time left (`{step_left}`).
    public static let stepLeft = Figures(rawValue: 1 << 4)

    /// What the default line and the JSON line follow: the moving time, the countdown and a
    /// step's time left (the JSON's `elapsed_ms` and `paused_ms` are read at those instants,
    /// not followed on their own: a paused ride prints nothing until something happens).
    public static let standard: Figures = [.moving, .countdown, .stepLeft]
  }

  /// The figures `format` shows (nil: the default line, or `--json`).
  public static func figures(format: String?) -> Figures {
    guard let format else { return .standard }
    var figures: Figures = []
    let names = placeholders(in: format)
    if names.contains("moving") || names.contains("moving_ms") { figures.insert(.moving) }
    if names.contains("elapsed") || names.contains("elapsed_ms") { figures.insert(.elapsed) }
    if names.contains("paused") || names.contains("paused_ms") { figures.insert(.paused) }
    if names.contains("countdown") { figures.insert(.countdown) }
    if names.contains("step_left") { figures.insert(.stepLeft) }
    return figures
  }

  /// The placeholders `format` uses (a valid template; `{{` and `}}` are text).
  static func placeholders(in format: String) -> Set<String> {
    var names: Set<String> = []
    var index = format.startIndex
    while index < format.endIndex {
      let next = format.index(after: index)
      if format[index] == "{" {
        if next < format.endIndex, format[next] == "{" {
          index = format.index(after: next)
          continue
        }
        guard let close = format[next...].firstIndex(of: "}") else { break }
        names.insert(String(format[next..<close]))
        index = format.index(after: close)
      } else if format[index] == "}", next < format.endIndex, format[next] == "}" {
        index = format.index(after: next)
      } else {
        index = next
      }
    }
    return names
  }

  /// The template whose text decides whether a line is new: two lines whose keys are equal
  /// are the same line, and the second is not printed. For `--json`, every field but the
  /// raw milliseconds (read at `--precision` instead); for a template, the template with
  /// each `{…_ms}` read as its clock at `--precision`; for the default line, the line.
  public static func keyFormat(format: String?, json: Bool) -> String? {
    if json {
      return "{state}|{ride}|{moving}|{laps}|{last_lap}|{countdown}|{started_at}|{step}|{steps}|{step_name}|{step_left}"
    }
    guard let format else { return nil }
    return format.replacingOccurrences(of: "{moving_ms}", with: "{moving}")
      .replacingOccurrences(of: "{elapsed_ms}", with: "{elapsed}")
      .replacingOccurrences(of: "{paused_ms}", with: "{paused}")
  }

  /// The first instant after `ride.at` at which a line showing `figures` at `precision`
  /// changes by time alone, or nil when nothing it shows moves (no ride, ready, paused with
  /// no elapsed or paused time shown). `plan` is the workout the ride follows, and `ride` is
  /// read as its screen would record it (settled by `plan`): the end of each timed step
  /// (and of the workout) is always an instant, whatever the line shows, since the step
  /// and the state change there.
  public static func nextChange(
    _ ride: RestoredRide?, plan: Workout?, precision: Precision, figures: Figures
  ) -> Instant? {
    guard let ride, !ride.isFinished else { return nil }
    let now = ride.at
    let r = ride.ride
    let unit = Duration.nanoseconds(precision.unitNanoseconds)
    var candidates: [Instant] = []
    switch r.phase {
    case .ready:
      return nil
    case .countdown:
      guard let countdown = r.countdown else { return nil }
      candidates.append(figures.contains(.countdown) ? countdown.nextChange(at: now) : countdown.endsAt)
    case .running:
      guard let since = r.runningSince else { return nil }
      let moving = r.moving(at: now)
      // The instant the moving time reaches `m` in this running stretch.
      func at(moving m: Duration) -> Instant { since + (m - r.accumulated) }
      if figures.contains(.moving) {
        candidates.append(at(moving: nextPoint(after: moving, origin: .zero, unit: unit)))
      }
      if let plan {
        let position = WorkoutPosition(plan, recordedEnds: r.splits.prefix(r.stepEnds.count), moving: moving)
        if !position.isComplete, let seconds = plan.steps[position.step].length.seconds {
          candidates.append(at(moving: position.stepStart + .seconds(seconds)))
          if figures.contains(.stepLeft) {
            // The time left is shown rounded up, so it turns over at the step's start plus
            // a multiple of the unit (a step lasts whole seconds).
            candidates.append(at(moving: nextPoint(after: moving, origin: position.stepStart, unit: unit)))
          }
        }
      }
      if figures.contains(.elapsed), let first = r.firstStart {
        candidates.append(first + nextPoint(after: r.elapsed(at: now), origin: .zero, unit: unit))
      }
    case .paused:
      guard let first = r.firstStart else { return nil }
      if figures.contains(.elapsed) {
        candidates.append(first + nextPoint(after: r.elapsed(at: now), origin: .zero, unit: unit))
      }
      if figures.contains(.paused) {
        // While paused: paused time = (now − first start) − moving time.
        candidates.append(first + r.accumulated + nextPoint(after: r.paused(at: now), origin: .zero, unit: unit))
      }
    }
    return candidates.filter { $0 > now }.min()
  }

  /// The first `origin + k × unit` (k an integer) strictly after `value`.
  static func nextPoint(after value: Duration, origin: Duration, unit: Duration) -> Duration {
    let offset = (value - origin).nanoseconds
    let step = unit.nanoseconds
    // Floor division, so a value before the origin finds the origin's side of the lattice.
    var k = offset / step
    if offset % step != 0, offset < 0 { k -= 1 }
    return origin + .nanoseconds(k.addingSaturating(1).multipliedSaturating(by: step))
  }
}

extension Int64 {
  fileprivate func multipliedSaturating(by other: Int64) -> Int64 {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? ((self < 0) != (other < 0) ? .min : .max) : product
  }
}
